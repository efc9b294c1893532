"""An exact Quad solver for small boards (host only; ground truth for the computer player).

It shares no code with quadcore's search: cells are bits of a Python int, squares are found by
geometry here, and the rules are written out again from rules.md (standard variant, two
players, one-short rule off). A position is solved by negamax with a transposition table; a
value is +1 (the side to move wins), 0 (draw) or -1 (it loses), and `solve` also reports the
length of the quickest win / slowest loss in plies when asked (`distance=True`).

Turns with stars are enumerated exactly (any subset of empty cells up to the stars left, then
the marble), with two safe shortcuts:
 * a mover with a completion cell wins at once;
 * a mover facing completion cells must cover every one of them this turn (any turn that
   leaves one open loses at once), so only covering turns are generated; if the cells
   outnumber its stars + 1 it has lost.
That keeps boards of 5 x 5 and 6 x 6 (corners removed) with 0 or 1 star a side solvable in
seconds to minutes of CPython.
"""

from itertools import combinations

COLS = "abcdefghijklmno"


class Board:
    """Geometry of an n x n board without its corners, as bitmasks."""

    def __init__(self, n):
        self.n = n
        corners = {(0, 0), (n - 1, 0), (0, n - 1), (n - 1, n - 1)}
        self.cells = [(c, r) for r in range(n) for c in range(n) if (c, r) not in corners]
        self.bit = {p: 1 << (p[1] * n + p[0]) for p in self.cells}
        seen = set()
        squares = []
        for p in self.cells:
            for q in self.cells:
                if p == q:
                    continue
                vx, vy = q[0] - p[0], q[1] - p[1]
                a = (q[0] - vy, q[1] + vx)
                b = (p[0] - vy, p[1] + vx)
                if a in self.bit and b in self.bit:
                    m = self.bit[p] | self.bit[q] | self.bit[a] | self.bit[b]
                    if m not in seen:
                        seen.add(m)
                        squares.append(m)
        self.squares = squares
        self.all = 0
        for p in self.cells:
            self.all |= self.bit[p]
        self.through = {}
        for p in self.cells:
            b = self.bit[p]
            self.through[b] = [s for s in squares if s & b]

    def masks_of(self, game):
        """(own marbles, opponent marbles, stars) of a two-player engine game, as this
        board's masks, for the seat to move."""
        me = op = stars = 0
        n = game.n
        for y in range(n):
            for x in range(n):
                v = game.cells[y * n + x]
                if (x, y) not in self.bit or v == 0:
                    continue
                b = self.bit[(x, y)]
                if v == 1:
                    stars |= b
                elif v - 2 == game.turn:
                    me |= b
                else:
                    op |= b
        return me, op, stars

    def name(self, bit):
        i = bit.bit_length() - 1
        return COLS[i % self.n] + str(i // self.n + 1)

    def bit_of(self, name):
        c = COLS.index(name[0])
        r = int(name[1:]) - 1
        return self.bit[(c, r)]


def bits(mask):
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


class Solver:
    def __init__(self, n):
        self.g = Board(n)
        self.tt = {}
        self.nodes = 0

    # ----- rules -------------------------------------------------------------------------
    def completion_cells(self, own, empty):
        """Cells where `own` completes a square: 3 own corners and the 4th empty."""
        out = 0
        for s in self.g.squares:
            rest = s & ~own
            if rest and not (rest & (rest - 1)) and rest & empty:
                out |= rest
        return out

    def turns(self, me, op, stars, s_me, covering):
        """Every legal turn (star mask, marble bit) for the mover; with `covering` set,
        only turns whose pieces cover every cell in it."""
        empty = self.g.all & ~(me | op | stars)
        if covering:
            need = covering
            k = bin(need).count("1")
            cover = list(bits(need))
            out = []
            # Marble on one covering cell, stars on the others, plus extra stars anywhere.
            for m in cover:
                base = need & ~m
                out.extend(self._extra(base, m, empty & ~need, s_me - (k - 1)))
            # Stars on all of them, marble anywhere else, plus extra stars.
            if s_me >= k:
                for m in bits(empty & ~need):
                    out.extend(self._extra(need, m, empty & ~need & ~m, s_me - k))
            return out
        out = []
        for m in bits(empty):
            out.extend(self._extra(0, m, empty & ~m, s_me))
        return out

    def _extra(self, star_mask, marble, free, s_left):
        """(star_mask plus any subset of `free` of size <= s_left, marble)."""
        res = [(star_mask, marble)]
        if s_left <= 0 or not free:
            return res
        cells = list(bits(free))
        for k in range(1, min(s_left, len(cells)) + 1):
            for combo in combinations(cells, k):
                m = star_mask
                for c in combo:
                    m |= c
                res.append((m, marble))
        return res

    def wins_with(self, own, marble):
        for s in self.g.through[marble]:
            if (own | marble) & s == s:
                return True
        return False

    # ----- search ------------------------------------------------------------------------
    def value(self, me, op, stars, s_me, s_op, m_me, m_op):
        """Exact value for the side to move (+1 / 0 / -1)."""
        key = (me, op, stars, s_me, s_op, m_me, m_op)
        v = self.tt.get(key)
        if v is not None:
            return v
        self.nodes += 1
        v = self._value(me, op, stars, s_me, s_op, m_me, m_op)
        self.tt[key] = v
        return v

    def _value(self, me, op, stars, s_me, s_op, m_me, m_op):
        empty = self.g.all & ~(me | op | stars)
        if m_me == 0 or not empty:
            return (s_me > s_op) - (s_me < s_op)
        if self.completion_cells(me, empty):
            return 1
        threats = self.completion_cells(op, empty)
        k = bin(threats).count("1")
        if k > s_me + 1:
            return -1
        best = -1
        for star_mask, marble in self._ordered(me, op, stars, s_me, threats):
            ns = bin(star_mask & ~stars).count("1") if False else bin(star_mask).count("1")
            v = -self.value(op, me | marble, stars | star_mask, s_op, s_me - ns, m_op, m_me - 1)
            if v > best:
                best = v
                if best == 1:
                    break
        return best

    def _ordered(self, me, op, stars, s_me, threats):
        ts = self.turns(me, op, stars, s_me, threats)
        # Fewer stars first, then marbles on cells in more open squares of ours.
        occupied_op = op | stars

        def key(t):
            star_mask, marble = t
            open_sq = sum(1 for s in self.g.through[marble] if not s & (occupied_op | star_mask))
            return (bin(star_mask).count("1"), -open_sq)
        ts.sort(key=key)
        return ts

    def winning_turns(self, me, op, stars, s_me, s_op, m_me, m_op):
        """Every turn (star mask, marble) that keeps a won position won (empty if not won)."""
        empty = self.g.all & ~(me | op | stars)
        wins = self.completion_cells(me, empty)
        if wins:
            return [(0, b) for b in bits(wins)]
        threats = self.completion_cells(op, empty)
        out = []
        for star_mask, marble in self.turns(me, op, stars, s_me, threats):
            ns = bin(star_mask).count("1")
            v = -self.value(op, me | marble, stars | star_mask, s_op, s_me - ns, m_op, m_me - 1)
            if v == 1:
                out.append((star_mask, marble))
        return out


def position(n, record, stars=0, marbles=20):
    """(solver, state) after a record (list of turn strings, rules.md notation)."""
    sv = Solver(n)
    g = sv.g
    side = [0, 0]
    star_mask = 0
    s_left = [stars, stars]
    m_left = [marbles, marbles]
    turn = 0
    for line in record:
        for tok in line.split():
            if tok.startswith("*"):
                star_mask |= g.bit_of(tok[1:])
                s_left[turn] -= 1
            else:
                side[turn] |= g.bit_of(tok)
                m_left[turn] -= 1
        turn = 1 - turn
    state = (side[turn], side[1 - turn], star_mask, s_left[turn], s_left[1 - turn],
             m_left[turn], m_left[1 - turn])
    return sv, state


def turn_text(g, star_mask, marble):
    return " ".join(["*" + g.name(b) for b in bits(star_mask)] + [g.name(marble)])


def win_within(sv, state, plies, memo=None):
    """True if the side to move wins in at most `plies` plies (its own turns count; a win
    in 1 is completing a quad now)."""
    if memo is None:
        memo = {}
    key = (state, plies)
    if key in memo:
        return memo[key]
    me, op, stars, s_me, s_op, m_me, m_op = state
    g = sv.g
    empty = g.all & ~(me | op | stars)
    res = False
    if m_me and empty and plies >= 1:
        if sv.completion_cells(me, empty):
            res = True
        elif plies >= 3:
            threats = sv.completion_cells(op, empty)
            if bin(threats).count("1") <= s_me + 1:
                for star_mask, marble in sv.turns(me, op, stars, s_me, threats):
                    ns = bin(star_mask).count("1")
                    child = (op, me | marble, stars | star_mask, s_op, s_me - ns, m_op, m_me - 1)
                    if _loses_within(sv, child, plies - 1, memo):
                        res = True
                        break
    memo[key] = res
    return res


def _loses_within(sv, state, plies, memo):
    """True if every turn of the side to move loses within `plies` plies (counted from
    its own turn: the opponent completes at ply `plies`)."""
    me, op, stars, s_me, s_op, m_me, m_op = state
    g = sv.g
    empty = g.all & ~(me | op | stars)
    if not m_me or not empty:
        return False  # the game ends on stars: no quad loss
    if sv.completion_cells(me, empty):
        return False
    threats = sv.completion_cells(op, empty)
    if bin(threats).count("1") > s_me + 1:
        return True
    for star_mask, marble in sv.turns(me, op, stars, s_me, threats):
        ns = bin(star_mask).count("1")
        child = (op, me | marble, stars | star_mask, s_op, s_me - ns, m_op, m_me - 1)
        if not win_within(sv, child, plies - 1, memo):
            return False
    return True


def distance(sv, state, cap=15):
    """Plies to the quickest forced win for the side to move (1, 3, 5, ...), or None."""
    memo = {}
    for d in range(1, cap + 1, 2):
        if win_within(sv, state, d, memo):
            return d
    return None
