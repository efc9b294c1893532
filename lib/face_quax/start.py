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
from quadpocket.records import save_game

CONF_OFF, CONF_SIZE, T_CONF = CONF
GAME_OFF = 6144
GAME_SIZE = 1024
T_GAME = 0x71  # "q"
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


def fits(d):
    """A stored settings record this face can use: a rule set, board size, swap rule and
    opponent it knows (its length is checked by quadpocket.facesave.read_conf)."""
    return d[0] < 5 and 4 <= d[1] <= 19 and d[2] < 2 and d[3] < 2


def write_conf(app, conf):
    save_game(app.p.nvm, app.play.conf_slots, bytes(conf), CONF_OFF, CONF_SIZE, T_CONF)


def load_session(data):
    """Session from its saved bytes; ValueError if damaged or another game's."""
    # resume's App.use loaded quadpocket.facesave: this import finds it there
    from quadpocket.facesave import check_header, session
    cpu = check_header(data, MAGIC, VERSION)
    return session(Session, Game.from_bytes(data[6:]), cpu, data)


# --- the face on the shell ----------------------------------------------------------------

def conf(app):
    """This game's settings and statistics, read once it is shown (kept on the screen)."""
    # the defaults: Quax on the default board, the swap rule on, against the computer
    return app.play.conf or app.use("facesave").read_conf(
        app, CONF_OFF, CONF_SIZE, T_CONF, bytes((0, DEFAULT_SIZE[0], 1)) + bytes(25), fits)


def resume(app, data=None):
    conf(app)
    app.use("facesave").resume(app, data, lambda d: small(app, load_session(d)), show,
                               new_game)


begin = resume


def small(app, s):
    """s, if its board is one this screen offers, else ValueError."""
    if s.game.n > max_size(app):
        n = s.game.n
        raise ValueError("a %d x %d board: larger than this screen offers" % (n, n))
    return s


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
