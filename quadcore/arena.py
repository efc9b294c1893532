"""Host-only arena: two computer players play many games; score, 95% interval, Elo.

    python -m quadcore arena --a expert --b average --games 200 [--size N] [--seed K]
                             [--jobs 2] [--opening 2] [rule flags]

Games come in pairs from the same start: player A moves first in one and second in the other.
Each pair starts after `--opening` random marbles (one side each, alternating, no stars) so
the deterministic players do not replay one game; game i uses seed (seed + i // 2) for the
opening and both players. A player is a level or `random` (a uniform random legal marble,
never a star). Progress goes to stderr; the summary to stdout.

CPython only (multiprocessing); the device never imports this module.
"""

import math
import sys

from .game import Game
from quadutil import Rng
from .rules import VARIANTS

PLAYERS = ("random", "trainer", "easy", "average", "expert")


def random_turn(game, rng):
    """A uniform random legal marble (or, in Trek/Rapid, a random legal move); no stars."""
    from .board import MARBLE
    r = game.rules
    cells = game.cells
    empty = [x for x in range(len(cells)) if cells[x] == 0]
    seat = game.turn
    if r.moves and (game.marbles_left[seat] == 0 or (r.variant == "rapid" and rng.below(2))):
        own = [x for x in range(len(cells))
               if MARBLE <= cells[x] < 255 and cells[x] - MARBLE in r.seat_colours[seat]]
        if own:
            frm = own[rng.below(len(own))]
            to = empty[rng.below(len(empty))]
            return "%s-%s" % (game.name(frm), game.name(to))
    picks = []
    for j in range(sum(1 for a in game.current if a[0] == "marble"), r.per_turn):
        x = empty.pop(rng.below(len(empty)))
        picks.append(game.name(x))
        # A marble that completes a quad ends the game (outside claim mode): a Duel turn's
        # second marble would then be refused.
        if not r.claim and x in game.threats(r.seat_colours[seat][j]):
            break
    return " ".join(picks)


def play_game(a, b, a_first, seed, rules, opening=2):
    """Play one game; returns 1 (A won), 0.5 (draw) or 0 (A lost), and the number of turns."""
    from . import ai
    g = Game(**rules)
    rng = Rng(seed)
    # The seat of A: 0 when A moves first; the other seats are B's (several seats of B in
    # games of more players: every non-A seat is played by B).
    a_seat = 0 if a_first else 1
    for _ in range(opening):
        if g.result is not None:
            break
        g.play(random_turn(g, rng))
    while g.result is None:
        who = a if (g.turn == a_seat) else b
        if who == "random":
            turn = random_turn(g, rng)
        else:
            turn = ai.choose(g, who, seed)
        g.play(turn)
    kind, winner, _ = g.result
    if kind == "draw":
        return 0.5, g.turns
    side_a = g.rules.seat_side[a_seat]
    return (1 if g.rules.seat_side[winner] == side_a else 0), g.turns


def _job(args):
    i, a, b, seed, rules, opening = args
    return i, play_game(a, b, i % 2 == 0, seed + i // 2, rules, opening)


def summary(results):
    """(wins, draws, losses, score, low, high, elo, elo_low, elo_high) for A."""
    n = len(results)
    w = sum(1 for r in results if r == 1)
    d = sum(1 for r in results if r == 0.5)
    lo_ = n - w - d
    score = (w + 0.5 * d) / n
    # Normal approximation with the sample variance of the per-game scores.
    var = sum((r - score) ** 2 for r in results) / n
    half = 1.96 * math.sqrt(var / n)
    low = max(0.0, score - half)
    high = min(1.0, score + half)
    return w, d, lo_, score, low, high, elo(score), elo(low), elo(high)


def elo(p):
    """Elo difference for an expected score p (clamped: 0 and 1 are infinite)."""
    p = min(max(p, 0.001), 0.999)
    return -400.0 * math.log10(1.0 / p - 1.0)


def run(a, b, games, seed=0, jobs=1, opening=2, rules=None, out=sys.stdout, err=sys.stderr):
    rules = rules or {}
    tasks = [(i, a, b, seed, rules, opening) for i in range(games)]
    results = [None] * games
    turns = 0
    done = 0
    tally = [0, 0, 0]
    if jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            for i, (r, t) in pool.imap_unordered(_job, tasks):
                results[i] = r
                turns += t
                done += 1
                tally[0 if r == 1 else 1 if r == 0.5 else 2] += 1
                _progress(err, done, games, tally)
    else:
        for task in tasks:
            i, (r, t) = _job(task)
            results[i] = r
            turns += t
            done += 1
            tally[0 if r == 1 else 1 if r == 0.5 else 2] += 1
            _progress(err, done, games, tally)
    err.write("\n")
    w, d, lo_, score, low, high, e, elow, ehigh = summary(results)
    out.write("%s vs %s: %d games (%d turns), each moving first in half\n"
              % (a, b, games, turns))
    out.write("wins %d  draws %d  losses %d  (for %s)\n" % (w, d, lo_, a))
    out.write("score %.3f  95%% interval %.3f .. %.3f\n" % (score, low, high))
    out.write("Elo difference %+.0f  (%+.0f .. %+.0f)\n" % (e, elow, ehigh))
    return results


def _progress(err, done, games, tally):
    err.write("\r%d/%d  +%d =%d -%d" % (done, games, tally[0], tally[1], tally[2]))
    err.flush()


def add_parser(sub):
    p = sub.add_parser("arena", help="play two computer players against each other")
    p.add_argument("--a", required=True, choices=PLAYERS, help="player A (a level or random)")
    p.add_argument("--b", required=True, choices=PLAYERS, help="player B")
    p.add_argument("--games", type=int, default=200, help="number of games (even: pairs)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1, help="worker processes (cores)")
    p.add_argument("--opening", type=int, default=2,
                   help="random marbles before the players take over (default 2)")
    p.add_argument("--size", type=int, default=11)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--marbles", type=int, default=None)
    p.add_argument("--stars", type=int, default=None)
    p.add_argument("--one-short", action="store_true")
    p.add_argument("--variant", default="standard", choices=VARIANTS)
    p.set_defaults(fn=_cmd_arena)


def _cmd_arena(a):
    if a.games < 1:
        raise ValueError("--games must be at least 1")
    if a.jobs < 1:
        raise ValueError("--jobs must be at least 1")
    if a.opening < 0:
        raise ValueError("--opening must be 0 or more")
    rules = dict(size=a.size, players=a.players, marbles=a.marbles, stars=a.stars,
                 one_short=a.one_short, variant=a.variant)
    Game(**rules)  # bad rule flags fail here, before any worker starts
    run(a.a, a.b, a.games, a.seed, a.jobs, a.opening, rules)
    return 0
