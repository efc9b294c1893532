"""Start-up and new games: preferences and game slots from nvm, sound, palettes, and the
first screen (the tutorial on the first run, else the saved game or a new one). Imported
while starting and when a new game begins, then dropped (App.forget).
"""

from quadcore import Game
from quadpocket import view
from quadpocket.play import MAGIC, NO_CPU, VERSION, Session


def start(app):
    from quadpocket import build
    from quadpocket.storage import Store
    p = app.p
    st = Store(p.nvm)
    app.prefs = st.prefs  # plain values: keeping them keeps no storage code
    app.games = st.games  # [slot, sequence, length] of the saved game (records.save_game)
    data = st.load_game()
    del st
    app.forget("storage")
    build.palettes(app)
    build.colours(app, app.prefs.contrast)
    if not app.prefs.tutorial_done:
        from quadpocket import tutorial
        tutorial.start(app)
        del tutorial
        app.forget("tutorial")
    else:
        resume(app, data)


def show(app, session, mode=True):
    """Put a session (new, loaded, the tutorial's) on the game screen; the computer starts
    thinking if it moves. mode: also make the game screen the one shown."""
    play = app.play
    play.stop_thinking()
    play.s = session
    play.game = session.game
    g = session.game
    r = g.rules
    key = (g.n, r.ncolours, r.players)
    if key != play.key:
        from quadpocket import build
        build.views(play, key)  # board and panel for this size and seat count
        del build
        app.forget("build")
    play.hint = play.hint_stars = ()
    play.mark = play.sel = None
    play.msg = ""
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
        from quadpocket.storage import Store
        data = Store(app.p.nvm).load_game()
        app.forget("storage")
    s = None
    if data is not None:
        try:
            s = load_session(data)
        except ValueError as e:
            app.p.log("saved game ignored: %s" % e)
    if s is None:
        new_game(app)
    else:
        app.session = s
        show(app, s)


def fix_setup(prefs):
    """Keep the new-game choices consistent (Bridge is for exactly four humans)."""
    if prefs.variant == "bridge":
        prefs.opponent = "humans"
        prefs.humans = 4


def new_game(app):
    p = app.prefs
    fix_setup(p)
    # The old game goes first: a board of another size needs new engine tables (~15 KB
    # for 11x11), and the old ones are freed only once no game refers to them.
    app.play.stop_thinking()
    if app.play.tutor is None:
        app.play.s = app.play.game = None
    app.session = None
    app.collect()
    humans = p.opponent != "computer"
    players = p.humans if humans else 2
    stars = p.stars if (p.variant == "standard" and players == 2 and p.size >= 11) else None
    try:
        g = Game(p.size, players, None, stars, p.one_short, p.variant, p.claim)
    except ValueError as e:
        app.p.log("new game: %s; standard game instead" % e)
        g = Game(11, 2, None, p.stars, p.one_short, "standard", p.claim)
    cpu = -1 if humans else (0 if p.first == "computer" else 1)
    s = Session(g, cpu, app.p.ticks_ms())
    app.session = s
    app.forget("claims")  # loaded again if this game is in claim mode
    show(app, s, False)
    app.save_session()
    app.show(app.play.group, "play")


def load_session(data):
    """Session from its saved bytes (layout: quadpocket.play); ValueError if damaged.
    A version 1 record (claim data of its own before the game) loads without that data."""
    if data is None or len(data) < 6 or data[0] != MAGIC or data[1] not in (1, VERSION):
        raise ValueError("not a session record")
    start = 6
    if data[1] == 1:
        if len(data) < 13:
            raise ValueError("session record ends early")
        start = 13 + 3 * data[12]
    game = Game.from_bytes(data[start:])
    cpu = -1 if data[2] == NO_CPU else data[2]
    if cpu >= game.rules.players or data[3] & ~1:
        raise ValueError("session header is damaged")
    s = Session(game, cpu, data[4] << 8 | data[5])
    s.recorded = bool(data[3] & 1)
    return s
