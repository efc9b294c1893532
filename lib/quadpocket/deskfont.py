"""The glyph sheet on a desktop (Blinka displayio keeps a Bitmap per glyph): the 95
printable glyphs copied once into one 1-bit sheet, 570 x 12 px. Only quadpocket.build's
fonts() loads it (App.use), and only when the font has no sheet of its own (never on the device:
CircuitPython's terminalio.FONT.bitmap is one), so the device's build module does not carry
this code while it builds the screen (issue 22: every byte of it then is a byte of the
Titano's heap).
"""

import displayio


def glyphs(font, index):
    """-> the sheet; index[i] is set to the tile of chr(32 + i). Made once a process: the
    sheet is only read, so every App after the first (a test suite makes hundreds) gets
    the same one, kept on the font."""
    for i in range(95):
        index[i] = i
    sheet = getattr(font, "_quadpocket_sheet", None)
    if sheet is not None:
        return sheet
    sheet = _make(font)
    try:
        font._quadpocket_sheet = sheet
    except AttributeError:  # a font that takes no attributes: made each time
        pass
    return sheet


def _make(font):
    sheet = displayio.Bitmap(6 * 95, 12, 2)
    for i in range(95):
        g = font.get_glyph(32 + i)
        if g is None or g.width == 0:
            continue
        per_row = g.bitmap.width // g.width
        sx = (g.tile_index % per_row) * g.width
        sy = (g.tile_index // per_row) * g.height
        for y in range(min(g.height, 12)):
            for x in range(min(g.width, 6)):
                if g.bitmap[sx + x, sy + y]:
                    sheet[i * 6 + x, y] = 1
    return sheet
