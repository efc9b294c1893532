"""Start-up: preferences and statistics from nvm, palettes, the last game chosen
installed by its row (quadpocket.games.install) and started by its face (the tutorial on
its first run, else its saved game or a new one), or the chooser on a first run.
Imported while starting (App.use), then dropped (App.settle): small, as it stays loaded
while the face builds its first screen.
"""

# a row of quadpocket.games, by index
ID = 0
FACE = 4
SAVE = 6


def init(app, play, tapper):
    """The app's state (quadpocket.app.App: its __init__ runs this once, so the code is
    not resident); play: its Play with no game yet, tapper: its Tapper."""
    p = app.p
    app.sounds = []     # names of sounds started (tests and the log read them)
    app.menus = None    # quadpocket.menus.Menus while a menu or text page is shown
    app.mode = None     # "play", "menu" or "text"
    app.dirty = False
    app.need_render = False
    app.tapper = tapper
    app.last_tap = p.ticks_ms() - 10 * 150  # App's LOCK_MS: no bounce at the first tap
    app.press_at = 0
    app.idle = p.ticks_ms()   # the last touch or search: prefs.dim minutes on, dim
    app.dark = 0              # 1: the backlight dimmed (Platform.dim); 2: the touch
    #                           that woke it, still down: it does nothing else
    app.session = None  # the game in progress (the tutorial has its own)
    app.kept = None     # (level, face, {name: samples}): the sounds of every turn
    app.play = play     # no game yet (quadpocket.games.install: docs/shell.md)
    app.render = None   # the shown face's render
    app.face = None     # its package ("face_still"), engines, save slots' place
    app.engines = ()
    app.save_at = None
    app.games = [-1, 0, 0]  # its save slots: [newest (-1: none), sequence, length]
    p.display.auto_refresh = False


def start(app):
    """Nothing stored may stop the app from starting: a record that does not load gives
    defaults (storage), one that loads but cannot be played gives a new game, and any other
    error on the way gives default preferences and the first game; each with a message."""
    storage = app.use("storage")
    Prefs = storage.Prefs  # noqa: N806 (a function that makes the preference object)
    p = app.p
    tutor = False
    try:
        st = storage.Store(p.nvm)  # (moves version 1 records into their slots)
        app.prefs = st.prefs  # plain values: keeping them keeps no storage code
        if not getattr(p, "master", 0):
            app.prefs.master = 0  # Master where this platform offers it only (Expert)
        app.notes = st.notes  # records found damaged, each with its player's message
        if app.prefs.game is None and app.notes:
            # Damaged records, no preferences left: the message needs a game screen's
            # status line, and only the first game wrote records before the chooser.
            app.prefs.game = app.use("games").GAMES[0][ID]
        games = app.use("games")
        row = games.here(app, app.prefs.game)
        if row is not None:
            off, size, tag = row[SAVE]
            if storage._newest(p.nvm, off, size, tag)[0] < 0 and \
                    storage._damaged(p.nvm, off, size, tag):
                app.notes.append("Save damaged")
            # its tutorial on its first start: offered once (marked and saved now, while
            # storage is loaded: none of its code in the heap when the board is built)
            b = 1 << games.GAMES.index(row)
            if not app.prefs.tutorial_done & b:
                tutor = True
                app.prefs.tutorial_done |= b
                st.prefs = app.prefs
                st.save_prefs()
        games = None
    except Exception as e:  # the nvm itself fails: run on defaults, save nothing over it
        p.log("stored data unreadable: %r" % (e,))
        app.prefs = Prefs()
        app.prefs.tutorial_done = 255
        row = app.use("games").GAMES[0]
        app.prefs.game = row[ID]
        app.notes = ["Memory error"]
    st = storage = None
    app.forget("storage")  # room for the board's sprite sheet
    face = None
    if app.prefs.cal is not None:  # the player's touch calibration (else the platform's)
        p.calibrate(app.prefs.cal)
    try:
        if row is not None:
            # the face's start module (and with it its package) before anything of the
            # start-up stays: its blocks then leave no hole between those that stay
            face = app.use(row[FACE] + ".start")
            app.use("games").install(app, row)
            app.forget("games")  # not needed while the face starts
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
        elif tutor:
            app.go("tutorial")
        else:
            face.begin(app)
    except Exception as e:
        p.log("start-up failed: %r; default preferences" % (e,))
        app.play.tutor = None
        app.menus = None
        app.prefs = Prefs()
        app.prefs.tutorial_done = 255
        row = app.use("games").GAMES[0]
        app.prefs.game = row[ID]
        app.notes.append("Prefs reset")
        build.colours(app, False)
        app.use("games").install(app, row)
        app.go("new_game")
    for note in app.notes:
        p.log("start-up: " + note)
    if app.notes:
        app.play.msg = app.notes[0]  # shown on the status line until the next tap
