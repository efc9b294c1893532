"""What every face does the same way at a game's turns and its end (docs/shell.md "Adding
a game"): the computer's turn played (a plain legal one if the engine refuses it), a
game's end (its head line, sound, the statistics counted with auto-advance), the game
record appended to the record file.
Loaded through App.use when one of these is needed, dropped after (App.settle): a game
being played does not carry it."""


def play_turn(play, move):
    # The computer's turn: the engine's play(move); a turn it refuses (a bug in the
    # player must not stop the game) is logged and the engine's first legal turn played
    # instead. False: none left.
    p = play.app.p
    g = play.game
    try:
        g.play(move)
        p.log("computer: " + move)
    except ValueError as e:
        p.log("computer's %r refused: %s" % (move, e))
        ms = g.moves()
        if not ms:
            return False
        g.apply_move(ms[0])
    return True


def over(play, fresh, draw, won, name, c, at):
    # A two-player game's end: its head line, returned ("Draw"; "You win!" if won, else
    # "Computer wins"; between two people name, the winner's colour as drawn, "wins"); its
    # sound if fresh; against the computer, once, the statistics (tally) of the level
    # played, whose counts start at c[at + 6 * level].
    app = play.app
    s = play.s
    if draw:
        head, outcome = "Draw", 2
    elif s.cpu >= 0:
        head, outcome = ("You win!", 0) if won else ("Computer wins", 1)
    else:
        head, outcome = name + " wins", None
    if fresh:
        app.sound("win" if outcome in (0, None) else "loss" if outcome == 1 else "marble")
    if s.cpu >= 0 and not s.recorded:
        from quadpocket.play import LEVELS
        level = app.prefs.level
        tally(app, c, at + 6 * (LEVELS.index(level) if level in LEVELS else 0), outcome)
    return head


def write_conf(app, c):
    # The face's settings and statistics c saved where quadpocket.facesave's read_conf
    # read them (play.conf_slots: the two slots' state, then their offset, size and tag).
    from quadpocket.records import save_game
    sl = app.play.conf_slots
    save_game(app.p.nvm, sl, bytes(c), sl[3], sl[4], sl[5])


def tally(app, c, i, outcome, level=True):
    # One more won, lost or drawn game (outcome 0, 1, 2) in the statistics c (a face's
    # settings and statistics record: per level three counts of two bytes, high first, the
    # level's first at i), saved (write_conf); the session is marked recorded. After
    # a win with auto-advance on (a shared preference), the next level up (not Expert's);
    # level False: the face advances its own (the corner game's players).
    i += outcome * 2
    v = min(0xFFFF, (c[i] << 8 | c[i + 1]) + 1)
    c[i] = v >> 8
    c[i + 1] = v & 255
    write_conf(app, c)
    app.play.s.recorded = True
    if level:
        level = app.prefs.level
    if outcome == 0 and app.prefs.auto_advance and level and level != "expert":
        from quadpocket.play import LEVELS
        app.prefs.level = LEVELS[LEVELS.index(level) + 1 if level in LEVELS else 1]
        st = app.use("storage").Store(app.p.nvm)
        st.prefs = app.prefs
        st.save_prefs()
        del st
        app.forget("storage")


def append(platform, text):
    # The game record added to the record file when the program may write the drive: on
    # the device /quad_games.txt after a start with a finger on the screen (boot.py);
    # otherwise the drive is the computer's, open() fails and the serial console has the
    # record anyway. Elsewhere only a platform's own record_file (the simulator must
    # never write to its computer's root folder). True: written.
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


def shown(play, mode):
    """The end of every face's show(app, session, mode) (once a game is shown: not
    resident), once the session is on the screen: no move half made, no hint, message or result left, the Trainer's marks,
    a finished game's end, the computer's search if it moves; mode: the game screen
    is made the one shown."""
    app = play.app
    s = play.s
    g = s.game
    play.mark = play.sel = play.result = None
    play.hint = ()
    play.msg = ""
    play.update_trainer()
    if g.result is not None:
        play.game_over(False)
    elif not s.human(g.turn):
        app.dirty = app.render(play) or app.dirty
        play.start_thinking("move")
    app.changed()
    if mode:
        app.show(play.group, "play")
