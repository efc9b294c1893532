"""The corner polyomino game's screen, built (loaded through App.use when a game of
another board size is shown, then dropped): the board's sheet of 16 tiles and its
TileGrid, the panel (text rows, six buttons), the two trays; the board's colours.
"""

import displayio
import vectorio

from face_corners import Trays
from quadpocket import view

# Board sheet colours by index (face_corners' tiles and trays): 0 screen, 1 board, 2 grid,
# 3 dot and the mover's tray, 4 starting point, 5 the ghost that cannot go, 6 the last
# move's mark and the piece picked, 7 free; 8-11 the colours; 12-15 their ghosts.
NORMAL = (0x000000, 0xE4E2DA, 0x9C9A94, 0x4C4C58, 0x707070, 0xFF1010, 0xFFFFFF, 0x000000)
CONTRAST = (0x000000, 0x000000, 0x707070, 0xFFFFFF, 0xFFFF00, 0xFF0000, 0xFFFFFF, 0x000000)
CLASSIC = (0x2050E0, 0xE8C000, 0xD82020, 0x20A040)
DUO = (0x8038C0, 0xF08010)
CLASSIC_HI = (0x4080FF, 0xFFFF00, 0xFF3030, 0x30FF60)
DUO_HI = (0xC060FF, 0xFF9000)


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
    glyphs = build.fonts(app)
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
    b.ages = None  # the age dots' layer (face_corners.ages makes it at the first marks)
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
    # (Duo on 320x240: its two boxes one above the other at twice the size, a square 2 px;
    # Classic's four boxes need the panel's whole width at 1 px a square)
    big = n == 14 and ts == 1
    tr.per = 1 if big else 2  # boxes a row
    sc = 2 if big else ts
    tr.small = displayio.Bitmap(44 * tr.per, 28, 16)
    sg = displayio.Group(scale=sc, x=x0 + (pw - 44 * tr.per * sc) // 2, y=3 * ch + 2)
    sg.append(displayio.TileGrid(tr.small, pixel_shader=b.palette))
    tr.group.append(sg)
    y1 = 3 * ch + 4 + 28 * sc
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


