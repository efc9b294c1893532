"""Start-up and new games: preferences and game slots from nvm, sound, palettes, and the
first screen (the tutorial on the first run, else the saved game or a new one). Imported
while starting and when a new game begins (App.use), then dropped (App.settle).
"""

from quadpocket import view
from quadpocket.play import MAGIC, NO_CPU, VERSION, Session


def start(app):
    """Nothing stored may stop the app from starting: a record that does not load gives
    defaults (storage), one that loads but cannot be played gives a new game, and any other
    error on the way gives default preferences and a standard game; each with a message."""
    build = app.use("build")
    storage = app.use("storage")
    Prefs = storage.Prefs  # noqa: N806 (a function that makes the preference object)
    p = app.p
    data = None
    try:
        st = storage.Store(p.nvm)
        app.prefs = st.prefs  # plain values: keeping them keeps no storage code
        app.games = st.games  # [slot, sequence, length] of the saved game (records)
        app.notes = st.notes  # records found damaged, each with its player's message
        data = st.load_game()
    except Exception as e:  # the nvm itself fails: run on defaults, save nothing over it
        p.log("stored data unreadable: %r" % (e,))
        app.prefs = Prefs()
        app.prefs.tutorial_done = True
        app.prefs.game = "S"
        app.games = [-1, 0, 0]
        app.notes = ["Memory error"]
    st = None
    app.forget("storage")  # room for the board's sprite sheet
    build.palettes(app)
    if app.prefs.game == chr(MAGIC):
        app.sound(None)  # the kept sounds, built now, before the game (App.sound)
    try:
        build.colours(app, app.prefs.contrast)
        if app.prefs.game is None and app.notes:
            # Damaged records, no preferences left: the message needs the game screen's
            # status line, and only Still's Quad has written records so far.
            app.prefs.game = "S"
        if app.prefs.game == "W" and "W" in getattr(p, "games", "SW"):  # its own records
            app.use("wq_start").begin(app)
        elif app.prefs.game != chr(MAGIC):
            # First run, or a game not installed: the chooser. (Not by loading
            # quadpocket.games: its names would be interned for good, ~400 B measured.)
            app.go("games")
        elif not app.prefs.tutorial_done:
            app.go("tutorial")
        else:
            resume(app, data)
    except Exception as e:
        p.log("start-up failed: %r; default preferences" % (e,))
        app.play.tutor = None
        app.menus = None
        app.prefs = Prefs()
        app.prefs.tutorial_done = True
        app.prefs.game = "S"
        app.notes.append("Prefs reset")
        build.colours(app, False)
        new_game(app)
    for note in app.notes:
        p.log("start-up: " + note)
    if app.notes:
        app.play.msg = app.notes[0]  # shown on the status line until the next tap


def begin(app):
    """The chooser picked Still's Quad with no game shown yet (first run): the tutorial
    if it has not been seen, else the saved game or a new one."""
    if not app.prefs.tutorial_done:
        app.go("tutorial")
    else:
        resume(app)


def show(app, session, mode=True):
    """Put a session (new, loaded, the tutorial's) on the game screen; the computer starts
    thinking if it moves. mode: also make the game screen the one shown."""
    play = app.play
    play.stop_thinking()
    play.s = session
    play.game = session.game
    g = session.game
    r = g.rules
    key = (g.n, r.ncolours, r.players, r.moves)
    if key != play.key:
        try:
            app.use("build").views(play, key)  # board and panel for this size and seats
        except Exception:
            play.key = None  # half built: the next game builds its screen again
            raise
        app.forget("build")
    play.hint = play.hint_stars = ()
    play.mark = play.sel = None
    play.msg = ""
    # the game's lines under the seat rows that never change (view.render): the variant
    # ("Quad Bridge": 11 characters, the panel has 13) and the rule options that are on
    v = r.variant
    play.rules_lines = ["Standard" if v == "standard" else "Quad " + v[:1].upper() + v[1:]]
    if r.stars == 7:
        play.rules_lines.append("7 stars")
    if r.one_short:
        play.rules_lines.append("One-short")
    if r.claim:
        play.rules_lines.append("Claim mode")
    play.ended()
    play.update_trainer()
    if g.result is not None:
        play.game_over(False)
    elif not session.human(g.turn):
        app.dirty = view.render(play) or app.dirty
        play.start_thinking("move")
    app.changed()
    if mode:
        app.show(play.group, "play")


def resume(app, data=None):
    """The saved game (data, else read from nvm), or a new one if there is none or it
    does not decode."""
    if data is None:
        data = app.use("storage").Store(app.p.nvm).load_game()
        app.forget("storage")
    if data is not None:
        try:
            s = load_session(data)
            app.session = s
            show(app, s)
            return
        except Exception as e:  # damaged, or a game this screen cannot show
            app.p.log("saved game ignored: %r" % (e,))
            app.notes.append("Save unusable")
    new_game(app)


# What a variant does to the other New-game settings (its line at the page's foot).
NOTES = {"bridge": "Bridge: 4 humans, two teams", "duel": "Duel: 3 players at most",
         "trek": "Trek: place 6, then move", "rapid": "Rapid: place or move"}
VARIANTS = ("standard", "duel", "trek", "rapid", "bridge")


def new_items(p, first):
    """The New-game page's buttons: per setting "<" steps back (left), ">" forward
    (right); the value shown is what a game started now gets (setup)."""
    opp, humans = setup(p)
    vs = "Computer" if opp == "computer" else "%d humans" % humans
    return [("vs-", "< Vs"), ("vs", vs + " >"),
            ("size-", "< Board"), ("size", "%dx%d >" % (p.size, p.size)),
            ("variant-", "< Variant"), ("variant", p.variant[:1].upper() + p.variant[1:] + " >"),
            ("first-", "< First"), ("first", first + " >"),
            ("start", "Start game"), ("back", "Back")]


def note(p):
    """The New-game page's foot line: what the variant does to the other settings."""
    return NOTES.get(p.variant, "")


def new_tap(p, name, top=15):
    """A New-game setting button: one step back ("<name>-") or forward; returns a note
    when the tap is refused (shown once at the page's foot), else "". Boards go from 5x5
    to `top` (the platform's max_board: what its heap holds)."""
    step = 1
    if name[-1] == "-":
        step = -1
        name = name[:-1]
    if name == "vs":
        if p.variant == "bridge":
            return "Quad Bridge is for 4 humans"
        # computer, 2 humans, ... 6 (Duel: 3, two colours a seat, six on the sheet)
        opp, humans = setup(p)
        top = 3 if p.variant == "duel" else 6
        i = ((0 if opp == "computer" else humans - 1) + step) % top
        if i == 0:
            p.opponent = "computer"
        else:
            p.opponent, p.humans = "humans", i + 1
    elif name == "size":
        p.size = (min(p.size, top) - 5 + step) % (top - 4) + 5
    elif name == "variant":
        i = VARIANTS.index(p.variant) if p.variant in VARIANTS else 0
        p.variant = VARIANTS[(i + step) % len(VARIANTS)]
    elif name == "first":
        p.first = "computer" if p.first == "player" else "player"
    return ""


def setup(prefs):
    """(opponent, humans) a new game really gets: Bridge is for exactly four humans; a
    Duel seat plays two colours and the sprite sheet has six, so a Duel has at most three
    seats. The preferences keep the player's own choice, so leaving Bridge gives back the
    "Vs" chosen before (the New-game page shows both)."""
    if prefs.variant == "bridge":
        return "humans", 4
    if prefs.variant == "duel" and prefs.humans > 3:
        return prefs.opponent, 3
    return prefs.opponent, prefs.humans


def new_game(app):
    p = app.prefs
    opponent, nhumans = setup(p)
    # The old game goes first: a board of another size needs new engine tables (~15 KB
    # for 11x11), and the old ones are freed only once no game refers to them.
    app.play.stop_thinking()
    if app.play.tutor is None:
        app.play.s = app.play.game = None
    # Its board is reused by a game of the same size (Game's recycle: the old game may
    # still be held by a stale word on the stack); another size lets it go at once.
    old = app.session.game if app.session is not None else None
    app.session = None
    if old is not None and old.n != p.size:
        old = None
    app.collect()
    humans = opponent != "computer"
    players = nhumans if humans else 2
    top = getattr(app.p, "max_board", 15)
    if p.size > top:  # stored on a bigger machine, or before the limit: what fits here
        app.notes.append("Board: %dx%d at most" % (top, top))
        p.size = top
    stars = p.stars if (p.variant == "standard" and players == 2 and p.size >= 11) else None
    from quadcore import Game  # here, not at the top: see load_session
    try:
        g = Game(p.size, players, None, stars, p.one_short, p.variant, p.claim, old)
        if g.rules.ncolours > 6:
            raise ValueError("%d colours, the screen has 6" % g.rules.ncolours)
    except ValueError as e:
        app.p.log("new game: %s; standard game instead" % e)
        g = None
        if old is not None and old.n != 11:
            old = None
    cpu = -1 if humans else (0 if p.first == "computer" else 1)
    for _ in range(2):
        if g is None:  # the standard game, with the options that always work
            g = Game(11, 2, None, p.stars, p.one_short, "standard", p.claim, old)
        s = Session(g, cpu, app.p.ticks_ms())
        app.session = s
        app.forget("claims")  # loaded again if this game is in claim mode
        try:
            show(app, s, False)
            break
        except Exception as e:
            if g.rules.variant == "standard" and g.n == 11 and g.rules.players == 2:
                raise  # not the stored choices: a bug to see, not to hide
            app.p.log("new game: %r; standard game instead" % (e,))
            g = old = None
    app.save_session()
    app.show(app.play.group, "play")


def load_session(data):
    """Session from its saved bytes (layout: quadpocket.play); ValueError if damaged.
    A version 1 record (claim data of its own before the game) loads without that data.
    Byte 0 is the game's id (quadpocket.games): Still's Quad never reads another's save."""
    if data is not None and len(data) >= 6 and data[0] != MAGIC and 0x41 <= data[0] <= 0x5A:
        raise ValueError("a saved game of another game (%s)" % chr(data[0]))
    if data is None or len(data) < 6 or data[0] != MAGIC or data[1] not in (1, VERSION):
        raise ValueError("not a session record")
    start = 6
    if data[1] == 1:
        if len(data) < 13:
            raise ValueError("session record ends early")
        start = 13 + 3 * data[12]
    # Still's engine is imported where a game is made, not with this module: a start-up
    # that goes on to Winther's Quad then never loads it (~12 KB on CircuitPython's VM).
    from quadcore import Game
    game = Game.from_bytes(data[start:])
    if game.rules.ncolours > 6:  # the sprite sheet has six marble colours
        raise ValueError("a game of %d colours cannot be shown" % game.rules.ncolours)
    cpu = -1 if data[2] == NO_CPU else data[2]
    if cpu >= game.rules.players or data[3] & ~1:
        raise ValueError("session header is damaged")
    s = Session(game, cpu, data[4] << 8 | data[5])
    s.recorded = bool(data[3] & 1)
    return s
