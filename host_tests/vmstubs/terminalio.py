"""Minimal terminalio for the MicroPython VM runs: one glyph sheet, as on CircuitPython."""

import displayio


class _Glyph:
    def __init__(self, bitmap, tile):
        self.bitmap = bitmap
        self.tile_index = tile
        self.width = 6
        self.height = 12
        # fontio.Glyph's placement fields (adafruit_display_text reads them)
        self.dx = 0
        self.dy = 0
        self.shift_x = 6
        self.shift_y = 0


class _Font:
    def __init__(self):
        self.bitmap = displayio.Bitmap(6 * 95, 12, 2)

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, code):
        return _Glyph(self.bitmap, code - 32) if 32 <= code < 127 else None


FONT = _Font()
