"""The corner polyomino game's text pages: statistics and the move list (the shell's pages
module lays them out). Loaded through App.use while a page is made, then dropped.
"""

_LEVELS = ("Custom", "Easy", "Average", "Expert")


def stats_lines(app):
    c = app.play.conf
    lines = ["Corner polyominoes", "a person against", "the computer:", "",
             "%-8s %4s %4s %4s" % ("Level", "Won", "Lost", "Draw")]
    for k in range(4):
        i = 10 + 6 * k
        lines.append("%-8s %4d %4d %4d" % (_LEVELS[k], c[i] << 8 | c[i + 1],
                                           c[i + 2] << 8 | c[i + 3], c[i + 4] << 8 | c[i + 5]))
    return lines


def move_title(app):
    return "Moves"


def move_items(app):
    g = app.play.game
    return ["%d.%s %s" % (i + 1, g.colours[g.colour_at(i)][:1], g.text_of(g.move_at(i)))
            for i in range(g.plies)]
