"""Setting up the device platform (quadpocket.hw_pyportal.Platform): the display, the
touchscreen and its calibration, nvm, the speaker and its amplifier, found by feature
detection. Run at start-up and when the calibration changes, then dropped (drop): a game
does not carry this code (~1 KB of the heap on the .mpy route).
"""

import board
import microcontroller
import supervisor
import sys

# adafruit_touchscreen's published PyPortal calibration (raw 16-bit ADC
# readings at the panel edges); Adafruit's PyPortal library uses the same
# numbers for the Titano with size=(480, 320).
CALIBRATION = ((5200, 59000), (5800, 57000))


def drop():
    """This module goes (sys.modules and the package both refer to it)."""
    import quadpocket
    sys.modules.pop("quadpocket.hwsetup", None)
    if hasattr(quadpocket, "hwsetup"):
        delattr(quadpocket, "hwsetup")


def setup(p):
    """Platform.__init__: the display, touch, nvm and speaker of this board found and
    set up (p: the Platform)."""
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
    p.display = d
    p.width = d.width
    p.height = d.height
    p.calibration = CALIBRATION
    import quadpocket
    from quadpocket.version import VERSION
    p.version = VERSION
    # Frozen into the firmware (docs/device.md, "The firmware route") a package's file
    # name is relative, and code and names cost no heap: the room pays for Master and
    # its ponder (from .mpy files: 103-105 KB, over the budget), Still's Quad up to
    # 12x12, Quax up to 15x15 (where the cells stay 12 px or more) and the Titano's
    # 76-column text pages in a game of six (their grid made with 12 KB free,
    # quadpocket.textpage), each measured with 64 KB free (tools/route_heap.py). About names the route (quadpocket.pages.route).
    if quadpocket.__file__[0] != "/":
        p.master = True
        p.ponder = True
        p.max_board = 12
        p.quax_max = 15
        p.text_room = 12288
    # Only the string is needed: the module goes (sys.modules and the package both
    # refer to it; ~0.3 KB kept otherwise).
    sys.modules.pop("quadpocket.version", None)
    if hasattr(quadpocket, "version"):
        delattr(quadpocket, "version")

    p._ts = None
    try:
        p._pins = (board.TOUCH_XL, board.TOUCH_XR, board.TOUCH_YD, board.TOUCH_YU)
    except AttributeError:  # no resistive touchscreen: touch() is always None
        p._pins = None
    calibrate(p, None)

    nvm = microcontroller.nvm
    # Without nvm, settings live in RAM until power-off (256 = prefs + stats).
    p.nvm = nvm if nvm is not None else bytearray(256)

    p._audio = None
    p._amp = None
    p._raw = None
    p._buf = None
    p._sample = None
    p._sample_rate = 0
    p._amp_on = False
    p._idle_since = None
    try:
        import audiocore
        import audioio

        speaker = board.SPEAKER
    except (ImportError, AttributeError):  # no speaker or no DAC audio: silent
        pass
    else:
        p._raw = audiocore.RawSample
        # quiescent_value 0x8000 = our samples' centre (0x80, 8-bit, scaled to 16 bits
        # for the DAC): a silent idle level.
        p._audio = audioio.AudioOut(speaker, quiescent_value=0x8000)
        try:
            amp = board.SPEAKER_ENABLE
        except AttributeError:  # amplifier always on
            amp = None
        if amp is not None:
            import digitalio

            p._amp = digitalio.DigitalInOut(amp)
            p._amp.switch_to_output(value=False)


def calibrate(p, cal):
    """Platform.calibrate (p: the Platform): the touch mapping: cal ((x left, x right), (y top, y bottom)), the panel's raw
    readings at the screen's edges (the player's calibration, quadpocket.calibrate);
    None, adafruit_touchscreen's published constants; "raw", the readings themselves
    (touch() then reports them, unclamped). The library does the mapping with its own
    calibration and size arguments: a new Touchscreen on the same pins (it opens them
    only while it reads)."""
    if p._pins is not None:
        import adafruit_touchscreen

        c = None if cal == "raw" else cal or CALIBRATION
        p.calibration = c
        p._ts = None  # the old one goes first
        p._ts = adafruit_touchscreen.Touchscreen(
            *p._pins, calibration=c, size=c and (p.width, p.height))
