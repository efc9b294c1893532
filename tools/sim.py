"""Desktop simulator: the device app on Blinka displayio in a pygame window.

    make play                            # what it runs: .venv/bin/python tools/sim.py
    make play SIM_ARGS="--titano"        # 480x320 Titano layout (any option below)
    .venv/bin/python tools/sim.py --scale 3
    make screenshots                     # tools/shots.py: pictures, headless

Quit: close the window, or press Esc or Q in it, or Ctrl-C in the terminal. The game in
progress is saved as on the device (once a round), so the next start resumes it.

It needs a desktop to show its window on. Where there is none (no DISPLAY, e.g. over ssh)
it says so and stops, rather than run unseen; `make screenshots` makes pictures without one.
--headless runs the game with no window on purpose (until Ctrl-C or SIGTERM).

The mouse is the finger (pressed while the left button is held; a click shorter than one
poll, as a trackpad tap often is, still counts as a tap). NVM is a file
(build/sim_nvm.bin, 8192 bytes like the SAMD51's). Sound plays through pygame.mixer when
there is a sound device (none: silently) and is always recorded in Platform.sounds so
headless tests can check it. Tests drive the app by queueing touch samples
(Platform.inject / tap) and a fake clock.
"""

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# lib/ first (the device's import path); the repo root last, after the standard library,
# because the device entry point code.py would otherwise shadow the stdlib `code` module.
if os.path.join(ROOT, "lib") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "lib"))
if ROOT not in sys.path:
    sys.path.append(ROOT)

NVM_SIZE = 8192
DEFAULT_NVM = os.path.join(ROOT, "build", "sim_nvm.bin")
POLL_MS = 20  # fake clock step per touch poll: the device loop polls every ~20 ms


# A press must be seen for the app's Tapper to count it: two agreeing samples, then the
# finger lifted. A trackpad tap can put press and release into one 20 ms poll (or two), so
# a press is reported for at least this many polls, at the place it started.
MIN_PRESS_POLLS = 3
# What Blinka prints on a PC (its `microcontroller` module has no pins for a desktop CPU);
# nothing here needs pins, so these lines are dropped.
_BLINKA_NOISE = ("WARNING: GENERIC_X86 is not fully supported",
                 "WARNING: chip_id == None is not fully supported")


def _headless_env():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def no_window_reason():
    """Why no window can be shown here, or None. Where there is no display SDL falls back
    to its offscreen (or dummy) video driver without a word, and the game would run unseen
    for ever."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    try:
        with _NoCStderr():  # SDL's complaints about each display it tries
            pygame.display.init()
    except pygame.error as exc:
        return "no display to show a window on (%s)" % exc
    driver = pygame.display.get_driver()
    if driver not in ("offscreen", "dummy"):
        return None
    pygame.display.quit()
    where = ("SDL_VIDEODRIVER=%s" % os.environ["SDL_VIDEODRIVER"]
             if os.environ.get("SDL_VIDEODRIVER") else
             "no DISPLAY or WAYLAND_DISPLAY is set" if not (os.environ.get("DISPLAY") or
                                                           os.environ.get("WAYLAND_DISPLAY"))
             else "SDL could not open the display")
    return ("no display to show a window on (%s; SDL would draw %s, unseen). Run `make "
            "play` in a desktop session; `make screenshots` makes pictures without one, and "
            "--headless runs the game without a window on purpose." % (where, driver))


def _quiet_imports():
    """Import pygame and Blinka's microcontroller module without their start-up chatter:
    pygame's banner (its own switch) and Blinka's board warnings (filtered out of stdout
    line by line, so anything else it prints still shows)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # noqa: F401
    if "microcontroller" in sys.modules:
        return
    import contextlib
    import io
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        import microcontroller  # noqa: F401
    for line in buf.getvalue().splitlines():
        if not line.startswith(_BLINKA_NOISE):
            print(line)


class _NoCStderr:
    """Silence file descriptor 2 for a moment: SDL's audio start-up makes ALSA's C library
    print a dozen lines there when the machine has no sound card (a container, a server
    over X forwarding). Python-level errors are exceptions and still surface."""

    def __enter__(self):
        sys.stderr.flush()
        self.saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)

    def __exit__(self, *exc):
        os.dup2(self.saved, 2)
        os.close(self.saved)
        return False


class FileNVM:
    """bytearray-like stand-in for microcontroller.nvm, kept in a file (or memory only).

    Like the device, every slice assignment is one erase+write: `writes` counts them.
    A fresh file is all 0xFF, as erased flash reads."""

    def __init__(self, path=None, size=NVM_SIZE):
        self.path = path
        self.size = size
        self.writes = 0
        data = None
        if path and os.path.exists(path):
            with open(path, "rb") as f:
                data = f.read()
        if data is None or len(data) != size:
            data = b"\xff" * size
        self.data = bytearray(data)

    def __len__(self):
        return self.size

    def __getitem__(self, key):
        if isinstance(key, slice):
            return bytes(self.data[key])
        return self.data[key]

    def __setitem__(self, key, value):
        if isinstance(key, slice):
            start, stop, step = key.indices(self.size)
            if step != 1 or stop - start != len(value):
                raise ValueError("nvm slice assignment must keep the length")
        self.data[key] = value
        self.writes += 1
        if self.path:
            os.makedirs(os.path.dirname(self.path) or ".", exist_ok=True)
            tmp = self.path + ".tmp"
            with open(tmp, "wb") as f:
                f.write(self.data)
            os.replace(tmp, self.path)


def _make_display(width, height, scale, caption, lazy=False):
    """The simulated panel. lazy (headless runs: tests, screenshots): a refresh only marks
    the picture stale, and it is drawn when someone looks at it (surface, shown, pixel,
    screenshot). The Blinka display redraws the whole screen at every refresh (its
    _get_refresh_areas is the whole area), so the picture drawn late is the one an eager
    refresh would have left; drawing it took most of a headless test's time."""
    import pygame
    import busdisplay
    import displayio
    from blinka_displayio_pygamedisplay import PyGameDisplay

    # Blinka allows one display per process (like a board): a new simulated device (a
    # test's "reset") replaces the previous one without shutting pygame down.
    for old in list(displayio.displays):
        try:
            old.root_group = None
        except Exception:
            pass
    displayio.displays.clear()

    class ScaledDisplay(PyGameDisplay):
        """PyGameDisplay draws into a native-size surface; the window shows it scaled
        up by an integer factor (PyGameDisplay itself has no scaling)."""

        # On the class, so every instance has it from the start: Blinka's refresh thread
        # walks displayio.displays on its own and reads this attribute of every display it
        # finds there, whatever state that display is in, before _initialize makes the
        # surface too (once, in a test run, it read an instance without it).
        _pygame_screen = None

        def __init__(self, **kw):
            self._scale = scale
            self._window = None
            self._lazy = lazy
            self._stale = False
            super().__init__(**kw)

        def _initialize(self, init_sequence):
            # Only the display (events come with it): pygame.init() would also start the
            # mixer at its own rate, and Platform starts it at the sounds' 8000 Hz.
            pygame.display.init()
            if self._caption:
                pygame.display.set_caption(self._caption)
            self._window = pygame.display.set_mode(
                (self.width * self._scale, self.height * self._scale))
            self._pygame_screen = pygame.Surface((self.width, self.height))

        def _refresh_display(self):
            if self._pygame_screen is None:
                return
            if self._lazy:
                self._stale = True  # drawn when looked at (surface)
                self._refresh_pending = False
                return
            self._draw()

        def _draw(self):
            self._stale = False
            busdisplay.BusDisplay._refresh_display(self)
            shown = self.shown()
            if self._scale == 1:
                self._window.blit(shown, (0, 0))
            else:
                pygame.transform.scale(shown, self._window.get_size(), self._window)
            pygame.display.flip()
            self._last_refresh = time.monotonic()
            self._refresh_pending = False

        def surface(self):
            if self._stale and self._pygame_screen is not None:
                self._draw()
            return self._pygame_screen

        def shown(self):
            """What the panel shows: the drawn screen, darkened while the backlight is
            dimmed (Platform.dim)."""
            level = getattr(self, "_dim_level", 1.0)
            if level >= 1.0:
                return self.surface()
            out = self.surface().copy()
            v = int(255 * level)
            out.fill((v, v, v), special_flags=pygame.BLEND_MULT)
            return out

    return ScaledDisplay(width=width, height=height, caption=caption, auto_refresh=False)


# adafruit_touchscreen's published PyPortal calibration (lib/quadpocket/hwsetup.py's
# CALIBRATION): raw 16-bit readings at the left and right, top and bottom edges.
PUBLISHED = ((5200, 59000), (5800, 57000))
# A panel off by as much as a resistive panel may be from unit to unit (--skewed): its
# readings at the edges, 10% of the span off the published ones, so that a tap lands up to
# ~6 mm from where it is aimed until the player calibrates (host_tests/test_calibration.py).
SKEWED = ((10600, 55500), (1300, 60500))


class _Pin:
    """A pin of the simulated 4-wire resistive panel (its name: XL, XR, YD, YU)."""

    def __init__(self, name):
        self.name = name


class _Panel:
    """The simulated panel's electrical side for adafruit_touchscreen: the voltages it
    reads through analogio.AnalogIn while it drives pins through digitalio.DigitalInOut,
    for a finger at raw position (x, y) (16-bit readings). Its touch_point reads the
    pressure (x- and y+ with x+ low, y- high: here 0 and 0, a firm press), then x on x+
    with y driven, then y on y+ with x driven."""

    def __init__(self):
        self.at = (0, 0)
        self.driven = set()
        panel = self

        class DigitalInOut:
            def __init__(self, pin):
                self.pin = pin

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                panel.driven.discard(self.pin.name)

            def switch_to_output(self, value=False, **kw):
                panel.driven.add(self.pin.name)

        class AnalogIn:
            def __init__(self, pin):
                self.pin = pin

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                pass

            @property
            def value(self):
                name = self.pin.name
                if name == "XR":
                    return panel.at[0]
                if name == "YU" and "XL" in panel.driven:
                    return panel.at[1]
                return 0  # the pressure readings: a firm press

        self.DigitalInOut = DigitalInOut
        self.AnalogIn = AnalogIn


def _touchscreen_module(panel):
    """adafruit_touchscreen itself (the pinned pip package, never a copy of its maths),
    loaded under a name of its own with the simulated panel's analogio and digitalio."""
    import importlib.util
    import types
    spec = importlib.util.find_spec("adafruit_touchscreen")
    saved = {k: sys.modules.get(k) for k in ("analogio", "digitalio")}
    for name, cls in (("analogio", "AnalogIn"), ("digitalio", "DigitalInOut")):
        m = types.ModuleType(name)
        setattr(m, cls, getattr(panel, cls))
        sys.modules[name] = m
    try:
        mod = importlib.util.module_from_spec(
            importlib.util.spec_from_file_location("quad_sim_touchscreen", spec.origin))
        mod.__spec__.loader.exec_module(mod)
    finally:
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
    return mod


class Platform:
    """The desktop platform object: the same attributes and methods the app uses on the
    device (lib/quadpocket/hw_pyportal.py): display, width, height, nvm, ticks_ms(),
    touch(), calibrate(), dim(), play(), sound_idle(), log(), should_quit(), version,
    calibration.

    panel: the simulated touch panel's raw readings at the screen's edges, ((x left, x
    right), (y top, y bottom)); None: an ideal panel (a touch reports the very pixel)
    until a calibration is set, then one that reads like the published constants. With
    a panel a touch goes through adafruit_touchscreen as on the device: pixel -> the
    panel's raw readings -> the library with the platform's calibration -> pixel."""

    def __init__(self, scale=2, headless=False, width=320, height=240, nvm_path=DEFAULT_NVM,
                 fake_clock=None, audio=None, max_board=15, games="SWXB", panel=None):
        if headless:
            _headless_env()
        _quiet_imports()
        import pygame
        self._pygame = pygame
        self.headless = headless
        self.scale = 1 if headless else scale
        self.display = _make_display(width, height, self.scale, "Quad Pocket", lazy=headless)
        self.display.auto_refresh = False
        self.width = width
        self.height = height
        self.nvm = FileNVM(nvm_path)
        self.calibration = None  # the touch mapping in use (None: the ideal panel's)
        self.panel = panel
        self._ts = None       # adafruit_touchscreen.Touchscreen on the simulated panel
        self._wires = None    # its analogio/digitalio (_Panel)
        self.raw = False      # calibrate("raw"): touch() reports raw readings
        self.brightness = 1.0  # dim(): the backlight (the window darkens)
        if panel is not None:
            self.calibrate(None)
        # boards up to 15x15 (the device offers up to hw_pyportal.Platform.max_board: its heap)
        self.max_board = max_board
        self.games = games  # every game (the device's list: hw_pyportal.Platform.games)
        # Master offered in Still's Quad's Level setting, with its ponder (the device has
        # neither attribute: its heap, docs/heap.md)
        self.master = True
        self.ponder = True
        try:
            from quadpocket.version import VERSION
        except ImportError:
            VERSION = "dev"
        self.version = VERSION
        self.sounds = []      # (name or None, number of samples, rate) per play() call
        self.logs = []
        self.inject = []      # queued touch samples: (x, y) or None; consumed before the mouse
        self.refreshes = 0
        self._mouse_down = False
        self._mouse_pos = (0, 0)
        self._press_polls = None  # polls the current press has been reported (None: none)
        self._quit = False
        # Fake clock: advances POLL_MS per touch() poll, so tests never depend on wall time.
        self.fake_clock = headless if fake_clock is None else fake_clock
        self._now = 0
        self._t0 = time.monotonic()
        self._mixer = False
        if audio is None:
            audio = not headless
        if audio:
            try:
                with _NoCStderr():
                    pygame.mixer.init(frequency=8000, size=-16, channels=1)
                self._mixer = True
            except Exception:  # no audio device: recording only, silently
                self._mixer = False
        orig = self.display.refresh

        def counted_refresh(**kw):
            self.refreshes += 1
            return orig(**kw)

        self.display.refresh = counted_refresh

    # --- time ---------------------------------------------------------------------
    def ticks_ms(self):
        if self.fake_clock:
            return self._now
        return int((time.monotonic() - self._t0) * 1000)

    def advance(self, ms):
        self._now += ms

    # --- touch --------------------------------------------------------------------
    def touch(self):
        if self.fake_clock:
            self._now += POLL_MS
        if self.inject:
            pt = self.inject.pop(0)
            return None if pt is None else self._read(pt)
        pygame = self._pygame
        if self._quit or not pygame.display.get_init():
            return None
        for ev in pygame.event.get((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                    pygame.MOUSEMOTION)):
            if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
                self._mouse_down = True
                self._mouse_pos = ev.pos
                self._press_polls = 0
            elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
                self._mouse_down = False
            elif ev.type == pygame.MOUSEMOTION and (self._mouse_down
                                                    or self._press_polls is None):
                self._mouse_pos = ev.pos  # a short click stays where it was pressed
        held = self._press_polls
        if not self._mouse_down and (held is None or held >= MIN_PRESS_POLLS):
            self._press_polls = None
            return None
        self._press_polls = held + 1 if held is not None else 1
        x, y = self._mouse_pos
        return self._read((x // self.scale, y // self.scale))

    def calibrate(self, cal):
        """The touch mapping, as hw_pyportal's: cal ((x left, x right), (y top, y
        bottom)) raw readings at the edges; None the published constants; "raw" the
        readings themselves (the calibration screen)."""
        if self._wires is None:
            self._wires = _Panel()
            self._lib = _touchscreen_module(self._wires)
        raw = cal == "raw"
        self.raw = raw
        self.calibration = None if raw else cal or PUBLISHED
        pins = [_Pin(n) for n in ("XL", "XR", "YD", "YU")]
        self._ts = self._lib.Touchscreen(*pins, calibration=self.calibration,
                                         size=None if raw else (self.width, self.height))

    def _read(self, pt):
        """A finger at screen pixel pt, as the app reads it through the panel."""
        if self._ts is None:
            return pt
        (x0, x1), (y0, y1) = self.panel or PUBLISHED
        x, y = pt
        self._wires.at = (x0 + (x1 - x0) * x // (self.width - 1),
                          y0 + (y1 - y0) * y // (self.height - 1))
        q = self._ts.touch_point
        if q is None:
            return None
        if self.raw:
            return (q[0], q[1])
        return (min(max(q[0], 0), self.width - 1), min(max(q[1], 0), self.height - 1))

    def dim(self, on):
        """Dim the backlight (on) or bring it back: the window shows the screen darkened."""
        self.brightness = self.display._dim_level = 0.1 if on else 1.0
        self.display.refresh()

    def tap(self, x, y, hold=3, release=3):
        """Queue a clean tap: `hold` samples at (x, y) then `release` empty polls."""
        self.inject.extend([(x, y)] * hold + [None] * release)

    # --- sound --------------------------------------------------------------------
    def play(self, samples, rate, name=None):
        self.sounds.append((name, len(samples), rate))
        if self._mixer:
            try:
                import array
                pcm = array.array("h", ((s - 0x80) << 8 for s in samples))  # 8 -> 16 bits
                snd = self._pygame.mixer.Sound(buffer=pcm.tobytes())
                snd.play()
                self._last_sound = snd  # keep alive while playing
            except Exception:
                pass

    def sound_idle(self):
        pass

    # --- misc ---------------------------------------------------------------------
    def log(self, text):
        self.logs.append(text)
        print(text)

    def should_quit(self):
        if self._quit:
            return True
        if self.headless:
            # SDL turns SIGINT and SIGTERM into a QUIT event (its own signal handlers);
            # with no window nothing else reads the queue, so the signal was lost.
            if self._pygame.event.get(self._pygame.QUIT):
                self._quit = True
        else:
            self._quit = self.display.check_quit(delay=0)
            if not self._quit:
                pg = self._pygame
                # Esc or Q quits; other keys and the wheel are dropped so the queue never
                # fills up.
                for ev in pg.event.get(pg.KEYDOWN):
                    if ev.key in (pg.K_ESCAPE, pg.K_q):
                        self._quit = True
                pg.event.clear((pg.KEYUP, pg.TEXTINPUT, pg.TEXTEDITING, pg.MOUSEWHEEL))
        return self._quit

    def screenshot(self, path):
        """Save the native-size screen as a PNG (after the last refresh), as the panel
        shows it (darkened while dimmed)."""
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        self._pygame.image.save(self.display.shown(), path)

    def pixel(self, x, y):
        """(r, g, b) of the native screen at (x, y) as last refreshed."""
        c = self.display.surface().get_at((x, y))
        return (c[0], c[1], c[2])


def grid_text(tg, cols, rows):
    """The text a text TileGrid of the app shows, one line per row, trailing blanks
    removed (tests read the panel and the menu screen with it)."""
    from quadpocket import view
    font = view.FONT
    return "\n".join("".join(chr(32 + font.index(tg[r * cols + c])) for c in range(cols))
                     .rstrip() for r in range(rows)).rstrip()


def info_text(app):
    """The game screen's status lines."""
    pn = app.play.panel
    return grid_text(pn.info, pn.cols, pn.rows)


def screen_text(app):
    """Everything on the menu or text screen. A text page whose body is in a grid of its
    own (scale 1 under scale-2 menus, the Titano): the title, the body's rows (each after
    a " ", as the menu grid writes them), then the menu grid's rows below the body."""
    m = app.menus
    text = grid_text(m.tg, m.cols, m.rows)
    if getattr(m, "fine", None) is None:
        return text
    f = m.fine
    rows = text.split("\n") + [""] * m.rows
    body = (grid_text(f, f.width, m.body()).split("\n") + [""] * m.body())[:m.body()]
    below = -(-(f.y + m.body() * 12) // m.ch)  # the first menu row under the body
    return "\n".join(rows[:1] + [" " + s if s else "" for s in body]
                     + rows[below:m.rows]).rstrip()


def rects(app):
    """(name, (x, y, w, h)) of every button and box on the app's current screen."""
    if app.mode != "play":
        return app.menus.rects()
    pn = app.play.panel
    out = []
    for i, f in enumerate(pn.fills):
        name = pn.slots[i]
        if not f.hidden:
            out.append((name, (f.x, f.y, f.width, f.height)))
    return out


class Driver:
    """Drives an App through synthetic taps (tests and the screenshot session)."""

    def __init__(self, app):
        self.app = app
        self.p = app.p

    def ticks(self, n):
        for _ in range(n):
            self.app.tick()

    def settle(self, limit=20000):
        """Tick until queued samples are used up and the computer has finished."""
        for _ in range(limit):
            if not self.p.inject and self.app.play.thinker is None:
                break
            self.app.tick()
        else:
            raise RuntimeError("app did not settle in %d ticks" % limit)
        self.ticks(2)

    def tap_xy(self, x, y, settle=True):
        self.p.tap(x, y, hold=3, release=9)
        if settle:
            self.settle()
        else:
            while self.p.inject:
                self.app.tick()

    def rect_of(self, name):
        """Screen rectangle of the button/box reporting `name` on the current screen."""
        for n, r in rects(self.app):
            if n == name:
                return r
        raise KeyError("no %r on the %s screen" % (name, self.app.mode))

    def press(self, name, settle=True):
        x, y, w, h = self.rect_of(name)
        self.tap_xy(x + w // 2, y + h // 2, settle)

    def cell_xy(self, cell):
        """Centre pixel of a cell given as 'e6' or an index."""
        from quadcore import parse_cell
        play = self.app.play
        n = play.game.n
        x = parse_cell(cell, n) if isinstance(cell, str) else cell
        return play.board.centre(x)

    def tap_cell(self, cell, settle=True):
        x, y = self.cell_xy(cell)
        self.tap_xy(x, y, settle)


# CircuitPython object sizes on a 32-bit board, from the structs in its shared-module headers,
# each allocation rounded up to the 16-byte GC block. A vectorio shape is two allocations
# (the shape, 32 bytes, and its VectorShape, 64). A Group's member list is a MicroPython
# list (16-byte object + 4 bytes a slot, 4 slots at first, doubling). The VM stand-ins in
# host_tests/vmstubs hold exactly these sizes (test_app_vm.py measures them).
DEVICE_BYTES = {"Bitmap": 48, "TileGrid": 112, "Group": 48, "Rectangle": 96, "Polygon": 96,
                "Palette": 32}
PALETTE_ENTRY = 12   # rgb888, rgb565, luma, hue, chroma, transparent
POLY_POINT = 4       # two int16 per point


def _blocks(n):
    return (n + 15) // 16 * 16


def group_list_bytes(children):
    """A Group's member list: object + slots (4, 8, 16, ... as it grows)."""
    slots = 4
    while slots < children:
        slots *= 2
    return 16 + _blocks(4 * slots)


def bitmap_bytes(bmp):
    """Heap bytes of a Bitmap's pixels: CircuitPython pads each row to a 32-bit word."""
    bits = bmp._bits_per_value  # Blinka's record of the value_count the app asked for
    return (bmp.width * bits + 31) // 32 * 4 * bmp.height


def ui_heap(groups, skip_bitmaps=()):
    """Device heap held by the displayio objects reachable from `groups`:
    {"bitmaps": .., "tiles": .., "objects": .., "total": ..}. Bitmaps shared by several
    TileGrids count once; those in skip_bitmaps (built into the firmware, like the
    terminal font) not at all."""
    import displayio
    import vectorio
    seen = set()
    out = {"bitmaps": 0, "tiles": 0, "objects": 0}
    pal_len = {}

    def walk(g):
        out["objects"] += DEVICE_BYTES["Group"] + group_list_bytes(len(g))
        for layer in g:
            if isinstance(layer, displayio.Group):
                walk(layer)
            elif isinstance(layer, displayio.TileGrid):
                out["objects"] += DEVICE_BYTES["TileGrid"]
                w, h = layer.width, layer.height
                if w * h > 1:  # a 1x1 grid keeps its tile inside the object
                    out["tiles"] += _blocks(w * h)
                bmp = layer.bitmap
                if id(bmp) not in seen and bmp not in skip_bitmaps:
                    seen.add(id(bmp))
                    out["bitmaps"] += DEVICE_BYTES["Bitmap"] + _blocks(bitmap_bytes(bmp))
                pal_len[id(layer.pixel_shader)] = len(layer.pixel_shader)
            elif isinstance(layer, vectorio.Polygon):
                out["objects"] += DEVICE_BYTES["Polygon"] + _blocks(POLY_POINT * len(layer.points))
                pal_len[id(layer.pixel_shader)] = len(layer.pixel_shader)
            else:
                out["objects"] += DEVICE_BYTES["Rectangle"]
                pal_len[id(layer.pixel_shader)] = len(layer.pixel_shader)

    for g in groups:
        walk(g)
    out["objects"] += sum(DEVICE_BYTES["Palette"] + _blocks(PALETTE_ENTRY * n)
                          for n in pal_len.values())
    out["total"] = out["bitmaps"] + out["tiles"] + out["objects"]
    return out


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(
        prog="tools/sim.py", description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--headless", action="store_true", help="no window, no audio")
    ap.add_argument("--scale", type=int, default=2, help="window scale (default 2)")
    ap.add_argument("--titano", action="store_true", help="480x320 instead of 320x240")
    ap.add_argument("--nvm", default=DEFAULT_NVM, help="NVM file (default build/sim_nvm.bin)")
    args = ap.parse_args(argv)
    w, h = (480, 320) if args.titano else (320, 240)
    if args.scale < 1 or args.scale > 6:
        ap.error("--scale must be 1..6")
    if not args.headless:
        why = no_window_reason()
        if why:
            print("tools/sim.py: " + why, file=sys.stderr)
            return 2
    plat = Platform(scale=args.scale, headless=args.headless, width=w, height=h,
                    nvm_path=args.nvm)
    from quadpocket import app
    if args.headless:
        print("tools/sim.py: running with no window; Ctrl-C or SIGTERM stops it", flush=True)
    try:
        app.run(plat)
    except KeyboardInterrupt:  # Ctrl-C in the terminal: a normal way to stop
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
