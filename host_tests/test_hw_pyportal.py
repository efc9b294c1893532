"""quadpocket.hw_pyportal against fake CircuitPython modules (board, audioio, ...).

The device modules do not exist on the host, so each test installs small fakes
in sys.modules that record what the platform does with them.
"""

import importlib
import os
import sys
import types

import pytest

LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib")
if LIB not in sys.path:
    sys.path.append(LIB)

from quadpocket.sound import Sound  # noqa: E402
from quadpocket.version import VERSION  # noqa: E402


class FakeDisplay:
    def __init__(self, w, h):
        self.width, self.height = w, h
        self.auto_refresh = True


class FakeAudioOut:
    def __init__(self, pin, quiescent_value=0x8000):
        self.pin, self.quiescent_value = pin, quiescent_value
        self.playing = False
        self.played = []
        self.stops = 0

    def play(self, sample, loop=False):
        self.played.append(sample)
        self.playing = True

    def stop(self):
        self.stops += 1
        self.playing = False


class FakeRawSample:
    def __init__(self, buffer, sample_rate=8000):
        # what CircuitPython's RawSample takes: a bytearray or an array of h, H, b or B
        if not isinstance(buffer, bytearray) and getattr(buffer, "typecode", None) not in ("h", "H", "b", "B"):
            raise ValueError("buffer must be a bytearray or array of type 'h', 'H', 'b', or 'B'")
        self.buffer, self.sample_rate = buffer, sample_rate


class FakePinIO:
    log = None

    def __init__(self, pin):
        self.pin = pin
        self._value = None

    def switch_to_output(self, value=False):
        self.value = value

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, v):
        self._value = v
        FakePinIO.log.append(v)


class FakeTouchscreen:
    point = None
    made = []

    def __init__(self, *pins, calibration=None, size=None):
        FakeTouchscreen.made.append((pins, calibration, size))

    @property
    def touch_point(self):
        return FakeTouchscreen.point


@pytest.fixture
def device(monkeypatch):
    """Install fakes; returns a namespace to tweak before calling make()."""
    env = types.SimpleNamespace(size=(320, 240), speaker=True, amp=True, touch=True,
                                nvm=bytearray(8192), ticks=[1000], display=True)
    FakePinIO.log = []
    FakeTouchscreen.made = []
    FakeTouchscreen.point = None

    def make():
        board = types.ModuleType("board")
        if env.display:
            board.DISPLAY = FakeDisplay(*env.size)
        if env.touch:
            board.TOUCH_XL, board.TOUCH_XR, board.TOUCH_YD, board.TOUCH_YU = "XL", "XR", "YD", "YU"
        if env.speaker:
            board.SPEAKER = "A0"
        if env.amp:
            board.SPEAKER_ENABLE = "PA27"
        micro = types.ModuleType("microcontroller")
        micro.nvm = env.nvm
        sup = types.ModuleType("supervisor")
        sup.ticks_ms = lambda: env.ticks[0]
        sup.runtime = types.SimpleNamespace(display=None)
        audioio = types.ModuleType("audioio")
        audioio.AudioOut = FakeAudioOut
        audiocore = types.ModuleType("audiocore")
        audiocore.RawSample = FakeRawSample
        digitalio = types.ModuleType("digitalio")
        digitalio.DigitalInOut = FakePinIO
        ts = types.ModuleType("adafruit_touchscreen")
        ts.Touchscreen = FakeTouchscreen
        for m in (board, micro, sup, audioio, audiocore, digitalio, ts):
            monkeypatch.setitem(sys.modules, m.__name__, m)
        monkeypatch.delitem(sys.modules, "quadpocket.hw_pyportal", raising=False)
        mod = importlib.import_module("quadpocket.hw_pyportal")
        env.module = mod
        return mod.Platform()

    env.make = make
    yield env
    sys.modules.pop("quadpocket.hw_pyportal", None)


def test_display_touch_nvm_and_version(device):
    p = device.make()
    assert p.display.auto_refresh is False
    assert (p.width, p.height) == (320, 240)
    assert p.nvm is device.nvm
    assert p.version == VERSION
    assert p.calibration == ((5200, 59000), (5800, 57000))
    pins, cal, size = FakeTouchscreen.made[0]
    assert pins == ("XL", "XR", "YD", "YU") and cal == p.calibration and size == (320, 240)
    assert p.touch() is None
    FakeTouchscreen.point = (100, 50, 30000)
    assert p.touch() == (100, 50)
    FakeTouchscreen.point = (-3, 400, 30000)
    assert p.touch() == (0, 239)
    assert p.should_quit() is False
    assert p.ticks_ms() == 1000


def test_the_firmware_route_says_so_and_offers_its_room(device, monkeypatch):
    """Frozen into the firmware a package's file name is relative (docs/device.md): the
    platform then offers what was measured to fit 64 KB (tools/route_heap.py), and About
    names the route."""
    import quadpocket
    device.size = (480, 320)
    p = device.make()
    assert p.ponder is False and p.max_board == 11 and not hasattr(p, "quax_max")
    assert p.master is False  # Master needs more than the .mpy route's 100 KB
    assert not hasattr(p, "text_room")
    monkeypatch.setattr(quadpocket, "__file__", "quadpocket/__init__.py")
    p = device.make()
    assert p.ponder is True and p.max_board == 12 and p.quax_max == 15
    assert p.master is True
    assert p.text_room == 12 * 1024
    assert device.module.Platform.max_board == 11  # the class: the .mpy route's limit
    from quadpocket import pages
    assert pages.route("quadpocket/__init__.py") == "games frozen in the firmware"
    assert pages.route("/lib/quadpocket/__init__.mpy") == "games from .mpy files"
    assert pages.route("/home/ann/quad/lib/quadpocket/__init__.py") == "games from .py files"
    assert pages.route("C:\\quad\\lib\\quadpocket\\__init__.py") == "games from .py files"


def test_titano_size_scales_touch(device):
    device.size = (480, 320)
    p = device.make()
    assert (p.width, p.height) == (480, 320)
    assert FakeTouchscreen.made[0][2] == (480, 320)


def test_speaker_enabled_only_while_playing(device):
    p = device.make()
    audio = p._audio
    assert audio.quiescent_value == 0x8000
    assert FakePinIO.log == [False]  # amplifier starts off
    buf = bytearray([0x80] * 10)
    p.play(buf, 8000)
    assert FakePinIO.log == [False, True]
    raw = audio.played[-1]
    assert raw.buffer is buf and raw.sample_rate == 8000
    p.sound_idle()
    assert FakePinIO.log[-1] is True  # still playing
    audio.playing = False
    p.sound_idle()
    device.ticks[0] += 299
    p.sound_idle()
    assert FakePinIO.log[-1] is True  # short hold: back-to-back sounds do not toggle it
    p.play(buf, 8000)  # same buffer: RawSample reused, amplifier not toggled
    assert audio.played[-1] is raw and FakePinIO.log == [False, True]
    audio.playing = False
    p.sound_idle()
    device.ticks[0] += 300
    p.sound_idle()
    assert FakePinIO.log == [False, True, False]
    p.sound_idle()
    assert FakePinIO.log == [False, True, False]


def test_new_sound_stops_the_playing_one(device):
    p = device.make()
    p.play(bytearray([0x80] * 10), 8000)
    p.play(bytearray([0x80] * 20), 8000)
    assert p._audio.stops == 1
    assert len(p._audio.played[-1].buffer) == 20


def test_ticks_wrap_in_amp_hold(device):
    device.ticks[0] = (1 << 29) - 100
    p = device.make()
    p.play(bytearray([0x80] * 4), 8000)
    p._audio.playing = False
    p.sound_idle()
    device.ticks[0] = 250  # wrapped: 350 ms later
    p.sound_idle()
    assert FakePinIO.log[-1] is False


def test_sound_level_zero_never_touches_speaker(device):
    p = device.make()
    snd = Sound(p, level=0)
    for name in ("marble", "star", "illegal", "win", "loss"):
        snd.play(name)
    assert p._audio.played == []
    assert FakePinIO.log == [False]
    snd.level = 1
    snd.play("win")
    assert len(p._audio.played) == 1 and FakePinIO.log == [False, True]


def test_board_without_speaker_or_touch_or_nvm(device):
    device.speaker = device.amp = device.touch = False
    device.nvm = None
    p = device.make()
    p.play(bytearray([0x80] * 4), 8000)  # silently nothing
    p.sound_idle()
    assert p.touch() is None
    assert len(p.nvm) == 256 and isinstance(p.nvm, bytearray)
    assert FakeTouchscreen.made == []


def test_no_display_is_a_clear_error(device):
    device.display = False
    with pytest.raises(RuntimeError, match="display"):
        device.make()


def test_device_files_compile_on_micropython():
    """boot.py, code.py and the platform parse on a real MicroPython VM (the device
    compiles .py files at import: CPython-only syntax would fail there)."""
    from tools import mpvm

    files = ["boot.py", "code.py", "lib/quadpocket/hw_pyportal.py",
             "lib/quadpocket/hwsetup.py", "lib/quadpocket/storage.py", "lib/quadpocket/sound.py"]
    out, _ = mpvm.run_wasm(
        "for f in %r:\n"
        "    with open('/input/' + f) as fh:\n"
        "        compile(fh.read(), f, 'exec')\n"
        "    print('compiled', f)\n" % (files,))
    assert out.split("\n")[:len(files)] == ["compiled " + f for f in files], out


def test_calibrate_hands_the_library_its_calibration_and_raw_readings(device):
    """Calibration goes to adafruit_touchscreen as its own arguments: a new Touchscreen
    with calibration= and size= (raw: neither, so it reports its readings)."""
    p = device.make()
    cal = ((9000, 56000), (1300, 60500))
    p.calibrate(cal)
    pins, c, size = FakeTouchscreen.made[-1]
    assert pins == ("XL", "XR", "YD", "YU") and c == cal and size == (320, 240)
    assert p.calibration == cal
    p.calibrate("raw")
    assert FakeTouchscreen.made[-1][1:] == (None, None)
    FakeTouchscreen.point = (40000, 30000, 30000)
    assert tuple(p.touch()) == (40000, 30000)  # raw, not clamped to the screen
    p.calibrate(None)
    assert FakeTouchscreen.made[-1][1:] == (((5200, 59000), (5800, 57000)), (320, 240))
    assert p.touch() == (319, 239)


def test_dim_lowers_the_backlight_and_brings_it_back(device):
    p = device.make()
    d = p.display
    p.dim(True)
    assert d.brightness < 0.1
    p.dim(False)
    assert d.brightness == 1.0
