"""Short game sounds: 8 kHz unsigned 8-bit samples centred on 0x80 (a bytearray, which
CircuitPython's RawSample plays as it is and its 16-bit DAC output scales up: half the
memory of 16-bit samples, and no sound here is quiet enough to miss the lost bits).

Each note fades in over ~5 ms and out over up to ~15 ms, so every sound starts
and ends at the centre value: no click when the speaker amplifier switches.
Samples are computed with small integers from a 64-entry sine table (products
stay below 2**25), built in place when a sound is played.  Every sound is at most
640 samples = 640 bytes (the end-of-game jingles were 2 KB at 16 bits: at game end,
with the computer player's code just freed in small pieces, CircuitPython's VM once found
no 2 KB hole); all five together are 2,664 samples = 2,664 bytes. The app keeps the
marble and star sounds (keep); Sound keeps the one played last (the speaker may still
be playing it, and a repeat costs no rebuild); changing the level drops them.
"""

from array import array

try:
    from micropython import const
except ImportError:  # plain CPython without Blinka's micropython module

    def const(x):  # type: ignore[misc]
        return x


RATE = 8000
_TABLE = const(64)  # sine table entries per period
_ONE = const(1024)  # sine table full scale

# Peak amplitude per level (0x80 = full scale): off, soft (-24 dB),
# medium (-12 dB), loud (-2.7 dB).
AMPLITUDE = (0, 8, 32, 94)

# name -> notes; a note = (start Hz, end Hz, samples, wave 0 sine / 1 square).
# A start != end sweeps the pitch linearly over the note.
SOUNDS = {
    "marble": ((900, 500, 320, 0),),  # 40 ms falling "plop"
    "star": ((1175, 1175, 240, 0), (1568, 1568, 240, 0)),  # two bright blips
    "illegal": ((180, 180, 640, 1),),  # 80 ms low buzz
    "win": ((523, 523, 120, 0), (659, 659, 120, 0), (784, 784, 120, 0),
            (1047, 1047, 240, 0)),  # C E G C rising, 75 ms
    "loss": ((392, 392, 200, 0), (330, 330, 200, 0), (262, 247, 224, 0)),  # falling, 78 ms
}

_sine = None


def _sine_table():
    global _sine
    if _sine is None:
        import math

        _sine = array("h", [int(round(_ONE * math.sin(6.283185307 * i / _TABLE)))
                            for i in range(_TABLE)])
    return _sine


def build(name, level):
    """The samples of sound `name` at `level` (1..3) as a new bytearray."""
    notes = SOUNDS[name]
    amp = AMPLITUDE[level]
    total = 0
    for note in notes:
        total += note[2]
    # One allocation at full size (an array built from a bytes object once held both:
    # the first MemoryError of the game on CircuitPython's VM at the smallest heaps).
    # Every sample is overwritten below.
    buf = bytearray(total)
    sine = _sine_table()
    pos = 0
    for f0, f1, n, wave in notes:
        # Phase: 6 bits of table index + 8 bits of fraction (wraps at 2**14).
        s0 = f0 * (_TABLE * 256) // RATE
        ds = f1 * (_TABLE * 256) // RATE - s0
        fin = min(n // 4, 40)
        fout = min(n // 2, 120)
        phase = 0
        for i in range(n):
            if i < fin:
                a = amp * i // fin
            elif i >= n - fout:
                a = amp * (n - 1 - i) // fout
            else:
                a = amp
            idx = phase >> 8
            if wave:
                v = _ONE if idx < _TABLE // 2 else -_ONE
            else:
                v = sine[idx]
            buf[pos] = 0x80 + (v * a + _ONE // 2) // _ONE  # rounded: centred
            pos += 1
            phase = (phase + s0 + ds * i // n) & (_TABLE * 256 - 1)
    return buf


def keep(level, log, names=("star", "marble")):
    """{name: samples} of the sounds of every turn (marble, star: 320 + 480 bytes), which
    the app builds once, at start-up or on a level change, and keeps; {} if no room.
    names: largest first (a game without stars keeps the marble's alone)."""
    kept = {}
    try:
        for name in names:
            kept[name] = build(name, level)
    except MemoryError:
        log("sounds not kept: no room")
        kept = {}
    return kept


class Sound:
    """snd.level = 0..3 (0 = off: the speaker is never touched); snd.play(name)."""

    def __init__(self, platform, level=2):
        self._platform = platform
        self._cache = {}
        self._level = 0
        self.level = level

    @property
    def level(self):
        return self._level

    @level.setter
    def level(self, value):
        if not isinstance(value, int) or not 0 <= value <= 3:
            raise ValueError("sound level must be 0..3, not %r" % (value,))
        if value != self._level:
            self._cache = {}
            self._level = value

    def play(self, name):
        """Start sound `name` without waiting; False when the sound is off."""
        if name not in SOUNDS:
            raise ValueError("unknown sound %r" % (name,))
        if self._level == 0:
            return False
        buf = self._cache.get(name)
        if buf is None:
            self._cache = {}  # one sound kept: the others can be collected
            buf = build(name, self._level)
            self._cache[name] = buf
        self._platform.play(buf, RATE)
        return True
