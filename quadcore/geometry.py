"""Board geometry: every square on an n x n board without its four corner cells.

Cells are ints x = row * n + col (col 0 = column 'a', row 0 = row '1' at the bottom).
A square is stored as its four corner cells in drawing order (around the square), four bytes a
square in `sq_cells`; `cell_sq[cell_start[x]:cell_start[x + 1]]` lists the squares through x.
Both are built once per board size (quadcore.squares, from one primitive) and kept in compact
arrays: for n = 11 that is 1173 squares, 4692 bytes of corners and 9384 bytes of incidence.
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
    """Tables for one board size. Read-only after construction. The building code is in
    quadcore.squares, imported here once per board size: the device drops it again (its
    ~0.9 KB of code is needed only then)."""

    def __init__(self, n):
        if not 5 <= n <= 15:
            raise ValueError("board size must be 5..15, not %d" % n)
        from .squares import fill
        fill(self, n, zeros)

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
