"""Still's Quad's entry points (docs/shell.md): begin, resume, new_game, show,
load_session, and setup (what a new game gets from the New game settings). Loaded
through App.use when needed, then dropped (App.settle).
"""

from face_still import Session
from quadpocket.play import NO_CPU
from quadpocket.view import T_MARBLE

def begin(app):
    """The game was chosen (start-up, or the chooser): the saved game or a new one (the
    shell offers the tutorial on the game's first start)."""
    resume(app)


def views(app, play, key):
    """(Re)build play's board and panel (quadpocket.build) for key = (n, ncolours, seats,
    moves); more than two colours: one sheet tile a colour and a ring layer."""
    build = app.use("build")
    n, ncolours, players, moves = key
    g = play.s.game
    while len(play.group):
        play.group.pop()
    play.board = play.panel = None  # the old sheet goes before the new one is built
    app.collect()
    glyphs = build.fonts(app)
    p = app.p
    play.board = b = build.board(app, n, ncolours, p.width, p.height, app.prefs.contrast,
                                 glyphs, moves, ncolours > 2, players)
    icons = [T_MARBLE + b.step * g.rules.seat_colours[s][0] for s in range(players)]
    play.panel = app.use("panelbuild").panel(app, b, icons, p.width, p.height, glyphs)
    play.group.append(b.group)
    play.group.append(play.panel.group)
    play.key = key


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
            views(app, play, key)  # board and panel for this size and seats
        except Exception:
            play.key = None  # half built: the next game builds its screen again
            raise
        app.forget("build")
    play.hint_stars = ()  # the rest (hint, mark, message, ...): play.shown
    # the game's lines under the seat rows that never change (view.render): the variant
    # ("Quad Bridge": 11 characters, the panel has 13), the player's colour against the
    # computer, and the rule options that are on
    v = r.variant
    play.rules_lines = ["Standard" if v == "standard" else "Quad " + v[:1].upper() + v[1:]
                        ] + you(app, session)
    if r.stars == 7:
        play.rules_lines.append("7 stars")
    if r.one_short:
        play.rules_lines.append("3-corner rule")
    if r.claim:
        play.rules_lines.append("Claim mode")
    play.ended()
    play.app.use("kit").shown(play, mode)


# The marble colours' names as the two palettes show them (quadpocket.build NORMAL and
# CONTRAST; test_player_words.py checks the names against the colours): one long text
# each, not a qstr per name that would stay in RAM after this module is dropped.
NAMES = ("red blue green purple orange teal", "white yellow cyan pink orange green")


def you(app, session):
    """Against the computer, the lines naming the player's colour ("You: blue"; a Duel
    seat's two on two lines if they do not fit one); [] in pass-and-play. The standard
    game's two are texts of the code (qstrs, already in RAM with this module): a line
    kept all game long takes no block of its own (a string's 32 bytes there tipped the
    Titano's heap over its budget)."""
    if session.cpu < 0:
        return []
    cols = session.game.rules.seat_colours[1 - session.cpu]
    if not app.prefs.contrast and len(cols) < 2 and cols[0] < 2:
        return ["You: red" if cols[0] == 0 else "You: blue"]
    names = NAMES[1 if app.prefs.contrast else 0].split()
    cols = [names[c] for c in cols]
    line = "You: " + "+".join(cols)
    if len(line) <= 13 or len(cols) < 2:
        return [line]
    return ["You: " + cols[0], "and " + cols[1]]


def recolour(app):
    """The contrast changed (the preferences page): the player's colour has another
    name."""
    play = app.play
    if play.s is not None and play.tutor is None:
        ln = play.rules_lines
        old = you(app, play.s)
        if not old:
            return
        # the lines after the variant that name the colour, by their own words
        keep = [x for x in ln[1:] if not (x.startswith("You: ") or x.startswith("and "))]
        play.rules_lines = ln[:1] + old + keep


def resume(app, data=None):
    """The saved game (data, else read from nvm), or a new one if there is none or it
    does not decode."""
    if data is None:
        data = app.use("games").saved(app)
        app.forget("games")
    if data is not None:
        try:
            s = load_session(data)
            app.forget("quadcore.save", None)  # reading a save needs it, writing does not
            app.session = s
            show(app, s)
            return
        except Exception as e:  # damaged, or a game this screen cannot show
            app.p.log("saved game ignored: %r" % (e,))
            app.notes.append("Save unusable")
    new_game(app)


VARIANTS = ("standard", "duel", "trek", "rapid", "bridge")


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
        app.forget("face_still.claims", None)  # loaded again if this game is in claim mode
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
    """Session from its saved bytes (layout: face_still); ValueError if damaged.
    A version 1 record (claim data of its own before the game) loads without that data.
    Byte 0 is the game's id (quadpocket.games): Still's Quad never reads another's save."""
    magic = Session.magic
    if data is not None and len(data) >= 6 and data[0] != magic and 0x41 <= data[0] <= 0x5A:
        raise ValueError("a saved game of another game (%s)" % chr(data[0]))
    if data is None or len(data) < 6 or data[0] != magic or data[1] not in (1, Session.version):
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
