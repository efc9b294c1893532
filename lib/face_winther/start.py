"""Winther's Quad's entry points (docs/shell.md): begin, resume, new_game, show,
load_session; its settings and statistics in nvm; the end of a game; its own tiles.
Its tutorial is face_winther.tutorial (on the shell's quadpocket.tutor). Its menu pages'
contents are face_winther.pages. Loaded through App.use when needed and dropped after
(only the face's package, face_winther, stays resident).

Its nvm regions (its row in quadpocket.games; above Still's Quad's, which end at 2240;
records.py's record format, two alternating copies of each, so a torn write leaves the
older copy):

    2240  settings + stats  A, B   64 bytes each  tag "t"
    2368  game              A, B 1024 bytes each  tag "w"   (a game of up to ~500 turns)

Settings + stats payload (27 bytes): counters, opponent (0 computer, 1 two players), a
byte no longer read (who moved first, now the shared preference), then per level (trainer, easy, average, expert) wins,
losses, draws, two bytes each, high first.
"""

from winquad import COUNTERS, DEFAULT_COUNTERS, Game
from face_winther import Session
from quadpocket import view

CONF_OFF = 2240
CONF_SIZE = 64
GAME_OFF = 2368
GAME_SIZE = 1024
T_CONF = 0x74  # "t"
T_GAME = 0x77  # "w"


# --- records ------------------------------------------------------------------------------

def fits(d):
    """A stored settings record this face can use: counters and opponent it knows (its
    length is checked by quadpocket.facesave.read_conf)."""
    return d[0] in COUNTERS and d[1] < 2 and d[2] < 2


def load_session(data):
    """Session from its saved bytes; ValueError if damaged or another game's."""
    from quadpocket.facesave import load  # resume's App.use has loaded it
    return load(data, Session, Game.from_bytes)


# --- the face on the shell ----------------------------------------------------------------

def conf(app):
    """This game's settings and statistics, read once it is shown (kept on the screen)."""
    # the defaults: the default counters, against the computer
    return app.play.conf or app.use("facesave").read_conf(
        app, CONF_OFF, CONF_SIZE, T_CONF, bytes((DEFAULT_COUNTERS,)) + bytes(26), fits)


def resume(app, data=None):
    conf(app)
    app.use("facesave").resume(app, data, load_session, show, new_game)


begin = resume


def views(app, play):
    build = app.use("build")
    while len(play.group):
        play.group.pop()
    play.board = play.panel = None
    app.collect()
    glyphs = build.fonts(app)
    p = app.p
    # three colours: the third's pair of tiles is redrawn as this game's own (tiles)
    b = build.board(app, 8, 3, p.width, p.height, app.prefs.contrast, glyphs)
    tiles(app, b)
    colours(b, app.prefs.contrast)
    play.board = b
    icons = [view.T_MARBLE, view.T_MARBLE + 2]
    play.panel = pn = app.use("panelbuild").panel(app, b, icons, p.width, p.height, glyphs)
    # the labels under the seat rows, each under its own box: "Board" from the first
    # text column over the second box
    cw = 6 * pn.ts
    col = -(-(pn.boxes[1].x + 2 - pn.info.x * pn.ts) // cw)
    pn.legend = "Hand" + " " * (col - 4) + "Board"
    # The second box of a seat row counts the counters on the board: no star icon there.
    for tg in pn.seats:
        if getattr(tg, "tile_width", 0) and tg[0] == view.T_STAR:
            tg.hidden = True
    play.group.append(b.group)
    play.group.append(pn.group)
    play.key = "wq"
    app.forget("build")


def tiles(app, b):
    """This game's own tiles (face_winther.DEST, STAKE, TAKE) over sheet tiles it has no
    use for: a green dot on an empty cell (a picked counter may go there; the rim while
    White's second drop is due), and per colour a counter at stake in a capture: pink
    corners while it stays, a pink cross once it is to be taken."""
    import face_winther as fw
    sd = app.use("spritedraw")
    bmp = b.sheet
    c = b.cell
    p = sd._Pen(bmp, c)
    w = max(2, c // 10)
    p.ox = fw.DEST * c
    p.fill(view.BOARD)
    p.disc(c * 4 // 5, view.DARK)
    p.disc(c * 4 // 5 - 2, view.QUAD)
    k = c // 3
    for colour in range(2):
        for t in (fw.STAKE + colour, fw.TAKE + colour):
            p.ox = ox = t * c
            p.fill(view.BOARD)
            sd._marble(p, colour)
            for y in range(c):
                for x in range(c):
                    if t < fw.TAKE:  # corners of a frame
                        on = ((x < w or x >= c - w) and (y < k or y >= c - k)
                              or (y < w or y >= c - w) and (x < k or x >= c - k))
                    else:  # a cross corner to corner, dark-edged
                        d = min(abs(x - y), abs(x + y - c + 1))
                        on = d <= w and 2 <= x < c - 2
                        if on and d == w:
                            bmp[ox + x, y] = view.DARK
                            continue
                    if on:
                        bmp[ox + x, y] = view.TRAIN
    app.forget("spritedraw")


def recolour(app):
    """The counters' colours again after the shell set the sheet's (a contrast change)."""
    if app.play.board is not None:
        colours(app.play.board, app.prefs.contrast)


# (palette role, normal, high contrast): White and Black counters (the sheet's first two
# marble colours) on a board of middle brightness (grey in high contrast), so both show
# with at least 3:1 contrast, and the marks on it too (host_tests/test_palettes.py).
_COLOURS = ((view.MARBLE0, 0xF0F0E8, 0xFFFFFF), (view.MARBLE0 + 1, 0x202428, 0x000000),
            (view.BOARD, 0xA0743C, 0x686868), (view.HOLE, 0x6A4A22, 0x404040),
            (view.TRAIN, 0x400040, 0xFFA0FF), (view.CURSOR, 0x00FFFF, 0x00FFFF),
            (view.HINT, 0xFFFF00, 0xFFFF00))


def colours(b, contrast):
    """Winther's own colours over the shared sheet's."""
    for role, normal, high in _COLOURS:
        b.palette[role] = high if contrast else normal


def show(app, session, mode=True):
    play = app.play
    play.stop_thinking()
    play.s = session
    play.game = session.game
    if play.tutor is None:  # the tutorial's game is its own
        app.session = session
    if play.key != "wq":
        views(app, play)
    play.choice = None
    play.dests = ()
    play.app.use("kit").shown(play, mode)


def new_game(app, msg=""):
    c = conf(app)
    play = app.play
    play.clear()
    humans = c[1] == 1
    cpu = -1 if humans else (0 if app.prefs.first == "computer" else 1)
    s = Session(Game(c[0]), cpu, app.p.ticks_ms())
    show(app, s)
    play.msg = msg
    app.save_session()


# --- the end of a game --------------------------------------------------------------------

_WHY = {"four": "four in a row", "stalemate": "no move left", "wipe-out": "no counters",
        "repetition": "repetition"}


def game_over(play, fresh):
    app = play.app
    g = play.game
    kind, seat, why = g.result
    # the head line, sound, statistics and auto-advance: the shell's kit
    draw = kind == "draw"
    head = app.use("kit").over(play, fresh, draw, seat != play.s.cpu,
                               "" if draw else ("White", "Black")[seat], conf(app), 3)
    play.result = (head, _WHY.get(why, why), "", "Turns: %d" % g.plies)
    app.save_session()
    app.changed()


# --- pages ----------------------------------------------------------------------------------
