"""Host-only experiment: Expert's pipeline with its search swapped for the sparring
partner's deeper search, to measure what that search buys before anyone ports it.

    python -m tools.lab.expert_lab --games 200 --seed 7 [--width 3] [--depth 3] [--cap 200]
                               [--where both|free|cover|none] [--no-inner-stars]
                               [--attack N]

What stays Expert's (`quadcore/ai/two.py`): a quad to complete, the exact attack (wins in 2
and 3), the threat-space search, the guard against a forced loss. What is swapped
(`--where`) in Expert's old search (`quadcore.ai.search.Search`, as Expert played before the
turn search, turns.py, which grew out of this lab): the search of a free turn
(`search_root`), of a covering turn (`search_blocks`), both, or none (then it plays exactly
as that old Expert: the test checks that). The swapped-in search is `tools/lab/sparring.py`'s
deeper partner (its turns, its evaluation, alpha-beta over `depth` turns with the `width`
best at each by a one-ply evaluation) with one change that a device could afford: the pool
of free cells below the root comes from the root's scan plus the open twos made or lost
since (the partner scans afresh at every node; measured no stronger). `--cap N` stops it
after N pieces put down (the nodes past it are valued by the evaluation, the unvisited root
turns drop out), as a device's node budget would. `--no-inner-stars`: below the root a side
facing completion cells covers with its marble only (as the old search does), never with
stars on all and the marble free. Scores are against the unchanged partner
(`tools.lab.sparring`), each side first in half the games; it prints the search's pieces per
decision (median, 90%, worst).

Figures: docs/computer-player-history.md, "Still's Quad's computer player: the earlier rounds"
("Why more nodes do not make Expert stronger").
"""

import argparse
import sys

from quadcore.ai import search, two
from quadcore.arena import random_turn
from quadcore.game import Game
from quadcore.prng import Rng
from tools.lab import sparring

WIN = sparring.WIN


class LabSearch(sparring.Deeper):
    """The deeper partner with a root-scan pool, an optional piece cap, and optionally no
    star-only covers below the root."""

    def __init__(self, depth=3, width=3, cap=0, inner_stars=True, last=True, pool=0):
        super().__init__(depth, width)
        self.last = last
        self.npool = pool  # free cells ranked at a node (0: the partner's 2 x width)
        self.cap = cap
        self.inner_stars = inner_stars
        self.root_val = None
        self.root_two = None
        self.limit = None
        self.inner = False

    def pool(self, b):
        """Empty cells' values: the root's greedy scan, plus 13 (an open two's weight in
        `greedy`, both ways) for every open two through the cell made since the root, minus
        as much for every one lost."""
        t0 = sparring.counts(b, 0)
        t1 = sparring.counts(b, 1)
        r0, r1 = self.root_two
        rv = self.root_val
        val = {}
        for x in range(len(b.cells)):
            if not b.cells[x] and b.geo.valid[x]:
                val[x] = rv.get(x, 0) + 13 * (t0.get(x, 0) + t1.get(x, 0)
                                              - r0.get(x, 0) - r1.get(x, 0))
        return val

    def turns(self, b, c, o, s_c, k):
        if self.root_val is None:
            return super().turns(b, c, o, s_c, k)
        if self.npool:
            k = self.npool
        need = b.threat_cells(o)
        if len(need) > s_c + 1:
            return [(need[:s_c], need[s_c])]
        out = [([t for t in need if t != m], m) for m in need]
        if len(need) <= s_c and (not need or not self.inner or self.inner_stars):
            val = self.pool(b)
            best = sorted((x for x in val if x not in need), key=lambda x: (-val[x], x))
            out += [(list(need), x) for x in best[:k]]
        return out

    def value(self, b, c, o, s_c, s_o, depth, alpha, beta):
        if self.limit is not None and self.pieces >= self.limit:
            depth = 0
        if (depth == 1 and self.last and not b.nopen[c][3]
                and len(b.threat_cells(o)) <= s_c + 1):
            # The last turn: its ranking already valued every turn by the evaluation that
            # the leaves below would repeat, so the best ranked value is the node's value
            # (the same decisions with ~20% fewer pieces; the test compares them).
            was = self.inner
            self.inner = True
            try:
                opts = self.ordered(b, c, o, s_c, s_o)
            finally:
                self.inner = was
            return opts[0][0] if opts else sparring.evaluate(b, c, o, s_c, s_o)
        was = self.inner
        self.inner = True
        try:
            return super().value(b, c, o, s_c, s_o, depth, alpha, beta)
        finally:
            self.inner = was

    def decide(self, b, c, o, s_c, s_o):
        """(stars, marble) for colour c: an exact win in 2, else the capped search."""
        self.root_val = None
        self.limit = None
        w = self.win2(b, c, o, s_c, s_o)
        if w is not None:
            return w
        self.root_val = sparring.greedy(b, c, o)
        self.root_two = (sparring.counts(b, 0), sparring.counts(b, 1))
        start = self.pieces
        opts = self.ordered(b, c, o, s_c, s_o)
        if opts[0][0] == WIN or len(opts) == 1:
            return opts[0][1]
        if self.cap:
            self.limit = start + self.cap
        best = self.best_of(b, c, o, s_c, s_o, opts)
        self.limit = None
        return best

    def spent(self):
        return self.limit is not None and self.pieces >= self.limit


class LabTwo(search.Search):
    """Expert with its search (free turns, covering turns or both) done by `lab`."""

    lab = None
    where = "both"
    pieces = None  # a list: the lab search's pieces per decision are appended

    def swapped(self, seat):
        lab = self.lab
        c = self.colour[seat]
        lab.pieces = 0
        stars, m = lab.decide(self.b, c, 1 - c, self.stars[seat], self.stars[1 - seat])
        if self.pieces is not None:
            self.pieces.append(lab.pieces)
        return [("star", y) for y in stars] + [("marble", m)]

    def search_root(self, seat):
        if self.where not in ("both", "free"):
            turn = yield from search.Search.search_root(self, seat)
            return turn
        yield None
        return self.swapped(seat)

    def search_blocks(self, nt, seat):
        if self.where not in ("both", "cover"):
            turn = yield from search.Search.search_blocks(self, nt, seat)
            return turn
        yield None
        return self.swapped(seat)


def lab_choose(game, seed, settings):
    """The lab player's turn (the seeding of `quadcore.ai._player`); settings: a dict of
    LabTwo's class fields (lab, where, pieces) and the level's config (cfg)."""
    rng = Rng(seed * 4099 + game.turns * 131 + game.board.empty)
    p = LabTwo(game, "expert", rng)
    p.lab = settings["lab"]
    p.where = settings["where"]
    p.pieces = settings.get("pieces")
    if settings.get("cfg"):
        p.cfg = settings["cfg"]
    turn = None
    for step in p.run():
        turn = step
    return turn


def play(first, seed, settings, opening=2):
    """One game against the partner (the setup of `tools.lab.sparring.play`): 1 / 0.5 / 0."""
    g = Game(size=11)
    rng = Rng(seed)
    for _ in range(opening):
        g.play(random_turn(g, rng))
    ref = sparring.Sparring()
    me = 0 if first else 1
    while g.result is None:
        g.play(lab_choose(g, seed, settings) if g.turn == me else ref.choose(g))
    kind, winner, _ = g.result
    if kind == "draw":
        return 0.5
    return 1 if winner == me else 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.lab.expert_lab",
                                 description="Expert with the partner's deeper search")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--width", type=int, default=3)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--cap", type=int, default=0, help="pieces per search (0: no cap)")
    ap.add_argument("--where", choices=("both", "free", "cover", "none"), default="both")
    ap.add_argument("--no-inner-stars", action="store_true")
    ap.add_argument("--pool", type=int, default=0,
                    help="free cells ranked at each node (0: 2 x width, as the partner)")
    ap.add_argument("--repeat-last", action="store_true",
                    help="put the last turn's best turns again to value them (as the partner)")
    ap.add_argument("--attack", type=int, default=0,
                    help="nodes of Expert's exact attack (0: as shipped)")
    a = ap.parse_args(argv)
    if (a.games < 1 or a.width < 1 or not 2 <= a.depth <= 6 or a.cap < 0 or a.attack < 0
            or a.pool < 0):
        ap.error("games and width >= 1, depth 2..6, cap, pool and attack >= 0")
    cfg = None
    if a.attack:
        cfg = dict(two.LEVELS["expert"])
        sol = cfg["sol"]
        cfg["sol"] = (a.attack,) + tuple(sol[1:])
    pieces = []
    settings = dict(lab=LabSearch(a.depth, a.width, a.cap, not a.no_inner_stars,
                                             not a.repeat_last, a.pool),
                    where=a.where, pieces=pieces, cfg=cfg)
    res = []
    for i in range(a.games):
        res.append(play(i % 2 == 0, a.seed + i // 2, settings))
        sys.stderr.write("\r%d/%d" % (i + 1, a.games))
    sys.stderr.write("\n")
    for name, rs in (("overall", res), ("first", res[0::2]), ("second", res[1::2])):
        s, lo, hi = sparring.interval(rs)
        print("lab (%s, width %d, depth %d, cap %d) vs sparring, %s: %d games, score %.3f "
              "(95%% %.3f .. %.3f)" % (a.where, a.width, a.depth, a.cap, name, len(rs), s,
                                      lo, hi))
    if pieces:
        pieces.sort()
        print("search pieces per decision: median %d, 90%% %d, worst %d (%d decisions)"
              % (pieces[len(pieces) // 2], pieces[len(pieces) * 9 // 10], pieces[-1],
                 len(pieces)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
