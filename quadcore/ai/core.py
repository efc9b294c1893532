"""Primitives of the computer player: cell scans, threat cells, fork sizes, scratch buffers.

Everything here reads the incremental counters of `Board` (cnt, thr, nopen) and allocates
nothing per call: results go into the module's scratch buffers, allocated once at import
(about 1 KB, sized for the largest board, 15 x 15; the two-colour search's scratch is in
fast.py).

Measured on the MicroPython VM (n = 11): one pass over the squares through a cell costs about
2,700 fuel a square with two table lookups, so scanning every empty cell of an opening position
costs ~13 M fuel (0.11 M4-s); a `place` + `remove` pair costs ~0.93 M fuel on average (1.25 M on
the centre cell, 59 squares). The levels are budgeted in those two units.
"""

from ..board import EMPTY, MARBLE, STAR, other_empty
from ..geometry import zeros

MAXCELLS = 225  # 15 x 15, the largest board

# Packed scan value of a cell: bits 0..11 the positional value, 12..19 how many squares
# the side to move would raise to three there, 20..27 the same for the opponent(s).
VMASK = 4095
TM_SHIFT = 12
TO_SHIFT = 20


VAL = zeros("i", MAXCELLS)     # packed scan value per cell (0 for occupied cells)
# A level turns VAL[x] into its score for x in place (each cell read before it is written),
# so both names share one array: 900 bytes of the device's heap saved.
SCORE = VAL
TBUF = bytearray(64)            # threat cells (callers cap their lists at 32)
EBUF = bytearray(16)            # completion cells of one fork (see `completions`)

# The two-colour search's constants and scratch (~0.8 KB) live in fast.py, which only the
# two-colour players load: the other games' player (other.py) never pays for them.
LAST = [0]                      # nodes the last decision used (tests and benchmarks read it)


def tables(w):
    """Lookup tables for `scan`: index = a square's counter for one colour (0..35).

    w[k] = value of putting a marble into a square that is open for a colour holding k of
    its marbles (for the mover: building; for the opponent's colour: blocking). Counters of
    8 and more mean the square is dead for that colour, worth 0. The same weights serve the
    attack and the defence side, so a cell's value is the same for both players and one scan
    orders the moves of both."""
    ta = [0] * 40  # (whole at once: a growing list left blocks behind on the device)
    td = [0] * 40
    for v in range(3):
        ta[v] = w[v] + ((1 << TM_SHIFT) if v == 2 else 0)
        td[v] = w[v] + ((1 << TO_SHIFT) if v == 2 else 0)
    return ta, td


def threat_cells(b, c, buf, base, cap):
    """Write to buf[base:] the empty cells where colour c completes a quad now (at most cap
    of them); returns how many. Cells are distinct: thr[x] counts squares, not cells.

    Stops as soon as every three-square is accounted for (the thr counts sum to nopen[3])."""
    need = b.nopen[c][3]
    k = 0
    if not need:
        return 0
    thr = b.thr[c]
    for x in range(len(thr)):
        t = thr[x]
        if t:
            buf[base + k] = x
            k += 1
            need -= t
            if need <= 0 or k >= cap:
                break
    return k


def first_threat(b, c):
    """One cell where colour c completes a quad now, or -1."""
    if not b.nopen[c][3]:
        return -1
    thr = b.thr[c]
    for x in range(len(thr)):
        if thr[x]:
            return x
    return -1


def completions(b, x, c, buf):
    """Distinct cells that would complete a quad of c after a c marble on empty cell x.

    They are the other empty corners of the open squares through x holding two c marbles.
    Written to buf[0:k]; returns k (at most len(buf))."""
    geo = b.geo
    sqs = geo.cell_sq
    corners = geo.sq_cells
    cells = b.cells
    cnt = b.cnt[c]
    k = 0
    cap = len(buf)
    for i in range(geo.cell_start[x], geo.cell_start[x + 1]):
        s = sqs[i]
        if cnt[s] == 2:
            e = other_empty(corners, cells, 4 * s, x)
            m = 0
            while m < k and buf[m] != e:
                m += 1
            if m == k and k < cap:
                buf[k] = e
                k += 1
    return k


def is_tilted(geo, s):
    """True for a square whose sides are not along the rows and columns."""
    j = 4 * s
    a = geo.sq_cells[j]
    b2 = geo.sq_cells[j + 1]
    n = geo.n
    return a // n != b2 // n and a % n != b2 % n


def only_tilted(b, x, c, level3):
    """True if every open square of c through x holding `level3` c marbles is tilted."""
    geo = b.geo
    cnt = b.cnt[c]
    sqs = geo.cell_sq
    for i in range(geo.cell_start[x], geo.cell_start[x + 1]):
        s = sqs[i]
        if cnt[s] == level3 and not is_tilted(geo, s):
            return False
    return True


def top_cells(score, cells, k, out, start=0):
    """Write the k best empty cells by score (highest first; ties: lower cell first) to
    out[start:start + k]; returns how many were written. Insertion into a short list, so it
    costs about one comparison per cell when k is small."""
    m = 0
    for x in range(len(cells)):
        if cells[x]:
            continue
        v = score[x]
        if m == k and v <= score[out[start + m - 1]]:
            continue
        j = m if m < k else k - 1
        while j > 0 and score[out[start + j - 1]] < v:
            out[start + j] = out[start + j - 1]
            j -= 1
        out[start + j] = x
        if m < k:
            m += 1
    return m


def add(buf, base, m, y):
    """Append y to buf[base:base + m] unless it is there already; the new length."""
    j = 0
    while j < m and buf[base + j] != y:
        j += 1
    if j == m:
        buf[base + m] = y
        m += 1
    return m


def insert_by(buf, base, m, cap, x, score):
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


__all__ = ["EMPTY", "MARBLE", "STAR", "VAL", "SCORE", "TBUF", "EBUF", "tables",
           "threat_cells", "first_threat", "completions", "is_tilted",
           "only_tilted", "top_cells", "add", "insert_by"]
