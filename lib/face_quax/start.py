"""The Quax family's entry points (docs/shell.md): begin, resume, new_game, show,
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
from face_quax import CONF, Session
from quadpocket import view

CONF_OFF, CONF_SIZE, T_CONF = CONF
GAME_OFF = 6144
GAME_SIZE = 1024
T_GAME = 0x71  # "q"
MARGIN = 4     # px (x the text scale) round the cells: the players' edges
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
    m2 = 2 * MARGIN * ts
    cell = min((h - 4 - 13 * ts - m2) // n, (w - 15 * ts - 2 - (78 * ts + 4) - m2) // n, 30,
               (h - 72 - 56 * ts) // 2)
    return cell - cell % ts


def fits(d):
    """A stored settings record this face can use: a rule set, board size, swap rule and
    opponent it knows (its length is checked by quadpocket.facesave.read_conf)."""
    return d[0] < 5 and 4 <= d[1] <= 19 and d[2] < 2 and d[3] < 2


def load_session(data):
    """Session from its saved bytes; ValueError if damaged or another game's."""
    from quadpocket.facesave import load  # resume's App.use has loaded it
    return load(data, Session, Game.from_bytes)


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


def views(app, play, n, links=True):
    """The game screen for an n x n board: the board (its cells MARGIN px apart from the
    captions and the panel: the players' edges go there), the link layer, the pick mark
    and the panel; links False (Crossway, Quadrex): no links column."""
    build = app.use("build")
    while len(play.group):
        play.group.pop()
    play.board = play.panel = play.links = None
    app.collect()
    glyphs = build.fonts(app)
    p = app.p
    ts = 2 if (p.width >= 440 and p.height >= 300) else 1
    e = MARGIN * ts
    b = build.board(app, n, 2, p.width, p.height, app.prefs.contrast, glyphs, margin=e)
    cell = b.cell
    side = n * cell
    bx, by = b.bx, b.by
    # The players' edges, outside the cells (no stone or frame under them), each with a
    # line that sets it off where its own colour would not show: Black's bands (bottom,
    # top) black along the board, then a line of the board's colour towards the screen's
    # black; White's (left, right) white towards the screen, a black line along the pale
    # board. Four rectangles, back to front, under the cells: board, black, white, black.
    b.lpal = lp = displayio.Palette(4)
    lp.make_transparent(0)
    k = 1
    for x, y, w, h, c in ((bx - ts, by - e, side + 2 * ts, side + 2 * e, -1),
                          (bx, by - e + ts, side, side + 2 * e - 2 * ts, 1),
                          (bx - e, by, side + 2 * e, side, 2),
                          (bx - ts, by, side + 2 * ts, side, 1)):
        b.group.insert(k, build.rect(lp, x, y, w, h, c) if c > 0 else
                       build.rect(b.palette, x, y, w, h, view.BOARD))
        k += 1
    # The link bars: one tile over each 2 x 2 block, from the centre of one cell to the
    # centre of its diagonal neighbour (tiles 1..4: Black "/", Black "\", White "/",
    # White "\"; 5, 6: a link the picked stone may make, "/", "\", dashed; 0 clear).
    sheet = displayio.Bitmap(7 * cell, cell, 4)
    half = max(1, cell // 9)
    dash = max(2, cell // 6)
    m = cell - 1
    for t in range(1, 7):
        col = 1 + (t - 1) // 2 if t < 5 else 3
        up = t % 2 == 1
        ox = t * cell
        for y in range(cell):
            for x in range(cell):
                d = x + y - m if up else x - y
                if d < 0:
                    d = -d
                if t > 4:
                    if d <= half and (x // dash) % 2 == 0:
                        sheet[ox + x, y] = 3
                elif d <= half:
                    sheet[ox + x, y] = col
                elif d <= half + 1:
                    sheet[ox + x, y] = 3
    play.links = displayio.TileGrid(sheet, pixel_shader=lp, width=n - 1, height=n - 1,
                                    tile_width=cell, tile_height=cell, default_tile=0,
                                    x=bx + cell // 2, y=by + cell // 2)
    b.group.append(play.links)
    # The stone picked to link from: a square dot in its middle (the last turn's stones
    # are framed instead)
    d = max(3, cell // 3)
    b.pick = build.rect(b.palette, 0, 0, d, d, view.MARBLE0 + 2)
    b.pick.hidden = True
    b.group.append(b.pick)
    colours(b, app.prefs.contrast)
    play.board = b
    icons = [view.T_MARBLE, view.T_MARBLE + 2]
    play.panel = pn = app.use("panelbuild").panel(app, b, icons, p.width, p.height, glyphs)
    # The second box of a seat row counts links: a link bar of the seat's colour for its
    # icon, in the star's place; no box at all where the rule set has no links (and a
    # legend under the rows only where the rows are too short for icons).
    seats = pn.seats
    k = 0
    for i in range(len(seats)):
        tg = seats[i]
        if getattr(tg, "tile_width", 0) and tg[0] == view.T_STAR:
            seats[i] = displayio.TileGrid(sheet, pixel_shader=lp, tile_width=cell,
                                          tile_height=cell, default_tile=1 + 2 * k,
                                          x=tg.x, y=tg.y)
            seats[i].hidden = not links
            k += 1
    if not links:
        for i in (1, 3):
            pn.boxes[i].hidden = True
    play.legend = "" if k else "Stones, links" if links else "Stones"
    play.group.append(b.group)
    play.group.append(pn.group)
    play.key = n if links else -n
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
    # grey: the bars' outline and a link the picked stone may make (3:1 against the
    # board; yellow on the high-contrast grey board)
    lp[3] = 0xFFFF00 if contrast else 0x707070
    pal[view.MARBLE0 + 2] = 0xE05000  # the pick's dot: 3:1 on either stone


def show(app, session, mode=True):
    play = app.play
    play.stop_thinking()
    play.s = session
    play.game = g = session.game
    app.session = session
    links = g.rule < 3  # Quax, Link, Quickway: links (Crossway, Quadrex: none)
    if play.key != (g.n if links else -g.n):
        views(app, play, g.n, links)
    play.note_last()
    play.app.use("kit").shown(play, mode)


def new_game(app, msg=""):
    c = conf(app)
    play = app.play
    play.clear()
    top = max_size(app)
    if c[1] > top:
        c[1] = top
    cpu = -1 if c[3] else (0 if app.prefs.first == "computer" else 1)
    s = Session(Game(c[0], c[1], c[2] == 1), cpu, app.p.ticks_ms())
    show(app, s)
    play.msg = msg
    app.save_session()
