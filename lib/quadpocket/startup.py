"""Start-up, and the one way to install a game: preferences and statistics from nvm,
palettes, the last game chosen installed by its row (quadpocket.games) and started by its
face (the tutorial on its first run, else its saved game or a new one), or the chooser on
a first run. install() also serves the chooser. Imported while starting or switching
(App.use), then dropped (App.settle).
"""

# a row of quadpocket.games, by index
ID = 0
FACE = 4
ENGINES = 5
SAVE = 6


def here(app, gid):
    """The row of game gid if it is installed and this platform's heap holds it
    (hw_pyportal's `games`), else None."""
    if gid is None or gid not in getattr(app.p, "games", "SW"):
        return None
    rows = app.use("games").GAMES
    app.forget("games")  # the rows stay while used; the module goes at once
    for row in rows:
        if row[ID] == gid:
            return row
    return None


def drop(app, package):
    """Forget a package and every module under it (their code and tables go)."""
    import sys
    for m in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        app.forget(m, None)


def install(app, row):
    """Make row's game the shown one: the game before it (its face, its engines and
    their tables) goes, row's face is imported and its Screen put on app.play (the shown
    displayio group stays the same object), its game slots are read. Nothing here knows
    any game: what goes and what comes is in the rows."""
    old = app.play
    old.stop_thinking()
    app.drop_ai()
    prev = here(app, old.gid)
    if prev is not None and prev is not row:
        drop(app, prev[FACE])
        for pkg in prev[ENGINES]:
            if pkg not in row[ENGINES]:
                drop(app, pkg)
    while len(old.group):
        old.group.pop()
    old.board = old.panel = old.s = old.game = None
    app.session = None
    app.kept = None  # the old game's every-turn sounds
    app.collect()
    __import__(row[FACE])
    import sys
    face = sys.modules[row[FACE]]
    play = face.Screen(app)
    play.group = old.group
    app.play = play
    app.render = face.render
    app.face = row[FACE]
    app.engines = row[ENGINES]
    app.save_at = row[SAVE]
    off, size, tag = row[SAVE]
    app.games = app.use("storage")._newest(app.p.nvm, off, size, tag)
    app.forget("storage")
    app.sound(None)  # its every-turn sounds, built now, before the game (App.sound)


def start(app):
    """Nothing stored may stop the app from starting: a record that does not load gives
    defaults (storage), one that loads but cannot be played gives a new game, and any other
    error on the way gives default preferences and the first game; each with a message."""
    storage = app.use("storage")
    Prefs = storage.Prefs  # noqa: N806 (a function that makes the preference object)
    p = app.p
    try:
        st = storage.Store(p.nvm)  # (moves version 1 records into their slots)
        app.prefs = st.prefs  # plain values: keeping them keeps no storage code
        app.notes = st.notes  # records found damaged, each with its player's message
        if app.prefs.game is None and app.notes:
            # Damaged records, no preferences left: the message needs a game screen's
            # status line, and only the first game wrote records before the chooser.
            app.prefs.game = app.use("games").GAMES[0][ID]
        row = here(app, app.prefs.game)
        if row is not None:
            off, size, tag = row[SAVE]
            if storage._newest(p.nvm, off, size, tag)[0] < 0 and \
                    storage._damaged(p.nvm, off, size, tag):
                app.notes.append("Save damaged")
    except Exception as e:  # the nvm itself fails: run on defaults, save nothing over it
        p.log("stored data unreadable: %r" % (e,))
        app.prefs = Prefs()
        app.prefs.tutorial_done = True
        row = app.use("games").GAMES[0]
        app.prefs.game = row[ID]
        app.notes = ["Memory error"]
    st = storage = None
    app.forget("storage")  # room for the board's sprite sheet
    try:
        if row is not None:
            # the face's resident code first, low in the heap, before the transient
            # modules and buffers of the start-up (fewer holes under it later)
            install(app, row)
    except Exception as e:
        p.log("start-up failed: %r" % (e,))
        row = None
    build = app.use("build")
    build.palettes(app)
    try:
        build.colours(app, app.prefs.contrast)
        if row is None:
            # First run, or a game not installed here: the chooser.
            app.go("games")
        else:
            app.use(row[FACE] + ".start").begin(app)
    except Exception as e:
        p.log("start-up failed: %r; default preferences" % (e,))
        app.play.tutor = None
        app.menus = None
        app.prefs = Prefs()
        app.prefs.tutorial_done = True
        row = app.use("games").GAMES[0]
        app.prefs.game = row[ID]
        app.notes.append("Prefs reset")
        build.colours(app, False)
        install(app, row)
        app.go("new_game")
    for note in app.notes:
        p.log("start-up: " + note)
    if app.notes:
        app.play.msg = app.notes[0]  # shown on the status line until the next tap
