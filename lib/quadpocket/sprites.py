"""Board sprite sheet layout: palette roles, colours and tile numbers.

One tile per (cell content, overlay) pair, so the board is a single TileGrid and showing a
cursor, a hint or the winning quad is one tile write. Tiles are built only for the colours
in play: a 2-colour sheet at 20 px cells is 14 tiles = 280 x 20 px = 2,800 bytes. The
drawing code is in spritedraw.py, imported only while a sheet is built.
Marbles differ in shape as well as colour (solid disc, ring, plus, square, diamond, bar),
so the game stays readable without colour vision and in the high-contrast palette.
"""

# Palette roles (4 bits: 16 entries).
SCREEN = 0
BOARD = 1
HOLE = 2
DARK = 3
LIGHT = 4
STAR = 5
CURSOR = 6
QUAD = 7
TRAIN = 8
HINT = 9
MARBLE0 = 10  # 10..15: one per colour

NORMAL = (0x000000, 0xC89B5A, 0x8C6A3C, 0x202020, 0xF4F4F4, 0xFAFAFA, 0x00E8FF,
          0x30FF30, 0xFF30C0, 0xFFFF00,
          0xD82828, 0x2850F0, 0x189040, 0x9838C0, 0xF08010, 0x10A8A8)
CONTRAST = (0x000000, 0x000000, 0x808080, 0x000000, 0x000000, 0xB0B0B0, 0x00FFFF,
            0x00FF00, 0xFF00FF, 0xFFFF00,
            0xFFFFFF, 0xFFFF00, 0x00FFFF, 0xFF60FF, 0xFF9000, 0x60FF60)

# Fixed tiles; per-colour tiles follow (3 per colour: plain, last-move cursor, quad).
T_OFF = 0
T_EMPTY = 1
T_STAR = 2
T_STAR_CUR = 3
T_TRAIN = 4
T_HINT_MARBLE = 5
T_HINT_STAR = 6
T_MARK = 7  # confirm-tap: the cell chosen by the first tap
_BASE = 8


def t_marble(colour):
    return _BASE + 3 * colour


def t_cursor(colour):
    return _BASE + 3 * colour + 1


def t_quad(colour):
    return _BASE + 3 * colour + 2


def tile_count(ncolours):
    return _BASE + 3 * ncolours


def set_palette(pal, contrast):
    colours = CONTRAST if contrast else NORMAL
    for i, c in enumerate(colours):
        pal[i] = c


def sheet_bytes(cell, ncolours):
    """Heap estimate of the sheet bitmap (4 bits per pixel, rows padded to 32 bits)."""
    w = cell * tile_count(ncolours)
    return (w * 4 + 31) // 32 * 4 * cell
