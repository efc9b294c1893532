"""Device platform: PyPortal, PyPortal Titano and boards like them.

Needs board.DISPLAY (or CircuitPython 10's supervisor.runtime.display) and
the four TOUCH_* pins of a resistive touchscreen; the speaker, its amplifier
enable pin and nvm are used when the board has them (feature detection).
"""

import supervisor
import time

TYPE_CHECKING = False  # mypy (make check-device) takes it as true
if TYPE_CHECKING:
    from typing import Any, Optional

    import adafruit_touchscreen
    import audiocore
    import audioio
    import digitalio
_AMP_HOLD_MS = 300  # keep the amplifier on this long after a sound: fewer pops


class Platform:
    # The largest board New game offers here: the whole game on 12x12 needs 103.8 KB free
    # on CircuitPython's VM (13x13: 117.4, 15x15: 142.7), over the 100 KB a PyPortal leaves.
    max_board = 11
    # The games whose whole-game scenario completes in that heap (quadpocket.games ids; a
    # game left out shows as "no room" in the chooser instead of running out of memory):
    # Still's Quad, and Winther's Quad, whose whole game needs 98.7 KB free on
    # CircuitPython's VM (480x320: 94.0; tools/wq_app_heap.py --smallest); the Quax family
    # on the largest board its face offers here (tools/quax_app_heap.py --smallest); the corner
    # polyomino game (tools/corners_app_heap.py --smallest).
    games = "SWXB"
    # Master in the Level setting (5, 10 or 20 s a move) and its ponder (thinking on the
    # human's time): on the firmware route only (quadpocket.hwsetup). From .mpy files its
    # whole game needs 103-105 KB free on CircuitPython's VM, over the 100 KB budget
    # (tools/app_heap.py --smallest --level master[-noponder]; docs/heap.md).
    master = False
    ponder = False

    if TYPE_CHECKING:  # for the device check (mypy): what quadpocket.hwsetup sets
        display: Any
        width: int
        height: int
        calibration: Any
        version: str
        nvm: Any
        quax_max: int
        text_room: int
        _ts: Optional[adafruit_touchscreen.Touchscreen]
        _pins: Any
        _audio: Optional[audioio.AudioOut]
        _amp: Optional[digitalio.DigitalInOut]
        _raw: Optional[type[audiocore.RawSample]]
        _buf: Any
        _sample: Optional[audiocore.RawSample]
        _sample_rate: int
        _amp_on: bool
        _idle_since: Optional[int]

    def __init__(self):
        # The board's display, touch, nvm and speaker found and set up: code run once,
        # so it is a module of its own, dropped after (~1 KB of the heap all game)
        from quadpocket import hwsetup
        try:
            hwsetup.setup(self)
        finally:  # (no display is an error: the module goes all the same)
            hwsetup.drop()

    def calibrate(self, cal):
        """The touch mapping: cal ((x left, x right), (y top, y bottom)), the panel's raw
        readings at the screen's edges (the player's calibration, quadpocket.calibrate);
        None, adafruit_touchscreen's published constants; "raw", the readings themselves
        (touch() then reports them, unclamped): quadpocket.hwsetup.calibrate."""
        from quadpocket import hwsetup
        hwsetup.calibrate(self, cal)
        hwsetup.drop()

    def dim(self, on):
        """Dim the backlight (on: idle) or bring it back."""
        self.display.brightness = 0.05 if on else 1.0

    def touch(self):
        """(x, y) in display pixels while the panel is pressed, else None (raw
        readings after calibrate("raw"))."""
        if self._ts is None:
            return None
        p = self._ts.touch_point
        if p is None:
            return None
        if self.calibration is None:  # raw readings for the calibration screen
            return p[:2]
        x = min(max(p[0], 0), self.width - 1)
        y = min(max(p[1], 0), self.height - 1)
        return (x, y)

    def play(self, samples, rate):
        """Start playing samples (a bytearray, 8-bit, centred on 0x80); does not wait."""
        a = self._audio
        if a is None or self._raw is None:
            return
        if a.playing:
            a.stop()
        # RawSample points into the array without keeping it alive: hold both.
        s = self._sample
        if s is None or samples is not self._buf or self._sample_rate != rate:
            s = self._raw(samples, sample_rate=rate)
            self._sample = s
            self._buf = samples
            self._sample_rate = rate
        if self._amp is not None and not self._amp_on:
            self._amp.value = True
            self._amp_on = True
        self._idle_since = None
        a.play(s)

    def sound_idle(self):
        """Called from the app loop: switch the amplifier off once sound has ended."""
        if not self._amp_on or self._audio is None or self._audio.playing:
            return
        now = self.ticks_ms()
        if self._idle_since is None:
            self._idle_since = now
        elif (now - self._idle_since) & 0x1FFFFFFF >= _AMP_HOLD_MS:
            if self._amp is not None:
                self._amp.value = False
            self._amp_on = False
            self._idle_since = None

    def ticks_ms(self):
        """Milliseconds, wrapping at 2**29 like supervisor.ticks_ms."""
        if hasattr(supervisor, "ticks_ms"):  # CircuitPython 7+
            return supervisor.ticks_ms()
        return (time.monotonic_ns() // 1000000) & 0x1FFFFFFF

    def log(self, text):
        print(text)

    def should_quit(self):
        return False
