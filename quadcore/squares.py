"""Building one board size's tables (quadcore.geometry.Geometry): every square of an n x n
board without its four corner cells, counted and then written in place. Imported only while
a Geometry is made (the device drops it again); imports nothing of quadcore, so that
geometry may import it without a circle.
"""

from array import array


def fill(geo, n, zeros):
    """Set geo.n, valid, ncells, nsq, sq_cells, cell_sq and cell_start for size n. zeros:
    quadcore.geometry.zeros (a zero-filled array of exactly n items)."""
    geo.n = n
    size = n * n
    valid = bytearray(b"\x01" * size)
    for x in (0, n - 1, size - n, size - 1):
        valid[x] = 0
    geo.valid = bytes(valid)
    geo.ncells = size - 4

    # Pass 1 counts squares and squares per cell; pass 2 fills the tables in place.
    # The enumerator calls back instead of yielding tuples, so building allocates
    # only the final tables (n = 15 would otherwise make ~8000 short-lived tuples).
    b = _Builder()
    b.per = zeros("H", size + 1)
    _each_square(n, geo.valid, b.count)
    start = zeros("H", size + 1)
    total = 0
    for x in range(size):
        start[x] = total
        total += b.per[x]
    start[size] = total
    b.per = array("H", start)  # now: next free slot per cell
    geo.nsq = b.nsq
    b.sq = geo.sq_cells = bytearray(4 * b.nsq)
    b.inc = geo.cell_sq = zeros("H", total)
    b.nsq = 0
    _each_square(n, geo.valid, b.fill)
    geo.cell_start = start


class _Builder:
    def __init__(self):
        self.nsq = 0

    def count(self, a, b, c, d):
        self.nsq += 1
        per = self.per
        per[a] += 1
        per[b] += 1
        per[c] += 1
        per[d] += 1

    def fill(self, a, b, c, d):
        s = self.nsq
        j = 4 * s
        sq = self.sq
        sq[j] = a
        sq[j + 1] = b
        sq[j + 2] = c
        sq[j + 3] = d
        slot = self.per
        inc = self.inc
        inc[slot[a]] = s
        slot[a] += 1
        inc[slot[b]] = s
        slot[b] += 1
        inc[slot[c]] = s
        slot[c] += 1
        inc[slot[d]] = s
        slot[d] += 1
        self.nsq = s + 1


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


