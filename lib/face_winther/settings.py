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
    out = [("vs", "Vs: " + ("2 players" if c[1] else "Computer"))]
    if not c[1]:  # who starts: the First preference itself (this game's)
        out.append(("first", "First: " + ("you" if app.prefs.first == "player"
                                          else "computer")))
    return out + [("counters", "Counters: %d" % c[0]),
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
    p = app.prefs
    if name == "level":
        p.level = LEVELS[(LEVELS.index(p.level) + step) % len(LEVELS)]
        return ""
    if name == "first":  # a preference, saved when the menu closes
        p.first = "computer" if p.first == "player" else "player"
        return ""
    c = app.play.conf  # read when the game was shown (face_winther.start.conf)
    if name == "vs":
        c[1] ^= 1
    elif name == "counters":
        c[0] = COUNTERS[(COUNTERS.index(c[0]) + step) % len(COUNTERS)]
    app.use("kit").write_conf(app, c)
    return ""
