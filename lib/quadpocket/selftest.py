"""On-device self-test: a scripted game that prints the free heap at every stage.

How to start it: open the serial console, hold a finger on the top-left corner of the
screen and press Ctrl-D (or save any file on the drive): code.py starts again, sees the
corner held for ~0.4 s and runs this instead of the game. (At power-up or RESET boot.py
would see the finger too and start game-record mode: use the reload.)

What it prints, one line per stage, to the serial console:

    selftest <stage> free=<gc.mem_free()> used=<gc.mem_alloc()>

after a collection, then "selftest done min_free=<smallest free seen> ..." or
"selftest FAILED at <stage>: <error>". The stages are those of the whole-app heap
scenario the project measures on CircuitPython's VM (README, "Device memory"): start,
app code loaded, app started, each round (Expert's hint played by the script, the
computer's reply), the menus, help, statistics, the move list, a finished game and a new
one. So one run on a PyPortal confirms or corrects the figures. Then a cross shows where
each touch lands (where()), the console printing its pixel: the touch calibration judged
on the board.

The player's preferences, statistics and saved game are never touched: the test plays
with settings of its own in RAM (prefs and stats only: 256 bytes). Press RESET to leave.
"""

import gc

ROUNDS_BEFORE = 2   # rounds before the menu tour
ROUNDS = 12         # rounds in all: the first game ends in round 10, a new one follows
SCREENS = ("menu", "prefs", "back", "help", "topic1", "next", "back", "back", "stats",
           "back", "resume", "moves", "back")
_HOLD_READS = 8     # touch readings 50 ms apart that must all be in the corner


def requested(platform):
    """True while the top-left sixth of the screen is held (all _HOLD_READS readings)."""
    import time

    for _ in range(_HOLD_READS):
        pt = platform.touch()
        if pt is None or pt[0] > platform.width // 6 or pt[1] > platform.height // 6:
            return False
        time.sleep(0.05)
    return True


class Scripted:
    """The real platform's display, sound and log; touches and clock from the script;
    settings in a RAM copy (the board's nvm is never written)."""

    def __init__(self, real):
        self.display = real.display
        self.width = real.width
        self.height = real.height
        self.calibration = real.calibration
        self.calibrate = real.calibrate
        self.dim = real.dim
        self.version = real.version
        self.nvm = bytearray(b"\xff" * 256)
        self.samples = []
        self.play = real.play
        self.sound_idle = real.sound_idle
        self.log = real.log
        self._now = 0

    def touch(self):
        # A clock of its own, 20 ms a poll (the app polls ~50 times a second): the script
        # runs the game exactly as the VM scenario does, whatever the board's speed.
        self._now += 20
        return self.samples.pop(0) if self.samples else None

    def ticks_ms(self):
        return self._now

    def tap(self, x, y):
        # pressed for 3 polls, released for 9: one clean tap for the app's debouncer
        self.samples.extend([(x, y)] * 3 + [None] * 9)

    def should_quit(self):
        return False


class _Run:
    def __init__(self, platform, out):
        self.p = Scripted(platform)
        self.out = out
        self.app = None
        self.min_free = None
        self.stage = "start"

    def cp(self, name):
        self.stage = name
        gc.collect()
        free = gc.mem_free()
        if self.min_free is None or free < self.min_free:
            self.min_free = free
        self.out("selftest %s free=%d used=%d" % (name, free, gc.mem_alloc()))

    def rects(self):
        app = self.app
        if app.mode != "play":
            return app.menus.rects()
        pn = app.play.panel
        out = []
        for i, f in enumerate(pn.fills):
            if not f.hidden:
                out.append((pn.slots[i], (f.x, f.y, f.width, f.height)))
        return out

    def press(self, name):
        for n, r in self.rects():
            if n == name:
                self.p.tap(r[0] + r[2] // 2, r[1] + r[3] // 2)
                while self.p.samples:
                    self.app.tick()
                return
        raise KeyError(name)

    def think(self):
        app = self.app
        while self.p.samples or app.play.thinker is not None:
            app.tick()

    def tap_cell(self, x):
        c = self.app.play.board.centre(x)
        self.p.tap(c[0], c[1])
        self.think()

    def move(self, name):
        # Expert's hint, played through Star and the board; the computer answers.
        play = self.app.play
        if play.game.result is not None:
            self.press("new")
            self.press("start")
            self.cp("new_game" + name)
        self.press("hint")
        self.think()
        stars, marble = play.hint_stars, play.hint[0]
        for x in stars:
            self.press("star")
            self.tap_cell(x)
        self.tap_cell(marble)
        self.app.tick()
        self.cp("move" + name)

    def go(self):
        from quadpocket.storage import Store

        st = Store(self.p.nvm)
        st.prefs.level = "expert"
        st.prefs.tutorial_done = 255  # every game's
        st.prefs.confirm = 2  # off: the script taps each move once
        st.prefs.dim = 0  # never dimmed (a waking touch would lose a scripted tap)
        st.save_prefs()
        st = None
        self.cp("start")
        import quadpocket.app

        self.cp("app_code")
        self.app = quadpocket.app.App(self.p)
        self.cp("started")
        i = 0
        while i < ROUNDS_BEFORE:
            i += 1
            self.move(str(i))
        for name in SCREENS:
            self.press(name)
            self.cp("screen_" + name)
        while i < ROUNDS:
            i += 1
            self.move(str(i))


def where(platform, out=print, polls=-1):
    """After the figures: a cross shows where each touch lands and the console prints its
    pixel ("touch x y"), so the touch calibration can be judged on the board itself
    (Preferences, Calibrate touch sets it). Until RESET (polls: a test's count)."""
    import time
    import displayio
    import vectorio

    p = platform
    pal = displayio.Palette(2)
    pal[0] = 0
    pal[1] = 0xFFFF00
    g = displayio.Group()
    for w, h in ((31, 3), (3, 31)):
        r = vectorio.Rectangle(pixel_shader=pal, width=w, height=h, x=-40, y=-40)
        r.color_index = 1
        g.append(r)
    p.display.root_group = g
    p.display.refresh()
    out("selftest touch: tap anywhere, a cross shows where it lands (RESET to leave)")
    last = None
    while polls:
        polls -= 1
        pt = p.touch()
        if pt is not None and pt != last:
            g[0].x, g[0].y = pt[0] - 15, pt[1] - 1
            g[1].x, g[1].y = pt[0] - 1, pt[1] - 15
            p.display.refresh()
            out("touch %d %d" % (pt[0], pt[1]))
        last = pt
        time.sleep(0.02)


def run(platform, out=print):
    """Run the scripted game on `platform`; returns the smallest free heap seen (or None
    when it failed: the error is printed, never raised, so the console shows it)."""
    r = _Run(platform, out)
    try:
        r.go()
    except Exception as e:  # MemoryError above all: say where, with the figures so far
        out("selftest FAILED at %s: %r (min_free=%s)" % (r.stage, e, r.min_free))
        return None
    g = r.app.play.game
    out("selftest done min_free=%d turns=%d level=%s" % (r.min_free, g.turns,
                                                         r.app.prefs.level))
    return r.min_free
