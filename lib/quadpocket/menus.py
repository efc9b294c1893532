"""Menu pages (main, new game, preferences, help topics) and the text pages (help, moves,
statistics, about). Preferences change on tap and are saved at once; the ones marked *
shape the next game only (the rules of a game in progress stay fixed)."""

from quadpocket.layout import forget
from quadpocket.playview import LEVELS, LEVEL_NAMES
from quadpocket.text import wrap

_ONOFF = ("off", "on")
SOUNDS = ("off", "soft", "medium", "loud")
VARIANT_NAMES = ("standard", "duel", "trek", "rapid", "bridge")


def _cycle(values, v):
    return values[(values.index(v) + 1) % len(values)] if v in values else values[0]


class Menus:
    def __init__(self, app):
        self.app = app
        self.page = None
        self.topic = 0
        self.text_lines = []
        self.text_title = ""
        self.text_page = 0

    # --- menu pages ----------------------------------------------------------------------
    def items(self, page):
        app = self.app
        p = app.store.prefs
        if page == "main":
            return [("resume", "Back to game"), ("new", "New game"), ("prefs", "Preferences"),
                    ("help", "Help"), ("moves", "Move list"), ("stats", "Statistics"),
                    ("tutorial", "Tutorial"), ("about", "About")]
        if page == "new":
            vs = "Computer" if p.opponent == "computer" else "%d humans" % p.humans
            return [("vs", "Vs: " + vs), ("size", "Board: %dx%d" % (p.size, p.size)),
                    ("variant", "Variant: " + p.variant), ("first", "First: " + (
                        "you" if p.first == "player" else "computer")),
                    ("start", "Start game"), ("back", "Back")]
        if page == "prefs":
            return [("level", "Level: " + LEVEL_NAMES[LEVELS.index(p.level)]),
                    ("first", "First*: " + ("you" if p.first == "player" else "computer")),
                    ("show_move", "Show move: " + _ONOFF[p.show_move]),
                    ("sound", "Sound: " + SOUNDS[p.sound]),
                    ("auto_advance", "Auto-advance: " + _ONOFF[p.auto_advance]),
                    ("stars", "Stars*: %d" % p.stars),
                    ("one_short", "One-short*: " + _ONOFF[p.one_short]),
                    ("claim", "Claim mode*: " + _ONOFF[p.claim]),
                    ("contrast", "Contrast: " + ("high" if p.contrast else "normal")),
                    ("confirm", "Confirm tap: " + _ONOFF[p.confirm]),
                    None, ("back", "Back")]
        if page == "help":
            from quadpocket import helptext
            out = [("topic%d" % i, t[0]) for i, t in enumerate(helptext.TOPICS)]
            forget("helptext")
            return out + [("back", "Back")]
        return []

    TITLES = {"main": "Quad Pocket", "new": "New game", "prefs": "Preferences (*: next game)",
              "help": "Help"}

    def show(self, page):
        self.page = page
        self.app.menu.set_page(self.TITLES[page], self.items(page))
        self.app.show(self.app.menu.group, "menu")

    def tap(self, name):
        app = self.app
        page = self.page
        p = app.store.prefs
        if name is None:
            return
        if name == "back":
            self.show("main")
            return
        if page == "main":
            if name == "resume":
                app.resume_play()
            elif name in ("new", "prefs", "help"):
                self.show(name)
            elif name == "moves":
                app.open_moves()
            elif name == "stats":
                self.open_stats()
            elif name == "about":
                self.open_about()
            elif name == "tutorial":
                app.start_tutorial()
            return
        if page == "new":
            if name == "start":
                app.new_game()
                return
            if name == "vs":
                if p.opponent == "computer":
                    p.opponent, p.humans = "humans", 2
                elif p.humans < 6:
                    p.humans += 1
                else:
                    p.opponent = "computer"
            elif name == "size":
                p.size = 5 if p.size >= 15 else p.size + 1
            elif name == "variant":
                p.variant = _cycle(VARIANT_NAMES, p.variant)
            elif name == "first":
                p.first = "computer" if p.first == "player" else "player"
            app.fix_setup()
        elif page == "prefs":
            if name == "level":
                p.level = _cycle(LEVELS, p.level)
                app.level_changed()
            elif name == "first":
                p.first = "computer" if p.first == "player" else "player"
            elif name == "sound":
                p.sound = (p.sound + 1) % 4
                app.snd.level = p.sound
                app.sound("marble")
            elif name == "stars":
                p.stars = 13 - p.stars
            elif name in ("show_move", "auto_advance", "one_short", "claim", "confirm"):
                setattr(p, name, not getattr(p, name))
            elif name == "contrast":
                p.contrast = not p.contrast
                app.set_contrast(p.contrast)
            app.play.render()
        elif page == "help":
            if name.startswith("topic"):
                self.open_help(int(name[5:]))
                return
        app.store.save_prefs()
        self.show(page)

    # --- text pages ----------------------------------------------------------------------
    def open_text(self, title, text, back="main"):
        screen = self.app.text
        self.text_title = title
        self.text_lines = wrap(text, screen.cols)
        self.text_page = 0
        self.text_back = back
        self.render_text()
        self.app.show(screen.group, "text")

    def render_text(self):
        screen = self.app.text
        rows = screen.rows
        pages = max(1, (len(self.text_lines) + rows - 1) // rows)
        k = self.text_page
        title = self.text_title
        if pages > 1:
            title = "%s  %d/%d" % (title, k + 1, pages)
        buttons = [("prev", "< Prev") if k > 0 else None,
                   ("next", "Next >") if k + 1 < pages else None,
                   ("back", "Back")]
        screen.set_page(title, self.text_lines[k * rows:(k + 1) * rows], buttons)
        self.app.changed()

    def tap_text(self, name):
        if name == "prev" and self.text_page > 0:
            self.text_page -= 1
            self.render_text()
        elif name == "next":
            self.text_page += 1
            self.render_text()
        elif name == "back":
            self.text_lines = []
            back = self.text_back
            if back == "play":
                self.app.resume_play()
            else:
                self.show(back)

    def open_help(self, i):
        from quadpocket import helptext
        title, text = helptext.TOPICS[i]
        self.open_text(title, text, "help")
        forget("helptext")  # the text is in the tiles now

    def open_about(self):
        from quadpocket import helptext
        text = helptext.ABOUT.replace("{version}", str(self.app.p.version))
        self.open_text("About", text)
        forget("helptext")

    def open_stats(self):
        st = self.app.store.stats
        lines = ["Against the computer:", ""]
        lines.append("%-8s %4s %4s %4s %6s %4s" % ("Level", "Won", "Lost", "Draw", "Streak",
                                                   "Best"))
        for i, lv in enumerate(LEVELS):
            d = st[lv]
            lines.append("%-8s %4d %4d %4d %6d %4d" % (LEVEL_NAMES[i], d["wins"], d["losses"],
                                                       d["draws"], d["streak"], d["best"]))
        self.open_text("Statistics", "\n".join(lines))

    def open_moves(self, game, back):
        """The current game's turns, numbered, several per line when they fit."""
        n = game.n
        turns = [game.turn_text(t) for t in game.history]
        if game.current:
            turns.append(game.turn_text(game.current) + " ...")
        cols = self.app.text.cols
        items = ["%d.%s" % (i + 1, t) for i, t in enumerate(turns)]
        width = max([len(s) for s in items] + [1]) + 2
        per = max(1, cols // width)
        lines = []
        for i in range(0, len(items), per):
            lines.append("".join(s + " " * (width - len(s)) for s in items[i:i + per]))
        if not lines:
            lines = ["No moves yet."]
        self.open_text("Moves (%dx%d)" % (n, n), "\n".join(lines), back)
