"""Draws the board's sprite sheet: one tile per (cell content, overlay) pair, so the board
is a single TileGrid and showing a cursor, a hint or a Trainer warning is one tile write.
Tiles are drawn only for the colours in play: 2 colours at 20 px cells are 12 tiles =
240 x 20 px at 4 bits = 2,400 bytes. Marbles differ in shape as well as colour (solid disc,
ring, plus, square, diamond, bar), so the game stays readable without colour vision.
Imported only while a sheet is built and dropped afterwards (quadpocket.build): ~3.5 KB of
compiled code the running game never needs. Tile numbers and colour roles: quadpocket.view.
"""

import displayio

from quadpocket.view import (BOARD, CURSOR, DARK, HINT, HOLE, LIGHT, MARBLE0, SCREEN,
                             STAR, TRAIN, T_EMPTY, T_HINT_MARBLE, T_HINT_STAR, T_MARBLE,
                             T_MARK, T_OFF, T_STAR, T_STAR_CUR, T_TRAIN)


class _Pen:
    """Draws one tile at (ox, 0) of the sheet; coordinates doubled so the tile centre is
    an integer even for even cell sizes (centre = (c-1)/2 -> 2*centre = c-1)."""

    def __init__(self, bmp, c):
        self.bmp = bmp
        self.c = c
        self.ox = 0

    def fill(self, v):
        bmp, ox, c = self.bmp, self.ox, self.c
        for y in range(c):
            for x in range(c):
                bmp[ox + x, y] = v

    def disc(self, r2, v, ring=0):
        """Disc of radius r2/2 px (doubled units); ring > 0 draws only the outer band."""
        bmp, ox, c = self.bmp, self.ox, self.c
        m = c - 1
        outer = r2 * r2
        inner = (r2 - 2 * ring) ** 2 if ring else -1
        for y in range(c):
            dy = 2 * y - m
            for x in range(c):
                dx = 2 * x - m
                d = dx * dx + dy * dy
                if inner < d <= outer:
                    bmp[ox + x, y] = v

    def box(self, half, v, diamond=False):
        """Filled square (or diamond) of half-size `half` px around the centre."""
        bmp, ox, c = self.bmp, self.ox, self.c
        m = c - 1
        for y in range(c):
            dy = abs(2 * y - m)
            for x in range(c):
                dx = abs(2 * x - m)
                if (dx + dy if diamond else max(dx, dy)) <= 2 * half:
                    bmp[ox + x, y] = v

    def bar(self, half_len, half_w, v, vertical=False):
        bmp, ox, c = self.bmp, self.ox, self.c
        m = c - 1
        for y in range(c):
            dy = abs(2 * y - m)
            for x in range(c):
                dx = abs(2 * x - m)
                a, b = (dy, dx) if vertical else (dx, dy)
                if a <= 2 * half_len and b <= 2 * half_w:
                    bmp[ox + x, y] = v

    def frame(self, width, v):
        bmp, ox, c = self.bmp, self.ox, self.c
        for y in range(c):
            for x in range(c):
                if x < width or y < width or x >= c - width or y >= c - width:
                    bmp[ox + x, y] = v

    def star(self, r, v, outline=-1):
        """Five-pointed star of outer radius r px; outline colour drawn 1 px around."""
        pts = _star_points(self.c, r)
        bmp, ox, c = self.bmp, self.ox, self.c
        inside = []
        for y in range(c):
            row = []
            for x in range(c):
                row.append(_inside(pts, 2 * x + 1, 2 * y + 1))
            inside.append(row)
        for y in range(c):
            for x in range(c):
                if inside[y][x]:
                    edge = (x == 0 or y == 0 or x == c - 1 or y == c - 1
                            or not inside[y][x - 1] or not inside[y][x + 1]
                            or not inside[y - 1][x] or not inside[y + 1][x])
                    bmp[ox + x, y] = outline if (edge and outline >= 0) else v


# Star vertices on the unit circle x1000, pointing up (y grows downwards), 36 degrees
# apart; odd entries are the inner vertices, pulled in to 45% of the radius below.
_STAR_UNIT = ((0, -1000), (588, -809), (951, -309), (951, 309), (588, 809), (0, 1000),
              (-588, 809), (-951, 309), (-951, -309), (-588, -809))


def _star_points(c, r):
    """Star polygon in doubled pixel units around the tile centre (doubled: c)."""
    pts = []
    for i, (ux, uy) in enumerate(_STAR_UNIT):
        k = r if i % 2 == 0 else r * 45 // 100
        pts.append((c + 2 * ux * k // 1000, c + 2 * uy * k // 1000))
    return pts


def _inside(pts, x, y):
    """Even-odd point-in-polygon test, all integer (doubled coordinates)."""
    hit = False
    j = len(pts) - 1
    for i in range(len(pts)):
        xi, yi = pts[i]
        xj, yj = pts[j]
        if (yi > y) != (yj > y):
            lhs = (x - xi) * (yj - yi)
            rhs = (xj - xi) * (y - yi)
            if (lhs < rhs) if yj > yi else (lhs > rhs):
                hit = not hit
        j = i
    return hit


def _empty(p):
    c = p.c
    p.fill(BOARD)
    p.disc(max(3, c * 2 // 7), HOLE)


def _marble(p, colour):
    c = p.c
    r2 = c * 9 // 11  # doubled radius: diameter ~82% of the cell
    v = MARBLE0 + colour
    shape = colour % 6
    if shape == 3:
        p.box(r2 // 2, DARK)
        p.box(r2 // 2 - 1, v)
    elif shape == 4:
        p.box(r2 // 2 + 1, DARK, diamond=True)
        p.box(r2 // 2, v, diamond=True)
        # a light dot marks the centre of the diamond
        p.box(max(1, c // 10), LIGHT)
    else:
        p.disc(r2, DARK)
        p.disc(r2 - 2, v)
        if shape == 1:  # ring: light hole in the middle
            p.disc(r2 * 2 // 5, LIGHT)
        elif shape == 2:  # plus sign
            p.bar(r2 // 3, max(1, c // 14), LIGHT)
            p.bar(r2 // 3, max(1, c // 14), LIGHT, vertical=True)
        elif shape == 5:  # one horizontal bar
            p.bar(r2 // 3, max(1, c // 12), LIGHT)


def build_sheet(bmp, cell, ncolours, moves=False, step=2):
    """-> (bmp, 16-entry palette, colours not set): draws the tiles into bmp, the sheet's
    bitmap made by the caller (build.board, before this module's code is loaded: the
    screen's largest block first), cells of `cell` px side by side, 16 values, for
    `ncolours` marble colours (1..6), each a plain and a ringed tile (step 2) or the plain
    one alone (step 1: view.Board.ring frames them); moves (Trek, Rapid): one more tile
    after the marbles, the empty cell a marble left (a tile the other games do not pay
    for: 27 px cells on the Titano, ~400 bytes of sheet)."""
    if not 1 <= ncolours <= 6:
        raise ValueError("1..6 colours")
    pal = displayio.Palette(16)
    p = _Pen(bmp, cell)
    width = max(2, cell // 10)

    def at(t):
        p.ox = t * cell

    at(T_OFF)
    p.fill(SCREEN)
    at(T_EMPTY)
    _empty(p)
    at(T_STAR)
    p.fill(BOARD)
    p.star(cell * 9 // 20, STAR, DARK)
    at(T_STAR_CUR)
    p.fill(BOARD)
    p.star(cell * 9 // 20, STAR, DARK)
    p.frame(width, CURSOR)
    at(T_TRAIN)
    p.fill(TRAIN)
    p.disc(max(3, cell * 2 // 7), HOLE)
    p.frame(1, DARK)
    at(T_HINT_MARBLE)
    _empty(p)
    p.disc(cell * 9 // 11, HINT, ring=width)  # as wide as the last-move frame
    at(T_HINT_STAR)
    p.fill(BOARD)
    p.star(cell * 9 // 20, BOARD, HINT)
    at(T_MARK)
    _empty(p)
    p.frame(width, CURSOR)
    p.disc(max(3, cell * 2 // 7), CURSOR)
    for colour in range(ncolours):
        for kind in range(step):
            at(T_MARBLE + step * colour + kind)
            p.fill(BOARD)
            _marble(p, colour)
            if kind == 1:
                p.frame(width, CURSOR)
    if moves:
        at(T_MARBLE + step * ncolours)  # the cell a marble left in the last move (Board.left)
        _empty(p)
        p.frame(width, CURSOR)
    return bmp, pal


def ring(sheet, n, cell, x, y, colour):
    """view.Board.ring for an n x n board at (x, y): a TileGrid over the sheet in a palette
    where only the cursor's role is opaque (colour), so T_RING shows its frame alone and
    T_OFF nothing."""
    pal = displayio.Palette(16)
    for i in range(16):
        pal.make_transparent(i)
    pal.make_opaque(CURSOR)
    pal[CURSOR] = colour
    return displayio.TileGrid(sheet, pixel_shader=pal, width=n, height=n, tile_width=cell,
                              tile_height=cell, default_tile=T_OFF, x=x, y=y)
