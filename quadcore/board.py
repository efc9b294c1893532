"""The unchecked core: cell contents and incremental per-square counters.

Nothing here validates anything; the checked `Game` API and the computer player call it.
Every update touches only the squares through one cell and allocates nothing.

Counters, one bytearray per colour, one byte per square:
    cnt[c][s] = (own marbles of colour c in s) + 8 * (other pieces in s: stars, other colours)
so a square is still open for c exactly when cnt[c][s] < 8, and then the value is the number
of c's marbles in it: 4 is a quad, 3 is a threat, and one comparison answers both.
    thr[c][x]  = how many open squares of c have three c marbles and x as the empty fourth cell
    nopen[c][k] = how many squares are open for c with exactly k of its marbles (k = 0..4)
"""

from .geometry import OFF

EMPTY = 0
STAR = 1
MARBLE = 2  # a marble of colour c is stored as MARBLE + c


def other_empty(corners, cells, j, x):
    """The corner of the square whose corners are corners[j:j + 4] that is empty and not x
    (the caller knows there is one)."""
    e = corners[j]
    if e == x or cells[e]:
        e = corners[j + 1]
        if e == x or cells[e]:
            e = corners[j + 2]
            if e == x or cells[e]:
                e = corners[j + 3]
    return e


class Board:
    def __init__(self, geo, ncolours):
        self.geo = geo
        self.n = geo.n
        self.ncolours = ncolours
        size = geo.n * geo.n
        # Largest blocks first (the counters: 1,173 bytes a colour at n = 11): on a device
        # heap the previous game's blocks are the holes these fit, and a small block made
        # first would split one of them (first fit) and leave no room for the last counter.
        self.cnt = [bytearray(geo.nsq) for _ in range(ncolours)]
        self.thr = [bytearray(size) for _ in range(ncolours)]
        cells = bytearray(size)
        for x in range(size):
            if not geo.valid[x]:
                cells[x] = OFF
        self.cells = cells
        self.empty = geo.ncells  # number of empty cells
        self.nopen = [[geo.nsq, 0, 0, 0, 0] for _ in range(ncolours)]

    def clear(self):
        """Back to the empty board, in place: a new game of the same size and colours can
        take an old game's board (Game(..., recycle=old)) instead of allocating ~3.6 KB
        at n = 11 while the old one may still be held (see Game)."""
        geo = self.geo
        cells = self.cells
        valid = geo.valid
        for x in range(len(cells)):
            cells[x] = EMPTY if valid[x] else OFF
        self.empty = geo.ncells  # number of empty cells
        for c in range(self.ncolours):
            cnt = self.cnt[c]
            for s in range(len(cnt)):
                cnt[s] = 0
            thr = self.thr[c]
            for x in range(len(thr)):
                thr[x] = 0
            nopen = self.nopen[c]
            nopen[0] = geo.nsq
            for k in range(1, 5):
                nopen[k] = 0

    def place(self, x, piece):
        """Put `piece` (STAR or MARBLE + c) on empty cell x."""
        cells = self.cells
        cells[x] = piece
        self.empty -= 1
        geo = self.geo
        sqs = geo.cell_sq
        lo = geo.cell_start[x]
        hi = geo.cell_start[x + 1]
        own = piece - MARBLE
        for c in range(self.ncolours):
            cnt = self.cnt[c]
            thr = self.thr[c]
            nopen = self.nopen[c]
            if c == own:
                corners = geo.sq_cells
                for i in range(lo, hi):
                    s = sqs[i]
                    v = cnt[s]
                    cnt[s] = v + 1
                    if v < 8:
                        nopen[v] -= 1
                        nopen[v + 1] += 1
                        if v == 3:
                            thr[x] -= 1
                        elif v == 2:
                            # Now three of c with one empty corner: that corner is a threat.
                            thr[other_empty(corners, cells, 4 * s, x)] += 1
            else:
                for i in range(lo, hi):
                    s = sqs[i]
                    v = cnt[s]
                    cnt[s] = v + 8
                    if v < 8:
                        nopen[v] -= 1
                        if v == 3:
                            thr[x] -= 1

    def remove(self, x):
        """Take the piece off cell x (any piece, in any order: the counters are sums)."""
        cells = self.cells
        piece = cells[x]
        cells[x] = EMPTY
        self.empty += 1
        geo = self.geo
        sqs = geo.cell_sq
        lo = geo.cell_start[x]
        hi = geo.cell_start[x + 1]
        own = piece - MARBLE
        for c in range(self.ncolours):
            cnt = self.cnt[c]
            thr = self.thr[c]
            nopen = self.nopen[c]
            if c == own:
                corners = geo.sq_cells
                for i in range(lo, hi):
                    s = sqs[i]
                    v = cnt[s] - 1
                    cnt[s] = v
                    if v < 8:
                        nopen[v + 1] -= 1
                        nopen[v] += 1
                        if v == 3:
                            thr[x] += 1
                        elif v == 2:
                            # It was a threat on the other empty corner; find it (not x).
                            thr[other_empty(corners, cells, 4 * s, x)] -= 1
            else:
                for i in range(lo, hi):
                    s = sqs[i]
                    v = cnt[s] - 8
                    cnt[s] = v
                    if v < 8:
                        nopen[v] += 1
                        if v == 3:
                            thr[x] += 1

    def completes(self, x, c):
        """Would a marble of colour c on empty cell x complete a quad? (No state change.)"""
        return self.thr[c][x] > 0

    def quad_through(self, x, c):
        """Index of a square through x holding four marbles of c, or -1."""
        geo = self.geo
        cnt = self.cnt[c]
        sqs = geo.cell_sq
        for i in range(geo.cell_start[x], geo.cell_start[x + 1]):
            if cnt[sqs[i]] == 4:
                return sqs[i]
        return -1

    def threat_cells(self, c):
        """Empty cells where a marble of c would complete a quad now (allocates a list)."""
        if not self.nopen[c][3]:
            return []
        thr = self.thr[c]
        return [x for x in range(len(thr)) if thr[x]]
