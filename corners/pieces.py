"""The 21 free polyominoes of 1 to 5 squares and their 91 orientations, as data built once
at import from the shapes below (one builder, no typed-in orientation lists).

An orientation is stored as its cells (dx, dy) relative to its anchor, the first cell in
(row, column) order, so every placement is named by one board cell (the anchor's) and an
orientation number 0..90. Rows grow upwards (row 1 is the bottom of the board).

Tables (all bytes; dx and dy are stored + 8 so they fit a byte):
  NAMES[p], SIZE[p]        piece p's name (Pentobi's) and number of squares
  FIRST[p]..FIRST[p + 1]   its orientations
  PIECE[o], NCELL[o]       the piece and cell count of orientation o
  CX[o * 5 + j], CY[...]   the cells of orientation o (+ 8), cell 0 is (8, 8)
  OPEN[o * 5 + j]          the diagonal directions (bits 0 NE, 1 NW, 2 SE, 3 SW) in which
                           cell j has neither orthogonal neighbour in the piece: only such a
                           cell can lie on a corner place whose own diagonal piece is there;
                           bit 4 always (a starting cell takes any cell of a piece)
  DX[o * MAXD + j], DY     the orientation's corner places: cells diagonal to a piece cell
                           and edge-adjacent to none (+ 8); ND[o] of them
"""

NAMES = ("1", "2", "I3", "V3", "I4", "L4", "O", "T4", "Z4", "F", "I5", "L5", "N", "P", "T5",
         "U", "V", "W", "X", "Y", "Z5")
_SHAPES = (
    ((0, 0),),
    ((0, 0), (1, 0)),
    ((0, 0), (1, 0), (2, 0)),
    ((0, 0), (1, 0), (0, 1)),
    ((0, 0), (1, 0), (2, 0), (3, 0)),
    ((0, 0), (1, 0), (2, 0), (0, 1)),
    ((0, 0), (1, 0), (0, 1), (1, 1)),
    ((0, 0), (1, 0), (2, 0), (1, 1)),
    ((0, 0), (1, 0), (1, 1), (2, 1)),
    ((1, 0), (2, 0), (0, 1), (1, 1), (1, 2)),
    ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
    ((0, 0), (1, 0), (2, 0), (3, 0), (0, 1)),
    ((0, 0), (1, 0), (2, 0), (2, 1), (3, 1)),
    ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)),
    ((0, 0), (1, 0), (2, 0), (1, 1), (1, 2)),
    ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1)),
    ((0, 0), (1, 0), (2, 0), (0, 1), (0, 2)),
    ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2)),
    ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2)),
    ((0, 0), (1, 0), (2, 0), (3, 0), (1, 1)),
    ((0, 0), (1, 0), (1, 1), (1, 2), (2, 2)),
)
NPIECES = 21
MAXD = 8           # the most corner places of one orientation (the X has 8)
SIZE = bytes(len(s) for s in _SHAPES)
ALL = (1 << NPIECES) - 1      # every piece still in hand
SQUARES = 89                  # sum(SIZE)
# (dx, dy) steps: the four diagonal directions in OPEN's bit order, then the four edges.
DIAG = ((1, 1), (-1, 1), (1, -1), (-1, -1))
EDGE = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _norm(cells):
    cells = sorted(cells, key=lambda c: (c[1], c[0]))
    x0, y0 = cells[0]
    return tuple((x - x0, y - y0) for x, y in cells)


def _build():
    first = bytearray(NPIECES + 1)
    piece = bytearray()
    ncell = bytearray()
    cx = bytearray()
    cy = bytearray()
    opn = bytearray()
    dxs = bytearray()
    dys = bytearray()
    nd = bytearray()
    for p in range(NPIECES):
        first[p] = len(piece)
        seen = []
        for t in range(8):
            cells = []
            for x, y in _SHAPES[p]:
                if t & 4:
                    x, y = y, x
                if t & 1:
                    x = -x
                if t & 2:
                    y = -y
                cells.append((x, y))
            n = _norm(cells)
            if n in seen:
                continue
            seen.append(n)
            piece.append(p)
            ncell.append(len(n))
            for j in range(5):
                x, y = n[j] if j < len(n) else (0, 0)
                cx.append(x + 8)
                cy.append(y + 8)
                bits = 16
                if j < len(n):
                    for d in range(4):
                        ex, ey = DIAG[d]
                        if (x + ex, y) not in n and (x, y + ey) not in n:
                            bits |= 1 << d
                opn.append(bits)
            corners = []
            for x, y in n:
                for ex, ey in DIAG:
                    q = (x + ex, y + ey)
                    if q in n or q in corners:
                        continue
                    if any((q[0] + fx, q[1] + fy) in n for fx, fy in EDGE):
                        continue
                    corners.append(q)
            nd.append(len(corners))
            for j in range(MAXD):
                x, y = corners[j] if j < len(corners) else (0, 0)
                dxs.append(x + 8)
                dys.append(y + 8)
    first[NPIECES] = len(piece)
    return (bytes(first), bytes(piece), bytes(ncell), bytes(cx), bytes(cy), bytes(opn),
            bytes(dxs), bytes(dys), bytes(nd))


FIRST, PIECE, NCELL, CX, CY, OPEN, DX, DY, ND = _build()
NORIENT = len(PIECE)   # 91
