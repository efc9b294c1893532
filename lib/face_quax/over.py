"""The end of a Quax family game (Screen.over names this module; loaded then, dropped
after): the result lines, the statistics, auto-advance, the game record (the serial
console, and the game-record file in game-record mode). The winning chain is ringed by the
face's render from the game's own `chain`."""

from face_quax import CONF
from quadpocket.play import LEVELS
from quadpocket.records import save_game


# --- the end of a game --------------------------------------------------------------------

def game_over(play, fresh):
    app = play.app
    g = play.game
    s = play.s
    kind, colour, why = g.result
    if kind == "draw":
        head = "Draw"
        outcome = 2
    elif s.cpu >= 0:
        mine = g.seat(colour) != s.cpu
        head = "You win!" if mine else "Computer wins"
        outcome = 0 if mine else 1
    else:
        head = ("Black", "White")[colour] + " wins"
        outcome = None
    play.result = (head, "edges joined" if kind == "win" else "no move left", "",
                   "Turns: %d" % g.plies, g.name() + " %dx%d" % (g.n, g.n))
    if fresh:
        app.sound("win" if outcome in (0, None) else "loss" if outcome == 1 else "marble")
    if s.cpu >= 0 and not s.recorded:
        level = app.prefs.level
        lv = LEVELS.index(level) if level in LEVELS else 0
        c = play.conf  # read when the game was shown (face_quax.start.conf)
        i = 4 + lv * 6 + outcome * 2
        v = min(0xFFFF, (c[i] << 8 | c[i + 1]) + 1)
        c[i] = v >> 8
        c[i + 1] = v & 255
        save_game(app.p.nvm, play.conf_slots, bytes(c), CONF[0], CONF[1], CONF[2])
        s.recorded = True
        if outcome == 0 and app.prefs.auto_advance and level != "expert":
            # auto-advance (a shared preference): the next level after a win
            app.prefs.level = LEVELS[lv + 1]
            st = app.use("storage").Store(app.p.nvm)
            st.prefs = app.prefs
            st.save_prefs()
            del st
            app.forget("storage")
    if fresh:
        try:
            text = record(g)
        except MemoryError:  # the save holds the game: only the text record is lost
            text = ""
            app.p.log("record skipped: no room")
        if text:
            app.p.log(text)
            append(app.p, text)
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


def append(platform, text):
    """Add the record to the game-record file when the program may write the drive (the
    game-record mode: a start with a finger on the screen, boot.py); otherwise the drive
    is the computer's, open() fails and the serial console has the record. Elsewhere only
    a platform's own record_file is used."""
    import sys
    path = getattr(platform, "record_file", None)
    if path is None and sys.implementation.name == "circuitpython":
        path = "/quad_games.txt"
    if not path:
        return False
    try:
        with open(path, "a") as f:
            f.write(text)
        return True
    except OSError as e:  # read-only (a normal start: errno 30), drive full: go on
        if not e.args or e.args[0] != 30:
            platform.log("record not written to %s: %s" % (path, e))
        return False
