"""Issue 22 item 5: every text of the game screen's panel inside its box, on both screens,
for every board size, player count and variant of Still's Quad and for Winther's Quad.

The panel is built by quadpocket.build: a count row per seat (one text TileGrid holding the
marble count and, `gap` characters further, the star count), two filled boxes per seat with
their icons, the status rows and four buttons. A text cell is 6 x 12 px times the text scale.
"""

import pytest

from apptools import start
from tools.sim import grid_text

from quadcore import Game
from quadpocket import view
from tiers import FULL, spread  # the quick tier: a sample of large sweeps

SIZES = ((320, 240), (480, 320))
MARGIN = 1  # px of fill left and right of a count in its box (not touching the frame)


def _rect(tg, col, ncols, ts, row=0):
    """Screen rectangle (x0, y0, x1, y1) of ncols text cells from col of a TileGrid in a
    group of scale ts."""
    cw, ch = 6 * ts, 12 * ts
    x = tg.x * ts + col * cw
    y = tg.y * ts + row * ch
    return x, y, x + ncols * cw, y + ch


def _inside(inner, outer, margin=0):
    """inner within outer, `margin` px clear of its left and right edges (a text row's
    glyphs have blank rows above and below: no margin asked there)."""
    return (inner[0] >= outer[0] + margin and inner[1] >= outer[1]
            and inner[2] <= outer[2] - margin and inner[3] <= outer[3])


def _overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _box(f):
    return f.x, f.y, f.x + f.width, f.y + f.height


def _icons(pn, cell):
    """Icon rectangles shown in the seat rows."""
    out = []
    for tg in pn.seats:
        if getattr(tg, "tile_width", 0) == cell and not tg.hidden:  # (a column: 6 seats)
            out.append((tg.x, tg.y, tg.x + cell * tg.width, tg.y + cell * tg.height))
    return out


def problems(app):
    """Every text of the panel outside its box (or over an icon, or off the screen)."""
    pn = app.play.panel
    b = app.play.board
    w, h = app.p.width, app.p.height
    ts = pn.ts
    blank = view.FONT[0]
    out = []
    screen = (0, 0, w, h)
    seats_shown = not pn.seats.hidden
    icons = _icons(pn, b.cell) if seats_shown else []
    nseats = len(pn.counts)
    if seats_shown:
        cts = pn.seats[-1].scale  # the counts' group (text scale 1 in rows too short)
        for seat in range(nseats):
            row = pn.counts[seat]
            for kind, col in ((0, 0), (1, pn.gap)):
                r = _rect(row, col, 2, cts)
                box = _box(pn.boxes[2 * seat + kind])
                name = ("marble", "star")[kind]
                if not _inside(r, box, MARGIN):
                    out.append("seat %d %s count %s outside its box %s" % (seat, name, r, box))
                for ic in icons:
                    if _overlap(r, ic):
                        out.append("seat %d %s count %s over an icon %s" % (seat, name, r,
                                                                             ic))
            # nothing else in the row: blanks between and after the counts
            for col in range(row.width):
                if col not in (0, 1, pn.gap, pn.gap + 1) and row[col] != blank:
                    out.append("seat %d: text at column %d of the count row" % (seat, col))
    top = pn.boxes[0].y - 2 if seats_shown else None
    bottom = pn.boxes[2 * nseats - 1].y + pn.boxes[2 * nseats - 1].height + 2
    buttons = min(pn.fills[i].y for i in range(len(pn.fills)))
    info = pn.info
    for rowi in range(pn.rows):
        cols = [c for c in range(pn.cols) if info[rowi * pn.cols + c] != blank]
        if not cols:
            continue
        r = _rect(info, cols[0], cols[-1] - cols[0] + 1, ts, rowi)
        text = "".join(chr(32 + view.FONT.index(info[rowi * pn.cols + c]))
                       for c in range(cols[0], cols[-1] + 1))
        if not _inside(r, screen) or r[0] < pn.x - 2:
            out.append("status row %d %r %s off the panel" % (rowi, text, r))
        if r[3] > buttons:
            out.append("status row %d %r %s over the buttons" % (rowi, text, r))
        if seats_shown and r[1] < bottom and r[3] > top:
            out.append("status row %d %r %s over the seat rows" % (rowi, text, r))
    for i in range(len(pn.fills)):
        f = pn.fills[i]
        lab = pn.labels[i // 2]  # a text grid a row of two buttons, the right's from `right`
        if f.hidden:
            continue
        seg = range(pn.right, lab.width) if i & 1 else range(0, lab.width - pn.right)
        cols = [c for c in seg if lab[c] != blank]
        if cols:
            r = _rect(lab, cols[0], cols[-1] - cols[0] + 1, ts)
            if not _inside(r, _box(f), 1):
                out.append("button %d label %s outside %s" % (i, r, _box(f)))
    for i in range(len(pn.fills)):  # a hidden button shows no text
        lab = pn.labels[i // 2]
        seg = range(pn.right, lab.width) if i & 1 else range(0, lab.width - pn.right)
        if pn.fills[i].hidden and any(lab[c] != blank for c in seg):
            out.append("button %d hidden, its text shown" % i)
    for f in pn.fills + pn.boxes:
        if not f.hidden and not _inside(_box(f), screen):
            out.append("box %s off the screen" % (_box(f),))
    return out


def still_cases():
    for n in range(5, 16):
        for variant in ("standard", "duel", "trek", "rapid", "bridge"):
            for players in range(2, 7):
                if variant == "bridge" and players != 4:
                    continue
                if variant == "duel" and players > 3:
                    continue
                yield n, variant, players


@pytest.mark.parametrize("size", SIZES)
def test_every_still_panel_text_is_inside_its_box(size):
    app, d, p = start(size=size)
    show = app.use("face_still.start").show
    from face_still import Session
    bad = []
    tried = 0
    for n, variant, players in spread(still_cases(), 3):
        try:
            g = Game(n, players, None, None, False, variant)
        except ValueError:
            continue
        # the widest counts: two digits of marbles, the stars of the rules
        for cpu in ((-1, 1) if players == 2 else (-1,)):
            show(app, Session(g, cpu, 1))
            app.render(app.play)
            tried += 1
            bad += ["%dx%d %s %d seats cpu %d: %s" % (n, n, variant, players, cpu, x)
                    for x in problems(app)]
    assert tried > (200 if FULL else 60)
    assert not bad, "\n".join(bad[:40])


@pytest.mark.parametrize("size", SIZES)
def test_the_game_over_panel_is_inside_its_boxes(size):
    from tools.shots import quad_free_fill
    g = Game(7, 2)
    for t in quad_free_fill():
        g.play(t)
    assert g.result is not None
    from apptools import start_with
    app, d, p = start_with(g, cpu=-1, size=size)
    app.render(app.play)
    assert problems(app) == []


def _wq_app(size, humans):
    from tools.shots import _wq_fresh
    return _wq_fresh(size, humans)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("humans", (True, False))
def test_winther_counts_sit_inside_their_boxes_and_the_labels_by_them(size, humans):
    app, d, p = _wq_app(size, humans)
    d.settle()
    app.render(app.play)
    assert problems(app) == []
    pn = app.play.panel
    ts = pn.ts
    # "Hand" over the first box, "Board" over the second, on the row right under them
    text = grid_text(pn.info, pn.cols, pn.rows).split("\n")
    row = [i for i, t in enumerate(text) if "Hand" in t and "Board" in t]
    assert row, text
    row = row[0]
    last = pn.boxes[-1]
    seats_end = last.y + last.height
    y = pn.info.y * ts + row * 12 * ts
    assert 0 <= y - seats_end <= 12 * ts, (y, seats_end)
    for word, i in (("Hand", 0), ("Board", 1)):
        col = text[row].index(word)
        r = _rect(pn.info, col, len(word), ts, row)
        box = _box(pn.boxes[i])
        assert box[0] <= r[0] and r[2] <= box[2] + 6 * ts, (word, r, box)
