"""The corner polyomino game's screen, built (loaded through App.use when a game of
another board size is shown, then dropped): the board's sheet of tiles, its TileGrid and
the coordinates on its edges; the panel (text rows, the picked piece's view, twelve
buttons); the piece picker drawn over the board; the board's colours.

The layout, 320x240 (480x320 the same at the sizes in brackets):

    board, its row numbers left and its column letters below  | text rows
    (cells 15 px in Duo, 10 in Classic; 20 and 14)             | the picked piece, big
                                                               | Rot    ^    Flip
                                                               | <    Place    >
                                                               | Pick   v    Hint
                                                               | Menu  Moves  Undo

Every button is 30 x 30 px (52, 64 or 52 x 40) with 2 px (3) between, the touch-target contract
(host_tests/fingers.py). The picker covers the board: the 21 pieces in 6 columns and 4
rows of slots 4 x 6 squares of 9 px (12), each slot a target.
"""

import displayio
import vectorio

from face_corners import Picker
from quadpocket import view

# Board sheet colours by index (face_corners' tiles, the picker, the piece's view):
# 0 screen, 1 board, 2 grid, 3 dot, 4 starting point, 5 the ghost that cannot go, 6 the
# last move's mark and the piece picked, 7 a played piece in the picker; 8-11 the colours;
# 12 the Trainer's warning (your place the other side can take), 13 its good cell for you
# (and a place the tutorial points at), 14-15 free.
NORMAL = (0x000000, 0xE4E2DA, 0x9C9A94, 0x4C4C58, 0x303030, 0xFF1010, 0xFFFFFF, 0x2C2C2C,
          0, 0, 0, 0, 0xB00080, 0x8A5A00, 0, 0)
CONTRAST = (0x000000, 0x000000, 0x707070, 0xFFFFFF, 0xFFFF00, 0xFF0000, 0xFFFFFF,
            0x606060, 0, 0, 0, 0, 0xFF00FF, 0xFFFF00, 0, 0)
CLASSIC = (0x2050E0, 0xE8C000, 0xD82020, 0x20A040)
DUO = (0x8038C0, 0xF08010)
CLASSIC_HI = (0x4080FF, 0xFFFF00, 0xFF3030, 0x30FF60)
DUO_HI = (0xC060FF, 0xFF9000)
NTILES = 18
# the buttons' places, row by row (3 a row): the face's eight, then the shell's four
# (Play's fills 0..3: Hint or New, Menu, Undo, Moves; the five-letter words in the middle
# column, wider on the 480x320 screen)
# ("lay": Place; the shell's own "place" plays a confirm tap's mark, Play.tap)
SLOTS = ("rot", "up", "flip", "left", "lay", "right", "pick", "down", 0, 1, 3, 2)
LABELS = ("Rot", "^", "Flip", "<", "Place", ">", "Pick", "v")


def sizes(w, h, n):
    """(text scale, cell px, board x, board y, panel x, button w, button h, gap) for an
    n x n board: the panel three buttons wide on the right, the board's row numbers
    (2 characters) left of it and its letters under it; button w is the side columns'
    (the middle one 12 px wider at text scale 2: a five-letter word)."""
    ts = 2 if (w >= 440 and h >= 300) else 1
    bw, bh, gap = (52, 40, 3) if ts == 2 else (30, 30, 2)
    x0 = w - 3 * bw - 12 * (ts - 1) - 2 * gap
    cell = min((h - 15) // n, (x0 - 2 * gap - 12) // n)
    by = (h - 13 - n * cell) // 2
    return ts, cell, 12, by, x0, bw, bh, gap


def _sheet(cell):
    """The board tiles (face_corners' T_ numbers) side by side."""
    c = cell
    bmp = displayio.Bitmap(NTILES * c, c, 16)
    d = max(2, c // 5)
    m = (c - 1 - d) // 2
    for t in range(NTILES):
        x0 = t * c
        fill = 8 + (t - 4) % 4 if 4 <= t < 12 else 12 if t == 16 else 1
        for y in range(c):
            for x in range(c):
                bmp[x0 + x, y] = 2 if x == c - 1 or y == c - 1 else fill
        if t == 1 or 8 <= t < 12:  # a dot; the last move's mark
            for y in range(m, m + d):
                for x in range(m, m + d):
                    bmp[x0 + x, y] = 3 if t == 1 else 6
        elif t == 2 or t == 17:  # a starting point: a hollow square; a good cell: a ring
            a, b = c // 4, c - 2 - c // 4
            for i in range(a, b + 1):
                for k in range(1 + (t == 17)):
                    for x, y in ((i, a + k), (i, b - k), (a + k, i), (b - k, i)):
                        bmp[x0 + x, y] = 4 if t == 2 else 13
        elif t == 3:  # the ghost that cannot go: a red cross
            for i in range(1, c - 2):
                bmp[x0 + i, i] = 5
                bmp[x0 + c - 2 - i, i] = 5
                bmp[x0 + i + 1, i] = 5
                bmp[x0 + c - 3 - i, i] = 5
        elif 12 <= t < 16:  # a ghost that fits: a frame in its colour
            for y in range(c - 1):
                for x in range(c - 1):
                    if x < d or y < d or x >= c - 1 - d or y >= c - 1 - d:
                        bmp[x0 + x, y] = 8 + t - 12
    return bmp


def colours(pal, contrast, duo):
    base = CONTRAST if contrast else NORMAL
    mine = (DUO_HI if contrast else DUO) if duo else (CLASSIC_HI if contrast else CLASSIC)
    for i in range(16):
        pal[i] = base[i]
    for i in range(4):
        pal[8 + i] = mine[i % len(mine)]


def _captions(b, glyphs, draw_text, n, cell):
    """The coordinates on the board's edges, as the notation names them: a row's number
    left of it (row 1 at the bottom), a column's letter under it (1-bit, grey)."""
    cap = displayio.Palette(2)
    cap.make_transparent(0)
    cap[1] = 0xB0B0B0
    bottom = displayio.Bitmap(n * cell, 12, 2)
    left = displayio.Bitmap(12 * n, cell, 2)
    for i in range(n):
        draw_text(bottom, glyphs, i * cell + (cell - 6) // 2, 0, chr(97 + i))
        num = str(i + 1)
        draw_text(left, glyphs, 12 * i + 12 - 6 * len(num), (cell - 12) // 2, num)
    rows = displayio.TileGrid(left, pixel_shader=cap, width=1, height=n, tile_width=12,
                              tile_height=cell, x=0, y=b.by)
    for i in range(n):
        rows[i] = n - 1 - i  # the top row shows number n
    b.group.append(rows)
    b.group.append(displayio.TileGrid(bottom, pixel_shader=cap, x=b.bx,
                                      y=b.by + n * cell + 1))


def _button(app, glyphs, x, y, w, h, text, ts):
    fill = vectorio.Rectangle(pixel_shader=app.ui, width=w, height=h, x=x, y=y)
    fill.color_index = view.BUTTON
    cols = w // (6 * ts)
    lab = displayio.TileGrid(glyphs, pixel_shader=app.pals[0], width=cols, height=1,
                             tile_width=6, tile_height=12, default_tile=view.FONT[0],
                             x=(x + (w - cols * 6 * ts) // 2) // ts,
                             y=(y + (h - 12 * ts) // 2) // ts)
    view.put(lab, 0, text, cols, 1)
    return fill, lab


def views(app, play, game):
    """Build the board, the panel and the picker for game's board size."""
    build = app.use("build")
    while len(play.group):
        play.group.pop()
    play.board = play.panel = play.pk = None
    app.collect()
    glyphs = build.fonts(app)
    p = app.p
    n = game.width
    ts, cell, bx, by, x0, bw, bh, gap = sizes(p.width, p.height, n)
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
    b.group = displayio.Group()
    _captions(b, glyphs, build._draw_text, n, cell)
    build = None
    app.forget("build")
    b.grid = displayio.TileGrid(b.sheet, pixel_shader=b.palette, width=n, height=n,
                                tile_width=cell, tile_height=cell, default_tile=0,
                                x=bx, y=by)
    b.group.append(b.grid)
    b.ages = None  # the age dots' layer (face_corners.ages makes it at the first marks)
    play.board = b
    # the panel: text rows from the top, the piece's view, four rows of three buttons
    pw = p.width - x0
    pn = view.Panel()
    pn.x = x0
    pn.ts = ts
    pn.pals = app.pals
    pn.group = g = displayio.Group()
    labels = displayio.Group(scale=ts)
    top = p.height - 4 * bh - 3 * gap - 1
    pn.fills = [None] * 4
    pn.labels = [None] * 4
    pn.more = []
    pn.more_labels = []
    pn.more_names = SLOTS[:8]
    mid = bw + 12 * (ts - 1)
    for i in range(12):
        c = i % 3
        x = x0 + c * (bw + gap) + (c > 1) * (mid - bw)
        y = top + (i // 3) * (bh + gap)
        fill, lab = _button(app, glyphs, x, y, mid if c == 1 else bw, bh,
                            LABELS[i] if i < 8 else "", ts)
        g.append(fill)
        labels.append(lab)
        if i < 8:
            pn.more.append(fill)
            pn.more_labels.append(lab)
        else:
            pn.fills[SLOTS[i]] = fill
            pn.labels[SLOTS[i]] = lab
    pn.names = [None] * 4
    pn.slots = [None] * 4
    pn.cols = pw // (6 * ts)
    pn.rows = (top + 3 * (bh + gap) - 2) // (12 * ts)  # down to the last row of buttons
    pn.info = displayio.TileGrid(glyphs, pixel_shader=app.pals[0], width=pn.cols,
                                 height=pn.rows, tile_width=6, tile_height=12,
                                 default_tile=view.FONT[0], x=x0 // ts, y=0)
    pn.seats = displayio.Group()  # (the shell's seat rows: none here)
    pn.seats.hidden = True
    pn.covered = False
    pn.key = -1  # what the panel was last drawn for (face_corners.render)
    pn.msg = None
    pn.head = ""  # its first line as drawn, and whether the spinner wrote over it
    pn.spun = False
    # the picked piece, big: 5 x 5 squares between the third text row and the buttons
    pk = Picker()
    y0 = 36 * ts + 2
    vu = min((top - 4 - y0) // 5, 10 * ts)
    pk.vbmp = displayio.Bitmap(5, 5, 16)
    pk.view = displayio.Group(scale=vu, x=x0 + (pw - 5 * vu) // 2,
                              y=y0 + (top - 4 - y0 - 5 * vu) // 2)
    pk.view.append(displayio.TileGrid(pk.vbmp, pixel_shader=b.palette))
    pk.view.hidden = True
    g.append(pk.view)
    labels.insert(0, pn.info)
    g.append(labels)
    # the picker: over the board, 6 x 4 slots of 4 x 6 squares (the last three empty)
    s = min((x0 - 2 * gap) // 24, p.height // 24)
    pk.s = s
    pk.gap = gap
    pk.x = (x0 - 2 * gap - 24 * s) // 2
    pk.y = (p.height - 24 * s) // 2
    pk.bmp = displayio.Bitmap(24, 24, 16)
    pk.group = displayio.Group(scale=s, x=pk.x, y=pk.y)
    pk.group.append(displayio.TileGrid(pk.bmp, pixel_shader=b.palette))
    pk.group.hidden = True
    # each piece in the orientation that fits 3 x 5 squares, upright; biggest first
    from corners.pieces import CX, CY, FIRST, NCELL
    pk.shape = bytearray(21)
    for q in range(21):
        for o in range(FIRST[q], FIRST[q + 1]):
            k = o * 5
            xs = [CX[j] for j in range(k, k + NCELL[o])]
            ys = [CY[j] for j in range(k, k + NCELL[o])]
            if max(xs) - min(xs) < 3 and max(ys) - min(ys) < 5:
                pk.shape[q] = o
                break
    pk.order = bytes(range(20, -1, -1))
    pk.seen = [-1] * 4  # what the picker and the view show (face_corners.draw)
    play.panel = pn
    play.pk = pk
    play.group.append(b.group)
    play.group.append(pk.group)
    play.group.append(g)
    play.cm = bytearray(n * n)
    play.key = ("B", n)
