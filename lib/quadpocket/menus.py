"""Menu pages (main, new game, preferences, help topics, the chooser) and text pages
(help, move list, statistics, about) on one screen built when the menu opens and dropped
with this module when the game is shown again. Preferences (shared by every game) are
saved when the menu closes; * marks the next game's. New game: the face's settings.

One full-screen text TileGrid (1 byte a character) over twelve button rectangles; a
page's text comes from quadpocket.pages, imported only while it is made, its screen (and
the Titano's body grid at scale 1) from quadpocket.textpage; the Preferences page's rows
and taps and New game's two-way settings from quadpocket.menupages.
"""

import displayio
import vectorio

from quadpocket import view

TITLES = {"main": "Quad Pocket", "new": "New game", "prefs": "Preferences (*: next game)",
          "help": "Help", "games": "Choose a game"}
SLOTS = 12
TEXT = "-"  # an item of this name is a line of text, not a button


def _centre(text, width):
    text = text[:width]
    pad = width - len(text)
    return " " * (pad // 2) + text + " " * (pad - pad // 2)


class Menus:
    def __init__(self, app):
        self.app = app
        p = app.p
        w, h = p.width, p.height
        ts = 2 if (w >= 440 and h >= 300) else 1
        self.cw = cw = 6 * ts
        self.ch = ch = 12 * ts
        self.cols = w // cw
        self.rows = h // ch
        self.k = max(2, (self.rows - 1) // 6)  # text rows per menu button
        self.w = w
        k = self.k
        # a button's margin: what a slot leaves, but no box leaves the screen
        self.m = min((k * ch - ch) // 2 - 2, h - (2 + (SLOTS // 2 - 1) * k + k // 2) * ch)
        self.ox = (w - self.cols * cw) // 2
        self.group = g = displayio.Group()  # on the screen's own black background
        self.fills = []
        for _ in range(SLOTS):
            r = vectorio.Rectangle(pixel_shader=app.ui, width=1, height=1, x=0, y=0)
            r.color_index = view.BUTTON
            self.fills.append(r)
            g.append(r)
        if app.play.panel is not None:
            glyphs = app.play.panel.info.bitmap  # the font sheet the panel uses
        else:  # the chooser before any game screen (first run)
            glyphs = app.use("build").fonts(app)
        self.tg = displayio.TileGrid(glyphs, pixel_shader=app.pals[0], width=self.cols,
                                     height=self.rows, tile_width=6, tile_height=12,
                                     default_tile=view.FONT[0], x=self.ox // ts, y=0)
        text = displayio.Group(scale=ts)
        text.append(self.tg)
        g.append(text)
        self.fine = None
        self.gap = 1 + ts  # px between two targets (2 on 320x240, 3 on 480x320)
        self.cuts = None   # the dividers of New game's two-way settings (_show)
        self.cal = None    # the calibration screen while it is shown (quadpocket.calibrate)
        self.steps = False  # the text page is a move list with a turn: Step
        self.names = [None] * SLOTS
        self.boxes = [None] * SLOTS  # (x, y, w, h) of each shown button
        self.page = None
        self.lines = []
        self.title = ""
        self.at = 0         # first line of the text page shown
        self.back = "main"  # where Back on a text page goes
        self.changed = False  # a preference changed since the menu opened
        self.note = ""        # a refused New-game tap's reason, shown once
        self.two_way = ()     # New game settings: each half of the button answers

    # --- the screen ---
    def _button(self, i, row, x, w, name):
        """Slot i: a button around text row `row`, x..x+w px, reporting `name`."""
        ch = self.ch
        m = self.m
        if name == TEXT:
            name = None
        r = self.fills[i]
        r.x = x
        r.y = row * ch - m
        r.width = w
        r.height = ch + 2 * m
        r.hidden = name is None
        self.names[i] = name
        self.boxes[i] = None if name is None else (x, row * ch - m, w, ch + 2 * m)

    def _show(self, title, rows, buttons, per_row):
        """Fill the screen: title, text rows (row 1 on) and buttons, per_row in a row."""
        tg = self.tg
        cols = self.cols
        view.put(tg, 0, title, cols, 1)
        for r in range(1, self.rows):
            view.put(tg, r, rows[r - 1] if r - 1 < len(rows) else "", cols)
        bw = (self.w - 3 * (per_row + 1)) // per_row
        seg = cols // per_row
        labels = {}
        for i in range(SLOTS):
            item = buttons[i] if i < len(buttons) else None
            if per_row == 2:
                # the slot's lower middle row: clear of the title (test_menu_layout)
                row = 1 + (i // 2) * self.k + self.k // 2
            else:
                row = self.rows - self.k + (self.k - 1) // 2
            col = i % per_row
            self._button(i, row, 3 + col * (bw + 3), bw, item[0] if item else None)
            if item:
                line = labels.get(row) or [" " * seg] * per_row
                line[col] = _centre(item[1], seg)
                labels[row] = line
        for row in labels:
            view.put(tg, row, "".join(labels[row]), cols)
        if self.two_way or self.cuts is not None:
            self.app.use("menupages").divide(self)
        self.app.show(self.group, "menu" if per_row == 2 else "text")

    def hit(self, x, y):
        if self.cal is not None:  # the calibration screen (quadpocket.calibrate)
            return self.cal.hit(x, y)
        return self.hit_buttons(x, y)

    def hit_buttons(self, x, y):
        for i in range(SLOTS):
            b = self.boxes[i]
            if b is not None and b[0] <= x < b[0] + b[2] and b[1] <= y < b[1] + b[3]:
                name = self.names[i]
                if name in self.two_way:
                    # a setting's halves, a divider between them (self.gap px: a finger's
                    # two targets apart, fingers.GAP): left one step back, right one on
                    h = b[0] + b[2] // 2 - self.gap // 2
                    if x < h:
                        return name + "-"
                    return name if x >= h + self.gap else None
                return name
        return None

    def rects(self):
        """(name, box) of each tap target; a setting's left half is "<name>-"."""
        out = []
        g = self.gap
        for n, b in zip(self.names, self.boxes):
            if b and n in self.two_way:
                h = b[2] // 2 - g // 2
                out += [(n + "-", (b[0], b[1], h, b[3])),
                        (n, (b[0] + h + g, b[1], b[2] - h - g, b[3]))]
            elif b:
                out.append((n, b))
        return out

    # --- menu pages ---
    def items(self, page):
        app = self.app
        if page == "main":
            return [("resume", "Back to game"), ("new", "New game"), ("prefs", "Preferences"),
                    ("help", "Help"), ("moves", "Move list"), ("stats", "Statistics"),
                    ("tutorial", "Tutorial"), ("about", "About"), ("games", "Games")]
        if page == "games":  # the chooser
            return app.use("games").items(app)
        if page == "new":
            return app.use("menupages").new_items(self, _centre)
        if page == "prefs":  # what every game shares
            return app.use("menupages").items(app.prefs)
        # help: every topic but About
        topics = self.page_text("topics")[1]
        return [("topic%d" % i, t) for i, t in enumerate(topics) if t != "About"] + [
            ("back", "Back")]

    def open(self, page):
        if page == "moves":
            self.text_page("moves", "play" if self.app.mode == "play" else "main")
            return
        self.page = page
        self.two_way = ()
        if self.fine:  # not kept on menu pages (New game's Start builds a game)
            self.group.remove(self.fine)
            self.fine = None
        rows = ()
        if page == "new":
            # a variant's constraint, said on the page (the bottom row, under the buttons)
            note = self.note
            if not note:
                note = self.app.use(self.app.face + ".settings").note(self.app)
            self.note = ""
            rows = [""] * (self.rows - 2) + [note]
        self._show(TITLES[page], rows, self.items(page), 2)

    def tap(self, name):
        if self.cal is not None:
            self.cal.tap(name)
            return
        if self.app.mode == "text":
            self.app.use("textpage").tap(self, name)
            return
        app = self.app
        page = self.page
        if name is None:
            return
        if name == "back":
            self.open("main")
            return
        if page == "main":
            if name == "resume":
                app.show(app.play.group, "play")
            elif name in ("new", "prefs", "help", "moves", "games"):
                self.open(name)
            elif name in ("stats", "about"):
                self.text_page(name)
            elif name == "tutorial":
                app.go("tutorial")  # the tutorial object keeps what it needs
            return
        if page == "games":
            app.use("games").tap(app, self, name)
            return
        if page == "help":
            self.text_page(name, "help")
            return
        if page == "new":
            if name == "start":
                app.go("new_game")
                return
            self.note = app.use(app.face + ".settings").step(app, name)
        else:  # prefs
            if not app.use("menupages").tap(app, name):
                return  # (its own screen: calibration)
        self.changed = True  # saved when the menu closes (save)
        self.open(page)

    def leave(self):
        """Back on the board (App.show): the menu's preference changes saved, its code and
        screen go (rebuilt when next opened), the computer's search again if it moves."""
        app = self.app
        self.save()  # the menu's preference changes: one write for all
        app.menus = None
        app.settle()
        app.collect()
        play = app.play
        g = play.s.game
        play.update_trainer()  # the level may have changed
        if play.thinker is None and g.result is None and not play.s.human(g.turn):
            play.start_thinking("move")  # the menu stopped the computer's search

    def save(self):
        """Write the preferences changed while the menu was open: one nvm erase cycle
        however many taps (quadpocket.records); leave() calls it on the way back."""
        if self.changed:
            self.changed = False
            st = self.app.use("storage").Store(self.app.p.nvm)
            st.prefs = self.app.prefs
            st.save_prefs()

    # --- text pages ---
    def page_text(self, what, width=0):
        """(title, lines) of a text page from quadpocket.pages (dropped again at once)."""
        out = self.app.use("pages").text(self.app, what, width or self.cols - 1)
        self.app.forget("pages")
        return out

    def body(self):
        """Text rows of a text page (set by textpage.fine: 16 on the PyPortal, 19 on the
        Titano, whose body is at scale 1)."""
        return self.nb

    def text_page(self, what, back="main"):
        """Show text page what ("stats", "about", "moves" or "topic<i>")."""
        # before the text (its 1.4 KB in one piece); About at the menus' own scale
        self.app.use("textpage").fine(self, what == "about")
        self.app.forget("textpage")
        f = self.fine
        self.title, self.lines = self.page_text(what, f.width if f else self.cols - 1)
        play = self.app.play
        self.steps = (what == "moves" and self.lines[:1] != ["No moves yet."]
                      and play.tutor is None)  # Step (textpage, quadpocket.review)
        self.at = 0
        self.back = back
        self.render_text()

    def render_text(self):
        """Show the text page's screen from line self.at (quadpocket.textpage)."""
        self.app.use("textpage").render(self)
        self.app.forget("textpage")
