"""Builds the game screen: layout, palettes, the board (sprite sheet, captions, tile grid)
and the side panel. Imported only while building (start-up, a new game of another size or
player count, a contrast change), then dropped: the game keeps the objects
(quadpocket.view), not this code (~4 KB compiled).

Landscape: the board left with its captions, the panel right; 480x320: text at scale 2.
"""

import displayio
import terminalio
import vectorio

from quadpocket import view

AXIS_W = 15    # left captions: two 6 px digits ("11") + 3 px gap
AXIS_H = 13    # bottom captions: one 12 px text row + 1 px gap
MAX_CELL = 30  # beyond this the sprite sheet costs more than it shows (5x5 board)

# Board sheet colours by palette role (view.SCREEN ...); marble colours last. Every mark
# has 3:1 contrast against the board (test_palettes.py): a pale board, dark marks.
NORMAL = (0x000000, 0xE8C890, 0xB08850, 0x202020, 0xF4F4F4, 0x3C3C3C, 0x0030C0,
          0x30FF30, 0xB00080, 0x8A5A00,
          0xB81C1C, 0x2850F0, 0x107030, 0x9838C0, 0xB04800, 0x007070)
CONTRAST = (0x000000, 0x000000, 0x808080, 0x000000, 0x000000, 0xB0B0B0, 0x00FFFF,
            0x00FF00, 0xFF00FF, 0xFFFF00,
            0xFFFFFF, 0xFFFF00, 0x00FFFF, 0xFF60FF, 0xFF9000, 0x60FF60)
# Panel colours by role (view.TURN ...; 0 and 1 free), then text: normal, disabled;
# white text reads on every fill.
UI_NORMAL = (0x000000, 0x000000, 0xFFD800, 0x243444, 0x3C6488, 0xC05400, 0x34546E,
             0x1A222A, 0xFFFFFF, 0x6A7680)
UI_CONTRAST = (0x000000, 0x000000, 0xFFFF00, 0x383838, 0x0050A0, 0xC00000, 0x505050,
               0x1C1C1C, 0xFFFFFF, 0x808080)


def sizes(width, height, n, seats=2):
    """(text scale, cell px, board x, board y) for an n x n board on this display; at
    text scale 2 all even, so the scaled captions line up with the cells. seats: the
    panel's seat rows, each at least a cell high for its icons, between two status rows
    and three rows of buttons (panel(): 5 or 6 seats take a cell off the board)."""
    if width < 160 or height < 120 or width < height:
        raise ValueError("need a landscape display of at least 160x120")
    ts = 2 if (width >= 440 and height >= 300) else 1
    cell = min((height - 4 - AXIS_H * ts) // n,
               (width - AXIS_W * ts - 2 - (78 * ts + 4)) // n, MAX_CELL,
               (height - 72 - 56 * ts) // seats)
    cell -= cell % ts
    # a seat's box holds its icon and a 2-digit count (7x7, 8x8 at 320x240: smaller cells)
    while cell > 6 and counts((width - AXIS_W * ts - n * cell - 8) // 2, cell,
                                   6 * ts, ts) is None:  # panel()'s box width
        cell -= ts
    if cell < 6:
        raise ValueError("board too large for this display")
    by = max(2, (height - AXIS_H * ts - n * cell) // 2)
    return ts, cell, AXIS_W * ts, by - by % ts


def counts(w, cell, cols, ts):
    """(x in a seat box of the marble count, characters on to the star count): both
    2-digit counts inside their w px boxes, right of a `cell` px icon; None if no fit.
    (Names the app has: a new one stays in RAM as a qstr.)"""
    gap = (w + 1 + cols) // cols
    hi = w - 1 - 2 * cols - (gap * cols - w - 2)
    x = (cell + 4 + hi if cell else 2 + hi) // 2
    x += (-x) % ts
    return (x, gap) if x <= hi else None


def palettes(app):
    """The shared palettes, made once: panel (8 roles) and the two text palettes."""
    app.ui = displayio.Palette(8)
    app.pals = (displayio.Palette(2), displayio.Palette(2))
    for p in app.pals:
        p.make_transparent(0)


def colours(app, contrast):
    """Fill every palette for the normal or the high-contrast look."""
    ui = UI_CONTRAST if contrast else UI_NORMAL
    for i in range(8):
        app.ui[i] = ui[i]
    for i in range(2):
        app.pals[i][0] = 0
        app.pals[i][1] = ui[8 + i]
    board = app.play.board
    if board is not None:
        sheet = CONTRAST if contrast else NORMAL
        for i in range(16):
            board.palette[i] = sheet[i]
        if board.ring is not None:
            board.ring.pixel_shader[view.CURSOR] = sheet[view.CURSOR]


def fonts(app):
    """Set view.FONT (tile of each printable character) and return the glyph bitmap:
    CircuitPython's terminalio.FONT.bitmap as it is (Blinka's: quadpocket.deskfont)."""
    font = terminalio.FONT
    sheet = getattr(font, "bitmap", None)
    index = bytearray(95)
    space = font.get_glyph(32)
    if isinstance(sheet, displayio.Bitmap) and font.get_glyph(65).bitmap is sheet:
        for i in range(95):
            index[i] = (font.get_glyph(32 + i) or space).tile_index
    else:  # Blinka on a desktop (the device never loads that code)
        sheet = app.use("deskfont").glyphs(font, index)
    view.FONT = bytes(index)
    return sheet


def text(glyphs, cols, rows, palette, x, y):
    """A cols x rows text TileGrid of blanks at (x, y)."""
    return displayio.TileGrid(glyphs, pixel_shader=palette, width=cols, height=rows,
                              tile_width=6, tile_height=12, default_tile=view.FONT[0], x=x,
                              y=y)


def rect(palette, x, y, w, h, colour):
    r = vectorio.Rectangle(pixel_shader=palette, width=max(1, w), height=max(1, h), x=x, y=y)
    # set after construction: circuitpython-stubs 10.3.1 lack the color_index keyword
    r.color_index = colour
    return r


def _draw_text(bmp, glyphs, x, y, s):
    """Copy the glyph pixels of s into the 1-bit bitmap bmp at (x, y) (board captions)."""
    per_row = glyphs.width // 6
    for ch in s:
        t = view.FONT[ord(ch) - 32]
        sx = (t % per_row) * 6
        sy = (t // per_row) * 12
        for yy in range(12):
            if 0 <= y + yy < bmp.height:
                for xx in range(6):
                    if 0 <= x + xx < bmp.width and glyphs[sx + xx, sy + yy]:
                        bmp[x + xx, y + yy] = 1
        x += 6


def board(app, n, ncolours, w, h, contrast, glyphs, moves=False, rings=False, seats=2):
    """A view.Board for an n x n board with ncolours marble colours; rings: the last
    move's marbles framed on a layer of their own (view.Board.ring), one sheet tile a
    colour instead of two; seats: the panel's seat rows (sizes)."""
    ts, cell, bx, by = sizes(w, h, n, seats)
    step = 1 if rings else 2
    # the sheet first, the largest block (README, "The other games")
    sheet = displayio.Bitmap(cell * (view.T_MARBLE + step * ncolours + (1 if moves else 0)),
                             cell, 16)
    spritedraw = app.use("spritedraw")
    b = view.Board()
    b.n = n
    b.cell = cell
    b.tiny = cell < 20 + 10 * ts  # under a fingertip: 30 px on 320x240, 40 on 480x320
    b.bx = bx
    b.by = by
    b.ts = ts
    b.ncolours = ncolours
    b.outline = None
    b.sheet, b.palette = spritedraw.build_sheet(sheet, cell, ncolours, moves, step)
    b.step = step
    if rings:
        b.ring = spritedraw.ring(sheet, n, cell, bx, by,
                                 (CONTRAST if contrast else NORMAL)[view.CURSOR])
    b.left = view.T_MARBLE + step * ncolours
    del spritedraw
    app.forget("spritedraw")
    sheet = CONTRAST if contrast else NORMAL
    for i in range(16):
        b.palette[i] = sheet[i]
    b.group = displayio.Group()
    # Captions (1-bit, text scale) made where spritedraw's code was (made before it: 1-1.7
    # KB more heap on the Titano); row numbers: n 14 px tiles
    cap = displayio.Palette(2)
    cap.make_transparent(0)
    cap[1] = 0xA0A0A0
    cs = cell // ts
    bottom = displayio.Bitmap(n * cs, 12, 2)
    left = displayio.Bitmap(14 * n, cs, 2)
    for i in range(n):
        _draw_text(bottom, glyphs, i * cs + (cs - 6) // 2, 0, chr(97 + i))
        num = str(i + 1)
        _draw_text(left, glyphs, 14 * i + 12 - 6 * len(num), (cs - 12) // 2, num)
    caps = displayio.Group(scale=ts)
    caps.append(displayio.TileGrid(bottom, pixel_shader=cap, x=bx // ts,
                                   y=(by + n * cell) // ts + 1))
    rows = displayio.TileGrid(left, pixel_shader=cap, width=1, height=n, tile_width=14,
                              tile_height=cs, x=0, y=by // ts)
    for i in range(n):
        rows[i] = n - 1 - i  # the top row shows number n
    caps.append(rows)
    b.group.append(caps)
    b.grid = displayio.TileGrid(b.sheet, pixel_shader=b.palette, width=n, height=n,
                                tile_width=cell, tile_height=cell, default_tile=view.T_OFF,
                                x=bx, y=by)
    b.group.append(b.grid)
    if rings:
        b.group.append(b.ring)
    return b


def panel(app, b, icons, w, h, glyphs):
    """A view.Panel right of board b; icons: marble tile per seat. A button: a filled
    rectangle and a text row, six of them in three rows at the foot, each at least 30 px
    square on 320x240 (40 on 480x320: ~6 mm, a fingertip) with 2 (3) px between; a seat
    row: two filled boxes (marble, star) with icons and one text row holding both counts."""
    ts = b.ts
    ui = app.ui
    pal = app.pals[0]
    cw, ch = 6 * ts, 12 * ts
    x0 = b.bx + b.n * b.cell + 4
    y0 = 2
    pw = w - x0 - 2
    pn = view.Panel()
    pn.x = x0
    pn.ts = ts
    pn.pals = app.pals
    pn.group = g = displayio.Group()
    labels = displayio.Group(scale=ts)  # info and button labels (scaled on the Titano)
    seats = displayio.Group()           # seat rows, hidden at game over
    pn.seats = seats
    pn.fills = []   # buttons 0..5
    pn.labels = []  # their labels
    pn.boxes = []   # marble and star box of seat 0, 1, ...
    pn.counts = []  # one text row per seat

    # Buttons: 2 x 3 at the bottom (4 and 5, a face's own, hidden until it sets them)
    gap = 1 + ts
    bh = 20 + 10 * ts
    bw = (pw - gap) // 2
    top = h - 2 - 3 * bh - 2 * gap
    cols = max(1, min(bw // cw, (bw - 2) // cw))
    for i in range(6):
        x = x0 + (i % 2) * (bw + gap)
        y = top + (i // 2) * (bh + gap)
        fill = rect(ui, x, y, bw, bh, view.BUTTON)
        g.append(fill)
        pn.fills.append(fill)
        lab = text(glyphs, cols, 1, pal, (x + (bw - cols * cw) // 2) // ts,
                   (y + (bh - ch) // 2) // ts)
        labels.append(lab)
        pn.labels.append(lab)
        fill.hidden = lab.hidden = i > 3
    pn.names = [None] * 6   # what a tap reports (None: disabled or hidden)
    pn.slots = [None] * 6   # what each button shows, enabled or not
    # Status text from the top down to the buttons
    pn.cols = pw // cw
    pn.rows = max(2, (top - y0 - 2) // ch)
    pn.info = text(glyphs, pn.cols, pn.rows, pal, (x0 + (pw - pn.cols * cw) // 2) // ts,
                   y0 // ts)
    labels.insert(0, pn.info)
    g.append(labels)
    # Seat rows between the status lines and the buttons
    nseats = len(icons)
    first = y0 + 2 * ch + 4
    cell = b.cell
    # Duel (two colours a seat): room for two icons (face_still.boxes adds the second)
    two = b.ncolours == 2 * nseats
    row_h = min(2 * cell + 6 if two else cell + 4, (top - first - 2) // nseats)
    row_h -= row_h % ts  # (the counts at text scale 2 sit on even rows)
    box_w = (pw - 2) // 2
    icon = min(cell, row_h - 4) if not two else (cell if row_h - 4 >= cell * 3 // 2 else 0)
    # Rows short of an icon's margin (6 seats, Titano): a cell apart, an icon column a grid
    col = not two and icon < cell <= row_h
    if col:
        row_h = icon = cell
    # The seat to move: a bright frame (moved row to row)
    pn.turn = rect(ui, x0 - 2, first - 2, pw + 4, row_h + 2, view.TURN)
    seats.append(pn.turn)
    tiles = []
    # The star count `gap` characters right of the marble count, each in its box; rows
    # shorter than the text (6 seats on the Titano) have their counts at text scale 1
    if row_h - 2 < ch:
        ts = 1
        cw, ch = 6, 12
    cgroup = displayio.Group(scale=ts)
    tx, pn.gap = counts(box_w, cell if icon >= cell else 0, cw, ts) or (2, (box_w + 2) // cw)
    tx += x0
    for seat in range(nseats):
        y = first + seat * row_h
        row = text(glyphs, pn.gap + 2, 1, pal, tx // ts, (y + (row_h - 2 - ch) // 2) // ts)
        cgroup.append(row)
        pn.counts.append(row)
        for kind in range(2):
            bx = x0 + kind * (box_w + 2)
            fill = rect(ui, bx, y, box_w, row_h - 2, view.FILL)
            seats.append(fill)
            pn.boxes.append(fill)
            if icon < cell or col and seat:  # rows too short; a column made
                continue
            tiles.append(displayio.TileGrid(b.sheet, pixel_shader=b.palette,
                                            height=nseats if col else 1,
                                            tile_width=cell, tile_height=cell,
                                            default_tile=view.T_STAR if kind else icons[seat],
                                            x=bx + 2 + (icon - cell) // 2,
                                            y=y + (row_h - 2 - cell) // 2))
    for tg in tiles:
        seats.append(tg)
    for seat in range(nseats if col else 0):
        tiles[0][0, seat] = icons[seat]
    seats.append(cgroup)
    g.append(seats)
    # First text row below the seat rows
    ch = 12 * b.ts
    pn.free_row = (first + nseats * row_h - y0 + ch - 1) // ch
    return pn

