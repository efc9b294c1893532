"""The Quax family's unchecked core: cells, links and a union-find of chains.

Cells are 0..n*n-1, x = rank * n + file (a1 = 0, bottom left). A colour is 0 (Black) or
1 (White); `cells[x]` holds 0 (empty), 1 (Black) or 2 (White). Black joins rank 1 and rank n,
White file a and the last file.

A 2 x 2 block is named by its lower-left cell b; its corners are b, b + 1, b + n, b + n + 1
(lower-left, lower-right, upper-left, upper-right). `links[b]` is 0, 1 for the "/" diagonal
(b with b + n + 1) or 2 for the "\\" one (b + 1 with b + n): a block holds at most one link,
so two links never cross.

Chains: one union-find over the cells and four edge nodes (N, N + 1: Black's bottom and top;
N + 2, N + 3: White's left and right), in a preallocated array('H'); a colour has won when
its two edge nodes share a root. A stone or a link makes a few unions and allocates nothing.
The core only goes forward: the game undoes a turn by replaying the others (game.Game.undo).
"""

from array import array

QUAX, LINK, QUICKWAY, CROSSWAY, QUADREX = 0, 1, 2, 3, 4
RULES = ("quax", "link", "quickway", "crossway", "quadrex")
NAMES = ("Quax", "Link", "Quickway", "Crossway", "Quadrex")


class Board:
    """No checks (see game.Game); the caller passes legal turns only."""

    def __init__(self, n, rule):
        self.n = n
        self.rule = rule
        self.N = n * n
        self.cells = bytearray(self.N)
        self.links = bytearray(self.N)
        self.parent = array("H", bytes(2 * (self.N + 4)))
        # Quadrex: the stones still to look around (a stack), and the cells the last turn
        # filled (fills[0:nfill]), for the face to show.
        self.stack = array("H", bytes(2 * self.N))
        self.fills = array("H", bytes(2 * self.N))
        self.nfill = 0
        self.stones = 0
        self.reset()

    def reset(self):
        p = self.parent
        for i in range(self.N + 4):
            p[i] = i
        c = self.cells
        k = self.links
        for i in range(self.N):
            c[i] = 0
            k[i] = 0
        self.stones = 0
        self.nfill = 0

    # -- union-find ------------------------------------------------------------------------
    def find(self, a):
        p = self.parent
        while p[a] != a:
            p[a] = p[p[a]]
            a = p[a]
        return a

    def union(self, a, b):
        a = self.find(a)
        b = self.find(b)
        if a != b:
            self.parent[a] = b

    def won(self, c):
        N = self.N
        return self.find(N + 2 * c) == self.find(N + 2 * c + 1)

    def joined(self, x, y):
        return self.find(x) == self.find(y)

    # -- questions ---------------------------------------------------------------------------
    def crossway_ok(self, x, c):
        """False when a stone of colour c on x would complete a 2 x 2 checkerboard."""
        n = self.n
        cells = self.cells
        f = x % n
        r = x // n
        own = c + 1
        foe = 2 - c
        # The four blocks around x: (diagonal partner, the two others).
        if f > 0 and r > 0:
            if cells[x - n - 1] == own and cells[x - 1] == foe and cells[x - n] == foe:
                return False
        if f < n - 1 and r > 0:
            if cells[x - n + 1] == own and cells[x + 1] == foe and cells[x - n] == foe:
                return False
        if f > 0 and r < n - 1:
            if cells[x + n - 1] == own and cells[x - 1] == foe and cells[x + n] == foe:
                return False
        if f < n - 1 and r < n - 1:
            if cells[x + n + 1] == own and cells[x + 1] == foe and cells[x + n] == foe:
                return False
        return True

    def link_ok(self, b, d, c):
        """True when colour c may link the diagonal d (1 "/", 2 "\\") of block b."""
        if self.links[b]:
            return False
        own = c + 1
        cells = self.cells
        if d == 1:
            return cells[b] == own and cells[b + self.n + 1] == own
        return cells[b + 1] == own and cells[b + self.n] == own

    # -- the unchecked turns -----------------------------------------------------------------
    def link(self, b, d):
        self.links[b] = d
        if d == 1:
            self.union(b, b + self.n + 1)
        else:
            self.union(b + 1, b + self.n)

    def drop(self, x, c):
        """A stone of colour c on the empty cell x, with what the rule set adds to it (an
        automatic link, Quadrex's fills)."""
        self.nfill = 0
        self._stone(x, c)
        if self.rule == QUADREX:
            self._cascade(x)

    def _stone(self, x, c):
        n = self.n
        N = self.N
        cells = self.cells
        own = c + 1
        cells[x] = own
        self.stones += 1
        f = x % n
        r = x // n
        if c == 0:
            if r == 0:
                self.union(x, N)
            if r == n - 1:
                self.union(x, N + 1)
        else:
            if f == 0:
                self.union(x, N + 2)
            if f == n - 1:
                self.union(x, N + 3)
        if f > 0 and cells[x - 1] == own:
            self.union(x, x - 1)
        if f < n - 1 and cells[x + 1] == own:
            self.union(x, x + 1)
        if r > 0 and cells[x - n] == own:
            self.union(x, x - n)
        if r < n - 1 and cells[x + n] == own:
            self.union(x, x + n)
        rule = self.rule
        if rule != CROSSWAY and rule != QUICKWAY:
            return
        links = self.links
        # the four diagonal neighbours SW, SE, NW, NE (index arithmetic: no tuple to build)
        for j in range(4):
            ff = f - 1 + 2 * (j & 1)
            rr = r - 1 + 2 * (j >> 1)
            if ff < 0 or rr < 0 or ff >= n or rr >= n:
                continue
            y = rr * n + ff
            if cells[y] != own:
                continue
            if rule == CROSSWAY:
                self.union(x, y)
            else:
                lo = x if x < y else y
                # The block's lower-left cell and which diagonal joins lo and the other.
                if x + y - lo - lo == n + 1:
                    b = lo
                    d = 1
                else:
                    b = lo - 1
                    d = 2
                if not links[b]:
                    links[b] = d
                    self.union(x, y)

    def _cascade(self, x):
        """Quadrex: fill the fourth point of every 3/4 stymie with the pair's colour, looking
        around the newest stone first (a stack), its blocks lower-left, lower-right,
        upper-left, upper-right, each block's empty corner checked as it is then."""
        n = self.n
        cells = self.cells
        st = self.stack
        sp = 1
        st[0] = x
        while sp:
            sp -= 1
            s = st[sp]
            f = s % n
            r = s // n
            # its blocks lower-left, lower-right, upper-left, upper-right (no tuple built)
            for j in range(4):
                bf = f - 1 + (j & 1)
                br = r - 1 + (j >> 1)
                if bf < 0 or br < 0 or bf >= n - 1 or br >= n - 1:
                    continue
                b = br * n + bf
                e = self._stymie(b)
                if e >= 0:
                    i = e - b
                    # the fill takes the colour of the two corners next to e (the pair)
                    u = b + 1 if i == 0 or i == n + 1 else b
                    self._stone(e, cells[u] - 1)
                    self.fills[self.nfill] = e
                    self.nfill += 1
                    st[sp] = e
                    sp += 1

    def _stymie(self, b):
        """The empty corner of block b when its other three make a 3/4 stymie (the two
        corners next to it alike, the one opposite it the other colour), else -1."""
        n = self.n
        cells = self.cells
        c0 = cells[b]
        c1 = cells[b + 1]
        c2 = cells[b + n]
        c3 = cells[b + n + 1]
        # corners: 0 bl, 1 br, 2 tl, 3 tr; opposite pairs (0, 3) and (1, 2)
        if not c0:
            if c1 and c1 == c2 and c3 and c3 != c1:
                return b
        elif not c1:
            if c0 and c0 == c3 and c2 and c2 != c0:
                return b + 1
        elif not c2:
            if c0 == c3 and c1 != c0:
                return b + n
        elif not c3:
            if c1 == c2 and c0 != c1:
                return b + n + 1
        return -1
