"""The turn search of Average and Expert on 11 x 11 and larger (`Turns`, a `two.Two` that
searches its free and covering turns this way): whole turns, 3 deep.

A turn is what a player really puts down: facing the opponent's completion cells, the marble
on one of them with stars on the others, or (stars enough) stars on all and the marble on a
free cell; else the marble on a free cell. At every node each such turn (the free cells:
the 3 best of a pool) is put, valued by a one-ply evaluation (`evaluate`) and taken back;
the 3 best are searched, alpha-beta, 3 turns deep. The last turn's value is its best
ranked value (searching it again would repeat the same evaluations). A turn leaving more
completion cells than the opponent's stars + 1 wins at once. After `tcap` pieces (11 x 11;
scaled by board size like the budget) nodes are valued statically.

Pool: the root's one-ply value of each cell (`greedy` weights below, summed over the squares
through it, both colours) plus 13 for every open two made through the cell since the root,
minus 13 for every one lost: a rescan per node would cost ~13 M fuel, this costs one pass
over the cells. Measured host-only before the port (`tools/lab/expert_lab.py --pool 3 --cap
100`): 0.575 / 0.515 against the sparring partner where the old search scored 0.490 / 0.435.

Scratch is allocated once at import (~0.6 KB; Master's wider or deeper search enlarges it
once, master.fit, and runs its plies below the first answer in master.py); nothing per node.
The search yields about every CHUNK pieces with the board exactly as it came (the root turn
taken back).
"""

from array import array

from ..board import MARBLE, STAR
from .core import MAXCELLS, threat_cells
from .fast import CHUNK, H, INF, NF, TWO, WIN
from .two import Two

SV = 300                     # an unplayed star (they decide a full board)
O1 = 1                       # an open square holding one marble of the side: the
#                              level's "o1" (Expert 6, issue 23: the second seat against
#                              the greedy reference), set by turn_search
O2 = 6                       # ... two marbles
FW = 40                      # a cell making two threes or more (a fork cell)
PW = 13                      # an open two made (lost) through a pool cell since the root
MT = 0                       # the mover's best fork cell making k threes: MT x (k - 1);
#                              the level's "mt" (Expert 300, issue 23: the second seat
#                              against the greedy reference), set by turn_search
OVER = 10                    # see turn_search
S = 3                        # turns searched at a node, free cells ranked at a node and
#                              per-ply slots of TOPI / TOPV: the level's width (Average and
#                              Expert 3, Master 5), set by turn_search
D = 3                        # turns looked ahead: the level's depth, set by turn_search
# Root one-ply weights per square counter (0..39): building for the mover (1, 3, 13, 61 for
# 0..3 own marbles) and blocking the other (0, 2, 12, 60); dead squares (>= 8) nothing.
# (bytes, not tuples: 40 bytes each on the device's heap instead of 160.)
GA = bytes((1, 3, 13, 61)[v] if v < 4 else 0 for v in range(40))
GD = bytes((0, 2, 12, 60)[v] if v < 4 else 0 for v in range(40))

# Scratch for Expert's and Average's 3 plies, 3 wide; master.fit enlarges it for Master (wider
# or deeper) on its first search, so Expert's games keep the small one.
ROOT = array("h")            # per cell: root value - 13 x its open twos at the root
for _ in range(MAXCELLS):
    ROOT.append(0)
NEED = bytearray(3 * 8)      # per ply: the opponent's completion cells (at most 8)
NNEED = bytearray(3)
TC = bytearray(3 * 16)       # per ply: each turn's marble cell (i < nneed: stars on the
#                              other need cells; else stars on all of them)
TOPI = bytearray(3 * 3)      # per ply: the best turns' indices into TC (S slots), best first
TOPV = array("i", (0, 0, 0, 0, 0, 0, 0, 0, 0))
NTOP = bytearray(3)
SCR = bytearray(64)


def distinct(b, c):
    """Cells where colour c completes a quad now."""
    return threat_cells(b, c, SCR, 0, 64)


def evaluate(b, p, q, sp, sq):
    """One-ply value for side p (colour p) to move against q; sp, sq their stars."""
    if b.nopen[p][3]:
        return WIN
    kq = distinct(b, q)
    if kq > sp + 1:
        return -WIN
    v = SV * (sp - sq)
    if kq > 1:
        v -= SV * (kq - 1)
    np_ = b.nopen[p]
    nq = b.nopen[q]
    v += O1 * (np_[1] - nq[1]) + O2 * (np_[2] - nq[2])
    # Cells making more than k threes = fork cells (NF) less those making 2..k: a few bins
    # of H read instead of up to 60 (measured 3% of Expert's worst move on the VM).
    fp = NF[p]
    if not kq and fp:
        for j in range(64 * p + 2, 64 * p + sq + 2):
            fp -= H[j]
        if fp > 0:
            return WIN // 2  # a cell where p makes more threes than q can cover: next
        if MT:
            # p plays its best fork cell next: q covers k threes with k - 1 stars.
            j = 64 * p + sq + 1
            while j > 64 * p + 2 and not H[j]:
                j -= 1
            v += MT * (j - 64 * p - 1)
    big = NF[q]
    if big > 1:
        for j in range(64 * q + 2, 64 * q + sp + 2):
            big -= H[j]
        if big > 1:
            v -= WIN // 4
    return v + FW * (NF[p] - NF[q])


class Turns(Two):
    def turn_gen(self, p, c, o, sc):
        """Fill ply p's turns for colour c (sc stars) against o; returns how many (the
        need cells in NEED[8p:], NNEED[p]). -1: more need cells than sc + 1 (lost)."""
        b = self.b
        nb = 8 * p
        nt = threat_cells(b, o, NEED, nb, 8)
        NNEED[p] = nt
        if nt > sc + 1:
            return -1
        tb = 16 * p
        for i in range(nt):
            TC[tb + i] = NEED[nb + i]
        k = nt
        wd = S
        if nt <= sc:
            # The best `width` free cells of the pool (ties: the lower cell).
            cells = b.cells
            valid = b.geo.valid
            lo = k
            low = -INF  # the value of the last of the S kept (once full)
            for x in range(len(cells)):
                if cells[x] or not valid[x]:
                    continue
                v = ROOT[x] + PW * (TWO[x] + TWO[MAXCELLS + x])
                if v <= low:
                    continue  # most cells stop here, before the need cells are compared
                j = 0
                while j < nt and NEED[nb + j] != x:
                    j += 1
                if j < nt:
                    continue
                if k - lo == wd:
                    k -= 1
                j = k
                while j > lo:
                    y = TC[tb + j - 1]
                    if ROOT[y] + PW * (TWO[y] + TWO[MAXCELLS + y]) >= v:
                        break
                    TC[tb + j] = y
                    j -= 1
                TC[tb + j] = x
                k += 1
                if k - lo == wd:
                    y = TC[tb + k - 1]
                    low = ROOT[y] + PW * (TWO[y] + TWO[MAXCELLS + y])
        return k

    def turn_put(self, p, i, c):
        """Put turn i of ply p for colour c; returns the stars it used."""
        nb = 8 * p
        nt = NNEED[p]
        m = TC[16 * p + i]
        k = 0
        for j in range(nt):
            y = NEED[nb + j]
            if y != m:
                self.put(y, STAR)
                k += 1
        self.put(m, MARBLE + c)
        return k

    def ranked(self, p, c, o, sc, so):
        """Rank ply p's turns of c by the one-ply evaluation into TOPI / TOPV (best first,
        at most S; ties: fewer stars, then the lower cell); returns how many, or -1 with
        TOPV[Sp] = WIN for a turn whose fork o cannot cover (TOPI[Sp] that turn)."""
        n = self.turn_gen(p, c, o, sc)
        if n < 0:
            return -1 - 1  # (never at an inner node: the caller checks first)
        b = self.b
        nt = NNEED[p]
        tb = S * p
        wd = S
        m = 0
        for i in range(n):
            mark = self.npath
            k = self.turn_put(p, i, c)
            if distinct(b, c) > so + 1:
                self.undo_to(mark)
                TOPI[tb] = i
                TOPV[tb] = WIN
                NTOP[p] = 1
                return -1
            v = -evaluate(b, o, c, so, sc - k)
            self.undo_to(mark)
            # Insert (v, stars, cell); i >= nt have one star more than i < nt.
            if m == wd:
                if not self.better(p, i, v, TOPI[tb + m - 1], TOPV[tb + m - 1], nt):
                    continue
                m -= 1
            j = m
            while j > 0 and self.better(p, i, v, TOPI[tb + j - 1], TOPV[tb + j - 1], nt):
                TOPI[tb + j] = TOPI[tb + j - 1]
                TOPV[tb + j] = TOPV[tb + j - 1]
                j -= 1
            TOPI[tb + j] = i
            TOPV[tb + j] = v
            m += 1
        NTOP[p] = m
        return m

    def better(self, p, i, v, i2, v2, nt):
        if v != v2:
            return v > v2
        s1 = i >= nt
        s2 = i2 >= nt
        if s1 != s2:
            return s2
        return TC[16 * p + i] < TC[16 * p + i2]

    def leaf(self, c, o, sc, so, p=2):
        """Value for c to move at the last turn (ply p: 2, deeper for Master)."""
        b = self.b
        if self.nodes >= self.limit or b.nopen[c][3]:
            return evaluate(b, c, o, sc, so)
        if threat_cells(b, o, SCR, 0, 64) > sc + 1:
            return -WIN
        n = self.ranked(p, c, o, sc, so)
        if n == -1:
            return WIN
        if not n:
            return evaluate(b, c, o, sc, so)
        return TOPV[S * p]

    def turn_search(self, seat):
        """Generator: the turn for `seat` (a list of pieces) by the turn search."""
        global MT, O1, S, D
        # The level's fork tempo, single-marble squares' weight, width and depth (Master's
        # may be more), from its config:
        # not kept on the searcher, whose attribute table two more would fill to the last
        # of its 37 slots.
        cfg = self.cfg
        MT = cfg.get("mt", 0)
        O1 = cfg.get("o1", 1)
        S = cfg.get("width", 3)
        D = cfg.get("depth", 3)
        if len(NNEED) < D or len(TOPI) < max(D, len(NNEED)) * S:
            from .master import fit  # Master: its scratch (Expert's games never load it)
            fit(globals(), D, S)
            del fit  # (this frame lives on: master.py goes as soon as it is done)
        b = self.b
        c = self.colour[seat]
        o = 1 - c
        sc = self.stars[seat]
        so = self.stars[1 - seat]
        cells = b.cells
        geo = b.geo
        sqs = geo.cell_sq
        st = geo.cell_start
        cm = b.cnt[c]
        co = b.cnt[o]
        noise = self.cfg["noise"]
        mix = self.mix
        for x in range(len(cells)):
            if cells[x]:
                continue
            # The level's noise as root_scores adds it (a hash of the cell and the root's
            # one draw): the seed varies Expert's choice among turns valued alike.
            t = ((x * 211 + mix) * 1021 >> 4) % (noise + 1) if noise else 0
            for i in range(st[x], st[x + 1]):
                s = sqs[i]
                t += GA[cm[s]] + GD[co[s]]
            ROOT[x] = t - PW * (TWO[x] + TWO[MAXCELLS + x])
        yield None
        start = self.nodes
        n = self.ranked(0, c, o, sc, so)
        if n == -1 - 1:
            # More completion cells than stars + 1: cover what we can.
            out = []
            for j in range(sc):
                out.append(("star", NEED[j]))
            out.append(("marble", NEED[sc]))
            return out
        best_i = TOPI[0]
        if n > 1:
            # tcap pieces, and never past the decision's budget (what the attack and the
            # threat-space search left, less the guard's share) less OVER: the last node
            # ranked may pass the limit by up to ~13 pieces, and the worst move of the VM
            # suite must stay within 2.0 M4-s.
            self.limit = start + self.tcap
            if self.limit > self.budget - OVER:
                self.limit = self.budget - OVER
            best_v = -2 * WIN
            best_w = -4 * WIN - 2  # best_v, with its tie-break when the level has noise
            tie = 1 if noise else 0
            self.ticked = self.nodes
            yield None
            for r in range(n):
                if self.nodes >= self.limit:
                    break
                i = TOPI[r]
                # With noise, turns valued alike are told apart by the seed (a hash of the
                # cell and the root's draw, as in root_scores): searched with the bound one
                # lower, so that a tie is an exact value, not a cut-off.
                v = yield from self.root_turn(i, c, o, sc, so, best_v - tie)
                if noise:
                    v = v * 2 + ((TC[i] * 211 + mix) * 1021 >> 6) % 2
                if v > best_w:
                    best_w = v
                    best_v = v // 2 if noise else v
                    best_i = i
        out = []
        nt = NNEED[0]
        m = TC[best_i]
        for j in range(nt):
            if best_i >= nt or NEED[j] != m:
                out.append(("star", NEED[j]))
        out.append(("marble", m))
        return out

    def root_turn(self, i, c, o, sc, so, best_v):
        """Generator: the value of root turn i for c (the opponent's best 3 answers, each
        valued by our best ranked reply), alpha-beta against best_v."""
        b = self.b
        k = self.turn_put(0, i, c)
        sc -= k
        # The opponent to move: value for o.
        if self.nodes >= self.limit or b.nopen[o][3]:
            v = evaluate(b, o, c, so, sc)
        elif threat_cells(b, c, SCR, 0, 64) > so + 1:
            v = -WIN
        else:
            n = self.ranked(1, o, c, so, sc)
            if n == -1:
                v = WIN
            elif not n:
                v = evaluate(b, o, c, so, sc)
            else:
                alpha = -2 * WIN
                beta = -best_v
                v = -2 * WIN
                on = True
                for r in range(n):
                    if not on:
                        # Put back after a tick: not counted (the cap counts the pieces
                        # the search tries, as the lab measured it).
                        k = self.turn_put(0, i, c)
                        self.nodes -= k + 1
                        on = True
                    mark = self.npath
                    k2 = self.turn_put(1, TOPI[S + r], o)
                    if D > 3:
                        from .deep import ply2  # deeper than 3: its own module
                        w = yield from ply2(self, globals(), i, r, c, o, sc, so - k2, -beta,
                                            -alpha)
                        w = -w
                    else:
                        w = -self.leaf(c, o, sc, so - k2)
                    self.undo_to(mark)
                    if w > v:
                        v = w
                        if w > alpha:
                            alpha = w
                            if alpha >= beta:
                                break
                    if self.nodes - self.ticked >= CHUNK:
                        self.undo_to(0)
                        on = False
                        self.ticked = self.nodes
                        yield None
                if not on:
                    return -v
        self.undo_to(0)
        self.ticked = self.nodes
        yield None
        return -v
