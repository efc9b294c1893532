"""A tiny deterministic random generator that gives the same numbers on every runtime.

CircuitPython's `random` and CPython's differ (same seed, other sequence), so games and the
computer player draw from this instead. It is a 30-bit linear congruential generator computed
in 15-bit halves, so no intermediate value reaches 2**30 (the device's small-int limit):
stepping it never allocates.
"""

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
