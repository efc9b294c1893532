"""The Quax family's entry points (docs/shell.md): begin, resume, new_game, show, tutorial,
load_session; its settings and statistics in nvm; the board's own parts (link bars, the
players' edges); the end of a game (statistics, the winning chain, the game record). Its
menu pages' contents are face_quax.settings and face_quax.pages. Loaded through App.use
when needed and dropped after (only the face's package, face_quax, stays resident).

Its nvm regions (its row in quadpocket.games; at the top of the 8 KB, records.py's record
format, two alternating copies of each, so a torn write leaves the older copy):

    6016  settings + stats  A, B   64 bytes each  tag "x"
    6144  game              A, B 1024 bytes each  tag "q"   (a game of up to 500 turns)

Settings + stats payload (28 bytes): rule set (0 Quax, 1 Link, 2 Quickway, 3 Crossway,
4 Quadrex), board size, pie rule (0/1), opponent (0 computer, 1 two players), then per
level (trainer, easy, average, expert) wins, losses, draws, two bytes each, high first.
"""

import displayio

from quax import Game
from quax.game import DEFAULT_SIZE
from face_quax import CONF, MAGIC, VERSION, Session
from quadpocket import view
from quadpocket.play import LEVELS, NO_CPU
from quadpocket.records import save_game

CONF_OFF, CONF_SIZE, T_CONF = CONF
GAME_OFF = 6144
GAME_SIZE = 1024
T_GAME = 0x71  # "q"
_CONF_LEN = 28
MIN_CELL = 12  # px: the smallest cell a finger hits (New game offers no larger board)
# The largest board whose whole game fits the heap (tools/quax_app_heap.py --smallest,
# docs/quax.md): per screen width (320: the PyPortal, 480: the Titano).
HEAP_MAX = ((320, 12), (480, 13))


# --- records ------------------------------------------------------------------------------

def max_size(app):
    """The largest board this screen offers: a cell of MIN_CELL px or more (the cell
    quadpocket.build.sizes gives, worked out here so that build's code is not loaded for
    it; host_tests/test_quax_app.py compares the two), and a whole game inside the heap
    (HEAP_MAX; a platform's `quax_max` instead, for measuring larger boards)."""
    w, h = app.p.width, app.p.height
    top = getattr(app.p, "quax_max", 0)
    if not top:
        for width, k in HEAP_MAX:
            if w >= width:
                top = k
    while top > 5 and cell_px(w, h, top) < MIN_CELL:
        top -= 1
    return top


def cell_px(w, h, n):
    """The cell size quadpocket.build.sizes gives an n x n board on a w x h screen."""
    ts = 2 if (w >= 440 and h >= 300) else 1
    cell = min((h - 4 - 13 * ts) // n, (w - 15 * ts - 2 - (78 * ts + 4)) // n, 30)
    return cell - cell % ts


def read_conf(app):
    """(settings and stats as a bytearray of _CONF_LEN, their slots); damaged or absent
    records give the defaults (a record that does not check out is never used)."""
    st = app.use("storage")
    slots = st._newest(app.p.nvm, CONF_OFF, CONF_SIZE, T_CONF)
    data = None
    if slots[0] >= 0:
        r = st._load(app.p.nvm, CONF_OFF + slots[0] * CONF_SIZE, CONF_SIZE, T_CONF)
        data = r[1] if r else None
    conf = bytearray(_CONF_LEN)
    conf[1] = DEFAULT_SIZE[0]
    conf[2] = 1
    if data is not None and len(data) == _CONF_LEN and data[0] < 5 and 4 <= data[1] <= 19 \
            and data[2] < 2 and data[3] < 2:
        conf[:] = data
    return conf, slots


def write_conf(app, conf):
    save_game(app.p.nvm, app.play.conf_slots, bytes(conf), CONF_OFF, CONF_SIZE, T_CONF)


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

def conf(app):
    """This game's settings and statistics, read once it is shown (kept on the app)."""
    play = app.play
    if play.conf is None:
        play.conf, play.conf_slots = read_conf(app)
        app.forget("storage")
    return play.conf


def begin(app):
    resume(app)


def resume(app, data=None):
    conf(app)
    if data is None:
        data = app.use("games").saved(app)
        app.forget("games")
    if data is not None and len(data):
        try:
            s = load_session(data)
            if s.game.n > max_size(app):
                raise ValueError("a %d x %d board: larger than this screen offers"
                                 % (s.game.n, s.game.n))
            app.session = s
            show(app, s)
            return
        except Exception as e:
            app.p.log("saved game ignored: %r" % (e,))
            new_game(app, "Save unusable")
            return
    new_game(app)


def views(app, play, n):
    build = app.use("build")
    while len(play.group):
        play.group.pop()
    play.board = play.panel = play.links = None
    app.collect()
    glyphs = build.fonts(app)
    p = app.p
    b = build.board(app, n, 2, p.width, p.height, app.prefs.contrast, glyphs)
    cell = b.cell
    # The players' edges, in their colours, over the board's outer pixels: Black the
    # bottom and top rows, White the left and right files.
    w = max(2, cell // 7)
    side = n * cell
    for x, y, ww, hh, c in ((b.bx, b.by, side, w, 0), (b.bx, b.by + side - w, side, w, 0),
                            (b.bx, b.by, w, side, 1), (b.bx + side - w, b.by, w, side, 1)):
        b.group.append(build.rect(b.palette, x, y, ww, hh, view.MARBLE0 + c))
    # The link bars: one tile over each 2 x 2 block, from the centre of one cell to the
    # centre of its diagonal neighbour (tiles 1..4: Black "/", Black "\", White "/",
    # White "\"; 0 clear).
    sheet = displayio.Bitmap(5 * cell, cell, 4)
    half = max(1, cell // 9)
    m = cell - 1
    for t in range(1, 5):
        col = 1 + (t - 1) // 2
        up = t % 2 == 1
        ox = t * cell
        for y in range(cell):
            for x in range(cell):
                d = x + y - m if up else x - y
                if d < 0:
                    d = -d
                if d <= half:
                    sheet[ox + x, y] = col
                elif d <= half + 1:
                    sheet[ox + x, y] = 3
    b.lpal = displayio.Palette(4)
    b.lpal.make_transparent(0)
    play.links = displayio.TileGrid(sheet, pixel_shader=b.lpal, width=n - 1, height=n - 1,
                                    tile_width=cell, tile_height=cell, default_tile=0,
                                    x=b.bx + cell // 2, y=b.by + cell // 2)
    b.group.append(play.links)
    colours(b, app.prefs.contrast)
    play.board = b
    icons = [view.T_MARBLE, view.T_MARBLE + 2]
    play.panel = pn = build.panel(app, b, icons, p.width, p.height, glyphs)
    # The second box of a seat row counts links: no star icon there.
    for tg in pn.seats:
        if getattr(tg, "tile_width", 0) and tg[0] == view.T_STAR:
            tg.hidden = True
    play.group.append(b.group)
    play.group.append(pn.group)
    play.key = n
    app.forget("build")


def recolour(app):
    """The stones' colours again after the shell set the sheet's (a contrast change)."""
    if app.play.board is not None:
        colours(app.play.board, app.prefs.contrast)


def colours(b, contrast):
    """Black and White stones (the sheet's first two marble colours), the link bars; in
    high contrast a grey board, on which both colours stand out."""
    pal = b.palette
    pal[view.MARBLE0] = 0x000000 if contrast else 0x202428
    pal[view.MARBLE0 + 1] = 0xFFFFFF if contrast else 0xF0F0E8
    if contrast:
        pal[view.BOARD] = 0x8C8C8C
        pal[view.HOLE] = 0x5A5A5A
    lp = b.lpal
    lp[1] = pal[view.MARBLE0]
    lp[2] = pal[view.MARBLE0 + 1]
    lp[3] = 0x808080


def show(app, session, mode=True):
    play = app.play
    play.stop_thinking()
    play.s = session
    play.game = g = session.game
    app.session = session
    if play.key != g.n:
        views(app, play, g.n)
    play.mark = None
    play.hint = ()
    play.sel = None
    play.msg = ""
    play.result = None
    play.note_last()
    play.update_trainer()
    if g.result is not None:
        play.game_over(False)
    elif not session.human(g.turn):
        app.dirty = app.render(play) or app.dirty
        play.start_thinking("move")
    app.changed()
    if mode:
        app.show(play.group, "play")


def new_game(app, msg=""):
    c = conf(app)
    play = app.play
    play.stop_thinking()
    play.s = play.game = None
    app.session = None
    app.collect()
    top = max_size(app)
    if c[1] > top:
        c[1] = top
    cpu = -1 if c[3] else (0 if app.prefs.first == "computer" else 1)
    s = Session(Game(c[0], c[1], c[2] == 1), cpu, app.p.ticks_ms())
    show(app, s, False)
    play.msg = msg
    app.save_session()
    app.show(play.group, "play")


def tutorial(app):
    """Its tutorial: a short game whose steps catch a wrong tap (face_quax.tutorial)."""
    app.use("face_quax.tutorial").start(app)
