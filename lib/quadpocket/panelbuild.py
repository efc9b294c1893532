"""The game screen's side panel (quadpocket.view.Panel): its seat rows, counts, message
rows and six buttons, built with quadpocket.build's helpers (reached through App.use, as
every screen reaches another). Imported only while a face builds its screen, then
dropped with build.
"""

import displayio

from quadpocket import view

def panel(app, b, icons, w, h, glyphs):
    """A view.Panel right of board b; icons: marble tile per seat. A button: a filled
    rectangle and a text row, six of them in three rows at the foot, each at least 30 px
    square on 320x240 (40 on 480x320: ~6 mm, a fingertip) with 2 (3) px between; a seat
    row: two filled boxes (marble, star) with icons and one text row holding both counts."""
    bl = app.use("build")
    counts, rect, text = bl.counts, bl.rect, bl.text
    ts = b.ts
    ui = app.ui
    pal = app.pals[0]
    cw, ch = 6 * ts, 12 * ts
    x0 = b.bx + b.n * b.cell + 4 + b.margin
    y0 = 2
    pw = w - x0 - 2
    pn = view.Panel()
    pn.x = x0
    pn.ts = ts
    pn.group = g = displayio.Group()
    labels = displayio.Group(scale=ts)  # info and button labels (scaled on the Titano)
    seats = displayio.Group()           # seat rows, hidden at game over
    pn.seats = seats
    pn.fills = []   # buttons 0..5
    pn.labels = []  # their labels
    pn.boxes = []   # marble and star box of seat 0, 1, ...
    pn.counts = []  # one text row per seat

    # Buttons: 2 x 3 at the bottom (4 and 5, a face's own, hidden until it sets them);
    # one text grid a row: 5 characters a button (Moves, Quad!, Place), centred in the
    # left one, the right one's from column `right`, as near its centre as the grid goes
    gap = 1 + ts
    bh = 20 + 10 * ts
    bw = (pw - gap) // 2
    top = h - 2 - 3 * bh - 2 * gap
    m = (bw - 5 * cw) // 2
    pn.right = max(-(-(bw + gap + 1 - m) // cw), (bw + gap + cw // 2) // cw)
    for i in range(6):
        x = x0 + (i % 2) * (bw + gap)
        y = top + (i // 2) * (bh + gap)
        fill = rect(ui, x, y, bw, bh, view.BUTTON)
        g.append(fill)
        pn.fills.append(fill)
        fill.hidden = i > 3
        if not i & 1:
            lab = text(glyphs, pn.right + 5, 1, pal, (x0 + m) // ts,
                       (y + (bh - ch) // 2) // ts)
            labels.append(lab)
            pn.labels.append(lab)
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

