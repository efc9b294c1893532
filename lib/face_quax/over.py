"""The end of a Quax family game (Screen.over names this module; loaded then, dropped
after): the result lines, the statistics, auto-advance, the game record (the serial
console, and the game-record file in game-record mode). The winning chain is ringed by the
face's render from the game's own `chain`."""


# --- the end of a game --------------------------------------------------------------------

def game_over(play, fresh):
    app = play.app
    g = play.game
    kind, colour, why = g.result
    # the head line, sound, statistics and auto-advance: the shell's kit (play.conf: read
    # when the game was shown, face_quax.start.conf)
    draw = kind == "draw"
    head = app.use("kit").over(play, fresh, draw, not draw and g.seat(colour) != play.s.cpu,
                               "" if draw else ("Black", "White")[colour], play.conf, 4)
    play.result = (head, "edges joined" if kind == "win" else "no move left", "",
                   "Turns: %d" % g.plies, g.name() + " %dx%d" % (g.n, g.n))
    if fresh:
        try:
            text = record(g)
        except MemoryError:  # the save holds the game: only the text record is lost
            text = ""
            app.p.log("record skipped: no room")
        if text:
            app.p.log(text)
            app.use("kit").append(app.p, text)
    app.save_session()
    app.changed()


def record(g):
    """The finished game as a record the referee reads (python -m quax referee FLAGS <
    game.txt): a comment with the flags, one turn a line, a comment with the result."""
    kind, colour, why = g.result
    flags = "--rules %s --size %d --pie %s" % (g.rules, g.n, "on" if g.pie else "off")
    return "# Quad Pocket game: %s %dx%d\n# referee flags: %s\n%s\n# result: %s\n\n" % (
        g.name(), g.n, g.n, flags, g.record(),
        "draw" if kind == "draw" else "win, %s" % ("Black", "White")[colour])

