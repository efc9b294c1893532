"""A plain 2-ply star-aware reference player for Still's Quad (host only; shares no code with
quadcore/ai: it uses the engine's board and its counters for the rules, nothing else).

    Plain2(seed=0).choose(game) -> the turn for the seat to move, e.g. "*e6 f7"

Two plies, full width: every turn of its own (below), every answer of the opponent to each
(the same turns for the other side), the position after the answer valued for it by a
star-aware evaluation; the turn whose worst answer is best (alpha-beta, the same choice as
plain minimax; ties by a seeded draw, so games vary with the seed).

Turns (a star is a piece: "star placements considered"):
 * a completion cell of its own: the marble there (the game is won);
 * facing the opponent's completion cells it must cover them all: the marble on one and
   stars on the others, or stars on all and the marble on any other empty cell (with more
   of them than its stars + 1, it covers what it can);
 * else the marble on any empty cell, and the same with one star first on any cell where
   the opponent's marble would make two or more completion cells (its fork cells).

Evaluation, for the side p to move after the answer (q the other; sp, sq their stars):
 * p has a completion cell: won (+WIN);
 * q's distinct completion cells beyond sp + 1: lost (-WIN); k of them cost p (k - 1) stars;
 * p (facing no completion cell) has a cell where its marble makes more completion cells
   than sq + 1: won next turn (+WIN / 2); q has two or more such cells against sp: -WIN / 4;
 * otherwise SV a star in hand (SV = 300), open squares holding 1 or 2 marbles of a side
   (1 and 6 points), fork cells (40 each), all as p's minus q's.
Completion cells made by a marble are counted as open squares holding two of the side's
marbles through the cell (kept incrementally here, per cell and side).

Figures: docs/computer-player.md, "Strength (issue 45)" (the plain 2-ply yardstick: `python -m
tools.lab.seat_ladder --against plain2`).
"""

from quadcore.board import MARBLE, STAR, Board
from quadcore.notation import format_turn
from quadcore.prng import Rng

WIN = 1 << 24
SV = 300
O1, O2 = 1, 6
FW = 40


class Pos:
    """A private copy of the position with per-cell two-counts for both colours."""

    def __init__(self, game):
        self.geo = game.geo
        self.n = game.n
        b = Board(self.geo, 2)
        for x, v in enumerate(game.board.cells):
            if v and v != 255:
                b.place(x, v)
        self.b = b
        size = len(b.cells)
        self.two = [[0] * size, [0] * size]
        self.hist = [[0] * 64, [0] * 64]   # cells by two-count (1..63), per colour
        geo = self.geo
        for s in range(geo.nsq):
            self._square(s, 1)

    def _square(self, s, sign):
        """Add (sign 1) or take away (-1) square s's share of the two-counts."""
        b = self.b
        cells = b.cells
        j = 4 * s
        corners = self.geo.sq_cells
        for c in (0, 1):
            if b.cnt[c][s] == 2:
                two = self.two[c]
                h = self.hist[c]
                for e in corners[j:j + 4]:
                    if not cells[e]:
                        v = two[e]
                        if v:
                            h[min(v, 63)] -= 1
                        v += sign
                        two[e] = v
                        if v:
                            h[min(v, 63)] += 1

    def put(self, x, piece):
        geo = self.geo
        sqs = geo.cell_sq[geo.cell_start[x]:geo.cell_start[x + 1]]
        for s in sqs:
            self._square(s, -1)
        for c in (0, 1):
            v = self.two[c][x]
            if v:
                self.hist[c][min(v, 63)] -= 1
        self.b.place(x, piece)
        for s in sqs:
            self._square(s, 1)

    def take(self, x):
        geo = self.geo
        sqs = geo.cell_sq[geo.cell_start[x]:geo.cell_start[x + 1]]
        for s in sqs:
            self._square(s, -1)
        self.b.remove(x)
        for c in (0, 1):
            v = self.two[c][x]
            if v:
                self.hist[c][min(v, 63)] += 1
        for s in sqs:
            self._square(s, 1)

    def completion_cells(self, c):
        b = self.b
        if not b.nopen[c][3]:
            return []
        thr = b.thr[c]
        return [x for x in range(len(thr)) if thr[x]]

    def forks_over(self, c, k):
        """How many empty cells make more than k completions for c."""
        h = self.hist[c]
        return sum(h[k + 1:])

    def fork_cells(self, c):
        two = self.two[c]
        cells = self.b.cells
        return [x for x in range(len(cells)) if not cells[x] and two[x] >= 2]

    def empties(self):
        cells = self.b.cells
        return [x for x in range(len(cells)) if not cells[x]]


def evaluate(pos, p, q, sp, sq):
    b = pos.b
    if b.nopen[q][4]:
        return -WIN  # q's answer completed a quad
    if b.nopen[p][3]:
        return WIN
    kq = 0
    if b.nopen[q][3]:
        kq = len(pos.completion_cells(q))
        if kq > sp + 1:
            return -WIN
    v = SV * (sp - sq)
    if kq > 1:
        v -= SV * (kq - 1)
    if not kq and pos.forks_over(p, sq + 1):
        return WIN // 2
    if pos.forks_over(q, sp + 1) > 1:
        v -= WIN // 4
    np_, nq = b.nopen[p], b.nopen[q]
    v += O1 * (np_[1] - nq[1]) + O2 * (np_[2] - nq[2])
    return v + FW * (pos.forks_over(p, 1) - pos.forks_over(q, 1))


def turns(pos, c, o, sc):
    """Every turn of colour c (sc stars): (stars, marble) pairs."""
    own = pos.completion_cells(c)
    if own:
        return [([], own[0])]
    need = pos.completion_cells(o)
    if len(need) > sc + 1:
        return [(need[:sc], need[sc])]
    out = [([t for t in need if t != m], m) for m in need]
    if need and len(need) > sc:
        return out
    empty = [x for x in pos.empties() if x not in need]
    out += [(list(need), x) for x in empty]
    if not need and sc:
        for f in pos.fork_cells(o):
            out += [([f], x) for x in empty if x != f]
    return out


class Plain2:
    def __init__(self, seed=0):
        self.seed = seed
        self.leaves = 0

    def choose(self, game):
        seat = game.turn
        c = game.rules.seat_colours[seat][0]
        o = 1 - c
        sc = game.stars_left[seat]
        so = game.stars_left[1 - seat]
        pos = Pos(game)
        mine = pos.completion_cells(c)
        if mine:
            return format_turn([("marble", mine[0])], game.n)
        rng = Rng(self.seed * 7919 + game.turns * 131 + game.board.empty)
        opts = turns(pos, c, o, sc)
        # Order by the one-ply value (the opponent to move), best first: alpha-beta cuts
        # more; the choice is the same as without it.
        scored = []
        for stars, m in opts:
            self._put(pos, stars, m, c)
            v = -evaluate(pos, o, c, so, sc - len(stars))
            self._take(pos, stars, m)
            scored.append((-v, rng.next15(), stars, m))
        scored.sort()
        best, best_v = None, -2 * WIN
        self.killer = None
        for _, _, stars, m in scored:
            s1 = sc - len(stars)
            self._put(pos, stars, m, c)
            worst = self._worst(pos, c, o, s1, so, best_v)
            self._take(pos, stars, m)
            if worst > best_v:
                best_v, best = worst, (stars, m)
        stars, m = best
        return format_turn([("star", y) for y in stars] + [("marble", m)], game.n)

    def _worst(self, pos, c, o, sc, so, alpha):
        """The value for c of its turn just put down: the opponent's best answer."""
        b = pos.b
        if b.nopen[c][3] and len(pos.completion_cells(c)) > so + 1:
            return WIN  # more completion cells than it can cover
        worst = 2 * WIN
        answers = turns(pos, o, c, so)
        k = self.killer
        if k is not None and k in answers:
            # The answer that refuted the last turn first (a killer move: alpha-beta cuts
            # sooner; the value is the same).
            answers.remove(k)
            answers.insert(0, k)
        cut = None
        for stars, m in answers:
            self._put(pos, stars, m, o)
            self.leaves += 1
            v = evaluate(pos, c, o, sc, so - len(stars))
            self._take(pos, stars, m)
            if v < worst:
                worst = v
                cut = (stars, m)
                if worst <= alpha:
                    break
        self.killer = cut
        return worst

    @staticmethod
    def _put(pos, stars, m, c):
        for y in stars:
            pos.put(y, STAR)
        pos.put(m, MARBLE + c)

    @staticmethod
    def _take(pos, stars, m):
        pos.take(m)
        for y in reversed(stars):
            pos.take(y)
