"""Screen geometry from the display size and the board side (landscape only).

Everything is derived from width x height so the same code fills a PyPortal (320x240:
20 px cells, 79 px panel) and a Titano (480x320: 27 px cells, text at scale 2).
"""

AXIS_W = 15   # left axis: two 6 px digits ("11") + 3 px gap
AXIS_H = 13   # bottom axis: one 12 px text row + 1 px gap
MAX_CELL = 30  # beyond this the sprite sheet costs more than it shows (5x5 board)


class Layout:
    def __init__(self, width, height, n):
        if width < 160 or height < 120 or width < height:
            raise ValueError("need a landscape display of at least 160x120")
        self.w = width
        self.h = height
        self.n = n
        # Text scale 2 only where 13 double-size characters still leave a 27 px board cell.
        self.ts = 2 if (width >= 440 and height >= 300) else 1
        self.cw = 6 * self.ts
        self.ch = 12 * self.ts
        panel_min = 13 * self.cw + 4
        cell = min((height - 4 - AXIS_H) // n, (width - AXIS_W - 2 - panel_min) // n,
                   MAX_CELL)
        if cell < 6:
            raise ValueError("board too large for this display")
        self.cell = cell
        self.bx = AXIS_W
        self.by = max(2, (height - AXIS_H - n * cell) // 2)
        self.bw = n * cell
        self.px = self.bx + self.bw + 4
        self.py = 2
        self.pw = width - self.px - 2
        self.ph = height - 4

    def cell_at(self, x, y):
        """Screen point -> (col, row) with row 0 at the bottom, or None off the grid."""
        dx = x - self.bx
        dy = y - self.by
        if dx < 0 or dy < 0 or dx >= self.bw or dy >= self.bw:
            return None
        return dx // self.cell, self.n - 1 - dy // self.cell

    def cell_xy(self, col, row):
        """Top-left screen pixel of a cell."""
        return self.bx + col * self.cell, self.by + (self.n - 1 - row) * self.cell


def inside(rect, x, y):
    rx, ry, rw, rh = rect
    return rx <= x < rx + rw and ry <= y < ry + rh


def forget(name):
    """Drop a submodule that was needed only once (quadpocket.helptext, .spritedraw,
    .tutorial) so its compiled code can be collected: both the sys.modules entry and the
    package attribute keep it alive."""
    import sys
    sys.modules.pop("quadpocket." + name, None)
    pkg = sys.modules.get("quadpocket")
    if pkg is not None and hasattr(pkg, name):
        delattr(pkg, name)
