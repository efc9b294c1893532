"""The unchecked core of the corner polyomino game: a padded board in flat bytearrays,
placements made and unmade in place, and move generation from each colour's corner list.

Cells. A board of W x W squares sits in a 1-D array with stride S = W + 1 (one border
column, shared by the end of a row and the start of the next) and PAD = 4 border rows above
and below: a piece laid from a corner place reaches at most 4 squares away, so every cell
it could cover is an index of the array, and a placement that leaves the board covers a
border cell (a polyomino's rows and columns form unbroken runs, so one of its cells lands on
the border column or a border row). Cell (x, y), column x and row y from 0 at the bottom
left, is (y + PAD) * S + x + PAD.

State (all flat; nothing allocated by make, unmake or gen):
  cells[i]  0 empty, 1..4 the colour, 255 border
  blk[i]    bit c: a square of colour c shares an edge with i; 0xF0 more when i is covered;
            0xFF on the border. Colour c may cover i iff blk[i] & (0xF0 | 1 << c) == 0.
  corner lists: per colour an array of cells that were corner places of it when added (a
            square diagonal to one of its pieces, edge-adjacent to none), each once
            (mark bit c in cm[i]); places stop being usable and are skipped at gen, and
            unmake cuts the list back to its length before the move.
A move int is anchor << 7 | orientation: anchor the cell of the orientation's cell 0.
PASS is 0 (cell 0 is border).
"""

from array import array

from .pieces import (CX, CY, DX, DY, FIRST, MAXD, NCELL, ND, NORIENT, NPIECES, OPEN,
                     PIECE, SIZE, ALL)

PAD = 4
PASS = 0
BORDER = 255
OCC = 0xF0
# Bit of colour v (cells value 1..4) for blk; 0 for empty and border.
_BIT = bytearray(256)
for _v in range(1, 5):
    _BIT[_v] = 1 << (_v - 1)
CAP = NPIECES * MAXD + 4      # corner list slots per colour (21 pieces x 8, + 4 starts)
MAXPLY = 4 * NPIECES
# Move slots a position can need: the most seen in self-play and against Pentobi is well
# below this (host_tests/test_corners.py checks every position it plays); gen never writes
# past its cap. A move int fits 16 bits: anchors are at most (19 + 4) * 21 + 23 = 506.
MAXMOVES = 1500


class Board:
    def __init__(self, width, ncolours, starts):
        """starts[c]: the cells (x, y) where colour c's first piece may go (one of them)."""
        self.width = w = width
        self.stride = s = w + 1
        self.ncol = ncolours
        self.size = n = (w + 2 * PAD) * s + 2 * PAD
        self.cells = bytearray(b"\xff" * n)
        self.blk = bytearray(b"\xff" * n)
        for y in range(w):
            for x in range(w):
                i = self.index(x, y)
                self.cells[i] = 0
                self.blk[i] = 0
        self.cm = bytearray(n)
        self.done = bytearray(n)    # gen's scratch: corner places already used this call
        # Stride-dependent offsets of every orientation's cells and corner places.
        self.off = array("h", [CX[k] - 8 + (CY[k] - 8) * s for k in range(NORIENT * 5)])
        self.doff = array("h", [DX[k] - 8 + (DY[k] - 8) * s for k in range(NORIENT * MAXD)])
        self.nbr = (1, -1, s, -s)
        self.dnb = (s + 1, s - 1, 1 - s, -1 - s)   # NE, NW, SE, SW as in pieces.OPEN
        self.cl = tuple(array("H", bytes(2 * CAP)) for _ in range(ncolours))
        self.ncl = bytearray(ncolours)
        self.left = [ALL] * ncolours        # pieces in hand, bit p (21 bits: small int)
        self.placed = bytearray(ncolours)   # squares placed
        self.last = bytearray(b"\xff" * ncolours)   # piece played last, 255 none
        # Undo stack: per ply the move, colour, corner-list length, last piece before.
        self.hm = array("i", bytes(4 * MAXPLY))
        self.hc = bytearray(MAXPLY)
        self.hn = bytearray(MAXPLY)
        self.hl = bytearray(MAXPLY)
        self.ply = 0
        for c in range(ncolours):
            for x, y in starts[c]:
                self._add_corner(c, self.index(x, y))
        # The starting cells stay at the head of each list; from a colour's first piece on
        # its list is cl[nst[c]:ncl[c]] (see base) and the starts lose their mark.
        self.nst = bytes(self.ncl)

    # -- cells -------------------------------------------------------------------------
    def index(self, x, y):
        return (y + PAD) * self.stride + x + PAD

    def xy(self, i):
        i -= PAD
        return i % self.stride, i // self.stride - PAD

    def on_board(self, i):
        return 0 <= i < self.size and self.cells[i] != BORDER

    def base(self, c):
        """Where colour c's corner list starts: its starting cells count only before its
        first piece."""
        return self.nst[c] if self.placed[c] else 0

    def _add_corner(self, c, i):
        bit = 1 << c
        if self.cm[i] & bit:
            return
        self.cm[i] |= bit
        k = self.ncl[c]
        self.cl[c][k] = i
        self.ncl[c] = k + 1

    # -- make / unmake -------------------------------------------------------------------
    def fits(self, m, c):
        """Whether every square of move m may be covered by colour c (not the corner rule)."""
        a = m >> 7
        o = m & 127
        blk = self.blk
        mask = OCC | 1 << c
        off = self.off
        for k in range(o * 5, o * 5 + NCELL[o]):
            if blk[a + off[k]] & mask:
                return False
        return True

    def make(self, m, c):
        p = self.ply
        self.hm[p] = m
        self.hc[p] = c
        self.hn[p] = self.ncl[c]
        self.hl[p] = self.last[c]
        self.ply = p + 1
        if m == PASS:
            return
        a = m >> 7
        o = m & 127
        cells = self.cells
        blk = self.blk
        off = self.off
        bit = 1 << c
        v = c + 1
        for k in range(o * 5, o * 5 + NCELL[o]):
            i = a + off[k]
            cells[i] = v
            blk[i] |= OCC
            blk[i + 1] |= bit
            blk[i - 1] |= bit
            blk[i + self.stride] |= bit
            blk[i - self.stride] |= bit
        mask = OCC | bit
        cm = self.cm
        cl = self.cl[c]
        n = self.ncl[c]
        if not self.placed[c]:
            for j in range(self.nst[c]):
                cm[cl[j]] &= ~bit
        doff = self.doff
        for k in range(o * MAXD, o * MAXD + ND[o]):
            i = a + doff[k]
            if not (blk[i] & mask or cm[i] & bit):
                cm[i] |= bit
                cl[n] = i
                n += 1
        self.ncl[c] = n
        pc = PIECE[o]
        self.left[c] &= ~(1 << pc)
        self.placed[c] += SIZE[pc]
        self.last[c] = pc

    def unmake(self):
        """Take back the last make (its move stays in hm[ply]; nothing is returned, so
        nothing is allocated)."""
        p = self.ply - 1
        self.ply = p
        m = self.hm[p]
        c = self.hc[p]
        bit = 1 << c
        n0 = self.hn[p]
        cl = self.cl[c]
        cm = self.cm
        for j in range(n0, self.ncl[c]):
            cm[cl[j]] &= ~bit
        self.ncl[c] = n0
        self.last[c] = self.hl[p]
        if m == PASS:
            return
        a = m >> 7
        o = m & 127
        cells = self.cells
        off = self.off
        k0 = o * 5
        k1 = k0 + NCELL[o]
        for k in range(k0, k1):
            cells[a + off[k]] = 0
        for k in range(k0, k1):
            i = a + off[k]
            self._recount(i)
            for d in self.nbr:
                if cells[i + d] != BORDER:
                    self._recount(i + d)
        pc = PIECE[o]
        self.left[c] |= 1 << pc
        self.placed[c] -= SIZE[pc]
        if not self.placed[c]:
            for j in range(self.nst[c]):
                self.cm[cl[j]] |= bit

    def _recount(self, i):
        cells = self.cells
        s = self.stride
        self.blk[i] = (OCC if cells[i] else 0) | _BIT[cells[i + 1]] | _BIT[cells[i - 1]] | \
            _BIT[cells[i + s]] | _BIT[cells[i - s]]

    # -- move generation -------------------------------------------------------------
    def gen(self, c, out, start, cap, pieces=-1):
        """Write colour c's legal placements (of the pieces in `pieces` & its hand) into
        out[start:], at most cap - start; return the new end. Each placement once."""
        blk = self.blk
        cells = self.cells
        done = self.done
        off = self.off
        mask = OCC | 1 << c
        v = c + 1
        left = self.left[c] & pieces
        cl = self.cl[c]
        ncl = self.ncl[c]
        dnb = self.dnb
        # Before its first piece a colour's list holds only its starting cells, which any
        # cell of a piece may cover (OPEN's bit 4 is set for every cell).
        first = self.placed[c] == 0
        k = start
        base = self.base(c)
        for j in range(base, ncl):
            a = cl[j]
            if blk[a] & mask:
                continue
            if first:
                dirs = 16
            else:
                dirs = 0
                for d in range(4):
                    if cells[a + dnb[d]] == v:
                        dirs |= 1 << d
            for p in range(NPIECES):
                if not left >> p & 1:
                    continue
                for o in range(FIRST[p], FIRST[p + 1]):
                    b = o * 5
                    e = b + NCELL[o]
                    for q in range(b, e):
                        if not OPEN[q] & dirs:
                            continue
                        an = a - off[q]
                        for r in range(b, e):
                            i = an + off[r]
                            if blk[i] & mask or done[i]:
                                break
                        else:
                            if k < cap:
                                out[k] = an << 7 | o
                                k += 1
            done[a] = 1
        for j in range(base, ncl):
            done[cl[j]] = 0
        return k

    def any_move(self, c):
        """Whether colour c has a legal placement (stops at the first)."""
        blk = self.blk
        cells = self.cells
        off = self.off
        mask = OCC | 1 << c
        left = self.left[c]
        if not left:
            return False
        cl = self.cl[c]
        for j in range(self.base(c), self.ncl[c]):
            a = cl[j]
            if blk[a] & mask:
                continue
            for p in range(NPIECES):
                if not left >> p & 1:
                    continue
                for o in range(FIRST[p], FIRST[p + 1]):
                    b = o * 5
                    e = b + NCELL[o]
                    for q in range(b, e):
                        an = a - off[q]
                        for r in range(b, e):
                            if blk[an + off[r]] & mask:
                                break
                        else:
                            return True
        return False

    def move_cells(self, m):
        """The board cells a move covers."""
        a = m >> 7
        o = m & 127
        return [a + self.off[k] for k in range(o * 5, o * 5 + NCELL[o])]
