"""Winther's Quad's menu pages: its New game settings (settings, step, note: the shell's
menus draw the page), statistics and the move list (the shell's pages module lays them
out). Loaded through App.use while a page is made, then dropped.
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


def stats_lines(app):
    c = app.play.conf  # read when the game was shown (face_winther.start.conf)
    lines = ["Winther's Quad", "against the computer:", "",
             "%-8s %4s %4s %4s" % ("Level", "Won", "Lost", "Draw")]
    for k, lv in enumerate(LEVELS):
        i = 3 + 6 * k
        lines.append("%-8s %4d %4d %4d" % (lv[:1].upper() + lv[1:], c[i] << 8 | c[i + 1],
                                           c[i + 2] << 8 | c[i + 3], c[i + 4] << 8 | c[i + 5]))
    return lines


def move_title(app):
    return "Moves"


def move_items(app):
    from winquad.notation import format_turn
    from winquad.game import _decode
    log = app.play.game._log
    return ["%d.%s" % (i // 2 + 1, format_turn(*_decode(log[i] << 8 | log[i + 1])))
            for i in range(0, len(log), 2)]
