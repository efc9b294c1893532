"""A slow, obvious referee for the corner polyomino game, written apart from the engine
(corners/): it shares no code or tables with it. The pieces are grown here from one square
(every fixed polyomino of 1 to 5 squares: 1 + 2 + 6 + 19 + 63 = 91 shapes), and the legal
placements are found by trying every shape at every cell of a plain 2-D board.

    ref = Reference(width, starts)       # starts[c]: the cells (x, y) a first piece covers
    ref.legal(c)                         # set of frozensets of (x, y)
    ref.place(c, cells)
    ref.corner_places(c)                 # cells diagonal to own, edge-adjacent to none, empty
"""


def _normal(cells):
    x0 = min(x for x, _ in cells)
    y0 = min(y for _, y in cells)
    return frozenset((x - x0, y - y0) for x, y in cells)


def fixed_polyominoes(n_max=5):
    """{size: set of shapes}: every fixed polyomino up to n_max squares, by growth."""
    out = {1: {frozenset([(0, 0)])}}
    for n in range(2, n_max + 1):
        grown = set()
        for s in out[n - 1]:
            for x, y in s:
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    q = (x + dx, y + dy)
                    if q not in s:
                        grown.add(_normal(s | {q}))
        out[n] = grown
    return out


def free_key(shape):
    """The same key for every rotation and reflection of a shape."""
    keys = []
    for t in range(8):
        cells = []
        for x, y in shape:
            if t & 4:
                x, y = y, x
            if t & 1:
                x = -x
            if t & 2:
                y = -y
            cells.append((x, y))
        keys.append(tuple(sorted(_normal(cells))))
    return min(keys)


SHAPES = [s for n, ss in sorted(fixed_polyominoes().items()) for s in ss]
FREE = sorted({free_key(s) for s in SHAPES})


class Reference:
    def __init__(self, width, starts):
        self.w = width
        self.starts = starts
        self.grid = {}                       # (x, y) -> colour
        self.used = [set() for _ in starts]  # free keys played per colour

    def place(self, c, cells):
        cells = frozenset(cells)
        assert cells in self.legal(c), "reference: illegal placement %r" % sorted(cells)
        for q in cells:
            self.grid[q] = c
        self.used[c].add(free_key(cells))

    def _own(self, c, q):
        return self.grid.get(q) == c

    def legal(self, c):
        w = self.w
        first = not self.used[c]
        out = set()
        for shape in SHAPES:
            if free_key(shape) in self.used[c]:
                continue
            for ox in range(w):
                for oy in range(w):
                    cells = frozenset((x + ox, y + oy) for x, y in shape)
                    if self._fits(c, cells, first):
                        out.add(cells)
        return out

    def _fits(self, c, cells, first):
        w = self.w
        for x, y in cells:
            if not (0 <= x < w and 0 <= y < w) or (x, y) in self.grid:
                return False
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if self._own(c, (x + dx, y + dy)):
                    return False
        if first:
            return any(q in cells for q in self.starts[c])
        return any(self._own(c, (x + dx, y + dy)) for x, y in cells
                   for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)))

    def corner_places(self, c):
        w = self.w
        out = set()
        for x in range(w):
            for y in range(w):
                q = (x, y)
                if q in self.grid:
                    continue
                if any(self._own(c, (x + dx, y + dy)) for dx, dy in
                       ((1, 0), (-1, 0), (0, 1), (0, -1))):
                    continue
                if any(self._own(c, (x + dx, y + dy)) for dx, dy in
                       ((1, 1), (1, -1), (-1, 1), (-1, -1))):
                    out.add(q)
        return out

    def score(self, c, last_single):
        """The seed's score: -1 a square in hand, +15 all placed, +5 more for the
        single square last."""
        placed = sum(1 for v in self.grid.values() if v == c)
        s = placed - 89
        if len(self.used[c]) == 21:
            s += 20 if last_single else 15
        return s
