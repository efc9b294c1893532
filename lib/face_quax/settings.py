"""The Quax family's New game settings: settings, step, note (the shell's menus draw the
page from them, the same way for every game). Loaded through App.use while the page is
shown, then dropped.
"""

from quax.board import NAMES
from quax.game import DEFAULT_SIZE
from quadpocket.play import LEVELS, level_name


def settings(app):
    """The New game page's settings (the shell draws one button each): (name, "Label:
    value")."""
    c = app.play.conf  # read when the game was shown (face_quax.start.conf)
    return [("rules", "Rules: " + NAMES[c[0]]),
            ("size", "Board: %dx%d" % (c[1], c[1])),
            ("pie", "Swap rule: " + ("on" if c[2] else "off")),
            ("vs", "Vs: " + ("2 players" if c[3] else "Computer")),
            ("level", "Level: " + level_name(app.prefs.level))]


def note(app):
    return ""


def step(app, name):
    """A New game setting tapped: one step back ("<name>-") or forward (this game's are
    saved at once, the level, a preference, when the menu closes). A new rule set brings
    its usual board and swap rule."""
    step = 1
    if name[-1] == "-":
        step = -1
        name = name[:-1]
    if name == "level":
        p = app.prefs
        p.level = LEVELS[(LEVELS.index(p.level) + step) % len(LEVELS)]
        return ""
    start = app.use("face_quax.start")
    c = app.play.conf
    if name == "vs":
        c[3] ^= 1
    elif name == "pie":
        c[2] ^= 1
    elif name == "rules":
        c[0] = (c[0] + step) % len(NAMES)
        c[1] = DEFAULT_SIZE[c[0]]
        c[2] = 0 if c[0] == 1 else 1   # Link: as first posted, no swap
    elif name == "size":
        top = start.max_size(app)
        k = c[1] + step
        c[1] = 5 if k > top else top if k < 5 else k
    app.use("kit").write_conf(app, c)
    return ""
