"""Winther's Quad's entry points (docs/shell.md): begin, resume, new_game, show,
load_session; its records in nvm (its settings and statistics, its saved game); the end of
a game; its New game page; its text pages (help, tutorial, moves, statistics). Loaded
through App.use when needed and dropped after (only wq_play stays resident).

Its nvm regions (above Still's Quad's, which end at 2240; records.py's record format, two
alternating copies of each, so a torn write leaves the older copy):

    2240  settings + stats  A, B   64 bytes each  tag "t"
    2368  game              A, B 1024 bytes each  tag "w"   (a game of up to ~500 turns)

Settings + stats payload (27 bytes): counters, opponent (0 computer, 1 two players), first
(0 the player, 1 the computer), then per level (trainer, easy, average, expert) wins,
losses, draws, two bytes each, high first.
"""

from winquad import COUNTERS, DEFAULT_COUNTERS, Game
from quadpocket import view
from quadpocket.play import LEVELS
from quadpocket.records import save_game
from quadpocket.wq_play import MAGIC, NO_CPU, VERSION, Session, WQPlay
from quadpocket.wq_view import render

CONF_OFF = 2240
CONF_SIZE = 64
GAME_OFF = 2368
GAME_SIZE = 1024
T_CONF = 0x74  # "t"
T_GAME = 0x77  # "w"
_CONF_LEN = 27


# --- records ------------------------------------------------------------------------------

def _storage(app):
    return app.use("storage")


def read_conf(app):
    """(settings and stats as a bytearray of _CONF_LEN, their slots); damaged or absent
    records give the defaults (a record that does not check out is never used)."""
    st = _storage(app)
    slots = st._newest(app.p.nvm, CONF_OFF, CONF_SIZE, T_CONF)
    data = None
    if slots[0] >= 0:
        r = st._load(app.p.nvm, CONF_OFF + slots[0] * CONF_SIZE, CONF_SIZE, T_CONF)
        data = r[1] if r else None
    conf = bytearray(_CONF_LEN)
    conf[0] = DEFAULT_COUNTERS
    if data is not None and len(data) == _CONF_LEN and data[0] in COUNTERS \
            and data[1] < 2 and data[2] < 2:
        conf[:] = data
    return conf, slots


def write_conf(app, conf):
    save_game(app.p.nvm, app.wq_conf_slots, bytes(conf), CONF_OFF, CONF_SIZE, T_CONF)


def load_game_bytes(app):
    st = _storage(app)
    slots = st._newest(app.p.nvm, GAME_OFF, GAME_SIZE, T_GAME)
    app.wq_slots = slots
    if slots[0] < 0 or slots[2] == 0:
        return None
    r = st._load(app.p.nvm, GAME_OFF + slots[0] * GAME_SIZE, GAME_SIZE, T_GAME)
    return r[1] if r else None


def save(app, s):
    """Keep the session in this game's slots (skipped when unchanged)."""
    if not hasattr(app, "wq_slots"):
        load_game_bytes(app)
    try:
        save_game(app.p.nvm, app.wq_slots, s.to_bytes(), GAME_OFF, GAME_SIZE, T_GAME)
    except ValueError as e:
        app.p.log("game not saved: %s" % e)


def load_session(data):
    """Session from its saved bytes; ValueError if damaged or another game's."""
    if data is None or len(data) < 6:
        raise ValueError("not a session record")
    if data[0] != MAGIC:
        raise ValueError("a saved game of another game (%r)" % chr(data[0]))
    if data[1] != VERSION:
        raise ValueError("session record of version %d" % data[1])
    cpu = -1 if data[2] == NO_CPU else data[2]
    if cpu > 1 or data[3] & ~1:
        raise ValueError("session header is damaged")
    game = Game.from_bytes(data[6:])
    s = Session(game, cpu, data[4] << 8 | data[5])
    s.recorded = bool(data[3] & 1)
    return s


# --- the face on the shell ----------------------------------------------------------------

def activate(app):
    """Make this game's screen the shell's game screen (the chooser picked it)."""
    if isinstance(app.play, WQPlay):
        return
    app.play.stop_thinking()
    app.drop_ai()
    old = app.play
    app.play = WQPlay(app)
    app.play.group = old.group  # the shown group stays the same object
    while len(old.group):
        old.group.pop()
    old.board = old.panel = old.s = old.game = None
    app.session = None
    app.render = render
    app.face = "wq_start"
    app.forget("storage")
    app.forget("startup")
    # Still's engine (quadcore, ~12 KB of code and tables on CircuitPython's VM) is loaded
    # when that game was shown before (the chooser); nothing here uses it (the shared
    # crc16 and Rng are quadutil's). The computer player is imported at its first use,
    # after the start-up's modules are gone (its tables then stay: winquad/tables.py).
    import sys
    for m in [m for m in sys.modules if m == "quadcore" or m.startswith("quadcore.")]:
        del sys.modules[m]
    app.collect()
    app.wq_conf, app.wq_conf_slots = read_conf(app)
    app.forget("storage")


def begin(app):
    activate(app)
    resume(app)


def resume(app, data=None):
    activate(app)
    if data is None:
        data = load_game_bytes(app)
    if data is not None and len(data):
        try:
            s = load_session(data)
            app.session = s
            show(app, s)
            return
        except Exception as e:
            app.p.log("saved game ignored: %r" % (e,))
            app.play.msg = "Save unusable"
            new_game(app, "Save unusable")
            return
    new_game(app)


def views(app, play):
    build = app.use("build")
    while len(play.group):
        play.group.pop()
    play.board = play.panel = None
    app.collect()
    glyphs = build.fonts()
    p = app.p
    b = build.board(app, 8, 2, p.width, p.height, app.prefs.contrast, glyphs)
    colours(b, app.prefs.contrast)
    play.board = b
    icons = [view.T_MARBLE, view.T_MARBLE + 2]
    play.panel = pn = build.panel(app, b, icons, p.width, p.height, glyphs)
    # The second box of a seat row counts the counters on the board: no star icon there.
    for tg in pn.seats:
        if getattr(tg, "tile_width", 0) and tg[0] == view.T_STAR:
            tg.hidden = True
    play.group.append(b.group)
    play.group.append(pn.group)
    play.key = "wq"
    app.forget("build")


def colours(b, contrast):
    """White and Black counters (the sheet's first two marble colours)."""
    b.palette[view.MARBLE0] = 0xFFFFFF if contrast else 0xF0F0E8
    b.palette[view.MARBLE0 + 1] = 0x000000 if contrast else 0x202428


def show(app, session, mode=True):
    play = app.play
    play.stop_thinking()
    play.s = session
    play.game = session.game
    app.session = session
    if play.key != "wq":
        views(app, play)
    play.hint = ()
    play.sel = play.choice = None
    play.dests = ()
    play.msg = ""
    play.result = None
    play.update_trainer()
    g = session.game
    if g.result is not None:
        play.game_over(False)
    elif not session.human(g.turn):
        app.dirty = render(play) or app.dirty
        play.start_thinking("move")
    app.changed()
    if mode:
        app.show(play.group, "play")


def new_game(app, msg=""):
    activate(app)
    conf = app.wq_conf
    play = app.play
    play.stop_thinking()
    play.s = play.game = None
    app.collect()
    humans = conf[1] == 1
    cpu = -1 if humans else (0 if conf[2] == 1 else 1)
    s = Session(Game(conf[0]), cpu, app.p.ticks_ms())
    show(app, s, False)
    play.msg = msg
    save(app, s)
    app.show(play.group, "play")


def tutorial(app):
    app.go("main")
    app.menus.text_page("wqtutorial", "main")


# --- the end of a game --------------------------------------------------------------------

_WHY = {"four": "four in a row", "stalemate": "no move left", "wipe-out": "no counters",
        "repetition": "repetition"}


def game_over(play, fresh):
    app = play.app
    g = play.game
    s = play.s
    kind, seat, why = g.result
    if kind == "draw":
        head = "Draw"
        outcome = 2
    elif s.cpu >= 0:
        head = "You win!" if seat != s.cpu else "Computer wins"
        outcome = 0 if seat != s.cpu else 1
    else:
        head = ("White", "Black")[seat] + " wins"
        outcome = None
    play.result = (head, _WHY.get(why, why), "", "Turns: %d" % g.plies)
    if fresh:
        app.sound("win" if outcome in (0, None) else "loss" if outcome == 1 else "marble")
    if s.cpu >= 0 and not s.recorded:
        lv = LEVELS.index(app.prefs.level) if app.prefs.level in LEVELS else 0
        conf = app.wq_conf
        i = 3 + lv * 6 + outcome * 2
        v = min(0xFFFF, (conf[i] << 8 | conf[i + 1]) + 1)
        conf[i] = v >> 8
        conf[i + 1] = v & 255
        write_conf(app, conf)
        s.recorded = True
    save(app, s)
    app.changed()


# --- pages ----------------------------------------------------------------------------------

def new_items(app):
    c = app.wq_conf
    vs = "2 players" if c[1] else "Computer"
    first = "computer" if c[2] else "you"
    return [("wq_vs", "Vs: " + vs), ("wq_counters", "Counters: %d" % c[0]),
            ("wq_first", "First: " + first), ("level", "Level: " + app.prefs.level),
            ("start", "Start game"), ("back", "Back")]


def new_tap(app, menus, name):
    """A tap on this game's New game page (Start and Back are the menu's): its settings
    are saved at once, the level (a preference) when the menu closes."""
    c = app.wq_conf
    if name == "level":
        app.prefs.level = LEVELS[(LEVELS.index(app.prefs.level) + 1) % len(LEVELS)]
        menus.changed = True
    else:
        if name == "wq_vs":
            c[1] ^= 1
        elif name == "wq_first":
            c[2] ^= 1
        elif name == "wq_counters":
            c[0] = COUNTERS[(COUNTERS.index(c[0]) + 1) % len(COUNTERS)]
        write_conf(app, c)
    menus.open("new")


def stats_lines(app):
    c = app.wq_conf
    lines = ["Winther's Quad", "against the computer:", "",
             "%-8s %4s %4s %4s" % ("Level", "Won", "Lost", "Draw")]
    for k, lv in enumerate(LEVELS):
        i = 3 + 6 * k
        lines.append("%-8s %4d %4d %4d" % (lv[:1].upper() + lv[1:], c[i] << 8 | c[i + 1],
                                           c[i + 2] << 8 | c[i + 3], c[i + 4] << 8 | c[i + 5]))
    return lines


def move_lines(game, width):
    from winquad.notation import format_turn
    from winquad.game import _decode
    log = game._log
    items = ["%d.%s" % (i // 2 + 1, format_turn(*_decode(log[i] << 8 | log[i + 1])))
             for i in range(0, len(log), 2)]
    size = max([len(s) for s in items] + [1]) + 1
    per = max(1, width // size)
    out = []
    for i in range(0, len(items), per):
        out.append("".join(s + " " * (size - len(s)) for s in items[i:i + per]))
    return out or ["No moves yet."]
