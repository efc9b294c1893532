"""Quad Pocket app: App(platform) with tick() as one loop iteration; run(platform) loops.

One tick: a touch sample, taps (Tapper), the tap acted on, a slice of the computer's
search (a generator, so Menu answers while it thinks), a display refresh if needed.
This is the shell (docs/shell.md): screens never import each other; App.go and App.use
load modules, App.settle drops them after each tap or computer move. Only what runs
every move stays loaded (this module, play, view, records, and the shown game's face
package): the whole game must fit ~100 KB of heap (tools/app_heap.py). A game is
installed by its row alone (quadpocket.games).
"""

from quadpocket.play import Play, ticks_diff
from quadpocket.records import save_game

RATE = 8000          # quadpocket.sound's rate (not imported for a kept sound)
LOCK_MS = 150        # a press starting this soon after an accepted tap is a bounce
THINK_STEPS = 64     # generator steps per tick at most ...
THINK_MS = 30        # ... and about this much time, so touch is polled every ~50 ms
IDLE_SLEEP = 0.02    # s between polls when the computer is not thinking

_NONE = -1  # Tapper: no steady target yet (None is one: outside all)


class Tapper:
    """Tap detection for a resistive touchscreen: act on release, never on first contact.

    Each poll the app maps the raw sample to a target (a board cell, a button name, or
    None: nothing there) and feeds it here. A target counts once `confirm` samples in a
    row agree (one jittery reading selects nothing); the finger must be seen lifted for
    `release` polls in a row, as a resistive panel often drops a reading mid-press (a
    dropout must not make two taps). The tap reports the last target held steady;
    sliding off onto nothing before lifting cancels it."""

    def __init__(self, confirm=2, release=2):
        self.confirm = confirm
        self.release = release
        self.reset()

    def reset(self):
        self.down = False
        self._last = _NONE
        self._same = 0
        self._steady = _NONE
        self._up = 0

    def feed(self, pressed, target=None):
        """One poll. pressed: finger on the glass; target: what is under it.
        Returns the tapped target once, on release, or None."""
        if pressed:
            self._up = 0
            self.down = True
            if target == self._last:
                self._same += 1
            else:
                self._last = target
                self._same = 1
            if self._same >= self.confirm:
                self._steady = target
            return None
        if not self.down:
            return None
        self._up += 1
        if self._up < self.release:
            return None
        tapped = self._steady
        self.reset()
        return None if tapped == _NONE else tapped


class App:
    def __init__(self, platform):
        self.p = platform
        self.loaded = []     # modules App.use imported since the last settle()
        st = self.use("startup")  # run once, so not resident:
        st.init(self, Play(self), Tapper())  # the rest of the app's state
        st.start(self)  # prefs, sound, palettes, the game, first screen
        del st
        self.settle()
        self.tick_refresh()

    # --- helpers ---
    @staticmethod
    def forget(name, package="quadpocket"):
        """Drop a module needed only for a while: its sys.modules entry and the package
        attribute both keep its compiled code alive (a dotted name: that module)."""
        import sys
        if package is not None and "." not in name:
            name = package + "." + name
        m = getattr(sys.modules.pop(name, None), "USES", ())
        parent, _, child = name.rpartition(".")
        pkg = sys.modules.get(parent) if parent else None
        if pkg is not None and hasattr(pkg, child):
            delattr(pkg, child)
        for d in m:  # its own imports not kept
            App.forget(d, None)

    def use(self, name):
        """quadpocket.<name> (a shell module) or a dotted name (a face's module,
        "face_still.over"), imported now and dropped by settle() (or at once by
        forget(name), when a big allocation follows): the one way screens and helpers
        reach one another, so what is loaded is decided here."""
        import sys
        full = name if "." in name else "quadpocket." + name
        __import__(full)
        if full not in self.loaded:
            self.loaded.append(full)
        return sys.modules[full]

    def settle(self):
        """Back in the loop: every module use() loaded goes (objects made from them, such
        as an open menu, keep their own code alive until they go too)."""
        loaded = self.loaded
        while loaded:
            self.forget(loaded.pop(), None)
        self.forget("squares", "quadcore")  # builds a board size's tables (a new game)

    def go(self, where):
        """Show another screen: "play" (the game), a menu page ("main", "new", "prefs",
        "help", "moves", "games"), or a start-up step of the game ("tutorial": the
        face's tutorial on quadpocket.tutor; "new_game", "resume": its start module's).
        The modules this needs come through use()."""
        if where == "play":
            self.show(self.play.group, "play")
        elif where in ("tutorial", "new_game", "resume"):  # the tutorial: the shell's runner
            getattr(self.use("tutor" if where == "tutorial" else self.face + ".start"),
                    where)(self)
        else:
            self.open_menu(where)

    @staticmethod
    def collect():
        import gc
        gc.collect()

    def changed(self):
        self.need_render = True

    def sound(self, name):
        """Play a sound at the preferred level. The every-turn sounds are built once and
        kept (built mid-game, they found no room on CircuitPython's VM); others come
        from quadpocket.sound, then dropped. No room: no sound.
        sound(None) only builds the kept ones (at start-up, while the heap has room)."""
        if name is not None:
            self.sounds.append(name)
            if len(self.sounds) > 8:  # the last few: no list growing all game
                self.sounds.pop(0)
        level = self.prefs.sound
        if level == 0:
            return
        kept = self.kept
        names = self.play.sounds  # the face's every-turn sounds
        if kept is None or kept[0] != level or kept[1] != names:
            self.kept = None  # the old buffers go first
            kept = self.kept = (level, names, self.use("sound").keep(level, self.p.log, names))
        if name is None:
            return
        buf = kept[2].get(name)
        if buf is None:
            try:
                buf = self.use("sound").build(name, level)
            except MemoryError:
                self.p.log("sound skipped: no room")
                return
        self.p.play(buf, RATE)

    def save_session(self):
        s = self.session
        if s is None or self.play.tutor is not None:
            return
        try:
            at = self.save_at
            save_game(self.p.nvm, self.games, s.to_bytes(), at[0], at[1], at[2])
        except ValueError as e:
            self.p.log("game not saved: %s" % e)

    def show(self, group, mode):
        if self.p.display.root_group is not group:
            self.p.display.root_group = group
        self.mode = mode
        self.dirty = True
        self.need_render = True
        if mode == "play" and self.menus is not None:
            self.menus.leave()  # back on the board: the menu's code and screen go

    def drop_ai(self):
        """Unload the computer player (~20 KB of code) while a menu is open or the game is
        over. Its search stops; the same position and seed give the same move again."""
        self.play.stop_thinking()
        import sys
        for pkg in self.engines:
            ai = pkg + ".ai"
            for m in [m for m in sys.modules if m == ai or m.startswith(ai + ".")]:
                del sys.modules[m]
            qc = sys.modules.get(pkg)
            if qc is not None and hasattr(qc, "ai"):
                delattr(qc, "ai")
        self.collect()

    def open_menu(self, page):
        """Show a menu page ("main", "new", ...) or the move list ("moves")."""
        if self.menus is None:
            self.drop_ai()  # room for the menu code and screen
            self.menus = self.use("menus").Menus(self)
        self.menus.open(page)

    # --- the loop ---
    def tick(self):
        """One loop iteration; returns True while the computer is thinking (no sleep)."""
        p = self.p
        pt = p.touch()
        now = p.ticks_ms()
        pressed = pt is not None
        if pressed and not self.tapper.down:
            self.press_at = now
        target = None
        if pressed:
            target = (self.play if self.mode == "play" else self.menus).hit(pt[0], pt[1])
            if self.dark == 1:  # dimmed: this touch brings the backlight back, only that
                self.dark = 2
                p.dim(False)
        tap = self.tapper.feed(pressed, target)
        if self.dark == 2:
            tap = None
            if not self.tapper.down:
                self.dark = 0
        if tap is not None and ticks_diff(self.press_at, self.last_tap) >= LOCK_MS:
            self.last_tap = now
            (self.play if self.mode == "play" else self.menus).tap(tap)
        busy = self.mode == "play" and self.play.thinker is not None
        if pressed or busy:
            self.idle = now
        elif not self.dark and self.prefs.dim and \
                ticks_diff(now, self.idle) >= self.prefs.dim * 60000:
            self.dark = 1  # idle minutes (Preferences, Dim): the backlight dims
            p.dim(True)
        if busy:
            self.dirty = self.think(now + THINK_MS) or self.dirty
        elif (self.prefs.master and self.mode == "play" and tap is None and not self.loaded
              and getattr(p, "ponder", 0)):  # (not in a search's or a tap's tick)
            self.use("master").ponder(self.play, now + THINK_MS)
        if self.loaded:  # what the tap or the computer's move loaded goes now
            self.settle()
        self.tick_refresh()
        p.sound_idle()
        return busy

    def think(self, deadline):
        """Step the face's search (play.thinker) THINK_STEPS times at most, or until
        deadline (ms); its turn goes to play.thought. True: redraw."""
        play = self.play
        p = self.p
        move = None
        for _ in range(THINK_STEPS):
            try:
                move = next(play.thinker)
            except Exception as e:  # failed without a turn: the face refuses it
                move = "# %r" % (e,)
            if move is not None or ticks_diff(p.ticks_ms(), deadline) >= 0:
                break
        if move is None:
            if ticks_diff(p.ticks_ms(), play.spin_at) >= 250:
                play.spin_at = p.ticks_ms()
                play.spin += 1
                return self.render(play)
            return False
        purpose = play.purpose
        play.stop_thinking()
        return play.thought(purpose, move)

    def tick_refresh(self):
        if self.need_render:
            self.need_render = False
            if self.mode == "play":
                self.dirty = self.render(self.play) or self.dirty
            else:
                self.dirty = True
        if self.dirty:
            self.dirty = False
            self.p.display.refresh()


def run(platform):
    import time
    app = App(platform)
    while not platform.should_quit():
        if not app.tick():
            time.sleep(IDLE_SLEEP)
    return app
