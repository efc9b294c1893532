"""Two menu pages' own parts, loaded by quadpocket.menus through App.use while a page is
made or tapped: Preferences (its rows and what a tap changes: every game shares them;
First is kept for each game apart, quadpocket.storage) and New game's two-way settings
(their labels and the dividers between their halves)."""

import displayio
import vectorio

_ONOFF = ("off", "on")
SOUNDS = ("off", "soft", "medium", "loud")
CONFIRM = ("auto", "on", "off")  # prefs.confirm (quadpocket.play.Play.confirmed)
DIMS = (0, 1, 2, 5, 10)  # idle minutes before the backlight dims (storage.DIMS)


def items(p):
    """The page's buttons for preferences p: (name, label)."""
    return [("sound", "Sound: " + SOUNDS[p.sound]),
            ("contrast", "Contrast: " + ("high" if p.contrast else "normal")),
            ("confirm", "Confirm tap: " + CONFIRM[p.confirm]),
            ("auto_advance", "Auto-advance: " + _ONOFF[p.auto_advance]),
            ("show_move", "Show move: " + _ONOFF[p.show_move]),
            ("first", "First*: " + ("you" if p.first == "player" else "computer")),
            ("dim", "Dim: " + ("after %d min" % p.dim if p.dim else "never")),
            ("calibrate", "Calibrate touch"),
            ("back", "Back")]


def tap(app, name):
    """Change the preference named; False when another screen took over (calibration)."""
    p = app.prefs
    if name == "calibrate":
        app.use("calibrate").start(app)  # its own screen (menus stay open)
        return False
    if name == "first":  # the shown game's (stored per game: storage)
        p.first = "computer" if p.first == "player" else "player"
    elif name == "confirm":
        p.confirm = (p.confirm + 1) % 3
    elif name == "dim":
        p.dim = DIMS[(DIMS.index(p.dim) + 1) % len(DIMS)] if p.dim in DIMS else 2
    elif name == "sound":
        p.sound = (p.sound + 1) % 4
        app.sound("marble")
    elif name == "contrast":
        p.contrast = not p.contrast
        app.use("build").colours(app, p.contrast)
        face = app.use(app.face + ".start") if app.face else None
        if hasattr(face, "recolour"):
            face.recolour(app)  # a face's own piece colours
    else:  # show_move, auto_advance
        setattr(p, name, not getattr(p, name))
    return True


def new_items(m, centre):
    """New game's buttons on menus m: one a setting, its left half a step back and its
    right half on; the label (centred by the menus' own centre) clear of the arrows by a
    space each side (16 characters on the Titano, 22 on the PyPortal:
    test_touch_targets.py checks every face's)."""
    app = m.app
    w = m.cols // 2 - 2
    out = [(n, "<" + centre(t[:w - 2], w) + ">")
           for n, t in app.use(app.face + ".settings").settings(app)]
    m.two_way = [n for n, _ in out]
    return out + [("start", "Start game"), ("back", "Back")]


def divide(self):
    """A divider down the middle of each two-way setting (the screen's black, where
    hit() answers nothing): made for the New game page, dropped on the others."""
    cuts = self.cuts
    if not self.two_way:
        if cuts is not None:
            self.group.remove(cuts)
            self.cuts = None
        return
    if cuts is None:
        cuts = self.cuts = displayio.Group()
        self.group.insert(len(self.fills), cuts)  # over the buttons, under the text
    while len(cuts):
        cuts.pop()
    g = self.gap
    for i in range(len(self.fills)):
        b = self.boxes[i]
        if b is not None and self.names[i] in self.two_way:
            r = vectorio.Rectangle(pixel_shader=self.app.ui, width=g, height=b[3],
                                   x=b[0] + b[2] // 2 - g // 2, y=b[1])
            r.color_index = 0
            cuts.append(r)
