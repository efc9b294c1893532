"""Make and unmake for games of exactly two colours: the search's fast path.

`make(b, x, piece)` and `unmake(b, x)` leave the board in exactly the state `Board.place` and
`Board.remove` would (cells, empty, cnt, thr, nopen: host_tests check it byte for byte), and
besides keep TWO and NF up to date:

    TWO[c * MAXCELLS + x] = open squares of colour c holding two c marbles with x as one of
                            their two empty corners (a c marble on x makes that many threes)
    NF[c]                 = cells with TWO >= 2 for colour c (fork cells)
    H[64 * c + v]         = empty cells with TWO == v for colour c (1 <= v < 63; the last
                            bin holds 63 and more): how many cells would make v threes at
                            once (a fork of up to v completion cells)

One pass over the squares through x does both colours; measured on the MicroPython VM that
is ~3x cheaper than `Board.place` + `Board.remove` plus a second pass for TWO (1.5 M fuel a
pair at the centre of the 11 x 11 board). The search for a square's other empty corner is
written out here six times instead of calling `board.other_empty` (which Board and
core.completions use): measured with tools/ai_vm on four suite positions (an opening, a
middle game, two late games), the call costs Expert 2.0% more fuel overall and 4-6% in
the late games, Average 2.2%; in Board and completions it costs under 0.5%. TWO for cell x itself is 0 while x is occupied; it
is zeroed on make and rebuilt square by square on unmake.
"""

from ..board import MARBLE
from ..geometry import zeros
from .core import MAXCELLS, VAL, add

TWO = bytearray(2 * MAXCELLS)
NF = [0, 0]
H = bytearray(128)  # 64 bins a colour; values of 63 and more share the last bin

# Scratch of the two-colour search (two.py, guard.py, search.py, solve.py, tss.py),
# allocated once, ~0.8 KB; here, not in core.py, so that the other games' player (other.py,
# which loads core.py but never this module) does not hold it.
WIN = 1 << 22                   # a won position; WIN - ply prefers the quicker win
INF = 1 << 24
MAXPLY = 16                     # forced answers included; the search stops 2 short of it
MAXDEPTH = 6                    # deepest full-width pass (small boards get there)
PATH = bytearray(128)           # cells of the pieces the current line has put down
TB = bytearray(MAXPLY * 8)      # threat / completion cells, 8 per ply
CAND = bytearray(MAXPLY * 16)   # candidate cells, 16 per ply
ORDER = bytearray(24)           # the root order, best first
RV = zeros("i", 16)             # root values of the current pass
FORCED = bytearray(MAXPLY)      # per ply: completion cells to cover (0: a free choice)
# Nodes between two progress ticks at most (plus one answer's subtree): ~11 M fuel, about a
# tenth of a second on the device. Each tick takes the root turn off the board and puts it
# back (~1 node), so the UI may redraw at any tick.
CHUNK = 12


# The scan and the cell lists only the two-colour players use (here, not in core.py: the
# other games' player never loads their code).
def scan2(b, me, op, ta, td):
    """VAL[x] = packed value of every empty cell for colour `me` against colour `op`."""
    cells = b.cells
    geo = b.geo
    sqs = geo.cell_sq
    st = geo.cell_start
    cm = b.cnt[me]
    co = b.cnt[op]
    val = VAL
    for x in range(len(cells)):
        if cells[x]:
            val[x] = 0
            continue
        t = 0
        for i in range(st[x], st[x + 1]):
            s = sqs[i]
            t += ta[cm[s]] + td[co[s]]
        val[x] = t


def cells_with(two, c, cells, buf, base, m, cap, need):
    """Append (no duplicates) empty cells whose two[c] >= need to buf[base + m:], until the
    list holds cap cells; the new length. need = 2: fork cells."""
    tb = c * MAXCELLS
    for x in range(len(cells)):
        if m >= cap:
            break
        if two[tb + x] >= need and not cells[x]:
            m = add(buf, base, m, x)
    return m

def reset():
    """Empty TWO's histogram and counts (before refilling them for a new position)."""
    for i in range(128):
        H[i] = 0
    NF[0] = 0
    NF[1] = 0


def count(x, c, v):
    """Set TWO of empty cell x for colour c to v when filling a position (after reset)."""
    TWO[c * MAXCELLS + x] = v
    if v:
        H[64 * c + (v if v < 63 else 63)] += 1
        if v >= 2:
            NF[c] += 1


def _inc(j, c):
    t = TWO[j]
    TWO[j] = t + 1
    if t < 63:
        if t:
            H[64 * c + t] -= 1
            if t == 1:
                NF[c] += 1
        H[64 * c + t + 1] += 1


def _dec(j, c):
    t = TWO[j]
    TWO[j] = t - 1
    if t <= 63:
        H[64 * c + t] -= 1
        if t > 1:
            H[64 * c + t - 1] += 1
            if t == 2:
                NF[c] -= 1


def _drop(x):
    # x is taken: its TWO leaves the histogram and goes to 0.
    for c in range(2):
        j = c * MAXCELLS + x
        t = TWO[j]
        if t:
            H[64 * c + (t if t < 63 else 63)] -= 1
            if t >= 2:
                NF[c] -= 1
            TWO[j] = 0


def _restore(x):
    # x is empty again and its TWO is rebuilt: back into the histogram.
    for c in range(2):
        t = TWO[c * MAXCELLS + x]
        if t:
            H[64 * c + (t if t < 63 else 63)] += 1
            if t >= 2:
                NF[c] += 1


def make(b, x, piece):
    """Put `piece` (STAR or MARBLE + c, c in 0, 1) on empty cell x."""
    cells = b.cells
    cells[x] = piece
    b.empty -= 1
    geo = b.geo
    sqs = geo.cell_sq
    corners = geo.sq_cells
    two = TWO
    _drop(x)
    lo = geo.cell_start[x]
    hi = geo.cell_start[x + 1]
    if piece < MARBLE:
        # A star: both colours lose every square through x. One pass, both colours.
        c0 = b.cnt[0]
        c1 = b.cnt[1]
        n0 = b.nopen[0]
        n1 = b.nopen[1]
        for i in range(lo, hi):
            s = sqs[i]
            w = c0[s]
            c0[s] = w + 8
            if w < 8:
                if w >= 2:
                    _lose(b, 0, 0, s, w, x, cells, corners)
                else:
                    n0[w] -= 1
            w = c1[s]
            c1[s] = w + 8
            if w < 8:
                if w >= 2:
                    _lose(b, 1, MAXCELLS, s, w, x, cells, corners)
                else:
                    n1[w] -= 1
        return
    a = piece - MARBLE  # the colour that gains a marble
    ba = a * MAXCELLS
    o = 1 - a
    bo = MAXCELLS - ba
    cA = b.cnt[a]
    tA = b.thr[a]
    nA = b.nopen[a]
    cB = b.cnt[o]
    tB = b.thr[o]
    nB = b.nopen[o]
    for i in range(lo, hi):
        s = sqs[i]
        w = cB[s]
        cB[s] = w + 8
        if w < 8:
            nB[w] -= 1
            if w >= 2:
                if w == 2:
                    # Was a two with x and e empty: no longer a two for e.
                    j = 4 * s
                    e = corners[j]
                    if cells[e]:
                        e = corners[j + 1]
                        if cells[e]:
                            e = corners[j + 2]
                            if cells[e]:
                                e = corners[j + 3]
                    _dec(e + bo, o)
                else:
                    tB[x] -= 1
        v = cA[s]
        cA[s] = v + 1
        if v < 8:
            nA[v] -= 1
            nA[v + 1] += 1
            if not v:
                continue
            if v == 1:
                # Now a two: its two other empty corners each gain one.
                j = 4 * s
                for q in range(j, j + 4):
                    e = corners[q]
                    if not cells[e]:
                        _inc(e + ba, a)
            elif v == 2:
                # Now a three: its empty corner e completes it, and it is no two for e.
                j = 4 * s
                e = corners[j]
                if cells[e]:
                    e = corners[j + 1]
                    if cells[e]:
                        e = corners[j + 2]
                        if cells[e]:
                            e = corners[j + 3]
                tA[e] += 1
                _dec(e + ba, a)
            elif v == 3:
                tA[x] -= 1


def _lose(b, c, base, s, w, x, cells, corners):
    # Square s was open for colour c with w of its marbles; a foreign piece on x closes it.
    b.nopen[c][w] -= 1
    if w == 2:
        # It was a two with x and e empty: no longer a two for e.
        j = 4 * s
        e = corners[j]
        if cells[e]:
            e = corners[j + 1]
            if cells[e]:
                e = corners[j + 2]
                if cells[e]:
                    e = corners[j + 3]
        _dec(e + base, c)
    elif w == 3:
        b.thr[c][x] -= 1


def _regain(b, c, base, s, w, x, cells, corners):
    # Square s is open again for colour c with w of its marbles (x empty again).
    b.nopen[c][w] += 1
    if w == 2:
        j = 4 * s
        e = corners[j]
        if e == x or cells[e]:
            e = corners[j + 1]
            if e == x or cells[e]:
                e = corners[j + 2]
                if e == x or cells[e]:
                    e = corners[j + 3]
        _inc(e + base, c)
        TWO[base + x] += 1
    elif w == 3:
        b.thr[c][x] += 1


def unmake(b, x):
    """Take the piece off cell x (the exact inverse of `make`)."""
    cells = b.cells
    piece = cells[x]
    cells[x] = 0
    b.empty += 1
    geo = b.geo
    sqs = geo.cell_sq
    corners = geo.sq_cells
    two = TWO
    lo = geo.cell_start[x]
    hi = geo.cell_start[x + 1]
    if piece < MARBLE:
        c0 = b.cnt[0]
        c1 = b.cnt[1]
        n0 = b.nopen[0]
        n1 = b.nopen[1]
        for i in range(lo, hi):
            s = sqs[i]
            w = c0[s] - 8
            c0[s] = w
            if w < 8:
                if w >= 2:
                    _regain(b, 0, 0, s, w, x, cells, corners)
                else:
                    n0[w] += 1
            w = c1[s] - 8
            c1[s] = w
            if w < 8:
                if w >= 2:
                    _regain(b, 1, MAXCELLS, s, w, x, cells, corners)
                else:
                    n1[w] += 1
    else:
        a = piece - MARBLE
        ba = a * MAXCELLS
        o = 1 - a
        bo = MAXCELLS - ba
        cA = b.cnt[a]
        tA = b.thr[a]
        nA = b.nopen[a]
        cB = b.cnt[o]
        tB = b.thr[o]
        nB = b.nopen[o]
        for i in range(lo, hi):
            s = sqs[i]
            w = cB[s] - 8
            cB[s] = w
            if w < 8:
                nB[w] += 1
                if w >= 2:
                    if w == 2:
                        j = 4 * s
                        e = corners[j]
                        if e == x or cells[e]:
                            e = corners[j + 1]
                            if e == x or cells[e]:
                                e = corners[j + 2]
                                if e == x or cells[e]:
                                    e = corners[j + 3]
                        _inc(e + bo, o)
                        two[bo + x] += 1
                    else:
                        tB[x] += 1
            v = cA[s] - 1
            cA[s] = v
            if v < 8:
                nA[v + 1] -= 1
                nA[v] += 1
                if not v:
                    continue
                if v == 1:
                    j = 4 * s
                    for q in range(j, j + 4):
                        e = corners[q]
                        if e != x and not cells[e]:
                            _dec(e + ba, a)
                elif v == 2:
                    j = 4 * s
                    e = corners[j]
                    if e == x or cells[e]:
                        e = corners[j + 1]
                        if e == x or cells[e]:
                            e = corners[j + 2]
                            if e == x or cells[e]:
                                e = corners[j + 3]
                    tA[e] -= 1
                    _inc(e + ba, a)
                    two[ba + x] += 1
                elif v == 3:
                    tA[x] += 1
    _restore(x)
