"""The computer player for games of two colours taking turns: standard two-player Quad and
Quad Bridge (four seats, two partnerships, colours alternate round the table).

One turn is decided in four steps, cheapest first:
 1. a quad to complete now: play it;
 2. the opponent's threat cells (three of four with the fourth empty): cover every one, a
    marble on one of them and stars on the rest (or stars on all and the marble elsewhere);
 3. one scan of every empty cell (`core.scan2`) gives a value that is the same for both
    sides, how many threes a marble there would make for each side, and so the fork cells;
 4. per level: Trainer and Easy take the best noisy score; Average searches its own turn with
    the forced replies it provokes; Expert adds a threat-space search (forcing chains) for
    both sides and searches the opponent's reply too (alpha-beta, well-ordered candidates).

Scores are ints well below 2**30. Search effort is a node budget (one node = one piece put
on the board), never a clock, so the move is the same on every machine.
"""

from ..board import MARBLE, STAR
from . import core
from .core import VAL, VMASK, TM_SHIFT, TO_SHIFT, SCORE, TBUF, EBUF

WIN = 1 << 22
INF = 1 << 24
MAXPLY = 24
_TB = bytearray(MAXPLY * 8)   # threat cells per ply
_CAND = bytearray(MAXPLY * 16)  # candidate cells per ply
_FORK = bytearray(32)         # fork cells found at the root: 8 per colour, 2 colours
_FORKN = bytearray(2)
_PATH = bytearray(64)         # pieces put on the board by the current line (to undo)

# Level settings. w: value of a marble into a square open for a colour holding k marbles
# (k = 0, 1, 2); nopen weights W[k] = w[k - 1] with W[0] = 1 so that the scan value of a cell
# is the change of the static evaluation when it is played.
# keys: noise (random points added to a cell's score), tilt (chance in 64 of not seeing a
# three on a tilted square), k1 (own candidates searched), k2 (replies searched, 0 = none),
# budget (nodes), tss (forcing-chain depth in own moves, 0 = none), sv (value of a star).
LEVELS = {
    "trainer": dict(w=(2, 6, 14), noise=40, tilt=24, k1=0, k2=0, budget=0, tss=0, sv=60,
                    forks=False),
    "easy": dict(w=(2, 6, 14), noise=14, tilt=8, k1=0, k2=0, budget=0, tss=0, sv=60,
                 forks=True),
    "average": dict(w=(2, 6, 14), noise=2, tilt=0, k1=8, k2=0, budget=60, tss=1, sv=300,
                    forks=True),
    "expert": dict(w=(2, 6, 14), noise=1, tilt=0, k1=8, k2=6, budget=190, tss=2, sv=300,
                   forks=True),
}

_TABLES = {}


def _tables(w):
    t = _TABLES.get(w)
    if t is None:
        t = core.tables(w)
        _TABLES[w] = t
    return t


class Two:
    """One decision for the seat to move. Works on the game's board in place and puts every
    piece it tries back before it yields, so the game looks untouched at every tick."""

    def __init__(self, game, level, rng):
        cfg = LEVELS[level]
        r = game.rules
        self.game = game
        self.b = game.board
        self.n = game.n
        self.rng = rng
        self.players = r.players
        self.seat = game.turn
        self.colour = [r.seat_colours[s][0] for s in range(r.players)]
        self.sides = r.seat_side
        self.stars = list(game.stars_left)
        self.marbles = list(game.marbles_left)
        self.one_short = r.one_short
        self.cfg = cfg
        self.w = cfg["w"]
        self.W = (1, self.w[0], self.w[1], self.w[2])
        self.sv = cfg["sv"]
        self.nodes = 0
        self.budget = cfg["budget"]
        self.npath = 0

    # ----- board changes inside the search (counted, undone in reverse) -------------------
    def put(self, x, piece):
        self.b.place(x, piece)
        _PATH[self.npath] = x
        self.npath += 1
        self.nodes += 1

    def undo_to(self, mark):
        b = self.b
        while self.npath > mark:
            self.npath -= 1
            b.remove(_PATH[self.npath])

    # ----- the decision ------------------------------------------------------------------
    def run(self):
        """Generator: yields None while working, then the turn as a list of actions."""
        b = self.b
        seat = self.seat
        me = self.colour[seat]
        op = 1 - me
        nxt = (seat + 1) % self.players
        cfg = self.cfg
        rng = self.rng

        # 1. A quad to complete.
        w = core.first_threat(b, me)
        if w >= 0 and not self._lapse(w, me, 3):
            yield [("marble", w)]
            return

        # 2. Threat cells of the opponent (a level may overlook some on tilted squares).
        nt = core.threat_cells(b, op, TBUF, 0, 16)
        if cfg["tilt"]:
            k = 0
            for i in range(nt):
                t = TBUF[i]
                if not self._lapse(t, op, 3):
                    TBUF[k] = t
                    k += 1
            nt = k

        # 3. One scan of every empty cell.
        ta, td = _tables(self.w)
        core.scan2(b, me, op, ta, td)
        yield None
        self._root_scores(me, op, seat, nxt)
        self.norder = core.top_cells(SCORE, b.cells, 16, _ORDER, 0)

        if nt:
            turn = yield from self._answer_threats(nt, me, op, seat, nxt)
            yield turn
            return

        if not cfg["k1"]:
            yield [("marble", self._best_cell())]
            return

        # 4a. Forcing chains for us (Average: fork now; Expert: deeper).
        if cfg["tss"]:
            x = yield from self._tss_root(seat, cfg["tss"])
            if x >= 0:
                yield [("marble", x)]
                return

        # 4b. Search the best candidates.
        turn = yield from self._search_root(seat)
        yield turn

    # ----- helpers of the levels --------------------------------------------------------
    def _lapse(self, x, c, k):
        """Trainer and Easy sometimes do not see a three (k = 3) on a tilted square."""
        tilt = self.cfg["tilt"]
        if not tilt:
            return False
        if not core.only_tilted(self.b, x, c, k):
            return False
        return self.rng.below(64) < tilt

    def _fork_value(self, k, defender_stars):
        """What a marble making k completion cells is worth against a defender with
        `defender_stars` stars: a win when they cannot cover them all, else the stars the
        defender must spend to cover all but one with stars (a star is worth sv)."""
        if k > defender_stars + 1:
            return WIN
        if k >= 2:
            return (k - 1) * self.sv
        return 0

    def _root_scores(self, me, op, seat, nxt):
        """SCORE[x] for every empty cell from the scan: value + fork terms + noise; and the
        fork cells of both sides into _FORK (up to 8 each, biggest first)."""
        b = self.b
        cells = b.cells
        cfg = self.cfg
        noise = cfg["noise"]
        rng = self.rng
        forks = cfg["forks"]
        s_me = self.stars[seat]
        s_op = self.stars[nxt]
        sv = self.sv
        nf_me = 0
        nf_op = 0
        for x in range(len(cells)):
            if cells[x]:
                SCORE[x] = -INF
                continue
            t = VAL[x]
            v = t & VMASK
            if noise:
                v += rng.below(noise + 1)
            if forks:
                tm = (t >> TM_SHIFT) & 255
                to = t >> TO_SHIFT
                if tm >= 2:
                    k = core.completions(b, x, me, EBUF)
                    if k >= 2:
                        v += self._fork_value(k, s_op)
                        if nf_me < 8:
                            _FORK[nf_me] = x
                            nf_me += 1
                if to >= 2:
                    k = core.completions(b, x, op, EBUF)
                    if k >= 2:
                        # Taking the opponent's fork cell: worth what the fork would cost us.
                        v += self._fork_value(k, s_me) // 2
                        if nf_op < 8:
                            _FORK[16 + nf_op] = x
                            nf_op += 1
            SCORE[x] = v
        _FORKN[0] = nf_me
        _FORKN[1] = nf_op

    def _best_cell(self):
        cells = self.b.cells
        best = -1
        bv = -INF - 1
        for x in range(len(cells)):
            if not cells[x] and SCORE[x] > bv:
                bv = SCORE[x]
                best = x
        return best

    def _answer_threats(self, nt, me, op, seat, nxt):
        """Cover every threat cell in TBUF[0:nt]: a marble on one and stars on the others,
        or (when it pays and stars allow) stars on all and the marble where it builds."""
        s_me = self.stars[seat]
        if nt > s_me + 1:
            # Lost against correct play: cover what we can, the best cells first.
            nt = s_me + 1
        # Which threat cell gets the marble: the best by score.
        best_t = TBUF[0]
        for i in range(1, nt):
            if SCORE[TBUF[i]] > SCORE[best_t]:
                best_t = TBUF[i]
        if self.cfg["k1"] and s_me >= nt:
            # Star-then-attack: worth it only if the free marble beats the marble block by
            # more than a star (Average and Expert search it; "never waste a star").
            alt = yield from self._free_after_stars(nt, seat)
            if alt is not None:
                return alt
        out = []
        for i in range(nt):
            if TBUF[i] != best_t:
                out.append(("star", TBUF[i]))
        out.append(("marble", best_t))
        return out

    def _free_after_stars(self, nt, seat):
        """Compare blocking with the marble against starring every threat cell and playing
        the marble freely; returns the better-by-search star turn, or None."""
        b = self.b
        me = self.colour[seat]
        nxt = (seat + 1) % self.players
        # Value of the marble blocks (each threat cell in turn, stars on the others).
        mark = self.npath
        best_block = -INF
        for i in range(nt):
            for j in range(nt):
                if j != i:
                    self.put(TBUF[j], STAR)
            self.stars[seat] -= nt - 1
            self.put(TBUF[i], MARBLE + me)
            self.marbles[seat] -= 1
            v = -self.search(nxt, 0, -INF, INF, 1)
            self.marbles[seat] += 1
            self.stars[seat] += nt - 1
            self.undo_to(mark)
            if v > best_block:
                best_block = v
        yield None
        # Stars on all threat cells, then the best few free marbles.
        for j in range(nt):
            self.put(TBUF[j], STAR)
        self.stars[seat] -= nt
        k = core.top_cells(SCORE, b.cells, 3, _CAND, 0)
        best_free = -INF
        best_x = -1
        for i in range(k):
            x = _CAND[i]
            m2 = self.npath
            self.put(x, MARBLE + me)
            self.marbles[seat] -= 1
            v = -self.search(nxt, self.cfg["k2"] and 1, -INF, INF, 1)
            self.marbles[seat] += 1
            self.undo_to(m2)
            if v > best_free:
                best_free = v
                best_x = x
        self.stars[seat] += nt
        self.undo_to(mark)
        yield None
        # Average stars every threat only for a forced win; Expert when the search says the
        # free marble is worth more than the extra star (already counted in the values).
        if self.cfg["k2"] == 0 and best_free < WIN // 2:
            return None
        if best_x >= 0 and best_free > best_block:
            out = []
            for j in range(nt):
                out.append(("star", TBUF[j]))
            out.append(("marble", best_x))
            return out
        return None

    # ----- static evaluation -------------------------------------------------------------
    def static(self, seat):
        """Score for `seat` (to move) in a quiet position: stars, open squares weighted by
        how many own marbles they hold, and the forks each side could play next."""
        b = self.b
        c = self.colour[seat]
        o = 1 - c
        nxt = (seat + 1) % self.players
        W = self.W
        pc = b.nopen[c]
        po = b.nopen[o]
        v = (W[1] * (pc[1] - po[1]) + W[2] * (pc[2] - po[2]) + W[3] * (pc[3] - po[3]))
        v += self.sv * (self.side_stars(seat) - self.side_stars(nxt))
        # Forks known from the root scan that are still open.
        v += self._best_fork(c, self.stars[nxt]) - self._best_fork(o, self.stars[seat]) // 2
        return v

    def side_stars(self, seat):
        side = self.sides[seat]
        t = 0
        for s in range(self.players):
            if self.sides[s] == side:
                t += self.stars[s]
        return t

    def _best_fork(self, c, defender_stars):
        b = self.b
        cells = b.cells
        off = 0 if c == self.colour[self.seat] else 16
        nf = _FORKN[0 if off == 0 else 1]
        best = 0
        for i in range(nf):
            y = _FORK[off + i]
            if cells[y]:
                continue
            k = core.completions(b, y, c, EBUF)
            if k >= 2:
                v = self._fork_value(k, defender_stars)
                if v > best:
                    best = v
        return best

    def final(self, seat):
        """The game has ended with `seat` to move and no marble to play: stars decide."""
        if self.one_short and self.b.nopen[self.colour[seat]][3]:
            return WIN
        nxt = (seat + 1) % self.players
        d = self.side_stars(seat) - self.side_stars(nxt)
        if d > 0:
            return WIN - 64
        if d < 0:
            return -WIN + 64
        return 0

    # ----- search ------------------------------------------------------------------------
    def search(self, seat, depth, alpha, beta, ply):
        """Negamax value for `seat` to move. Forced answers to threats are searched without
        using up depth (they have at most stars + 1 choices)."""
        b = self.b
        c = self.colour[seat]
        o = 1 - c
        if b.nopen[c][3] and self.marbles[seat] and b.empty:
            return WIN - ply
        if not self.marbles[seat] or not b.empty:
            return self.final(seat)
        nxt = (seat + 1) % self.players
        base = 8 * ply
        nt = core.threat_cells(b, o, _TB, base, 8)
        if nt:
            s = self.stars[seat]
            if nt > s + 1:
                return -(WIN - ply - 1)
            if self.nodes >= self.budget + 64 or ply >= MAXPLY - 1:
                return self.static(seat) - self.sv * (nt - 1)
            best = -INF
            mark = self.npath
            for i in range(nt):
                for j in range(nt):
                    if j != i:
                        self.put(_TB[base + j], STAR)
                self.stars[seat] -= nt - 1
                self.put(_TB[base + i], MARBLE + c)
                self.marbles[seat] -= 1
                v = -self.search(nxt, depth, -beta, -alpha, ply + 1)
                self.marbles[seat] += 1
                self.stars[seat] += nt - 1
                self.undo_to(mark)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            return best
        if depth <= 0 or self.nodes >= self.budget:
            return self.static(seat)
        # Own candidates: the root order, cells still empty; fork cells first.
        k = self._candidates(c, ply, self.cfg["k2"])
        best = -INF
        mark = self.npath
        cb = 16 * ply
        for i in range(k):
            x = _CAND[cb + i]
            self.put(x, MARBLE + c)
            self.marbles[seat] -= 1
            v = -self.search(nxt, depth - 1, -beta, -alpha, ply + 1)
            self.marbles[seat] += 1
            self.undo_to(mark)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    def _candidates(self, c, ply, k):
        """Up to k empty cells for colour c to try at this ply: its fork cells, then the
        best cells of the root order."""
        cells = self.b.cells
        cb = 16 * ply
        m = 0
        off = 0 if c == self.colour[self.seat] else 16
        nf = _FORKN[0 if off == 0 else 1]
        for i in range(nf):
            y = _FORK[off + i]
            if not cells[y] and m < k:
                _CAND[cb + m] = y
                m += 1
        i = 0
        norder = self.norder
        while m < k and i < norder:
            y = _ORDER[i]
            i += 1
            if cells[y]:
                continue
            j = 0
            while j < m and _CAND[cb + j] != y:
                j += 1
            if j == m:
                _CAND[cb + m] = y
                m += 1
        return m

    def _search_root(self, seat):
        """Try the best k1 cells: our marble, the forced replies it provokes, the opponent's
        best replies (Expert), static evaluation. Returns the turn."""
        b = self.b
        me = self.colour[seat]
        nxt = (seat + 1) % self.players
        cfg = self.cfg
        k1 = min(cfg["k1"], self.norder)
        depth = 1 if cfg["k2"] else 0
        best = -INF - 1
        best_x = _ORDER[0]
        alpha = -INF
        for i in range(k1):
            x = _ORDER[i]
            mark = self.npath
            self.put(x, MARBLE + me)
            self.marbles[seat] -= 1
            v = -self.search(nxt, depth, -INF, -alpha, 1)
            self.marbles[seat] += 1
            self.undo_to(mark)
            # A small share of the root score breaks ties towards the ordering (and noise).
            v = v * 4 + (SCORE[x] & 3)
            if v > best:
                best = v
                best_x = x
                if v // 4 > alpha:
                    alpha = v // 4
            yield None
        return [("marble", best_x)]

    # ----- threat-space search ------------------------------------------------------------
    def _tss_root(self, seat, depth):
        """A marble that wins by force through threats, or -1. Each own move must make at
        least one three; the defender covers the completion cells with a marble and stars
        (every choice is tried), so a fork wins once its cells outnumber the defender's stars
        + 1. Returns the first winning cell found."""
        b = self.b
        me = self.colour[seat]
        nxt = (seat + 1) % self.players
        cells = b.cells
        # Candidate threat moves at the root: cells where a marble makes a three, biggest
        # fork first (the scan counted them).
        m = 0
        for x in range(len(cells)):
            if cells[x]:
                continue
            if (VAL[x] >> TM_SHIFT) & 255:
                m = _insert_by(_CAND, 0, m, 16, x, SCORE)
        for i in range(m):
            x = _CAND[i]
            if self.nodes >= self.budget:
                break
            if self._tss_move(seat, x, depth, 1):
                return x
            yield None
        return -1

    def _tss_move(self, seat, x, depth, ply):
        """Does a marble of `seat` on x win by force in `depth` own threat moves?"""
        b = self.b
        c = self.colour[seat]
        nxt = (seat + 1) % self.players
        s_def = self.stars[nxt]
        k = core.completions(b, x, c, EBUF)
        if k == 0:
            return False
        if k > s_def + 1:
            return True
        if depth <= 1:
            return False
        # Keep the completion cells: EBUF is reused below.
        base = 8 * ply
        if k > 8:
            k = 8
        for i in range(k):
            _TB[base + i] = EBUF[i]
        mark = self.npath
        self.put(x, MARBLE + c)
        self.marbles[seat] -= 1
        ok = True
        o = 1 - c
        for i in range(k):
            # Defender: marble on completion cell i, stars on the others.
            m2 = self.npath
            for j in range(k):
                if j != i:
                    self.put(_TB[base + j], STAR)
            self.stars[nxt] -= k - 1
            self.put(_TB[base + i], MARBLE + o)
            self.marbles[nxt] -= 1
            won = self._tss_continue(seat, depth - 1, ply + 1)
            self.marbles[nxt] += 1
            self.stars[nxt] += k - 1
            self.undo_to(m2)
            if not won:
                ok = False
                break
        self.marbles[seat] += 1
        self.undo_to(mark)
        return ok

    def _tss_continue(self, seat, depth, ply):
        """After the defender's answer: `seat` to move again (two seats; in Bridge the
        partner's turn is skipped as if it passed, so Bridge uses depth 1 only)."""
        b = self.b
        c = self.colour[seat]
        o = 1 - c
        if self.nodes >= self.budget:
            return False
        if b.nopen[c][3]:
            return True  # the defender left a completion cell open
        if self.players != 2:
            return False
        base = 8 * ply
        nt = core.threat_cells(b, o, _TB, base, 8)
        mark = self.npath
        starred = 0
        if nt:
            # The defender's marble made threes of its own: cover them with stars (we keep
            # the marble for the attack) if we can.
            if nt > self.stars[seat]:
                return False
            for i in range(nt):
                self.put(_TB[base + i], STAR)
            self.stars[seat] -= nt
            starred = nt
        won = False
        # Next threat moves: cells where our marble makes a three (global square scan).
        m = _two_cells(b, c, _CAND, 16 * ply, 16)
        for i in range(m):
            x = _CAND[16 * ply + i]
            if self._tss_move(seat, x, depth, ply + 1):
                won = True
                break
            if self.nodes >= self.budget:
                break
        self.stars[seat] += starred
        self.undo_to(mark)
        return won


_ORDER = bytearray(16)


def _insert_by(buf, base, m, cap, x, score):
    """Insert cell x into buf[base:base + m] kept sorted by decreasing score; new length."""
    v = score[x]
    if m == cap:
        if v <= score[buf[base + m - 1]]:
            return m
        m -= 1
    j = m
    while j > 0 and score[buf[base + j - 1]] < v:
        buf[base + j] = buf[base + j - 1]
        j -= 1
    buf[base + j] = x
    return m + 1


def _two_cells(b, c, buf, base, cap):
    """Cells where a c marble makes a three: the empty corners of open squares holding two
    c marbles. One pass over all squares (~1 M fuel at n = 11). Cells that several such
    squares share (fork cells) come first."""
    geo = b.geo
    cnt = b.cnt[c]
    corners = geo.sq_cells
    cells = b.cells
    m = 0
    nf = 0  # fork cells at the front
    for s in range(geo.nsq):
        if cnt[s] != 2:
            continue
        j = 4 * s
        for q in range(4):
            e = corners[j + q]
            if cells[e]:
                continue
            i = 0
            while i < m and buf[base + i] != e:
                i += 1
            if i < m:
                if i >= nf:
                    # Seen before: a fork cell; move it to the front part.
                    t = buf[base + nf]
                    buf[base + nf] = e
                    buf[base + i] = t
                    nf += 1
            elif m < cap:
                buf[base + m] = e
                m += 1
    return m
