"""The corner polyomino game's age dots (the seed's "darker = more recent"): a dot on one
square of each piece of the last three rounds, the newest round's the biggest, in black
on a light piece and white on a dark one, whichever stands out more (at least 3:1 for
every colour of both palettes). An overlay TileGrid over the board (7 tiles: none, then
three sizes in black and in white) made at the first change a new board sees and written
after each change (face_corners.after), never per render. Loaded through App.use for
that, then dropped.
"""

import displayio

ROUNDS = 3  # the rounds of pieces that carry an age dot


def sizes(cell):
    """The dots' sides in px, newest round first (all at least 2 px)."""
    return (max(3, cell * 2 // 5), max(2, cell * 3 // 10), 2 if cell < 18 else 3)


def overlay(b):
    """The layer on view.Board b (its cells, place and group made): b.ages."""
    c = b.cell
    n = b.n
    bmp = displayio.Bitmap(7 * c, c, 3)
    side = sizes(c)
    for t in range(1, 7):
        s = side[(t - 1) % 3]
        m = (c - 1 - s) // 2
        for y in range(m, m + s):
            for x in range(m, m + s):
                bmp[t * c + x, y] = 1 if t < 4 else 2
    ink = displayio.Palette(3)
    ink[1] = 0x000000
    ink[2] = 0xFFFFFF
    ink.make_transparent(0)
    b.ages = displayio.TileGrid(bmp, pixel_shader=ink, width=n, height=n, tile_width=c,
                                tile_height=c, default_tile=0, x=b.bx, y=b.by)
    b.group.append(b.ages)


def dark(v):
    """True if white stands out more than black on the 0xRRGGBB colour v: a cheap
    brightness (2 R + 7 G + B, no floats) below a line that puts every piece colour of
    both palettes on the side with at least 3:1 (host_tests/test_palettes.py)."""
    return 2 * (v >> 16 & 255) + 7 * (v >> 8 & 255) + (v & 255) < 1000


def ages(play, g):
    """The dots in the overlay: tiles 1-3 black, 4-6 white, newest round first."""
    b = play.board
    if b.ages is None:
        overlay(b)
    ov = b.ages
    n = g.width
    for i in range(n * n):
        if ov[i]:
            ov[i] = 0
    pal = b.palette
    nc = g.ncol
    for k in range(min(g.plies, ROUNDS * nc)):
        i = g.plies - 1 - k
        c = g.colour_at(i)
        x, y = g.cells_of(g.move_at(i))[0]
        # black ink on a light piece, white on a dark one
        ov[(n - 1 - y) * n + x] = 1 + k // nc + (3 if dark(pal[8 + c]) else 0)
