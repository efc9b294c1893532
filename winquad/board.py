"""Mats Winther's Quad on 8 x 8: the board, its tables and the unchecked core.

Cells are 0..63, x = rank * 8 + file (a1 = 0, h1 = 7, a8 = 56). A colour is 0 (White) or
1 (Black); `cells[x]` holds 0 (empty), 1 (White) or 2 (Black).

Besides the cells the board keeps, per colour, the 8 rows and the 8 columns as 8-bit masks
(`ln[c * 16 + rank]`: bit = file; `ln[c * 16 + 8 + file]`: bit = rank). Every win, capture
and mobility question is then a few byte lookups, and no value ever comes near 2**30 (the
device's small-int limit): a 64-bit board as one int would allocate on CircuitPython.

A move is one small int below 2**16 so that it fits an array("H") slot:
    to | frm << 6 | caps << 12
`frm == to` is a drop; `caps` has bit d set when the enemy counter next to `to` in
direction d (0 north, 1 east, 2 south, 3 west) is taken. `make` / `unmake` change the
board in place and never allocate: the search tries millions of them.
"""

N_CELLS = 64
OFF = 255
# Steps north, east, south, west (one rank is 8 cells).
DIRS = (8, 1, -8, -1)


def _neighbours():
    # nb[x * 4 + d]: the cell one step from x in direction d, or OFF past the edge.
    t = bytearray(N_CELLS * 4)
    for x in range(N_CELLS):
        f, r = x & 7, x >> 3
        for d, (df, dr) in enumerate(((0, 1), (1, 0), (0, -1), (-1, 0))):
            ff, rr = f + df, r + dr
            t[x * 4 + d] = rr * 8 + ff if 0 <= ff < 8 and 0 <= rr < 8 else OFF
    return bytes(t)


def _fours():
    # four[m] = 1 when the 8-bit line m holds a run of exactly four (a longer run, an
    # overline, does not count), else 0.
    t = bytearray(256)
    for m in range(256):
        run = 0
        for i in range(9):
            if i < 8 and m >> i & 1:
                run += 1
                continue
            if run == 4:
                t[m] = 1
            run = 0
    return bytes(t)


def _pop():
    t = bytearray(256)
    for m in range(256):
        t[m] = t[m >> 1] + (m & 1)
    return bytes(t)


def _rim():
    return bytes(1 if (x & 7) in (0, 7) or (x >> 3) in (0, 7) else 0 for x in range(N_CELLS))


NB = _neighbours()
RIM = _rim()
FOUR = _fours()
POP = _pop()


class Board:
    """Cells, line masks, counters in hand and on the board. No checks: see game.Game."""

    def __init__(self, counters):
        self.n = counters
        self.cells = bytearray(N_CELLS)
        self.ln = bytearray(32)
        self.hand = bytearray((counters, counters))
        self.on = bytearray(2)
        self.cc = bytearray(8)   # gen's scratch: capture spots per column

    # -- the unchecked core -------------------------------------------------------------
    def put(self, x, c):
        self.cells[x] = c + 1
        ln = self.ln
        b = c << 4
        ln[b + (x >> 3)] |= 1 << (x & 7)
        ln[b + 8 + (x & 7)] |= 1 << (x >> 3)

    def lift(self, x, c):
        self.cells[x] = 0
        ln = self.ln
        b = c << 4
        ln[b + (x >> 3)] &= ~(1 << (x & 7))
        ln[b + 8 + (x & 7)] &= ~(1 << (x >> 3))

    def make(self, m, c):
        to = m & 63
        frm = (m >> 6) & 63
        if frm == to:
            self.hand[c] -= 1
            self.on[c] += 1
        else:
            self.lift(frm, c)
        self.put(to, c)
        caps = m >> 12
        if caps:
            e = 1 - c
            for d in range(4):
                if caps >> d & 1:
                    self.lift(NB[to * 4 + d], e)
                    self.on[e] -= 1

    def unmake(self, m, c):
        to = m & 63
        frm = (m >> 6) & 63
        caps = m >> 12
        if caps:
            e = 1 - c
            for d in range(4):
                if caps >> d & 1:
                    self.put(NB[to * 4 + d], e)
                    self.on[e] += 1
        self.lift(to, c)
        if frm == to:
            self.hand[c] += 1
            self.on[c] -= 1
        else:
            self.put(frm, c)

    # -- questions, all answered from the tables --------------------------------------
    def captures(self, to, c):
        """Direction bits of the enemy counters that a counter of colour c arriving on `to`
        would flank (the cell it left must already be empty)."""
        cells = self.cells
        own = c + 1
        foe = 2 - c
        caps = 0
        for d in range(4):
            y = NB[to * 4 + d]
            if y != OFF and cells[y] == foe:
                z = NB[y * 4 + d]
                if z != OFF and cells[z] == own:
                    caps |= 1 << d
        return caps

    def has_four(self, c):
        ln = self.ln
        b = c << 4
        for i in range(b, b + 16):
            if FOUR[ln[i]]:
                return True
        return False

    def can_step(self, c):
        """True when some counter of colour c has an empty orthogonal neighbour."""
        ln = self.ln
        b = c << 4
        for i in range(16):
            o = ln[b + i]
            if o and ((o << 1) | (o >> 1)) & ~(o | ln[(b ^ 16) + i]) & 255:
                return True
        return False

    def gen(self, c, buf, k, lim):
        """Write the legal moves of colour c into buf[k:lim]; return the new end. Every
        subset of the available captures is a move of its own (capture is optional). A
        full buffer stops the list early (Game.moves leaves room for the 1,024 a position
        can have at most; the computer player's 192 a ply is far above what play reaches)."""
        cells = self.cells
        ln = self.ln
        own = c + 1
        b = c << 4
        f = b ^ 16
        # Spots where a counter of ours would flank an enemy one, per column (bit = rank):
        # "empty, enemy, ours" read in either direction. The rows' are found as we go.
        cc = self.cc
        for i in range(8):
            o = ln[b + 8 + i]
            p = ln[f + 8 + i]
            cc[i] = ~(o | p) & (((p << 1) & (o << 2)) | ((p >> 1) & (o >> 2))) & 255
        if self.hand[c]:
            # White's second counter goes on the rim (hand down to n - 1 after the first).
            rim = c == 0 and self.hand[0] == self.n - 1
            for r in range(8):
                o = ln[b + r]
                p = ln[f + r]
                hr = ~(o | p) & (((p << 1) & (o << 2)) | ((p >> 1) & (o >> 2))) & 255
                x = r << 3
                for i in range(8):
                    if not cells[x] and (not rim or RIM[x]) and k < lim:
                        if hr >> i & 1 or cc[i] >> r & 1:
                            k = self._emit(buf, k, lim, x | x << 6, x, c)
                        else:
                            buf[k] = x | x << 6
                            k += 1
                    x += 1
            return k
        for x in range(N_CELLS):
            if cells[x] == own:
                for d in range(4):
                    y = NB[x * 4 + d]
                    # The cell left behind (x, one step from y) can never be a flanker,
                    # which sits two steps from y: no need to empty it first.
                    if y != OFF and not cells[y] and k < lim:
                        k = self._emit(buf, k, lim, y | x << 6, y, c)
        return k

    def _emit(self, buf, k, lim, m, to, c):
        caps = self.captures(to, c)
        buf[k] = m
        k += 1
        if caps:
            # Every non-empty subset of the capture bits, largest first.
            s = caps
            while s and k < lim:
                buf[k] = m | s << 12
                k += 1
                s = (s - 1) & caps
        return k
