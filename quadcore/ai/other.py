"""The player for the other games: three to six players, Quad Duel (two colours a seat),
Quad Trek and Quad Rapid (marbles move).

It never misses a quad it can complete this turn and never leaves a cell where an opponent
completes one uncovered while it has the pieces to cover it (short of pieces, the seats
that move first are covered first). Otherwise it plays the best cell of one scan (value for
its own colours + blocking value against every other colour), with more random noise at the
lower levels. Moves of a placed marble (Trek, Rapid: othermoves.py) are tried with
place/remove and kept only if they open no completion cell for an opponent.

Average and Expert add the exact short-horizon tactics of tact.py (outside claim mode): a
win in 2 that the other seats cannot cover is played, and the turn chosen may not leave the
next seat one (otherguard.py; Trek and Rapid: the best 8 moves are checked in order).
`tactics=False` keeps the greedy policy alone, for tools/lab/other_ladder.py.
"""

from ..board import MARBLE, STAR
from ..notation import format_turn
from . import core
from .core import VAL, VMASK, SCORE, TBUF

_NOISE = {"trainer": 40, "easy": 14, "average": 2, "expert": 1}
# Average and Expert: work of the exact tactics per decision in completions() calls (tact.py;
# ~0.2-0.25 M fuel a unit on 11 x 11, measured with tools/ai_vm.py --variants: 200 ~0.4
# M4-s, 650 ~1.1 M4-s at most, on top of the greedy policy's ~0.5).
_WORK = {"average": 200, "expert": 650}
_W = (2, 6, 14)
_TAB = []


def _scan(b, mine, ops, ta, td):
    """Like `scan2` for several own colours (summed) against several opposing colours."""
    cells = b.cells
    geo = b.geo
    sqs = geo.cell_sq
    st = geo.cell_start
    val = VAL
    for x in range(len(cells)):
        if cells[x]:
            val[x] = 0
            continue
        t = 0
        lo = st[x]
        hi = st[x + 1]
        for c in mine:
            cm = b.cnt[c]
            for i in range(lo, hi):
                t += ta[cm[sqs[i]]]
        for c in ops:
            co = b.cnt[c]
            for i in range(lo, hi):
                t += td[co[sqs[i]]]
        val[x] = t


def _tables():
    if not _TAB:
        _TAB.append(core.tables(_W))
    return _TAB[0]


class Other:
    weights = _W  # a placed marble's worth by its open squares (othermoves reads it here)

    def __init__(self, game, level, rng, tactics=None):
        """tactics=False: the greedy policy alone (before the exact tactics; kept for the
        ladder that measures them, tools/lab/other_ladder.py)."""
        r = game.rules
        self.game = game
        self.b = game.board
        self.rng = rng
        self.noise = _NOISE[level]
        self.tilt = {"trainer": 24, "easy": 8}.get(level, 0)
        self.seat = game.turn
        self.mine = r.seat_colours[self.seat]
        side = r.seat_side[self.seat]
        self.ops = tuple(c for c in range(r.ncolours) if r.colour_side[c] != side)
        self.stars = game.stars_left[self.seat]
        self.rules = r
        if tactics is None:
            tactics = level in _WORK and not r.claim
        self.tact = tactics
        if tactics:
            # Seat order from the next seat: short of stars, the next seat's cells are
            # covered first (it moves first; a later seat may be stopped by another).
            ops = []
            for i in range(1, r.players):
                for c in r.seat_colours[(self.seat + i) % r.players]:
                    if r.colour_side[c] != side:
                        ops.append(c)
            self.ops = tuple(ops)
            from . import tact
            # Set for 11 x 11; a unit costs in proportion to the squares through a cell, so
            # other sizes get the same effort in fuel (x3.6 on 6 x 6, x0.5 on 15 x 15).
            geo = game.geo
            tact.start(_WORK[level] * 10 * geo.ncells // geo.nsq, game)

    def run(self):
        b = self.b
        r = self.rules
        g = self.game
        if r.moves:
            # Trek and Rapid's code is a module of its own: the other games never load it
            from .othermoves import run_moves
            turn = yield from run_moves(self, g.marbles_left[self.seat])
            yield format_turn(turn, g.n)
            return
        # Which colour does the next marble take (a Duel turn may be half done)?
        j = 0
        for a in g.current:
            if a[0] == "marble":
                j += 1
        tactics = self.tact and j == 0 and not self._win_now()
        if tactics:
            from . import tact
            w = tact.win2(g)
            yield None
            if w:
                yield format_turn(w, g.n)
                return
        stars = []
        marbles = []
        placed = []  # every piece tried on the board, taken back however the turn ends
        try:
            while j < r.per_turn:
                c = self.mine[j]
                x = self._place_one(c, stars, placed, j + 1 < r.per_turn)
                marbles.append(x)
                # Keep the marble on the board so a second Duel marble sees it.
                b.place(x, MARBLE + c)
                placed.append(x)
                j += 1
                # A quad ends the game at once, so the turn stops there; in claim mode
                # nothing is announced and a Duel turn still needs its second marble
                # (stopping here gave a one-marble turn the engine refuses).
                if b.nopen[c][4] and not r.claim:
                    break
        finally:
            while placed:
                b.remove(placed.pop())
        yield None
        # Stars first, then the marbles in colour order.
        turn = stars + [("marble", x) for x in marbles]
        if tactics and len(marbles) == r.per_turn:
            from .otherguard import guard
            turn = yield from guard(self, turn)
        yield format_turn(turn, g.n)

    def _win_now(self):
        for c in self.mine:
            if self.b.nopen[c][3]:
                return True
        return False

    def _place_one(self, c, actions, placed, more_marbles):
        """The cell for one marble of colour c. Stars it needs go into `actions`, and onto
        the board (listed in `placed`) so later choices see them."""
        b = self.b
        # A quad now (any of our colours: in a Duel the first marble's colour is fixed).
        w = core.first_threat(b, c)
        if w >= 0 and not self._lapse(w, c):
            return w
        # Cells where an opponent completes a quad: cover them all if we can.
        nt = self._opp_threats(32)
        if self.tact and nt > self.stars + 1 + (1 if more_marbles else 0):
            # Not enough pieces: the seats that move first (first in TBUF) are covered.
            nt = self.stars + 1 + (1 if more_marbles else 0)
        if self.tilt and nt:
            k = 0
            for i in range(nt):
                t = TBUF[i]
                lapse = False
                for o in self.ops:
                    if b.thr[o][t] and self._lapse(t, o):
                        lapse = True
                if not lapse:
                    TBUF[k] = t
                    k += 1
            nt = k
        self.scan_own(c)
        cells = b.cells
        self._scores(cells, c if self.noise <= 2 else -1)
        if nt:
            # The marble on the best threat cell; a later Duel marble may cover one more;
            # stars on the rest while they last.
            best = TBUF[0]
            for i in range(1, nt):
                if SCORE[TBUF[i]] > SCORE[best]:
                    best = TBUF[i]
            # A Duel turn's second marble covers one more cell, so one star fewer.
            left = nt - 1 - (1 if more_marbles else 0)
            for i in range(nt):
                t = TBUF[i]
                if t == best or left <= 0 or self.stars <= 0:
                    continue
                b.place(t, STAR)
                placed.append(t)
                actions.append(("star", t))
                self.stars -= 1
                left -= 1
            return best
        best = -1
        bv = -(1 << 25)
        for x in range(len(cells)):
            if not cells[x] and SCORE[x] > bv:
                bv = SCORE[x]
                best = x
        return best

    def scan_own(self, c):
        """VAL for our colour c against every opposing colour (here and in othermoves)."""
        ta, td = _tables()
        _scan(self.b, (c,), self.ops, ta, td)

    def _scores(self, cells, c=-1):
        """SCORE[x] = the scan value plus the level's noise (a hash of the cell and one draw
        of the seeded generator: a draw per cell would allocate on the device). Average and
        Expert (c >= 0) add forks: a marble making k completion cells costs the next seat
        k - 1 stars (or the game, past its stars + 1); a cell where an opponent would fork
        is worth taking."""
        mix = self.rng.next15()
        m = self.noise + 1
        b = self.b
        nxt_stars = self.game.stars_left[(self.seat + 1) % self.rules.players]
        for x in range(len(cells)):
            if cells[x]:
                SCORE[x] = -(1 << 24)
                continue
            t = VAL[x]
            v = (t & VMASK) + ((x * 211 + mix) * 1021 >> 4) % m
            if c >= 0:
                if (t >> core.TM_SHIFT) & 255 >= 2:
                    k = core.completions(b, x, c, core.EBUF)
                    if k > nxt_stars + 1:
                        v += 1 << 20
                    elif k >= 2:
                        v += 300 * (k - 1)
                if t >> core.TO_SHIFT >= 2:
                    for o in self.ops:
                        k = core.completions(b, x, o, core.EBUF)
                        if k >= 2:
                            v += 150 * (k - 1)
            SCORE[x] = v

    def _lapse(self, x, c):
        if not self.tilt or not core.only_tilted(self.b, x, c, 3):
            return False
        return self.rng.below(64) < self.tilt

    def _opp_threats(self, cap):
        """Distinct cells where some opponent completes a quad now, into TBUF (at most cap)."""
        b = self.b
        nt = 0
        for o in self.ops:
            if nt >= cap:
                break
            k = core.threat_cells(b, o, TBUF, nt, cap - nt)
            i = nt
            while i < nt + k:
                x = TBUF[i]
                j = 0
                while j < nt and TBUF[j] != x:
                    j += 1
                if j < nt:
                    TBUF[i] = TBUF[nt + k - 1]
                    k -= 1
                else:
                    i += 1
            nt += k
        return nt
