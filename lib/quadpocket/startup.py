"""Start-up: preferences and statistics from nvm, palettes, the last game chosen installed
by its row (quadpocket.games) and started by its face (the tutorial on its first run,
else its saved game or a new one), or the chooser on a first run. Imported while
starting (App.use), then dropped (App.settle).
"""


def start(app):
    """Nothing stored may stop the app from starting: a record that does not load gives
    defaults (storage), one that loads but cannot be played gives a new game, and any other
    error on the way gives default preferences and the first game; each with a message."""
    build = app.use("build")
    storage = app.use("storage")
    Prefs = storage.Prefs  # noqa: N806 (a function that makes the preference object)
    p = app.p
    games = app.use("games")
    try:
        st = storage.Store(p.nvm)  # (moves version 1 records into their slots)
        app.prefs = st.prefs  # plain values: keeping them keeps no storage code
        app.notes = st.notes  # records found damaged, each with its player's message
        if app.prefs.game is None and app.notes:
            # Damaged records, no preferences left: the message needs a game screen's
            # status line, and only the first game wrote records before the chooser.
            app.prefs.game = games.GAMES[0][games.ID]
        row = games.here(app, app.prefs.game)
        if row is not None:
            off, size, tag = row[games.SAVE]
            if storage._newest(p.nvm, off, size, tag)[0] < 0 and \
                    storage._damaged(p.nvm, off, size, tag):
                app.notes.append("Save damaged")
    except Exception as e:  # the nvm itself fails: run on defaults, save nothing over it
        p.log("stored data unreadable: %r" % (e,))
        app.prefs = Prefs()
        app.prefs.tutorial_done = True
        row = games.GAMES[0]
        app.prefs.game = row[games.ID]
        app.notes = ["Memory error"]
    st = None
    app.forget("storage")  # room for the board's sprite sheet
    build.palettes(app)
    try:
        build.colours(app, app.prefs.contrast)
        if row is None:
            # First run, or a game not installed here: the chooser.
            app.go("games")
        else:
            games.install(app, row)
            app.sound(None)  # the kept sounds, built now, before the game (App.sound)
            app.use(row[games.FACE] + ".start").begin(app)
    except Exception as e:
        p.log("start-up failed: %r; default preferences" % (e,))
        app.play.tutor = None
        app.menus = None
        app.prefs = Prefs()
        app.prefs.tutorial_done = True
        row = games.GAMES[0]
        app.prefs.game = row[games.ID]
        app.notes.append("Prefs reset")
        build.colours(app, False)
        games.install(app, row)
        app.go("new_game")
    for note in app.notes:
        p.log("start-up: " + note)
    if app.notes:
        app.play.msg = app.notes[0]  # shown on the status line until the next tap
