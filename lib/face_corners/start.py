"""The corner polyomino game's entry points (docs/shell.md): begin, resume, new_game,
show, tutorial, load_session; its settings and statistics in nvm; the game screen's build
(board sheet, trays, panel); the end of a game. Loaded through App.use when needed and
dropped after (only the face's package, face_corners, stays resident).

Its nvm regions (its row in quadpocket.games; records.py's record format, two alternating
copies of each, so a torn write leaves the older copy):

    6000  settings + stats  A, B   64 bytes each  tag "b"
    6144  game              A, B  256 bytes each  tag "B"   (84 placements at most: 186 B)

Settings + stats payload (34 bytes): 0 variant (corners.VARIANTS), 1 start rule
(corners.STARTS), 2-5 who plays player k (0 a person, 1-4 the computer at
corners.ai.LEVELS[k - 1]), 6-8 Custom's weights in tenths + 128 (piece size, own places,
enemy places), 9 pieces checked, then per computer level (custom, easy, average, expert)
wins, losses, draws of a person against it, two bytes each, high first.
"""

import displayio
import vectorio

from corners import Game, STARTS, VARIANTS
from face_corners import MAGIC, VERSION, Session, Trays, marks, settle
from quadpocket import view
from quadpocket.play import NO_CPU
from quadpocket.records import save_game

CONF_OFF = 6000
CONF_SIZE = 64
GAME_OFF = 6144
GAME_SIZE = 256
T_CONF = 0x62  # "b"
T_GAME = 0x42  # "B"
_CONF_LEN = 34
DEFAULT = bytes((0, 0, 0, 3, 3, 3, 138, 131, 125, 5)) + bytes(24)

# Board sheet colours by index (face_corners' tiles and trays): 0 screen, 1 board, 2 grid,
# 3 dot and the mover's tray, 4 starting point, 5 the ghost that cannot go, 6 the last
# move's mark and the piece picked, 7 free; 8-11 the colours; 12-15 their ghosts.
NORMAL = (0x000000, 0xE4E2DA, 0x9C9A94, 0x4C4C58, 0x707070, 0xFF1010, 0xFFFFFF, 0x000000)
CONTRAST = (0x000000, 0x000000, 0x707070, 0xFFFFFF, 0xFFFF00, 0xFF0000, 0xFFFFFF, 0x000000)
CLASSIC = (0x2050E0, 0xE8C000, 0xD82020, 0x20A040)
DUO = (0x8038C0, 0xF08010)
CLASSIC_HI = (0x4080FF, 0xFFFF00, 0xFF3030, 0x30FF60)
DUO_HI = (0xC060FF, 0xFF9000)


# --- records ------------------------------------------------------------------------------

def read_conf(app):
    """(settings and stats as a bytearray, their slots); damaged or absent records give
    the defaults (a record that does not check out is never used)."""
    st = app.use("storage")
    slots = st._newest(app.p.nvm, CONF_OFF, CONF_SIZE, T_CONF)
    data = None
    if slots[0] >= 0:
        r = st._load(app.p.nvm, CONF_OFF + slots[0] * CONF_SIZE, CONF_SIZE, T_CONF)
        data = r[1] if r else None
    conf = bytearray(DEFAULT)
    if data is not None and len(data) == _CONF_LEN and data[0] < len(VARIANTS) \
            and data[1] < len(STARTS) and max(data[2:6]) < 5 and 1 <= data[9] <= 21:
        conf[:] = data
    return conf, slots


def write_conf(app, conf):
    save_game(app.p.nvm, app.play.conf_slots, bytes(conf), CONF_OFF, CONF_SIZE, T_CONF)


def load_session(data):
    """Session from its saved bytes; ValueError if damaged or another game's."""
    if data is None or len(data) < 10:
        raise ValueError("not a session record")
    if data[0] != MAGIC:
        raise ValueError("a saved game of another game (%r)" % chr(data[0]))
    if data[1] != VERSION:
        raise ValueError("session record of version %d" % data[1])
    kinds = data[6:10]
    if data[3] & ~1 or max(kinds) > 4:
        raise ValueError("session header is damaged")
    comp = [k for k in range(4) if kinds[k]]
    if data[2] != (comp[0] if comp else NO_CPU):
        raise ValueError("session header is damaged")
    game = Game.from_bytes(data[10:])
    if max(kinds[game.nplayers:]) if game.nplayers < 4 else 0:
        raise ValueError("session header is damaged")
    s = Session(game, kinds, data[4] << 8 | data[5])
    s.recorded = bool(data[3] & 1)
    settle(game)
    return s


# --- the face on the shell ----------------------------------------------------------------

def conf(app):
    """This game's settings and statistics, read once it is shown (kept on the screen)."""
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
            app.session = s
            show(app, s)
            return
        except Exception as e:
            app.p.log("saved game ignored: %r" % (e,))
            new_game(app, "Save unusable")
            return
    new_game(app)


def sizes(w, h, n):
    """(text scale, cell px, board x, board y, panel x) for an n x n board."""
    ts = 2 if (w >= 440 and h >= 300) else 1
    pw = 96 * ts
    cell = min((h - 4) // n, (w - pw - 4) // n)
    by = (h - n * cell) // 2
    return ts, cell, 2, by, w - pw


def _sheet(cell):
    """The 16 board tiles (face_corners' T_ numbers) side by side."""
    c = cell
    bmp = displayio.Bitmap(16 * c, c, 16)
    d = max(2, c // 5)
    m = (c - 1 - d) // 2
    for t in range(16):
        x0 = t * c
        fill = 1 if t < 4 else 8 + (t - 4) % 4 if t < 12 else 12 + t - 12
        for y in range(c):
            for x in range(c):
                edge = x == c - 1 or y == c - 1
                bmp[x0 + x, y] = 2 if edge else fill
        if t == 1 or 8 <= t < 12:  # a dot; the last move's mark
            for y in range(m, m + d):
                for x in range(m, m + d):
                    bmp[x0 + x, y] = 3 if t == 1 else 6
        elif t == 2:  # a starting point: a hollow square
            a, b = c // 4, c - 2 - c // 4
            for i in range(a, b + 1):
                for x, y in ((i, a), (i, b), (a, i), (b, i)):
                    bmp[x0 + x, y] = 4
        elif t == 3:  # the ghost that cannot go: a red cross
            for i in range(1, c - 2):
                bmp[x0 + i, i] = 5
                bmp[x0 + c - 2 - i, i] = 5
                bmp[x0 + i + 1, i] = 5
                bmp[x0 + c - 3 - i, i] = 5
    return bmp


def colours(pal, contrast, duo):
    base = CONTRAST if contrast else NORMAL
    mine = (DUO_HI if contrast else DUO) if duo else (CLASSIC_HI if contrast else CLASSIC)
    for i in range(8):
        pal[i] = base[i]
    for i in range(4):
        v = mine[i % len(mine)]
        pal[8 + i] = v
        # the ghost: the colour halfway to the board's
        b = base[1]
        pal[12 + i] = (((v >> 16) + (b >> 16)) // 2 << 16 |
                       (((v >> 8) & 255) + ((b >> 8) & 255)) // 2 << 8 |
                       ((v & 255) + (b & 255)) // 2)


def recolour(app):
    """The pieces' colours again after the shell set the sheet's (a contrast change)."""
    b = app.play.board
    if b is not None and app.play.game is not None:
        colours(b.palette, app.prefs.contrast, app.play.game.ncol == 2)


def _button(app, pn, glyphs, x, y, w, h, text, cw, ts):
    fill = vectorio.Rectangle(pixel_shader=app.ui, width=w, height=h, x=x, y=y)
    fill.color_index = view.BUTTON
    cols = max(1, min(len(text), w // cw))
    lab = displayio.TileGrid(glyphs, pixel_shader=app.pals[0], width=cols, height=1,
                             tile_width=6, tile_height=12, default_tile=view.FONT[0],
                             x=(x + (w - cols * cw) // 2) // ts,
                             y=(y + (h - 12 * ts) // 2) // ts)
    view.put(lab, 0, text, cols, 1)
    return fill, lab


def views(app, play, game):
    """Build the board, the trays and the panel for game's board size."""
    build = app.use("build")
    while len(play.group):
        play.group.pop()
    play.board = play.panel = play.trays = None
    app.collect()
    glyphs = build.fonts()
    app.forget("build")
    p = app.p
    n = game.width
    ts, cell, bx, by, x0 = sizes(p.width, p.height, n)
    b = view.Board()
    b.n = n
    b.cell = cell
    b.bx = bx
    b.by = by
    b.ts = ts
    b.outline = None
    b.sheet = _sheet(cell)
    b.palette = displayio.Palette(16)
    colours(b.palette, app.prefs.contrast, n == 14)
    b.grid = displayio.TileGrid(b.sheet, pixel_shader=b.palette, width=n, height=n,
                                tile_width=cell, tile_height=cell, default_tile=0,
                                x=bx, y=by)
    b.group = displayio.Group()
    b.group.append(b.grid)
    play.board = b
    # the panel: text rows from the top, two rows of three buttons at the foot
    cw, ch = 6 * ts, 12 * ts
    pw = p.width - x0 - 2
    pn = view.Panel()
    pn.x = x0
    pn.ts = ts
    pn.pals = app.pals
    pn.group = g = displayio.Group()
    labels = displayio.Group(scale=ts)
    bh = ch + 8 * ts
    bw = (pw - 4) // 3
    top = p.height - 2 * bh - 4
    pn.fills = []
    pn.labels = []
    pn.more = []
    pn.more_labels = []
    pn.more_names = ("rot", "flip")
    # Rotate, Flip, Hint / Undo, Menu, Moves; the shell's four first (fills 0..3)
    spots = ((1, 1), (1, 0), (0, 2), (1, 2), (0, 0), (0, 1))
    for i in range(6):
        r, c = spots[i]
        fill, lab = _button(app, pn, glyphs, x0 + c * (bw + 2), top + r * (bh + 2), bw, bh,
                            ("Menu", "Undo", "Hint", "Moves", "Rot", "Flip")[i], cw, ts)
        g.append(fill)
        labels.append(lab)
        if i < 4:
            pn.fills.append(fill)
            pn.labels.append(lab)
        else:
            pn.more.append(fill)
            pn.more_labels.append(lab)
    pn.names = [None] * 4
    pn.slots = [None] * 4
    pn.cols = pw // cw
    pn.rows = max(2, (top - 2) // ch)
    pn.info = build_text(glyphs, pn.cols, pn.rows, app.pals[0], x0 // ts, 0)
    pn.seats = displayio.Group()  # (the shell's seat rows: none here)
    pn.seats.hidden = True
    pn.covered = False
    # the trays: every colour's hand (small, 2 x 2 boxes), the mover's (big, to tap)
    tr = Trays()
    tr.group = displayio.Group()
    tr.small = displayio.Bitmap(88, 28, 16)
    sg = displayio.Group(scale=ts, x=x0 + (pw - 88 * ts) // 2, y=3 * ch + 2)
    sg.append(displayio.TileGrid(tr.small, pixel_shader=b.palette))
    tr.group.append(sg)
    y1 = 3 * ch + 4 + 28 * ts
    th = top - 2 - y1
    best = (0, 3)
    for cols in (3, 4, 5, 7):
        rows = (21 + cols - 1) // cols
        u = min(pw // (6 * cols), th // (4 * rows))
        if u > best[0]:
            best = (u, cols)
    tr.u, tr.cols = best
    tr.rows = (21 + tr.cols - 1) // tr.cols
    tr.big = displayio.Bitmap(6 * tr.cols, 4 * tr.rows, 16)
    tr.w = 6 * tr.cols * tr.u
    tr.h = 4 * tr.rows * tr.u
    tr.x = x0 + (pw - tr.w) // 2
    tr.y = y1 + (th - tr.h) // 2
    bg = displayio.Group(scale=tr.u, x=tr.x, y=tr.y)
    bg.append(displayio.TileGrid(tr.big, pixel_shader=b.palette))
    tr.group.append(bg)
    # each piece shown in an orientation that fits 5 x 3 squares; biggest first
    from corners.pieces import CX, CY, FIRST, NCELL
    tr.shape = bytearray(21)
    for q in range(21):
        for o in range(FIRST[q], FIRST[q + 1]):
            k = o * 5
            xs = [CX[j] for j in range(k, k + NCELL[o])]
            ys = [CY[j] for j in range(k, k + NCELL[o])]
            if max(xs) - min(xs) < 5 and max(ys) - min(ys) < 3:
                tr.shape[q] = o
                break
    tr.order = bytes(range(20, -1, -1))
    tr.seen = [-1] * 11
    g.append(tr.group)
    labels.insert(0, pn.info)
    g.append(labels)
    play.panel = pn
    play.trays = tr
    play.group.append(b.group)
    play.group.append(g)
    play.cm = bytearray(n * n)
    play.key = ("B", n)


def build_text(glyphs, cols, rows, palette, x, y):
    return displayio.TileGrid(glyphs, pixel_shader=palette, width=cols, height=rows,
                              tile_width=6, tile_height=12, default_tile=view.FONT[0], x=x,
                              y=y)


def show(app, session, mode=True):
    play = app.play
    play.stop_thinking()
    play.s = session
    g = play.game = session.game
    app.session = session
    if play.key != ("B", g.width):
        views(app, play, g)
    else:
        colours(play.board.palette, app.prefs.contrast, g.width == 14)
        play.trays.seen[0:11] = [-1] * 11
    n = g.width
    cm = play.cm
    for i in range(n * n):
        cm[i] = 0
    for c in range(g.ncol):
        for x, y in g.starts[c]:
            cm[y * n + x] |= 16 << c
    play.mark = None
    play.hint = ()
    play.sel = play.piece = play.ghost = None
    play.msg = ""
    play.result = None
    settle(g)
    marks(play)
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
    variant = VARIANTS[c[0]]
    start = "fixed" if variant == "duo" else STARTS[c[1]]
    g = play.game
    if g is not None and g.variant == variant and g.start == start:
        # the same kind of game: the old one taken back to its start (undo restores every
        # byte), so no new board's tables are built in a heap the game has cut up
        while g.plies:
            g.undo()
    else:
        play.s = play.game = g = None
        app.session = None
        app.collect()
        g = Game(variant, start)
    kinds = bytearray(c[2:6])
    for k in range(g.nplayers, 4):
        kinds[k] = 0
    # Who moves first (a shared preference): the computer, when the first player is a
    # person and the computer plays another, swaps places with that person for the game.
    if app.prefs.first == "computer" and not kinds[0]:
        for k in range(1, g.nplayers):
            if kinds[k]:
                kinds[0], kinds[k] = kinds[k], 0
                break
    s = Session(g, kinds, app.p.ticks_ms())
    show(app, s, False)
    play.msg = msg
    app.save_session()
    app.show(play.group, "play")


def tutorial(app):
    """Its tutorial is a text page of its help (the shell's menu shows it)."""
    app.go("main")
    app.menus.text_page("tutorial", "main")


# --- the end of a game --------------------------------------------------------------------

def game_over(play, fresh):
    app = play.app
    g = play.game
    s = play.s
    scores = g.player_scores()
    win = g.winners()
    names = g.colours
    lines = ["Game over"]
    for k in range(g.nplayers):
        if g.variant == "classic_2":
            who = names[k][:2] + "+" + names[k + 2][:2]
        else:
            who = names[k]
        lines.append("%-7s %4d%s" % (who[:7], scores[k], " *" if k in win else ""))
    # unplayed squares by colour
    from corners.pieces import SIZE
    lines.append("Left in hand:")
    for c in range(g.ncol):
        left = g.board.left[c]
        sq = sum(SIZE[q] for q in range(21) if left >> q & 1)
        lines.append("%-7s %2d pc %2d sq" % (names[c][:7], bin(left).count("1"), sq))
    people = [k for k in range(g.nplayers) if not s.kinds[k]]
    outcome = None
    if len(people) == 1 and len(people) < g.nplayers:
        me = people[0]
        outcome = 0 if win == [me] else 2 if me in win else 1
        lines.insert(1, ("You win!", "You lose", "Draw")[outcome])
    elif len(win) > 1:
        lines.insert(1, "Draw")
    play.result = lines
    if fresh:
        app.sound("win" if outcome in (0, None) else "loss" if outcome == 1 else "marble")
    if outcome is not None and not s.recorded:
        lv = max(s.kinds[k] for k in range(g.nplayers)) - 1
        c = conf(app)
        i = 10 + lv * 6 + outcome * 2
        v = min(0xFFFF, (c[i] << 8 | c[i + 1]) + 1)
        c[i] = v >> 8
        c[i + 1] = v & 255
        if outcome == 0 and app.prefs.auto_advance:
            # auto-advance (a shared preference): each computer player a level up after
            # a win (Custom stays as it is)
            for k in range(4):
                if 2 <= c[2 + k] < 4:
                    c[2 + k] += 1
        write_conf(app, c)
        s.recorded = True
    app.save_session()
    app.changed()
