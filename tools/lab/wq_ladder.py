"""Ladder of Winther's Quad's computer levels: each level against the one below, and every
level against an outside reference player. Deterministic (seeded openings, our PRNG).

    python -m tools.lab.wq_ladder [--games N] [--counters C] [--pairs easy:trainer,...]
                              [--reference] [--set LEVEL=V,V,... ...]

Games come in pairs: both games of a pair open with the same two random drops (one per
side), and the levels swap seats between them, so neither level keeps White's first move
or a lucky opening. A score counts a win 1, a draw (repetition, or 200 turns) 1/2. Each
score is printed per seat and overall with a 95% Wilson interval, and with how the games
ended (four, wipe-out, stalemate, draw) and in which phase (drop or move).

The reference player (`greedy`) shares no code with winquad.ai: it plays through the
checked Game only. It takes a win at once; else it keeps the turns after which the
opponent cannot win at once; among those it takes the one with the best simple count
(material, then cells where one more counter of its own would make an exact four, minus
the opponent's), random among equals.

Figures: docs/winther-computer.md, "The ladder".
"""

import argparse
import math
import sys

from quadutil import Rng
from winquad import Game, ai

LADDER = (("easy", "trainer"), ("average", "easy"), ("expert", "average"))
MAX_PLIES = 200


def wilson(score, n, z=1.96):
    """95% interval of a score (draws as halves) over n games: (low, high)."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, mid - half), min(1.0, mid + half))


def opening(g, pair):
    """The pair's two opening drops (White's first anywhere, then Black's)."""
    r = Rng(700 + pair)
    while g.plies < 2:
        ms = g.moves()
        g.apply_move(ms[r.below(len(ms))])


def play_game(white, black, pair, counters=15, seed=0):
    """Play one game; white/black are callables (game) -> turn text. Returns the game."""
    g = Game(counters)
    opening(g, pair)
    while g.result is None and g.plies < MAX_PLIES:
        g.play((white, black)[g.turn](g))
    return g


def level_player(level, seed):
    return lambda g: ai.choose(g, level, seed)


def _score(g, seat):
    if g.result is None or g.result[0] == "draw":
        return 0.5
    return 1.0 if g.result[1] == seat else 0.0


class Tally:
    """Scores of one side (`a`) over a run: per seat (0: a was White) and how games ended."""

    def __init__(self):
        self.score = [0.0, 0.0]
        self.games = [0, 0]
        self.ends = {}
        self.plies = 0

    def add(self, g, seat):
        self.score[seat] += _score(g, seat)
        self.games[seat] += 1
        self.plies += g.plies
        if g.result is None:
            why = "cap"
        else:
            why = g.result[2]
            # The drop phase ends with Black's last drop: ply 2 * counters.
            why += "/drop" if g.plies <= 2 * g.counters else "/move"
        self.ends[why] = self.ends.get(why, 0) + 1

    def total(self):
        return sum(self.score), sum(self.games)

    def lines(self, name):
        s, n = self.total()
        lo, hi = wilson(s, n)
        out = ["%s: %.3f over %d games (95%%: %.3f-%.3f)" % (name, s / n, n, lo, hi)]
        for seat in (0, 1):
            k = self.games[seat]
            if k:
                lo, hi = wilson(self.score[seat], k)
                out.append("  as %s: %.3f over %d (95%%: %.3f-%.3f)" % (
                    ("White", "Black")[seat], self.score[seat] / k, k, lo, hi))
        out.append("  ends: " + ", ".join("%s %d" % kv for kv in sorted(self.ends.items()))
                   + "; mean length %.1f turns" % (self.plies / max(1, n)))
        return out


def match(pa, pb, games, counters=15):
    """Tally of player pa against pb over `games` games (pairs with seats swapped); pa and
    pb are callables (seed) -> player."""
    t = Tally()
    for i in range(games):
        pair, seat = i // 2, i % 2
        a, b = pa(pair), pb(pair)
        g = play_game(a, b, pair, counters) if seat == 0 else play_game(b, a, pair, counters)
        t.add(g, seat)
    return t


def head_to_head(a, b, games, counters=15):
    """Score of level a against level b (draws as halves)."""
    s, n = match(lambda k: level_player(a, k), lambda k: level_player(b, k),
                 games, counters).total()
    return s / n


# -- the outside reference: the checked Game only --------------------------------------------
def _line_threes(g, seat):
    """Cells where one more counter of `seat` (dropped there, ignoring how it gets there)
    makes an exact run of four along a row or column: a plain count from the cells."""
    own = seat + 1
    n = 0
    for x in range(64):
        if g.at(x):
            continue
        r, f = divmod(x, 8)
        for dr, df in ((0, 1), (1, 0)):
            run = 1
            for sgn in (1, -1):
                rr, ff = r + dr * sgn, f + df * sgn
                while 0 <= rr < 8 and 0 <= ff < 8 and g.at(rr * 8 + ff) == own:
                    run += 1
                    rr += dr * sgn
                    ff += df * sgn
            if run == 4:
                n += 1
                break
    return n


def _wins(g, m, who):
    g.apply_move(m)
    w = g.result is not None and g.result[0] == "win" and g.result[1] == who
    g.undo()
    return w


def greedy(g, rng):
    """The reference player's turn for the side to move, as notation."""
    me = g.turn
    best, pool = None, []
    for m in g.moves():
        g.apply_move(m)
        res = g.result
        if res is not None and res[0] == "win" and res[1] == me:
            g.undo()
            return _text(m)
        safe = res is None and not any(_wins(g, u, 1 - me) for u in g.moves())
        v = None
        if safe:
            mat = (g.in_hand(me) + g.on_board(me) - g.in_hand(1 - me) - g.on_board(1 - me))
            v = 100 * mat + _line_threes(g, me) - 2 * _line_threes(g, 1 - me)
        g.undo()
        if v is None:
            continue
        if best is None or v > best:
            best, pool = v, [m]
        elif v == best:
            pool.append(m)
    if not pool:
        pool = g.moves()
    return _text(pool[rng.below(len(pool))])


def _text(m):
    from winquad.game import _decode
    from winquad.notation import format_turn
    return format_turn(*_decode(m))


def greedy_player(seed):
    rng = Rng(9000 + seed)
    return lambda g: greedy(g, rng)


def against_reference(level, games, counters=15):
    s, n = match(lambda k: level_player(level, k), greedy_player, games, counters).total()
    return s / n


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.lab.wq_ladder",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--counters", type=int, default=15)
    ap.add_argument("--pairs", default=",".join("%s:%s" % p for p in LADDER),
                    help="a:b,... (default: each level against the one below)")
    ap.add_argument("--reference", action="store_true",
                    help="also every level against the greedy reference player")
    ap.add_argument("--set", action="append", default=[], metavar="LEVEL=V,V,...",
                    help="try other settings for a level (the 7 numbers of "
                         "winquad.ai.SETTINGS, in its order)")
    a = ap.parse_args(argv)
    for s in a.set:
        lv, _, v = s.partition("=")
        vals = tuple(int(x) for x in v.split(",")) if v else ()
        if lv not in ai.SETTINGS or len(vals) != len(ai.SETTINGS[lv]):
            ap.error("--set %s: give a level and %d numbers (winquad.ai.SETTINGS)"
                     % (s, len(ai.SETTINGS["expert"])))
        ai.SETTINGS[lv] = vals
    pairs = [tuple(p.split(":")) for p in a.pairs.split(",") if p]
    print("%d games a pair, %d counters, settings %s" % (a.games, a.counters, ai.SETTINGS),
          flush=True)
    for x, y in pairs:
        t = match(lambda k: level_player(x, k), lambda k: level_player(y, k),
                  a.games, a.counters)
        print("\n".join(t.lines("%s vs %s" % (x, y))), flush=True)
    if a.reference:
        for lv in ai.LEVELS:
            t = match(lambda k: level_player(lv, k), greedy_player, a.games, a.counters)
            print("\n".join(t.lines("%s vs greedy" % lv)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
