"""The Quax family's board as drawn (issue 42, item 3), read back from the screen's pixels:
each player's edges stand out at least 3:1 (WCAG 2 contrast, host_tests/test_palettes.py)
against the board they run along and against the screen's background beyond them, in the
normal and the high-contrast look, on both screens; no edge covers a stone or a frame on
the edge ranks (every pixel of an edge cell is its tile's own)."""

import pytest
from test_palettes import contrast

from quadpocket import view
from quax import Game, ai as qx_ai
from test_quax_app import qx, with_game, conf

MIN = 3.0
SIZES = ((320, 240), (480, 320))


def _rgb(t):
    return t[0] << 16 | t[1] << 8 | t[2]


def _same(a, b, tol=12):
    """Two colours equal up to the display's RGB565 rounding."""
    return all(abs((a >> s & 255) - (b >> s & 255)) <= tol for s in (16, 8, 0))


def _runs(colours):
    """The colours met along a line of pixels, each run once."""
    out = []
    for c in colours:
        if not out or not _same(out[-1], c):
            out.append(c)
    return out


def _bare_board(app):
    """The screen with only the board and its edges: the panel and the captions hidden
    (so a line of pixels from the board outwards meets the screen's background at the
    end), refreshed."""
    import displayio
    play = app.play
    play.panel.group.hidden = True
    for o in play.board.group:
        if isinstance(o, displayio.Group):  # the captions (scaled on the Titano)
            o.hidden = True
    app.p.display.refresh()


def _rays(app):
    """(owner, side, pixels from inside an edge cell out to the screen's border), along
    the middle of every edge cell and near both ends of each side."""
    b = app.play.board
    p = app.p
    n, c, bx, by = b.n, b.cell, b.bx, b.by
    side = n * c
    q = c // 4  # inside the cell, clear of its hole
    along = [k * c + c // 2 for k in range(n)] + [1, side - 2]
    px = p.pixel
    for a in along:
        yield 0, "top", [_rgb(px(bx + a, y)) for y in range(by + q, -1, -1)]
        yield 0, "bottom", [_rgb(px(bx + a, y)) for y in range(by + side - 1 - q, p.height)]
        yield 1, "left", [_rgb(px(x, by + a)) for x in range(bx + q, -1, -1)]
        yield 1, "right", [_rgb(px(x, by + a)) for x in range(bx + side - 1 - q, p.width)]


def edge_faults(app):
    """Every line across an edge where it fails: it must leave the board, show its
    owner's stone colour, end on the screen's background, and every colour met on the
    way must stand 3:1 against the one before."""
    pal = app.play.board.palette
    board = int(pal[view.BOARD])
    stone = (int(pal[view.MARBLE0]), int(pal[view.MARBLE0 + 1]))
    screen = 0x000000
    out = []
    for owner, side, line in _rays(app):
        runs = _runs(line)
        what = "%s edge (%s): %s" % (("Black", "White")[owner], side,
                                     " ".join("%06x" % r for r in runs))
        if not _same(runs[0], board):
            out.append(what + ": the line starts off the board")
            continue
        if not _same(runs[-1], screen) or len(runs) < 3:
            out.append(what + ": no edge between the board and the screen")
            continue
        if not any(_same(r, stone[owner]) for r in runs[1:-1]):
            out.append(what + ": not in its owner's colour")
        for a, b in zip(runs, runs[1:]):
            if contrast(a, b) < MIN:
                out.append(what + ": %06x against %06x only %.2f:1" % (a, b, contrast(a, b)))
    return out


@pytest.mark.parametrize("high", (False, True))
@pytest.mark.parametrize("size", SIZES)
def test_edge_contrast_against_the_board_and_the_screen(size, high):
    from face_quax.start import max_size
    for n in (5, 9, None):
        app, d, p = qx(size=size, prefs={"contrast": high},
                       conf=conf("quax", n or 5, humans=True))
        if n is None:  # the largest board this screen offers, its cells the smallest
            top = max_size(app)
            app, d, p = qx(size=size, prefs={"contrast": high},
                           conf=conf("quax", top, humans=True))
        assert bool(app.prefs.contrast) == high
        _bare_board(app)
        assert edge_faults(app) == [], (size, high, app.play.game.n)


def _perimeter(n):
    """The edge cells in order round the board."""
    out = [f for f in range(n)] + [r * n + n - 1 for r in range(1, n)]
    out += [(n - 1) * n + f for f in range(n - 2, -1, -1)]
    out += [r * n for r in range(n - 2, 0, -1)]
    return out


def _cells_as_tiles(app, cells):
    """The cells whose pixels are not exactly their tile's (through the sheet's
    palette): something drawn over them."""
    b = app.play.board
    c = b.cell
    n = b.n
    sheet, pal = b.sheet, b.palette
    bad = []
    for x in cells:
        t = b.grid[(n - 1 - x // n) * n + x % n]
        x0 = b.bx + (x % n) * c
        y0 = b.by + (n - 1 - x // n) * c
        for j in range(c):
            for i in range(c):
                want = int(pal[sheet[t * c + i, j]])
                if not _same(_rgb(app.p.pixel(x0 + i, y0 + j)), want):
                    bad.append(x)
                    break
            else:
                continue
            break
    return bad


@pytest.mark.parametrize("size", SIZES)
def test_stones_on_the_edge_ranks_are_drawn_whole(size):
    """Stones of both colours all round the board (alternating, so no one wins): every
    edge cell shows its whole tile."""
    n = 9
    g = Game("quax", n, False)
    for x in _perimeter(n):
        g.apply_move(x)
    assert g.result is None
    app, d, p = with_game(g, size=size)
    _bare_board(app)
    cells = _perimeter(n)
    assert all(g.at(x) for x in cells)
    assert _cells_as_tiles(app, cells) == []


@pytest.mark.parametrize("size", SIZES)
def test_the_winning_chain_is_framed_inside_the_board(size):
    """A Crossway game played out on the largest board: the winner's chain runs edge to
    edge, and its frames on the edge ranks are drawn whole."""
    from face_quax.start import max_size
    app, d, p = qx(size=size, conf=conf("crossway", 5, humans=True))
    top = max_size(app)
    g = Game("crossway", top, False)
    k = 0
    while g.result is None:
        g.play(qx_ai.choose(g, "easy", k))
        k += 1
    app, d, p = with_game(g, size=size)
    assert app.play.game.result is not None and g.chain
    _bare_board(app)
    edge = [x for x in g.chain if x in set(_perimeter(top))]
    assert edge
    assert _cells_as_tiles(app, _perimeter(top)) == []
