"""Board geometry: every square on an n x n board without its four corner cells.

Cells are ints x = row * n + col (col 0 = column 'a', row 0 = row '1' at the bottom).
A square is stored as its four corner cells in drawing order (around the square), four bytes a
square in `sq_cells`; `cell_sq[cell_start[x]:cell_start[x + 1]]` lists the squares through x.
Both are built once per board size from one primitive (`_squares`) and kept in compact arrays:
for n = 11 that is 1173 squares, 4692 bytes of corners and 9384 bytes of incidence.
"""

from array import array

OFF = 255  # content of a removed corner cell


def zeros(typecode, n):
    """A zero-filled array of exactly n items. CPython repeats a one-item array; MicroPython
    has no array repetition, and building from a zeroed bytes buffer there holds twice the
    memory (measured: 18.8 KB for a 9.4 KB array), so it fills from a range and clears it."""
    try:
        return array(typecode, [0]) * n
    except TypeError:
        a = array(typecode, range(n))
        for i in range(n):
            a[i] = 0
        return a


class Geometry:
    """Tables for one board size. Read-only after construction."""

    def __init__(self, n):
        if not 5 <= n <= 15:
            raise ValueError("board size must be 5..15, not %d" % n)
        self.n = n
        size = n * n
        valid = bytearray(b"\x01" * size)
        for x in (0, n - 1, size - n, size - 1):
            valid[x] = 0
        self.valid = bytes(valid)
        self.ncells = size - 4

        # Pass 1 counts squares and squares per cell; pass 2 fills the tables in place.
        # The enumerator calls back instead of yielding tuples, so building allocates
        # only the final tables (n = 15 would otherwise make ~8000 short-lived tuples).
        self._per_cell = zeros("H", size + 1)
        self.nsq = 0
        _each_square(n, self.valid, self._count)
        start = zeros("H", size + 1)
        total = 0
        for x in range(size):
            start[x] = total
            total += self._per_cell[x]
        start[size] = total
        self._per_cell = array("H", start)  # now: next free slot per cell
        self.sq_cells = bytearray(4 * self.nsq)
        self.cell_sq = zeros("H", total)
        self.nsq = 0
        _each_square(n, self.valid, self._fill)
        del self._per_cell
        self.cell_start = start

    def _count(self, a, b, c, d):
        self.nsq += 1
        per = self._per_cell
        per[a] += 1
        per[b] += 1
        per[c] += 1
        per[d] += 1

    def _fill(self, a, b, c, d):
        s = self.nsq
        j = 4 * s
        sq = self.sq_cells
        sq[j] = a
        sq[j + 1] = b
        sq[j + 2] = c
        sq[j + 3] = d
        slot = self._per_cell
        inc = self.cell_sq
        inc[slot[a]] = s
        slot[a] += 1
        inc[slot[b]] = s
        slot[b] += 1
        inc[slot[c]] = s
        slot[c] += 1
        inc[slot[d]] = s
        slot[d] += 1
        self.nsq = s + 1

    def squares_through(self, x):
        """Square indices through cell x (a slice: allocates; for tests and tools)."""
        return self.cell_sq[self.cell_start[x]:self.cell_start[x + 1]]

    def corners(self, s):
        """The four cells of square s in drawing order."""
        j = 4 * s
        return tuple(self.sq_cells[j:j + 4])

    def table_bytes(self):
        """Bytes held by the tables (array payloads; object headers excluded)."""
        return (len(self.valid) + len(self.sq_cells) + 2 * len(self.cell_sq)
                + 2 * len(self.cell_start))


def _each_square(n, valid, visit):
    """Call visit(a, b, c, d) once for each square: its four cells in drawing order.

    A square's four edge vectors are one vector (dx, dy) turned by 0, 90, 180 and 270
    degrees; exactly one of them has dx > 0 and dy >= 0, and that vector read from its
    start corner names the square once. Corners: p, p+v, p+v+v', p+v' with v' = (-dy, dx).
    """
    for dx in range(1, n):
        for dy in range(0, n - dx):
            span = dx + dy  # the square's width and height in cells minus one
            for y in range(0, n - span):
                for x in range(dy, n - dx):
                    a = y * n + x
                    b = (y + dy) * n + x + dx
                    c = (y + span) * n + x + dx - dy
                    d = (y + dx) * n + x - dy
                    if valid[a] and valid[b] and valid[c] and valid[d]:
                        visit(a, b, c, d)


_cache_n = 0
_cache_geo = None


def geometry(n):
    """The tables for size n, built on first use. Only the latest size is kept, so changing
    board size on the device never holds two sets of tables (~14 KB each at n = 11)."""
    global _cache_n, _cache_geo
    if _cache_n != n:
        _cache_geo = None  # let the old tables go before building the new ones
        _cache_geo = Geometry(n)
        _cache_n = n
    return _cache_geo
