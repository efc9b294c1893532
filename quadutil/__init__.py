"""quadutil: the small utilities every engine shares (quadcore for Still's Quad, winquad for
Winther's, quax, corners), below them all: crc16 for save data, Rng, the seeded generator,
and the reading of a cell's name with the one wording of its errors (cell_at, shown). So one game
loads neither the other's engine nor its tables (quadcore's package imports its whole
engine, ~12 KB on the device). One module, not two: a module costs its object and dict on
the device's heap. Imports nothing of the project.

crc16: CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): catches every single-byte change and every
burst of up to 16 bits, which is what torn or corrupted save data looks like. One copy serves
the game save and the device's nvm records.

Rng: A tiny deterministic random generator that gives the same numbers on every runtime.

CircuitPython's `random` and CPython's differ (same seed, other sequence), so games and the
computer player draw from this instead. It is a 30-bit linear congruential generator computed
in 15-bit halves, so no intermediate value reaches 2**30 (the device's small-int limit):
stepping it never allocates.
"""

# Four bits at a time: a 16-entry table keeps every value below 2**16 (small ints on the
# device) and halves the loop of the bit-by-bit form.
_T = (0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
      0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF)


def crc16(buf, start=0, end=None, crc=0xFFFF):
    """CRC of buf[start:end] (no slice is made), continuing from `crc`.
    crc16(b"123456789") == 0x29B1."""
    t = _T
    if end is None:
        end = len(buf)
    for i in range(start, end):
        b = buf[i]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b & 15)]
    return crc


_MASK15 = 0x7FFF
_MASK30 = 0x3FFFFFFF
# Multiplier 1103515245 reduced mod 2**30 (== 1 mod 4, so the period is the full 2**30).
_A_HI = 29773421 >> 15
_A_LO = 29773421 & _MASK15
_C = 12345


class Rng:
    """Seeded generator: `below(n)` and `next15()` are all the engine and AI need."""

    def __init__(self, seed=0):
        self.state = 0
        self.seed(seed)

    def seed(self, seed):
        # Fold any int (negative or wide) into 30 bits, then stir a few times so that
        # neighbouring seeds do not start on neighbouring numbers.
        s = int(seed)
        if s < 0:
            s = -s * 2 + 1
        x = 0x2545F49
        while True:
            x ^= s & _MASK30
            s >>= 30
            if not s:
                break
        self.state = x & _MASK30
        for _ in range(4):
            self._step()

    def _step(self):
        x = self.state
        xl = x & _MASK15
        xh = x >> 15
        # (a * x) mod 2**30 from 15-bit pieces: lo*lo fits in 30 bits; the cross terms only
        # matter mod 2**15, so each is masked before it can grow.
        cross = ((_A_HI * xl) & _MASK15) + ((_A_LO * xh) & _MASK15)
        # lo*lo + c < 2**30; adding the cross term in the high half (and not as a 31-bit
        # sum) keeps every step a small int, so drawing never allocates on the device.
        t = _A_LO * xl + _C
        x = ((((t >> 15) + cross) & _MASK15) << 15) | (t & _MASK15)
        self.state = x
        return x

    def next15(self):
        """Next 15-bit value (the high bits: an LCG's low bits are weak)."""
        return self._step() >> 15

    def below(self, n):
        """Uniform int in [0, n) for 1 <= n <= 32768 (rejection sampling, no bias)."""
        if n <= 1:
            return 0
        limit = 32768 - (32768 % n)
        while True:
            v = self.next15()
            if v < limit:
                return v % n


def shown(tok):
    """A token of the input as a message quotes it: cut after 24 characters, so a huge bad
    token never floods the one error line (docs/contract.md, "Errors")."""
    if len(tok) > 24:
        return repr(tok[:24])[:-1] + "...'"
    return repr(tok)


def cell_at(t, n, corners=True):
    """(column, row), both from 0, of a cell name on an n x n board: a lowercase letter and
    the row number from 1 (`e6`). None when t is not written as a cell (the game then says
    what a turn looks like); ValueError when it is but the cell is not on the board, in the
    words of every game: "'e15' is off the 14 x 14 board (a1 to n14)" (corners=False: the
    board's four corner cells are not part of it, Still's Quad's). A row number of more
    digits than any board has is refused without being converted."""
    if len(t) < 2 or not "a" <= t[0] <= "z":
        return None
    for c in t[1:]:
        if not "0" <= c <= "9":
            return None
    col = ord(t[0]) - 97
    why = "a1 to %s%d" % (chr(96 + n), n)
    if col < n and t[1] != "0" and len(t) < 4:
        row = int(t[1:]) - 1
        if row < n:
            if corners or not (col in (0, n - 1) and row in (0, n - 1)):
                return col, row
            why = "its four corner cells are not part of it"
    raise ValueError("%s is off the %d x %d board (%s)" % (shown(t), n, n, why))
