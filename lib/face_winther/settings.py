"""Winther's Quad's New game settings: settings, step, note (the shell's menus draw the page
from them, the same way for every game). Loaded through App.use while the page is shown,
then dropped.
"""

from winquad import COUNTERS
from quadpocket.play import LEVELS, level_name


def settings(app):
    """The New game page's settings (the shell draws one button each): (name, "Label:
    value")."""
    c = app.play.conf  # read when the game was shown (face_winther.start.conf)
    return [("vs", "Vs: " + ("2 players" if c[1] else "Computer")),
            ("counters", "Counters: %d" % c[0]),
            ("level", "Level: " + level_name(app.prefs.level))]


def note(app):
    return ""


def step(app, name):
    """A New game setting tapped: one step back ("<name>-") or forward (this game's are
    saved at once, the level, a preference, when the menu closes)."""
    step = 1
    if name[-1] == "-":
        step = -1
        name = name[:-1]
    if name == "level":
        p = app.prefs
        p.level = LEVELS[(LEVELS.index(p.level) + step) % len(LEVELS)]
        return ""
    c = app.play.conf  # read when the game was shown (face_winther.start.conf)
    if name == "vs":
        c[1] ^= 1
    elif name == "counters":
        c[0] = COUNTERS[(COUNTERS.index(c[0]) + step) % len(COUNTERS)]
    app.use("face_winther.start").write_conf(app, c)
    return ""
