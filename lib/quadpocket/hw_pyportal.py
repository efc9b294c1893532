"""Device platform: PyPortal, PyPortal Titano and boards like them.

Needs board.DISPLAY (or CircuitPython 10's supervisor.runtime.display) and
the four TOUCH_* pins of a resistive touchscreen; the speaker, its amplifier
enable pin and nvm are used when the board has them (feature detection).
"""

import board
import microcontroller
import supervisor
import sys
import time

# adafruit_touchscreen's published PyPortal calibration (raw 16-bit ADC
# readings at the panel edges); Adafruit's PyPortal library uses the same
# numbers for the Titano with size=(480, 320).
CALIBRATION = ((5200, 59000), (5800, 57000))
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
    # Master in the Level setting (5, 10 or 20 s a move); `ponder` (thinking on the human's
    # time) is set in __init__ by the screen.
    master = True

    def __init__(self):
        # Feature detection reads the attribute itself (try/except) rather than
        # hasattr(board, "NAME"): a misspelt pin then fails make check-device
        # instead of silently switching a feature off.
        try:
            d = board.DISPLAY
        except AttributeError:  # CircuitPython 10: a display set up in settings.toml
            d = getattr(supervisor.runtime, "display", None)  # type: ignore[assignment]
        if d is None:
            raise RuntimeError("Quad Pocket needs a board with a built-in display")
        d.auto_refresh = False  # the app refreshes once per change: no half-drawn frames
        self.display = d
        self.width = d.width
        self.height = d.height
        # Master ponders on 320x240: its whole game needs 99.4 KB free on CircuitPython's
        # VM (a ponder with no room stops for that turn); on 480x320 it needs 100.4, so
        # there Master plays without it (99.4; tools/app_heap.py --level master[-noponder]
        # [--titano]; docs/heap.md).
        self.ponder = self.width <= 320
        self.calibration = CALIBRATION
        import quadpocket
        from quadpocket.version import VERSION
        self.version = VERSION
        # Frozen into the firmware (docs/device.md, "The firmware route") a package's file
        # name is relative, and code and names cost no heap: the room pays for Master's
        # ponder on the Titano, Still's Quad up to 12x12, Quax up to 15x15 (where the cells
        # stay 12 px or more) and the Titano's 76-column text pages in a game of six (their
        # grid made with 12 KB free, quadpocket.textpage), each measured with 64 KB free
        # (tools/route_heap.py). About names the route (quadpocket.pages.route).
        if quadpocket.__file__[0] != "/":
            self.ponder = True
            self.max_board = 12
            self.quax_max = 15
            self.text_room = 12288
        # Only the string is needed: the module goes (sys.modules and the package both
        # refer to it; ~0.3 KB kept otherwise).
        sys.modules.pop("quadpocket.version", None)
        if hasattr(quadpocket, "version"):
            delattr(quadpocket, "version")

        self._ts = None
        self._bright = None  # the backlight's level before dim(True)
        try:
            self._pins = (board.TOUCH_XL, board.TOUCH_XR, board.TOUCH_YD, board.TOUCH_YU)
        except AttributeError:  # no resistive touchscreen: touch() is always None
            self._pins = None
        self.calibrate(None)

        nvm = microcontroller.nvm
        # Without nvm, settings live in RAM until power-off (256 = prefs + stats).
        self.nvm = nvm if nvm is not None else bytearray(256)

        self._audio = None
        self._amp = None
        self._raw = None
        self._buf = None
        self._sample = None
        self._sample_rate = 0
        self._amp_on = False
        self._idle_since = None
        try:
            import audiocore
            import audioio

            speaker = board.SPEAKER
        except (ImportError, AttributeError):  # no speaker or no DAC audio: silent
            pass
        else:
            self._raw = audiocore.RawSample
            # quiescent_value 0x8000 = our samples' centre (0x80, 8-bit, scaled to 16 bits
            # for the DAC): a silent idle level.
            self._audio = audioio.AudioOut(speaker, quiescent_value=0x8000)
            try:
                amp = board.SPEAKER_ENABLE
            except AttributeError:  # amplifier always on
                amp = None
            if amp is not None:
                import digitalio

                self._amp = digitalio.DigitalInOut(amp)
                self._amp.switch_to_output(value=False)

    def calibrate(self, cal):
        """The touch mapping: cal ((x left, x right), (y top, y bottom)), the panel's raw
        readings at the screen's edges (the player's calibration, quadpocket.calibrate);
        None, adafruit_touchscreen's published constants; "raw", the readings themselves
        (touch() then reports them, unclamped). The library does the mapping with its own
        calibration and size arguments: a new Touchscreen on the same pins (it opens them
        only while it reads)."""
        pins = self._pins
        if pins is None:
            return
        import adafruit_touchscreen

        raw = cal == "raw"
        self.calibration = None if raw else cal or CALIBRATION
        self._ts = None  # the old one goes first
        self._ts = adafruit_touchscreen.Touchscreen(
            pins[0], pins[1], pins[2], pins[3], calibration=self.calibration,
            size=None if raw else (self.width, self.height))

    def dim(self, on):
        """Dim the backlight (on: idle) or bring it back to its level before."""
        d = self.display
        if on:
            if self._bright is None:
                self._bright = d.brightness
            d.brightness = 0.05
        elif self._bright is not None:
            d.brightness = self._bright
            self._bright = None

    def touch(self):
        """(x, y) in display pixels while the panel is pressed, else None (raw
        readings after calibrate("raw"))."""
        if self._ts is None:
            return None
        p = self._ts.touch_point
        if p is None:
            return None
        if self.calibration is None:  # raw readings for the calibration screen
            return (p[0], p[1])
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
