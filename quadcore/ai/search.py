"""The old alpha-beta search of the two-colour player: `Search`, a `two.Two` that searches
its free turns (`search_root`) and its covering turns (`search_blocks`) cell by cell.

Loaded only where the turn search (turns.py) does not play: boards below 11 x 11, where it
deepens pass by pass and finds the solved small-board wins, and games of four in two teams.
Made directly, it plays a level as it played before the turn search on every board (Expert
so is compared with its past: tools/lab/expert_lab.py, the tests). `quadcore.ai` picks
the class (`two.searcher`); on 11 x 11 its code stays off the device's heap.

Negamax over turns with make/unmake on the board in place (`fast.make`, `fast.unmake`):
 * the side to move with a completion cell has won;
 * a side facing completion cells must cover them all: a marble on one and stars on the
   others (at most stars + 1 ways); these forced answers do not use up depth;
 * otherwise it tries its fork cells, the opponent's fork cells, a few cells where it makes
   a three, then the root order (one scan at the root orders both sides: a cell's value is
   the same for both);
 * at depth 0 a static evaluation: stars, open squares by how many own marbles they hold,
   fork cells (O(1) from the counters), and for Expert weights fitted to game outcomes.

Effort: a node is one piece put down; a decision stops searching at its node limit.
"""

from ..board import MARBLE, STAR
from . import core
from .core import MAXCELLS, SCORE, TBUF, add
from .fast import (CAND, CHUNK, FORCED, H, INF, MAXDEPTH, MAXPLY, NF, ORDER, RV, TB, TWO,
                   WIN, cells_with)
from .two import FORK, Two


class Search(Two):
    def __init__(self, game, level, rng, cfg=None):
        Two.__init__(self, game, level, rng, cfg)
        self.tcap = 0  # cell by cell wherever this class is used, turn search or not
        cfg = self.cfg
        r = game.rules
        self.total = max(1, r.marbles)
        self.one_short = r.one_short
        self.fork = FORK
        self.fm = cfg.get("fm", 0)
        self.W1, self.W2 = cfg.get("W", (1, 4))
        self.optcap = INF
        if cfg.get("optcap"):
            self.optcap = cfg["optcap"] * self.budget // cfg["budget"]  # scaled alike
        self.tv = 0      # value of the last leaf `prepare` met
        self.rsn = 0     # stars of the root turn on the board
        self.done = 0    # root turns valued by the last `eval_turns`

    # ----- evaluation --------------------------------------------------------------------
    def static(self, seat):
        """Score for `seat` to move in a quiet position (no completion cell for either)."""
        b = self.b
        c = self.colour[seat]
        o = 1 - c
        pc = b.nopen[c]
        po = b.nopen[o]
        sp = self.side_stars(seat)
        so = self.side_stars((seat + 1) % self.players)
        fp = NF[c]
        fo = NF[o]
        ev = self.cfg.get("ev")
        if not ev:
            # Average: hand-set weights. The mover will play one of its fork cells (the
            # defender pays a star, or loses with none left); more of them are worth more.
            v = self.W1 * (pc[1] - po[1]) + self.W2 * (pc[2] - po[2]) + self.sv * (sp - so)
            if fp:
                v += (self.fork if so else WIN // 4) + self.fm * (fp - 1)
            if fo >= 2 and not sp:
                v -= WIN // 8  # two forks against us and no star: we can take only one
            return v
        # Expert: weights from a logistic fit of game outcomes (positions of Average and
        # Expert games; 1 logit = 300 points), each given at the start and the end of the
        # game and interpolated by the mover's marbles played.
        m = self.marbles[seat]
        tot = self.total
        ph = tot - m
        t0, t1, s0, s1, a0, a1, b0, b1, f1, g0, g1, h1, h2, wfv = ev
        v = (t0 * m + t1 * ph) // tot  # the move itself is worth a lot: the initiative
        v += (s0 * m + s1 * ph) // tot * (sp - so)
        v += (a0 * m + a1 * ph) * (pc[2] - po[2]) // tot
        v += (b0 * m + b1 * ph) * (pc[1] - po[1]) // tot
        if fp:
            v += f1
            if fp > so:
                v += (g0 * m + g1 * ph) // tot
            # A cell in more open twos than the defender's stars + 1: a fork they cannot
            # cover, and the mover plays it next.
            if so < 40:
                hb = 64 * c + so + 2
                for j in range(hb, hb + 12):
                    if H[j]:
                        v += wfv
                        break
        if fo >= 2:
            v += h1
            if fo - 1 > sp:
                v += h2
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
        """Negamax value for `seat` to move (fail-soft alpha-beta)."""
        n = self.prepare(seat, depth, ply)
        if n < 0:
            return self.tv
        best = -INF
        for j in range(n):
            v = self.option(seat, j, depth, alpha, beta, ply)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    def prepare(self, seat, depth, ply):
        """The choices of `seat` at this ply: -1 if the node is a leaf (its value in
        self.tv), else how many options `option` can try. Facing completion cells, the
        options are the ways to cover them (a marble on one, stars on the others: at most
        stars + 1, searched without using up depth); else candidate cells."""
        b = self.b
        c = self.colour[seat]
        if not self.marbles[seat] or not b.empty:
            self.tv = self.final(seat)
            return -1
        if b.nopen[c][3]:
            self.tv = WIN - ply
            return -1
        if ply >= MAXPLY - 1:
            self.tv = self.static(seat)  # the scratch buffers end here (never in practice)
            return -1
        nt = core.threat_cells(b, 1 - c, TB, 8 * ply, 8)
        if nt:
            if nt > self.stars[seat] + 1:
                self.tv = -(WIN - ply - 1)
                return -1
            if self.nodes + 2 * nt > self.limit or ply >= MAXPLY - 2:
                self.tv = self.static(seat) - self.sv * (nt - 1)
                return -1
            FORCED[ply] = nt
            return nt
        if depth <= 0 or self.nodes >= self.limit - 8:
            self.tv = self.static(seat)
            return -1
        FORCED[ply] = 0
        return self.candidates(c, ply, self.cfg.get("k2", 0) if ply < 2 else self.cfg.get("k3", 3))

    def option(self, seat, j, depth, alpha, beta, ply):
        """Value for `seat` of its option j at this ply (after `prepare`)."""
        c = self.colour[seat]
        nxt = (seat + 1) % self.players
        nt = FORCED[ply]
        mark = self.npath
        if nt:
            base = 8 * ply
            for i in range(nt):
                if i != j:
                    self.put(TB[base + i], STAR)
            self.stars[seat] -= nt - 1
            self.put(TB[base + j], MARBLE + c)
            self.marbles[seat] -= 1
            v = -self.search(nxt, depth, -beta, -alpha, ply + 1)
            self.stars[seat] += nt - 1
        else:
            self.put(CAND[16 * ply + j], MARBLE + c)
            self.marbles[seat] -= 1
            v = -self.search(nxt, depth - 1, -beta, -alpha, ply + 1)
        self.marbles[seat] += 1
        self.undo_to(mark)
        return v

    def eval_turns(self, seat, buf, k, ns, depth, full):
        """Generator: value the root turns i < k of `seat`: stars on TB[0:ns] except the
        turn's marble cell, the marble on buf[i]. RV[i] = value * 4 + a tie-break from the
        root score; self.done = how many were valued (the budget may stop it early). The
        opponent's answers are tried in chunks of about CHUNK nodes with the turn taken back
        in between, so it yields often and always with the board as it came. `full`: every
        turn gets the full window (the block search compares them all); else alpha-beta
        across turns."""
        me = self.colour[seat]
        nxt = (seat + 1) % self.players
        alpha = -INF
        self.done = 0
        for i in range(k):
            if i >= 1 and self.nodes >= self.limit:
                break
            m = buf[i]
            self.root_put(seat, m, ns, me)
            n = self.prepare(nxt, depth, 1)
            if n < 0:
                v = -self.tv
                self.root_undo(seat)
            else:
                a_o = -INF
                b_o = INF if full else -alpha + 1
                best_o = -INF
                on = True
                for j in range(n):
                    if not on:
                        self.root_put(seat, m, ns, me)
                        on = True
                    # One answer may not take more than its share: forced chains (threes
                    # answered by threes) could otherwise eat the whole budget in one line.
                    limit = self.limit
                    cap = self.nodes + self.optcap
                    if cap < limit:
                        self.limit = cap
                    vj = self.option(nxt, j, depth, a_o, b_o, 1)
                    self.limit = limit
                    if self.nodes - self.ticked >= CHUNK:
                        # Time for a tick: take the turn back (the board must look as it
                        # came), yield, and put it again for the next answer.
                        self.root_undo(seat)
                        on = False
                        self.ticked = self.nodes
                        yield None
                    if vj > best_o:
                        best_o = vj
                        if vj > a_o:
                            a_o = vj
                            if a_o >= b_o:
                                break
                if on:
                    self.root_undo(seat)
                v = -best_o
            v = v * 4 + (SCORE[m] & 3)
            RV[i] = v
            self.done = i + 1
            if not full and v // 4 > alpha:
                alpha = v // 4
            self.ticked = self.nodes
            yield None

    def root_put(self, seat, m, ns, me):
        """A root turn onto the board: stars on TB[0:ns] but m, then the marble on m."""
        k = 0
        for q in range(ns):
            if TB[q] != m:
                self.put(TB[q], STAR)
                k += 1
        self.stars[seat] -= k
        self.rsn = k
        self.put(m, MARBLE + me)
        self.marbles[seat] -= 1

    def root_undo(self, seat):
        self.marbles[seat] += 1
        self.stars[seat] += self.rsn
        self.undo_to(0)

    def candidates(self, c, ply, k):
        """Up to k empty cells for colour c into CAND[16 * ply:]: its fork cells, the
        opponent's fork cells, up to kt cells where it makes a three (forcing moves, best
        of the root order first), then the root order."""
        cells = self.b.cells
        cb = 16 * ply
        m = 0
        if NF[c]:
            m = cells_with(TWO, c, cells, CAND, cb, 0, k, 2)
        if NF[1 - c] and m < k:
            m = cells_with(TWO, 1 - c, cells, CAND, cb, m, k, 2)
        kt = self.cfg.get("kt", 2)
        norder = self.norder
        if m < k:
            tb = c * MAXCELLS
            lim = m + kt
            if lim > k:
                lim = k
            i = 0
            while m < lim and i < norder:
                y = ORDER[i]
                i += 1
                if TWO[tb + y] and not cells[y]:
                    m = add(CAND, cb, m, y)
            if m < lim:
                m = cells_with(TWO, c, cells, CAND, cb, m, lim, 1)
        i = 0
        while m < k and i < norder:
            y = ORDER[i]
            i += 1
            if not cells[y]:
                m = add(CAND, cb, m, y)
        return m

    def search_root(self, seat):
        """Generator: value the k1 candidates (our marble, the answers it forces, Expert: the
        opponent's best replies); Expert deepens pass by pass while the budget lasts (small
        boards reach several plies). Returns the turn."""
        me = self.colour[seat]
        cfg = self.cfg
        k1 = self.candidates(me, 0, cfg["k1"])
        depth = 1 if cfg.get("k2") else 0
        best_x = CAND[0]
        while True:
            start = self.nodes
            yield from self.eval_turns(seat, CAND, k1, 0, depth, False)
            done = self.done
            # The best of this pass (the previous best is searched first, so a pass cut
            # short by the budget still compares against it).
            best = -INF * 4
            for i in range(done):
                if RV[i] > best:
                    best = RV[i]
                    best_x = CAND[i]
            used = self.nodes - start
            # A pass costs about 5x the one before: go deeper only if that fits.
            if (not cfg.get("k2") or done < k1 or best >= 4 * (WIN // 2)
                    or best <= -4 * (WIN // 2) or depth >= MAXDEPTH
                    or self.nodes + 5 * used > self.limit):
                break
            for i in range(1, k1):
                x = CAND[i]
                v = RV[i]
                j = i
                while j > 0 and RV[j - 1] < v:
                    RV[j] = RV[j - 1]
                    CAND[j] = CAND[j - 1]
                    j -= 1
                RV[j] = v
                CAND[j] = x
            depth += 1
        return [("marble", best_x)]

    def search_blocks(self, nt, seat):
        """Generator: search each way of covering the nt threat cells (the marble on each in
        turn, stars on the others), and stars on all with the marble on one of the best free
        cells. The star-all turn is taken for a forced win, or when the marble on the threat
        cell would not help us (see LEVELS: help). Returns the turn."""
        cfg = self.cfg
        me = self.colour[seat]
        depth = 1 if cfg["k2"] else 0
        for i in range(nt):
            TB[i] = TBUF[i]  # TBUF is reused by what the search calls
        # The marble on each threat cell in turn, stars on the others.
        yield from self.eval_turns(seat, TB, nt, nt, depth, True)
        best = RV[0]
        best_i = 0
        for i in range(1, self.done):
            if RV[i] > best:
                best = RV[i]
                best_i = i
        free_x = -1
        if self.stars[seat] >= nt:
            # Star-then-attack: stars on every threat cell, the marble on a good free cell:
            # the candidates are chosen with the stars down, then valued like the others.
            for j in range(nt):
                self.put(TB[j], STAR)
            k = self.candidates(me, 1, 3)
            self.undo_to(0)
            for i in range(k):
                CAND[i] = CAND[16 + i]
            yield from self.eval_turns(seat, CAND, k, nt, depth, True)
            fx = -1
            free_v = -INF * 4
            for i in range(self.done):
                if RV[i] > free_v:
                    free_v = RV[i]
                    fx = CAND[i]
            if free_v >= 4 * (WIN // 2):
                free_x = fx  # a forced win
            elif fx >= 0 and free_v > -4 * (WIN // 2) and \
                    free_v >= best - 4 * cfg.get("tol", INF):
                # (Only while the search does not rate the star clearly worse.)
                if SCORE[TB[best_i]] * 100 < cfg["help"] * SCORE[fx]:
                    free_x = fx
        out = []
        for j in range(nt):
            if free_x >= 0 or j != best_i:
                out.append(("star", TB[j]))
        out.append(("marble", free_x if free_x >= 0 else TB[best_i]))
        return out
