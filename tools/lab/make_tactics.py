"""Regenerate the tactical suite of the computer player (11 x 11 and 9 x 9 positions).

    python -m tools.lab.make_tactics [--out host_tests/data/ai_tactics.txt]

Each position is built from a few pieces around a random centre (fixed seed), written as a
legal game record (the moves interleaved, stars given to the seat that must have spent them,
far-away filler marbles to even the counts), then classified and answered by the exact
checker in host_tests/tactics_check.py, never by quadcore:

    win1   the mover completes a quad now (axis or tilted square): its marble goes there
    block  the opponent completes a quad next turn on 1, 2 or 3 cells: cover all of them
    win3   a marble leaves more completion cells than the defender's stars + 1 (star
           shortage; sometimes after starring an opponent three first)
    win5   a three that forces the answer, then a fork the defender cannot cover
    quiet  nothing to cover, no win in 1 or 3: no star should be spent

Figures: docs/computer-player.md, "How it plays" (the tactics suite,
host_tests/data/ai_tactics.txt).
"""

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "host_tests"))
sys.path.insert(0, str(ROOT))

from quad_solver import bits  # noqa: E402
from tactics_check import Tactics, popcount  # noqa: E402

OUT = ROOT / "host_tests" / "data" / "ai_tactics.txt"
QUOTA = (("win1-axis", 6), ("win1-tilted", 6), ("block1-axis", 6), ("block1-tilted", 6),
         ("block2", 6), ("block3", 3), ("win3", 8), ("win3-block", 4), ("win5", 12),
         ("quiet", 6))
COLS = "abcdefghijklmno"


class Builder:
    def __init__(self, n, seed):
        self.n = n
        self.t = Tactics(n)
        self.g = self.t.g
        self.rnd = random.Random(seed)
        self.total = max(0, min(6, n - 5))  # stars a seat starts with (rules.md default)

    def name(self, b):
        return self.g.name(b)

    def near(self, cx, cy, r):
        """A random cell within r of (cx, cy)."""
        while True:
            x = cx + self.rnd.randint(-r, r)
            y = cy + self.rnd.randint(-r, r)
            if (x, y) in self.g.bit:
                return self.g.bit[(x, y)]

    def random_square(self, tilted, cx, cy):
        g = self.g
        for _ in range(1000):
            s = self.rnd.choice(g.squares)
            cells = list(bits(s))
            cols = sorted(set((c.bit_length() - 1) % self.n for c in cells))
            axis = len(cols) == 2
            if axis == tilted:
                continue
            xs = [(c.bit_length() - 1) % self.n for c in cells]
            ys = [(c.bit_length() - 1) // self.n for c in cells]
            if max(xs) - min(xs) > 4:
                continue
            if abs(sum(xs) / 4 - cx) > 2 or abs(sum(ys) / 4 - cy) > 2:
                continue
            return s
        return None

    def position(self, kind):
        """(me, op, stars, s_me, s_op) built for `kind`, or None."""
        rnd = self.rnd
        n = self.n
        cx = rnd.randint(3, n - 4)
        cy = rnd.randint(3, n - 4)
        me = op = stars = 0
        s_me = rnd.randint(0, self.total)
        s_op = rnd.randint(0, self.total)
        if kind.startswith("win1"):
            s = self.random_square(kind.endswith("tilted"), cx, cy)
            if s is None:
                return None
            cells = list(bits(s))
            rnd.shuffle(cells)
            for c in cells[:3]:
                me |= c
            hole = cells[3]
            self._scatter(cx, cy, hole, me_extra=rnd.randint(1, 3), op_extra=rnd.randint(3, 6),
                          box=[me, op, stars])
            me, op, stars = self.box
        elif kind.startswith("block"):
            k = int(kind[5])
            holes = 0
            for _ in range(k):
                s = self.random_square(kind.endswith("tilted") if k == 1 else rnd.random() < .5,
                                       cx, cy)
                if s is None:
                    return None
                cells = list(bits(s & ~holes & ~me))
                rnd.shuffle(cells)
                if len(cells) < 2:
                    return None
                h = cells[0]
                for c in bits(s & ~h):
                    op |= c
                holes |= h
            if op & holes:
                return None
            self._scatter(cx, cy, holes, me_extra=rnd.randint(2, 4), op_extra=rnd.randint(0, 2),
                          box=[me, op, stars])
            me, op, stars = self.box
            s_me = rnd.randint(k - 1, max(k - 1, self.total))
        else:
            self._scatter(cx, cy, 0, me_extra=rnd.randint(4, 7), op_extra=rnd.randint(4, 7),
                          box=[me, op, stars], r=2)
            me, op, stars = self.box
            s_op = (rnd.choice((0, 0, 1, 1, 2, 3)) if kind != "quiet"
                    else rnd.randint(2, self.total))
            if kind == "win3-block":
                # Give the opponent one three somewhere near.
                s = self.random_square(rnd.random() < .5, cx, cy)
                if s is None or s & me:
                    return None
                cells = list(bits(s & ~op))
                if not cells:
                    return None
                for c in bits(s & ~cells[0]):
                    op |= c
                if op & me or (op & stars):
                    return None
                s_me = rnd.randint(1, self.total)
        if me & op or me & stars or op & stars:
            return None
        return (me, op, stars, s_me, s_op)

    def _scatter(self, cx, cy, keep_empty, me_extra, op_extra, box, r=3):
        me, op, stars = box
        for _ in range(me_extra):
            c = self.near(cx, cy, r)
            if not (c & (me | op | stars | keep_empty)):
                me |= c
        for _ in range(op_extra):
            c = self.near(cx, cy, r)
            if not (c & (me | op | stars | keep_empty)):
                op |= c
        if self.rnd.random() < 0.5:
            c = self.near(cx, cy, r + 1)
            if not (c & (me | op | stars | keep_empty)):
                stars |= c
        self.box = (me, op, stars)

    # ----- classification ------------------------------------------------------------------
    def classify(self, state, want):
        t = self.t
        me, op, stars, s_me, s_op = state
        empty = t.empty(me, op, stars)
        if t.completions(me, 0) or t.completions(op, 0):
            return None  # a finished square (impossible in a game in progress)
        mine = t.completions(me, empty)
        theirs = t.completions(op, empty)
        if mine:
            axis = all(self._axis_only(me, c) for c in bits(mine))
            tilted = all(not self._axis_only(me, c) and self._tilted_only(me, c)
                         for c in bits(mine))
            kind = "win1-axis" if axis else "win1-tilted" if tilted else None
            return (kind, dict(marble=mine)) if kind else None
        k = popcount(theirs)
        if k > s_me + 1:
            return None
        w3 = t.win3_turns(state)
        if w3:
            marbles = 0
            for _, m in w3:
                marbles |= m
            return ("win3-block" if theirs else "win3", dict(marble=marbles, cover=theirs))
        if theirs:
            if k == 1:
                axis = self._axis_only(op, theirs)
                tilted = self._tilted_only(op, theirs)
                kind = "block1-axis" if axis and not tilted else (
                    "block1-tilted" if tilted and not axis else None)
            else:
                kind = "block%d" % k if k <= 3 else None
            if kind is None:
                return None
            return (kind, dict(cover=theirs, maxstars=k))
        if want not in ("quiet", "win5"):
            return None
        if want == "quiet":
            # Nothing to cover, nothing to win at once: no star has a use (a longer forced
            # win, if any, needs none either), so none may be spent.
            return ("quiet", dict(maxstars=0))
        w5 = t.win5_turns(state)
        if w5:
            marbles = 0
            for _, m in w5:
                marbles |= m
            return ("win5", dict(marble=marbles))
        return None

    def _squares_completing(self, own, cell):
        return [s for s in self.g.through[cell] if popcount(s & own) == 3]

    def _is_axis(self, s):
        cols = set((c.bit_length() - 1) % self.n for c in bits(s))
        return len(cols) == 2

    def _axis_only(self, own, cell):
        return all(self._is_axis(s) for s in self._squares_completing(own, cell))

    def _tilted_only(self, own, cell):
        return all(not self._is_axis(s) for s in self._squares_completing(own, cell))

    # ----- a legal record ---------------------------------------------------------------
    def record(self, state, mover_seat):
        """Turn lines reaching the state with the mover to play as seat `mover_seat`."""
        me, op, stars, s_me, s_op = state
        g = self.g
        seat_of = {mover_seat: "me", 1 - mover_seat: "op"}
        marbles = {"me": list(bits(me)), "op": list(bits(op))}
        # The mover has played as many marbles as the other seat if it is seat 0, one fewer
        # if it is seat 1: add far filler marbles until the counts fit.
        want_op = len(marbles["me"]) + (1 if mover_seat == 1 else 0)
        want_me = len(marbles["op"]) - (1 if mover_seat == 1 else 0)
        fill = self._fillers(me | op | stars)
        while len(marbles["op"]) < want_op:
            marbles["op"].append(fill.pop())
        while len(marbles["me"]) < want_me:
            marbles["me"].append(fill.pop())
        self.rnd.shuffle(marbles["me"])
        self.rnd.shuffle(marbles["op"])
        # Stars on the board: each seat has spent 6 - (stars left); the rest are fillers.
        spent = {"me": self.total - s_me, "op": self.total - s_op}
        if spent["me"] < 0 or spent["op"] < 0:
            return None
        star_cells = list(bits(stars))
        if len(star_cells) > spent["me"] + spent["op"]:
            return None
        while len(star_cells) < spent["me"] + spent["op"]:
            star_cells.append(fill.pop())
        self.rnd.shuffle(star_cells)
        star_of = {"me": star_cells[:spent["me"]], "op": star_cells[spent["me"]:]}
        lines = []
        turns = len(marbles["me"]) + len(marbles["op"])
        for t in range(turns):
            who = seat_of[t % 2]
            toks = []
            # Stars go out with the seat's first turns, one a turn, the rest on its last.
            mine_left = marbles[who]
            if star_of[who] and (len(star_of[who]) >= len(mine_left) or self.rnd.random() < .4):
                toks.append("*" + g.name(star_of[who].pop()))
                while star_of[who] and len(star_of[who]) >= len(mine_left):
                    toks.append("*" + g.name(star_of[who].pop()))
            toks.append(g.name(mine_left.pop()))
            lines.append(" ".join(toks))
        if star_of["me"] or star_of["op"]:
            return None
        return lines

    def _fillers(self, used):
        """Cells on the rim, far from the centre, for filler pieces."""
        n = self.n
        rim = [(x, y) for y in range(n) for x in range(n)
               if (x in (0, n - 1) or y in (0, n - 1)) and (x, y) in self.g.bit]
        self.rnd.shuffle(rim)
        return [self.g.bit[p] for p in rim if not self.g.bit[p] & used]


def mask_names(g, m):
    return " ".join(sorted(g.name(b) for b in bits(m)))


def final_state(n, lines):
    """(state, mover seat) after replaying `lines` with the engine (a legality check)."""
    from quadcore.game import Game
    game = Game(size=n)
    try:
        for ln in lines:
            game.play(ln)
    except ValueError:
        return None
    if game.result is not None:
        return None
    return game


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(OUT))
    a = ap.parse_args(argv)
    blocks = []
    for kind, want in QUOTA:
        found = 0
        seed = 1000 * (1 + [k for k, _ in QUOTA].index(kind))
        while found < want:
            seed += 1
            n = 11 if seed % 5 else 9
            bl = Builder(n, seed)
            state = bl.position(kind if not kind.startswith("block") else
                                ("block%s" % kind[5]) + ("-tilted" if "tilted" in kind else ""))
            if state is None:
                continue
            got = bl.classify(state, kind)
            if got is None or got[0] != kind:
                continue
            lines = bl.record(state, seed % 2)
            if lines is None:
                continue
            # The fillers changed the position: classify what the record really gives.
            game = final_state(n, lines)
            if game is None:
                continue
            st2 = state_of(bl, game)
            got = bl.classify(st2, kind)
            if got is None or got[0] != kind:
                continue
            _, ans = got
            head = ["# tac-%s-%d size %d" % (kind, found + 1, n)]
            if "marble" in ans:
                head.append("# marble: " + mask_names(bl.g, ans["marble"]))
            if ans.get("cover"):
                head.append("# cover: " + mask_names(bl.g, ans["cover"]))
            if "maxstars" in ans:
                head.append("# maxstars: %d" % ans["maxstars"])
            blocks.append("\n".join(head + lines) + "\n")
            found += 1
            print(kind, found, flush=True)
    Path(a.out).write_text("\n".join(blocks))
    return 0


def state_of(bl, game):
    """The checker's state for the seat to move in an engine game."""
    return bl.t.state_of(game)


if __name__ == "__main__":
    sys.exit(main())
