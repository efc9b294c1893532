"""The board: one TileGrid over the sprite sheet, coordinate captions, the quad outline.

update() computes the wanted tile of every cell and writes only the ones that differ
from a shadow copy, so a move redraws two or three 20 px tiles, not the board.
The winning square's outline is four thick lines (vectorio polygons, each drawn dark and
then bright on top) between the centres of its corners: tilted squares read as well as
upright ones. The polygons exist once and are only moved and shown.
"""

import displayio
import vectorio

from quadpocket import sprites
from quadpocket.layout import forget
from quadpocket.text import draw_text

EMPTY = 0
STAR = 1
OFF = 255


def _isqrt(v):
    r = int(v ** 0.5)
    while r * r > v:
        r -= 1
    while (r + 1) * (r + 1) <= v:
        r += 1
    return r


def edge_points(ax, ay, bx, by, half):
    """Four corners of a line from (ax, ay) to (bx, by), `half` px to each side."""
    dx = bx - ax
    dy = by - ay
    length = _isqrt(dx * dx + dy * dy) or 1
    # perpendicular unit vector times half, rounded to the nearest pixel
    ox = (-dy * half * 2 + length) // (2 * length)
    oy = (dx * half * 2 + length) // (2 * length)
    return [(ax + ox, ay + oy), (bx + ox, by + oy), (bx - ox, by - oy), (ax - ox, ay - oy)]


class BoardView:
    def __init__(self, lay, ncolours, contrast=False):
        self.lay = lay
        n = lay.n
        self.n = n
        self.ncolours = ncolours
        cell = lay.cell
        from quadpocket import spritedraw
        self.sheet, self.palette = spritedraw.build_sheet(cell, ncolours, contrast)
        del spritedraw
        forget("spritedraw")
        self.group = displayio.Group()
        # Captions: letters under the columns, numbers left of the rows (1-bit bitmaps).
        cap = displayio.Palette(2)
        cap.make_transparent(0)
        cap[1] = 0xA0A0A0
        bottom = displayio.Bitmap(n * cell, 12, 2)
        left = displayio.Bitmap(14, n * cell, 2)
        for i in range(n):
            draw_text(bottom, i * cell + (cell - 6) // 2, 0, chr(97 + i))
            num = str(i + 1)
            draw_text(left, 12 - 6 * len(num), (n - 1 - i) * cell + (cell - 12) // 2, num)
        self.captions = (bottom, left)
        self.group.append(displayio.TileGrid(bottom, pixel_shader=cap, x=lay.bx,
                                             y=lay.by + n * cell + 1))
        self.group.append(displayio.TileGrid(left, pixel_shader=cap, x=0, y=lay.by))
        self.grid = displayio.TileGrid(self.sheet, pixel_shader=self.palette, width=n,
                                       height=n, tile_width=cell, tile_height=cell,
                                       default_tile=sprites.T_OFF, x=lay.bx, y=lay.by)
        self.group.append(self.grid)
        self.shadow = bytearray(n * n)  # all T_OFF (0), as the grid starts
        self.quad_layer = displayio.Group()
        self.quad_layer.hidden = True
        self.lines = []
        dummy = [(0, 0), (1, 0), (1, 1)]
        for colour in (sprites.DARK, sprites.QUAD):
            for _ in range(4):
                poly = vectorio.Polygon(pixel_shader=self.palette, points=dummy, x=0, y=0)
                poly.color_index = colour
                self.lines.append(poly)
                self.quad_layer.append(poly)
        self.group.append(self.quad_layer)
        self.quad = None

    def set_contrast(self, contrast):
        sprites.set_palette(self.palette, contrast)

    def centre(self, x):
        lay = self.lay
        col, row = x % self.n, x // self.n
        px, py = lay.cell_xy(col, row)
        return px + lay.cell // 2, py + lay.cell // 2

    def cell_at(self, sx, sy, cells):
        """Screen point -> board cell index, or None (outside the grid or a removed corner)."""
        cr = self.lay.cell_at(sx, sy)
        if cr is None:
            return None
        x = cr[1] * self.n + cr[0]
        return None if cells[x] == OFF else x

    def update(self, cells, cursor=(), quad=None, trainer=(), hint=(), hint_stars=(),
               mark=None):
        """Bring the tiles in line with `cells` plus overlays; returns True if anything
        changed. cursor: cells of the last move; trainer/hint/hint_stars/mark: empty cells."""
        n = self.n
        grid = self.grid
        shadow = self.shadow
        changed = False
        quad = tuple(quad) if quad else None
        for x in range(n * n):
            v = cells[x]
            if v == OFF:
                t = sprites.T_OFF
            elif v == EMPTY:
                if x == mark:
                    t = sprites.T_MARK
                elif x in hint:
                    t = sprites.T_HINT_MARBLE
                elif x in hint_stars:
                    t = sprites.T_HINT_STAR
                elif x in trainer:
                    t = sprites.T_TRAIN
                else:
                    t = sprites.T_EMPTY
            elif v == STAR:
                t = sprites.T_STAR_CUR if x in cursor else sprites.T_STAR
            else:
                c = v - 2
                if c >= self.ncolours:
                    c = self.ncolours - 1
                if quad and x in quad:
                    t = sprites.t_quad(c)
                elif x in cursor:
                    t = sprites.t_cursor(c)
                else:
                    t = sprites.t_marble(c)
            if shadow[x] != t:
                shadow[x] = t
                grid[x % n, n - 1 - x // n] = t
                changed = True
        if quad != self.quad:
            self.quad = quad
            changed = True
            if quad:
                self._outline(quad)
            self.quad_layer.hidden = not quad
        return changed

    def _outline(self, quad):
        pts = [self.centre(x) for x in quad]
        width = max(1, self.lay.cell // 10)  # 2 px bright line inside a 4 px dark one
        for i in range(4):
            a = pts[i]
            b = pts[(i + 1) % 4]
            self.lines[i].points = edge_points(a[0], a[1], b[0], b[1], width + 1)
            self.lines[4 + i].points = edge_points(a[0], a[1], b[0], b[1], width)

    def tile(self, x):
        """The tile shown at cell x (tests)."""
        return self.shadow[x]


def heap_estimate(lay, ncolours):
    """Bytes of the board's bitmaps and tiles (objects themselves not counted)."""
    n, cell = lay.n, lay.cell
    sheet = sprites.sheet_bytes(cell, ncolours)
    bottom = (n * cell + 31) // 32 * 4 * 12
    left = 4 * n * cell
    return sheet + bottom + left + n * n + n * n
