"""Quad Pocket app: App(platform) with tick() as one loop iteration; run(platform) loops.

One tick: read one touch sample, turn samples into taps (quadpocket.touch), act on a tap,
give the computer player a slice of work, and refresh the display once if anything
changed. The computer's search is a generator stepped between touch polls, so Menu still
answers while it thinks.
"""

from quadpocket.layout import Layout, forget
from quadpocket.play import Play
from quadpocket.session import Session
from quadpocket.sound import Sound
from quadpocket.storage import Store
from quadpocket.touch import Tapper, ticks_diff
from quadpocket.widgets import Theme

LOCK_MS = 150        # a press starting this soon after an accepted tap is a bounce
THINK_STEPS = 64     # generator steps per tick at most ...
THINK_MS = 30        # ... and about this much time, so touch is polled every ~50 ms
IDLE_SLEEP = 0.02    # s between polls when the computer is not thinking


def _collect():
    try:
        import gc
        gc.collect()
    except ImportError:
        pass


class App:
    def __init__(self, platform):
        p = platform
        self.p = p
        self.store = Store(p.nvm)
        prefs = self.store.prefs
        self.snd = Sound(p, prefs.sound)
        self.sounds = []     # names of sounds started (tests and the log read it)
        self.theme = Theme(prefs.contrast)
        # Menus and their two screens exist only while shown: ~8 KB of displayio objects
        # and ~7 KB of compiled code the board screen (and the computer's search) can use.
        self._menu = None
        self._text = None
        self._menus = None
        self.play = Play(self)
        self.tapper = Tapper()
        self.mode = None
        self.dirty = False
        self.need_render = False
        self.last_tap = p.ticks_ms() - 10 * LOCK_MS
        self.press_at = 0
        self.session = None
        p.display.auto_refresh = False
        if not prefs.tutorial_done:
            self.start_tutorial()
        else:
            self.resume_saved()
        self.tick_refresh()

    # --- helpers used by the screens -----------------------------------------------------
    @property
    def menus(self):
        if self._menus is None:
            from quadpocket.menus import Menus
            self._menus = Menus(self)
        return self._menus

    @property
    def menu(self):
        if self._menu is None:
            from quadpocket.screens import MenuScreen
            self._menu = MenuScreen(self.layout(11), self.theme)
        return self._menu

    @property
    def text(self):
        if self._text is None:
            from quadpocket.screens import TextScreen
            self._text = TextScreen(self.layout(11), self.theme)
        return self._text

    def layout(self, n):
        return Layout(self.p.width, self.p.height, n)

    def collect(self):
        _collect()

    def changed(self):
        self.need_render = True

    def sound(self, name):
        self.sounds.append(name)
        self.snd.play(name)

    def show(self, group, mode):
        if self.p.display.root_group is not group:
            self.p.display.root_group = group
        self.mode = mode
        self.dirty = True
        self.need_render = True
        if mode == "play" and self._menus is not None:
            # Back on the board: menus and screens go (rebuilt, ~0.1 s, when next opened).
            self._menu = self._text = self._menus = None
            forget("menus")
            forget("screens")
            _collect()

    def set_contrast(self, contrast):
        self.theme.set_contrast(contrast)
        self.play.set_contrast(contrast)
        self.dirty = True

    def level_changed(self):
        play = self.play
        if play.thinker is not None and play.purpose == "move":
            play.start_thinking("move")  # the new level plays this very move
        if play.s is not None:
            play.update_trainer()

    # --- games ---------------------------------------------------------------------------
    def resume_saved(self):
        data = self.store.load_game()
        s = None
        if data is not None:
            try:
                s = Session.from_bytes(data)
            except ValueError as e:
                self.p.log("saved game ignored: %s" % e)
        if s is None:
            self.new_game()
        else:
            self.session = s
            self.play.start(s)
            self.show(self.play.group, "play")

    def fix_setup(self):
        """Keep the new-game choices consistent (Bridge is for exactly four humans)."""
        p = self.store.prefs
        if p.variant == "bridge":
            p.opponent = "humans"
            p.humans = 4

    def new_game(self):
        from quadcore import Game
        p = self.store.prefs
        self.fix_setup()
        humans = p.opponent != "computer"
        players = p.humans if humans else 2
        stars = p.stars if (p.variant == "standard" and players == 2 and p.size >= 11) else None
        try:
            g = Game(p.size, players, None, stars, p.one_short, p.variant, p.claim)
        except ValueError as e:
            self.p.log("new game: %s; standard game instead" % e)
            g = Game(11, 2, None, p.stars, p.one_short, "standard", p.claim)
            humans = p.opponent != "computer"
        cpu = -1 if humans else (0 if p.first == "computer" else 1)
        s = Session(g, cpu, self.p.ticks_ms())
        self.session = s
        self.play.start(s)
        self.save_session()
        self.show(self.play.group, "play")

    def save_session(self):
        s = self.session
        if s is None or self.play.tutor is not None:
            return
        try:
            self.store.save_game(s.to_bytes())
        except ValueError as e:
            self.p.log("game not saved: %s" % e)

    def log_game(self):
        """The finished game's record on the serial console (rules.md notation)."""
        g = self.session.game
        kind, seat, why = g.result
        log = self.p.log
        log("# Quad Pocket game: %dx%d, %d players, %s" % (g.n, g.n, g.rules.players,
                                                          g.rules.variant))
        for line in g.record().split("\n"):
            if line:
                log(line)
        log("# result: %s" % (kind if seat is None else "%s seat %d" % (kind, seat + 1))
            + " (%s)" % why)

    def start_tutorial(self):
        from quadpocket.tutorial import Tutorial
        forget("tutorial")  # the class stays alive while the tutorial runs, no longer
        play = self.play
        if play.s is not None and play.tutor is None:
            self.session = play.s
        play.stop_thinking()
        tut = Tutorial(play)
        play.tutor = tut
        play.start(tut.session)
        self.show(play.group, "play")

    def end_tutorial(self):
        prefs = self.store.prefs
        prefs.tutorial_done = True
        self.store.save_prefs()
        self.play.tutor = None
        self.play.trainer = ()
        if self.session is not None:
            self.play.start(self.session)
            self.show(self.play.group, "play")
        else:
            self.resume_saved()

    # --- navigation ----------------------------------------------------------------------
    def open_menu(self, page):
        self.menus.show(page)

    def open_moves(self):
        back = "play" if self.mode == "play" else "main"
        self.menus.open_moves(self.play.game, back)

    def resume_play(self):
        if self.play.tutor is None and self.session is not None \
                and self.play.s is not self.session:
            self.play.start(self.session)
        self.show(self.play.group, "play")

    # --- the loop ------------------------------------------------------------------------
    def hit(self, x, y):
        if self.mode == "play":
            return self.play.hit(x, y)
        if self.mode == "menu":
            return self.menu.hit(x, y)
        return self.text.hit(x, y)

    def on_tap(self, target):
        if self.mode == "play":
            self.play.tap(target)
        elif self.mode == "menu":
            self.menus.tap(target)
        else:
            self.menus.tap_text(target)

    def tick(self):
        """One loop iteration; returns True while the computer is thinking (no sleep)."""
        p = self.p
        pt = p.touch()
        now = p.ticks_ms()
        pressed = pt is not None
        if pressed and not self.tapper.down:
            self.press_at = now
        target = self.hit(pt[0], pt[1]) if pressed else None
        tap = self.tapper.feed(pressed, target)
        if tap is not None and ticks_diff(self.press_at, self.last_tap) >= LOCK_MS:
            self.last_tap = now
            self.on_tap(tap)
        busy = self.mode == "play" and self.play.thinker is not None
        if busy and self.play.step(THINK_STEPS, now + THINK_MS):
            self.dirty = True
        self.tick_refresh()
        p.sound_idle()
        return busy

    def tick_refresh(self):
        if self.need_render:
            self.need_render = False
            if self.mode == "play":
                self.dirty = self.play.render() or self.dirty
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
