"""Still's Quad's text pages: statistics and the move list (the shell's pages module lays
them out). Loaded through App.use while a page is made, then dropped.
"""

from quadpocket.play import LEVELS, level_name


def stats_lines(app):
    st = app.use("slots").read_stats(app.p.nvm)  # not storage: 4 KB more code
    lines = ["Standard games against the computer", "(variants are not counted):", "",
             "%-8s %4s %4s %4s %6s %4s" % ("Level", "Won", "Lost", "Draw", "Streak", "Best")]
    for lv in LEVELS:
        d = st[lv]
        lines.append("%-8s %4d %4d %4d %6d %4d" % (level_name(lv), d["wins"], d["losses"],
                                                   d["draws"], d["streak"], d["best"]))
    return lines


def who(seat, cpu):
    """A seat as the move list names it: You / CPU against the computer, else P1..P6."""
    if cpu >= 0:
        return "CPU" if seat == cpu else "You"
    return "P%d" % (seat + 1)


def move_title(app):
    n = app.play.game.n
    return "Moves (%dx%d)" % (n, n)


def move_items(app):
    """The game's turns, numbered, each with who played it."""
    game = app.play.game
    cpu = app.play.s.cpu
    turns = [game.turn_text(t) for t in game.history]
    if game.current:
        turns.append(game.turn_text(game.current) + " ...")
    k = game.rules.players
    return ["%d.%s %s" % (i + 1, who(i % k, cpu), t) for i, t in enumerate(turns)]
