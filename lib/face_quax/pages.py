"""The Quax family's text pages: statistics and the move list (the shell's pages module
lays them out). Loaded through App.use while a page is made, then dropped.
"""

from quadpocket.play import LEVELS


def stats_lines(app):
    c = app.play.conf  # read when the game was shown (face_quax.start.conf)
    lines = ["Quax family", "against the computer:", "",
             "%-8s %4s %4s %4s" % ("Level", "Won", "Lost", "Draw")]
    for k, lv in enumerate(LEVELS):
        i = 4 + 6 * k
        lines.append("%-8s %4d %4d %4d" % (lv[:1].upper() + lv[1:], c[i] << 8 | c[i + 1],
                                           c[i + 2] << 8 | c[i + 3], c[i + 4] << 8 | c[i + 5]))
    return lines


def move_title(app):
    g = app.play.game
    return "%s %dx%d" % (g.name(), g.n, g.n)


def move_items(app):
    from quax.notation import format_move
    g = app.play.game
    log = g._log
    return ["%d.%s" % (i // 2 + 1, format_move(log[i] << 8 | log[i + 1], g.n))
            for i in range(0, len(log), 2)]
