"""The computer player for games of two colours taking turns: standard two-player Quad and
Quad Bridge (four seats, two partnerships, colours alternate round the table).

A turn is decided cheapest step first:
 1. a quad to complete now: play it;
 2. the opponent's threat cells (three of four with the fourth empty) must all be covered:
    a marble on one and stars on the others, or stars on all and the marble elsewhere;
 3. one scan of every empty cell (`core.scan2`) gives a value that is the same for both
    sides and, per side, how many open squares holding two of its marbles pass through the
    cell: a marble there makes that many threes; two or more make a fork;
 4. per level: Trainer and Easy take the best noisy score; Average searches its own turn and
    the forced answers it provokes; Expert adds a threat-space search (forcing chains) and
    the opponent's best replies (alpha-beta over well-ordered candidates).

Why forks matter: a defender covers k completion cells with one marble and k - 1 stars, so a
fork costs the defender stars, and wins outright once k > the defender's stars + 1. Between
players who block everything, the game is decided by unplayed stars, so a star is valued high.

The search keeps, beside the board's counters, TWO[c][x] = the open squares of colour c with
two c marbles that have x as an empty corner, and the number of fork cells (TWO >= 2) per
colour, updated with every piece tried: the evaluation reads them in O(1).

Scores are ints far below 2**30. Effort is a node budget (a node = one piece tried), never a
clock, so the move is the same on every machine.
"""

from ..board import MARBLE, STAR
from . import core
from .core import VAL, VMASK, TM_SHIFT, TO_SHIFT, SCORE, TBUF, EBUF, MAXCELLS
from .fast import TWO, NF as _NF, make, unmake

WIN = 1 << 22
INF = 1 << 24
MAXPLY = 32

_PATH = bytearray(128)          # cells of the pieces the current line has put down
_TB = bytearray(MAXPLY * 8)     # threat cells per ply
_CAND = bytearray(MAXPLY * 16)  # candidate cells per ply
_ORDER = bytearray(24)          # root order (best first)
LAST = [0]                      # nodes the last decision used (for tests and benchmarks)
_RV = [0] * 16                  # root values of the current pass
MAXDEPTH = 6
DEBUG = None                    # tests may set a callable(depth, done, used, nodes)

# Level settings:
#  w      scan weights: a marble into a square open for a colour holding k = 0, 1, 2 of its
#         marbles (building for our colour, blocking for the other)
#  W      evaluation weights of open squares holding 1 and 2 own marbles
#  sv     value of a star (unplayed stars decide most games between careful players)
#  fork   evaluation bonus of having a fork cell to play
#  noise  random points added to a cell's root score
#  tilt   chance in 64 of not seeing a three that lies only on tilted squares
#  k1 k2  own candidates searched at the root / replies searched (0 = no reply search)
#  budget nodes (pieces tried) for the whole decision, of which at most tssn for the
#         threat-space search; tss its depth in own moves
LEVELS = {
    "trainer": dict(w=(2, 6, 14), W=(1, 4), sv=300, fork=250, noise=40, tilt=24, k1=0, k2=0,
                    budget=0, tssn=0, tss=0),
    "easy": dict(w=(2, 6, 14), W=(1, 4), sv=300, fork=250, noise=14, tilt=8, k1=0, k2=0,
                 budget=0, tssn=0, tss=0),
    "average": dict(w=(2, 6, 14), W=(1, 4), sv=300, fork=250, fm=100, fo=0, noise=2, tilt=0,
                    k1=8, k2=0, budget=90, tssn=20, tss=1),
    "expert": dict(w=(2, 6, 14), W=(1, 4), sv=300, fork=250, noise=1, tilt=0, k1=8, k2=6,
                   budget=200, tssn=60, tss=2, kt=3,
                   ev=(290, 150, 1074, 47, 0, 10, 0, 117, -110, 430, -100, -100)),
}

_TABLES = {}


def _tables(w):
    t = _TABLES.get(w)
    if t is None:
        t = core.tables(w)
        _TABLES[w] = t
    return t


class Two:
    """One decision for the seat to move. Works on the game's board in place and takes back
    every piece it tries before it yields, so the game looks untouched at every tick."""

    def __init__(self, game, level, rng):
        cfg = LEVELS[level]
        r = game.rules
        self.b = game.board
        self.rng = rng
        self.players = r.players
        self.seat = game.turn
        self.colour = [r.seat_colours[s][0] for s in range(r.players)]
        self.sides = r.seat_side
        self.stars = list(game.stars_left)
        self.marbles = list(game.marbles_left)
        self.total = max(1, r.marbles)
        self.one_short = r.one_short
        self.cfg = cfg
        self.sv = cfg["sv"]
        self.fork = cfg["fork"]
        self.fm = cfg.get("fm", 0)
        self.fo = cfg.get("fo", 0)
        self.W1, self.W2 = cfg["W"]
        self.nodes = 0
        # The node budget is set for 11 x 11 (40 squares through a cell on average); a node
        # costs in proportion to the squares through its cell, so other sizes get the same
        # effort in fuel: 5.7x the nodes on 5 x 5, 0.53x on 15 x 15.
        geo = game.geo
        self.budget = cfg["budget"] * 10 * geo.ncells // geo.nsq
        self.limit = self.budget  # the cap the current phase may not pass
        self.q = cfg.get("qd", 0)  # quiescence fork moves still allowed in this line
        self.npath = 0
        self.norder = 0

    # ----- pieces tried by the search ----------------------------------------------------
    def put(self, x, piece):
        """Put a piece on empty cell x (board counters and TWO), remembered for undo_to."""
        make(self.b, x, piece)
        _PATH[self.npath] = x
        self.npath += 1
        self.nodes += 1

    def undo_to(self, mark):
        b = self.b
        while self.npath > mark:
            self.npath -= 1
            unmake(b, _PATH[self.npath])

    # ----- the decision ------------------------------------------------------------------
    def run(self):
        """Generator: yields None while working, then the turn as a list of actions."""
        b = self.b
        seat = self.seat
        me = self.colour[seat]
        op = 1 - me
        cfg = self.cfg

        LAST[0] = 0
        # 1. A quad to complete.
        w = core.first_threat(b, me)
        if w >= 0 and not self._lapse(w, me):
            yield [("marble", w)]
            return

        # 2. The opponent's completion cells (a level may overlook some on tilted squares).
        nt = core.threat_cells(b, op, TBUF, 0, 16)
        if cfg["tilt"]:
            k = 0
            for i in range(nt):
                t = TBUF[i]
                if not self._lapse(t, op):
                    TBUF[k] = t
                    k += 1
            nt = k

        # 3. One scan of every empty cell; TWO and the fork counts come with it.
        ta, td = _tables(cfg["w"])
        core.scan2(b, me, op, ta, td)
        yield None
        self._root_scores(me, op, seat)
        self.norder = core.top_cells(SCORE, b.cells, len(_ORDER), _ORDER, 0)

        if nt:
            turn = yield from self._answer_threats(nt, seat)
            LAST[0] = self.nodes
            yield turn
            return
        if not cfg["k1"]:
            yield [("marble", _ORDER[0])]
            return

        # 4a. A forcing chain of our own (Average: a fork the defender cannot cover; Expert:
        # threes first).
        if cfg["tss"]:
            self.limit = min(self.budget, cfg["tssn"] * self.budget // max(1, cfg["budget"]))
            x = yield from self._tss_root(seat, cfg["tss"])
            self.limit = self.budget
            if x >= 0:
                LAST[0] = self.nodes
                yield [("marble", x)]
                return

        # 4b. Search the best candidates.
        turn = yield from self._search_root(seat)
        LAST[0] = self.nodes
        yield turn

    def _lapse(self, x, c):
        """Trainer and Easy sometimes do not see a three that lies only on tilted squares."""
        tilt = self.cfg["tilt"]
        if not tilt or not core.only_tilted(self.b, x, c, 3):
            return False
        return self.rng.below(64) < tilt

    def fork_value(self, k, defender_stars):
        """A marble making k completion cells against a defender holding `defender_stars`:
        a win if they cannot cover them all, else the stars they must spend."""
        if k > defender_stars + 1:
            return WIN // 2
        if k >= 2:
            return (k - 1) * self.sv
        return 0

    def _root_scores(self, me, op, seat):
        """SCORE[x] from the scan: value, fork terms and noise; TWO and fork counts."""
        b = self.b
        cells = b.cells
        cfg = self.cfg
        noise = cfg["noise"]
        mix = self.rng.next15()
        s_me = self.stars[seat]
        s_op = self.stars[(seat + 1) % self.players]
        bm = me * MAXCELLS
        bo = op * MAXCELLS
        nfm = 0
        nfo = 0
        for x in range(len(cells)):
            if cells[x]:
                SCORE[x] = -INF
                TWO[bm + x] = 0
                TWO[bo + x] = 0
                continue
            t = VAL[x]
            v = t & VMASK
            if noise:
                # A hash of the cell and two draws of the seeded generator: one draw per
                # cell would allocate on the device (prng intermediates pass 2**30).
                v += ((x * 211 + mix) * 1021 >> 4) % (noise + 1)
            tm = (t >> TM_SHIFT) & 255
            to = t >> TO_SHIFT
            TWO[bm + x] = tm
            TWO[bo + x] = to
            if tm >= 2:
                nfm += 1
                k = core.completions(b, x, me, EBUF)
                v += self.fork_value(k, s_op)
            elif tm:
                v += cfg["w"][2]
            if to >= 2:
                nfo += 1
                # Taking the opponent's fork cell saves what the fork would cost us.
                k = core.completions(b, x, op, EBUF)
                v += self.fork_value(k, s_me) // 2
            SCORE[x] = v
        _NF[me] = nfm
        _NF[op] = nfo

    def _answer_threats(self, nt, seat):
        """Cover every threat cell in TBUF[0:nt]: a marble on one, stars on the others; or
        (Average: only for a forced win; Expert: when the search prefers it) stars on all
        and the marble where it builds."""
        s_me = self.stars[seat]
        if nt > s_me + 1:
            nt = s_me + 1  # lost against correct play: cover what we can
        best_t = TBUF[0]
        if self.cfg["k1"]:
            turn = yield from self._search_blocks(nt, seat)
            return turn
        for i in range(1, nt):
            if SCORE[TBUF[i]] > SCORE[best_t]:
                best_t = TBUF[i]
        out = []
        for i in range(nt):
            if TBUF[i] != best_t:
                out.append(("star", TBUF[i]))
        out.append(("marble", best_t))
        return out

    def _search_blocks(self, nt, seat):
        """Search each way of covering the nt threat cells; return the best turn."""
        me = self.colour[seat]
        nxt = (seat + 1) % self.players
        depth = self.cfg.get("depth", 1) if self.cfg["k2"] else 0
        # Keep the threat cells: TBUF is reused by what the search calls.
        for i in range(nt):
            _TB[i] = TBUF[i]
        best = -INF - 1
        best_i = 0
        mark = self.npath
        for i in range(nt):
            for j in range(nt):
                if j != i:
                    self.put(_TB[j], STAR)
            self.stars[seat] -= nt - 1
            self.put(_TB[i], MARBLE + me)
            self.marbles[seat] -= 1
            v = -self.search(nxt, depth, -INF, INF, 1)
            self.marbles[seat] += 1
            self.stars[seat] += nt - 1
            self.undo_to(mark)
            v = v * 4 + (SCORE[_TB[i]] & 3)
            if v > best:
                best = v
                best_i = i
            yield None
        free_x = -1
        if self.stars[seat] >= nt:
            # Star-then-attack: stars on every threat cell, the marble on a good free cell.
            for j in range(nt):
                self.put(_TB[j], STAR)
            self.stars[seat] -= nt
            # The candidates: the root order (forks first) that is still empty.
            k = self._candidates(me, 1, 3)
            for i in range(k):
                x = _CAND[16 + i]
                m2 = self.npath
                self.put(x, MARBLE + me)
                self.marbles[seat] -= 1
                v = -self.search(nxt, depth, -INF, INF, 2)
                self.marbles[seat] += 1
                self.undo_to(m2)
                # Average spends the extra star only for a forced win ("never waste a
                # star"); Expert whenever the search says it pays.
                if not self.cfg["k2"] and v < WIN // 2:
                    continue
                v = v * 4 + (SCORE[x] & 3)
                if v > best:
                    best = v
                    free_x = x
            self.stars[seat] += nt
            self.undo_to(mark)
            yield None
        out = []
        for j in range(nt):
            if free_x >= 0 or j != best_i:
                out.append(("star", _TB[j]))
        out.append(("marble", free_x if free_x >= 0 else _TB[best_i]))
        return out

    # ----- evaluation --------------------------------------------------------------------
    def side_stars(self, seat):
        side = self.sides[seat]
        t = 0
        for s in range(self.players):
            if self.sides[s] == side:
                t += self.stars[s]
        return t

    def static(self, seat):
        """Score for `seat` to move in a quiet position (no completion cell for either):
        stars, open squares by how many own marbles they hold, and fork cells: the side to
        move plays one of its own (the defender pays a star, or loses with none left); the
        opponent's forks can be taken away one a turn."""
        b = self.b
        c = self.colour[seat]
        o = 1 - c
        nxt = (seat + 1) % self.players
        pc = b.nopen[c]
        po = b.nopen[o]
        v = self.W1 * (pc[1] - po[1]) + self.W2 * (pc[2] - po[2])
        sp = self.side_stars(seat)
        so = self.side_stars(nxt)
        v += self.sv * (sp - so)
        fp = _NF[c]
        fo = _NF[o]
        ev = self.cfg.get("ev")
        if ev:
            # Weights fitted to game outcomes (logistic, 1 logit = 300 points), each given
            # at the start and the end of the game and interpolated by marbles played.
            m = self.marbles[seat]
            tot = self.total
            ph = tot - m
            tempo, s0, s1, a0, a1, b0, b1, f1, g0, g1, h1, h2 = ev
            v = tempo
            v += (s0 * m + s1 * ph) // tot * (sp - so)
            v += (a0 * m + a1 * ph) * (pc[2] - po[2]) // tot
            v += (b0 * m + b1 * ph) * (pc[1] - po[1]) // tot
            if fp:
                v += f1
                if fp > so:
                    v += (g0 * m + g1 * ph) // tot
            if fo >= 2:
                v += h1
                if fo - 1 > sp:
                    v += h2
            return v
        race = self.cfg.get("race", 0)
        if race:
            # The mover can play its fork cells one after another (a fork keeps the
            # initiative): each costs the defender a star, and one more than its stars wins.
            if fp:
                if fp > so:
                    v += self.cfg.get("rwin", WIN // 8)
                else:
                    v += self.fork * fp
            if fo >= 2:
                # We can take one of theirs away with our move.
                if fo - 1 > sp:
                    v -= self.cfg.get("rlose", WIN // 16)
                else:
                    v -= self.fo * (fo - 1)
            return v
        if fp:
            v += (self.fork if so else WIN // 4) + self.fm * (fp - 1)
        if fo:
            v -= self.fo * fo
            if fo >= 2 and not sp:
                v -= WIN // 8
        return v

    def final(self, seat):
        """The game has ended with `seat` to move and no marble to play: stars decide."""
        if self.one_short and self.b.nopen[self.colour[seat]][3]:
            return WIN
        d = self.side_stars(seat) - self.side_stars((seat + 1) % self.players)
        if d > 0:
            return WIN - 64
        if d < 0:
            return -WIN + 64
        return 0

    # ----- search ------------------------------------------------------------------------
    def search(self, seat, depth, alpha, beta, ply):
        """Negamax value for `seat` to move. Answers to threats are forced (at most stars +
        1 ways to cover them) and are searched without using up depth."""
        b = self.b
        c = self.colour[seat]
        if not self.marbles[seat] or not b.empty:
            return self.final(seat)
        if b.nopen[c][3]:
            return WIN - ply
        o = 1 - c
        nxt = (seat + 1) % self.players
        base = 8 * ply
        nt = core.threat_cells(b, o, _TB, base, 8)
        if nt:
            s = self.stars[seat]
            if nt > s + 1:
                return -(WIN - ply - 1)
            if self.nodes + 2 * nt > self.limit or ply >= MAXPLY - 2:
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
        if depth <= 0 or self.nodes >= self.limit - 8:
            stand = self.static(seat)
            q = self.q
            if not q or not _NF[c] or stand >= beta or self.nodes >= self.limit - 8:
                return stand
            # Quiescence: the mover may also play its fork cells (forcing: the defender
            # covers them and we move again), a few of them, a few times in a line.
            if stand > alpha:
                alpha = stand
            k = _fork_cells(c, b.cells, _CAND, 16 * ply, self.cfg.get("qk", 2))
            best = stand
            mark = self.npath
            self.q = q - 1
            for i in range(k):
                x = _CAND[16 * ply + i]
                self.put(x, MARBLE + c)
                self.marbles[seat] -= 1
                v = -self.search(nxt, 0, -beta, -alpha, ply + 1)
                self.marbles[seat] += 1
                self.undo_to(mark)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            self.q = q
            return best
        k = self._candidates(c, ply, self.cfg["k2"] if ply < 2 else self.cfg.get("k3", 3))
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
        """Up to k empty cells for colour c at this ply into _CAND[16 * ply:]: its fork
        cells, the opponent's fork cells, a few cells where it makes a three (forcing
        moves), then the root order."""
        cells = self.b.cells
        cb = 16 * ply
        m = 0
        if _NF[c]:
            m = _fork_cells(c, cells, _CAND, cb, k)
        if _NF[1 - c] and m < k:
            m = _add_forks(1 - c, cells, cb, m, k)
        kt = self.cfg.get("kt", 2)
        if kt and m < k:
            tb = c * MAXCELLS
            lim = m + kt
            if lim > k:
                lim = k
            i = 0
            norder = self.norder
            while m < lim and i < norder:
                y = _ORDER[i]
                i += 1
                if TWO[tb + y] and not cells[y]:
                    m = _add(cb, m, y)
            x = 0
            while m < lim and x < len(cells):
                if TWO[tb + x] and not cells[x]:
                    m = _add(cb, m, x)
                x += 1
        i = 0
        norder = self.norder
        while m < k and i < norder:
            y = _ORDER[i]
            i += 1
            if not cells[y]:
                m = _add(cb, m, y)
        return m

    def _search_root(self, seat):
        """Try the k1 best cells: our marble, the forced answers it provokes, the
        opponent's best replies (Expert), evaluation; Expert deepens while the budget
        lasts (small boards: several plies). Returns the turn."""
        me = self.colour[seat]
        nxt = (seat + 1) % self.players
        cfg = self.cfg
        k1 = self._candidates(me, 0, cfg["k1"])
        depth = cfg.get("depth", 1) if cfg["k2"] else 0
        best_x = _CAND[0]
        while True:
            start = self.nodes
            best = -INF - 1
            alpha = -INF
            done = 0
            for i in range(k1):
                if i >= 1 and self.nodes >= self.limit:
                    break
                x = _CAND[i]
                mark = self.npath
                self.put(x, MARBLE + me)
                self.marbles[seat] -= 1
                v = -self.search(nxt, depth, -INF, -alpha + 1, 1)
                self.marbles[seat] += 1
                self.undo_to(mark)
                # Ties go to the better root score (which carries the seed's noise).
                v = v * 4 + (SCORE[x] & 3)
                _RV[i] = v
                done = i + 1
                if v > best:
                    best = v
                    if v // 4 > alpha:
                        alpha = v // 4
                yield None
            # The best of this pass (the previous best is searched first, so a pass cut
            # short by the budget still compares against it).
            for i in range(done):
                if _RV[i] == best:
                    best_x = _CAND[i]
                    break
            used = self.nodes - start
            if DEBUG:
                DEBUG(depth, done, used, self.nodes)
            if (not cfg["k2"] or done < k1 or best >= 4 * (WIN // 2) or best <= -4 * (WIN // 2)
                    or depth >= MAXDEPTH or self.nodes + 5 * used > self.limit):
                break
            # Deepen: the candidates in the order of this pass.
            for i in range(1, k1):
                x = _CAND[i]
                v = _RV[i]
                j = i
                while j > 0 and _RV[j - 1] < v:
                    _RV[j] = _RV[j - 1]
                    _CAND[j] = _CAND[j - 1]
                    j -= 1
                _RV[j] = v
                _CAND[j] = x
            depth += 1
        return [("marble", best_x)]

    # ----- threat-space search ------------------------------------------------------------
    def _tss_root(self, seat, depth):
        """A marble that wins by force through threats, or -1. Every own move makes at least
        one three; the defender covers the completion cells with a marble and stars (each
        choice is tried), so a fork wins once its cells outnumber the defender's stars + 1."""
        me = self.colour[seat]
        base = me * MAXCELLS
        cells = self.b.cells
        m = 0
        for x in range(len(cells)):
            if not cells[x] and TWO[base + x]:
                m = _insert_by(_CAND, 0, m, 16, x, SCORE)
        for i in range(m):
            x = _CAND[i]
            if self.nodes >= self.limit:
                break
            if self._tss_move(seat, x, depth, 1):
                return x
            yield None
        return -1

    def _tss_move(self, seat, x, depth, ply):
        """Does a marble of `seat` on x win by force within `depth` own threat moves?"""
        b = self.b
        c = self.colour[seat]
        nxt = (seat + 1) % self.players
        s_def = self.stars[nxt]
        k = core.completions(b, x, c, EBUF)
        if k == 0:
            return False
        if k > s_def + 1:
            return True
        if depth <= 1 or self.players != 2:
            return False
        base = 8 * ply
        for i in range(k):
            _TB[base + i] = EBUF[i]
        mark = self.npath
        self.put(x, MARBLE + c)
        self.marbles[seat] -= 1
        ok = True
        o = 1 - c
        for i in range(k):
            # The defender: marble on completion cell i, stars on the others.
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
        """After the defender's answer, `seat` to move again: win on with another threat."""
        b = self.b
        c = self.colour[seat]
        o = 1 - c
        if b.nopen[c][3]:
            return True  # a completion cell was left open
        if self.nodes >= self.limit or not self.marbles[seat]:
            return False
        base = 8 * ply
        nt = core.threat_cells(b, o, _TB, base, 8)
        mark = self.npath
        starred = 0
        if nt:
            # The defender's marble made threes of its own: star them (the marble stays
            # free for the attack) if we can.
            if nt > self.stars[seat]:
                return False
            for i in range(nt):
                self.put(_TB[base + i], STAR)
            self.stars[seat] -= nt
            starred = nt
        won = False
        cb = 16 * ply
        tb = c * MAXCELLS
        cells = b.cells
        m = 0
        for x in range(len(cells)):
            if not cells[x] and TWO[tb + x]:
                if m < 16:
                    _CAND[cb + m] = x
                    m += 1
        # Fork cells first.
        for i in range(m):
            x = _CAND[cb + i]
            if TWO[tb + x] >= 2 and self._tss_move(seat, x, depth, ply + 1):
                won = True
                break
        if not won:
            for i in range(m):
                x = _CAND[cb + i]
                if TWO[tb + x] == 1 and self._tss_move(seat, x, depth, ply + 1):
                    won = True
                    break
                if self.nodes >= self.limit:
                    break
        self.stars[seat] += starred
        self.undo_to(mark)
        return won


def _add(cb, m, y):
    """Append y to _CAND[cb:cb + m] unless it is there already; the new length."""
    j = 0
    while j < m and _CAND[cb + j] != y:
        j += 1
    if j == m:
        _CAND[cb + m] = y
        m += 1
    return m


def _add_forks(c, cells, cb, m, k):
    tb = c * MAXCELLS
    for x in range(len(cells)):
        if m >= k:
            break
        if TWO[tb + x] >= 2 and not cells[x]:
            m = _add(cb, m, x)
    return m


def _fork_cells(c, cells, buf, base, cap):
    """Empty cells with TWO >= 2 for colour c into buf[base:], at most cap; how many."""
    tb = c * MAXCELLS
    m = 0
    for x in range(len(cells)):
        if TWO[tb + x] >= 2 and not cells[x]:
            buf[base + m] = x
            m += 1
            if m >= cap:
                break
    return m


def _insert_by(buf, base, m, cap, x, score):
    """Insert cell x into buf[base:base + m], kept sorted by decreasing score; new length."""
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
