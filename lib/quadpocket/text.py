"""Monospaced text as one TileGrid over the built-in font (1 byte per character cell).

adafruit_display_text's Label makes one TileGrid object per glyph (~100 bytes each on the
device), so a 13-character status line costs more than a whole 53x17 help page here.
TextGrid keeps a fixed cols x rows grid of tile indices instead; setting the same text twice
changes nothing and costs no redraw.
"""

import displayio
import terminalio

_FIRST = 0x20  # space; the sheet holds the printable ASCII range 0x20..0x7E
_COUNT = 95

_sheet = None  # (bitmap, tile_w, tile_h, tile index table as bytes)


def font_sheet():
    """The glyph sheet shared by every TextGrid, built once.

    On CircuitPython terminalio.FONT.bitmap is already one Bitmap holding every glyph, so
    it is used as it is (no copy). Blinka keeps one small Bitmap per glyph instead: then the
    95 printable glyphs are copied once into a 1-bit sheet (570 x 12 px = 864 bytes).
    """
    global _sheet
    if _sheet is not None:
        return _sheet
    font = terminalio.FONT
    gw, gh = font.get_bounding_box()[:2]
    ga = font.get_glyph(ord("A"))
    gb = font.get_glyph(ord("B"))
    sheet = getattr(font, "bitmap", None)
    index = bytearray(_COUNT)
    if (isinstance(sheet, displayio.Bitmap) and ga is not None and gb is not None
            and ga.bitmap is sheet and gb.bitmap is sheet):
        space = font.get_glyph(_FIRST)
        for i in range(_COUNT):
            g = font.get_glyph(_FIRST + i)
            index[i] = (g or space).tile_index
    else:
        sheet = displayio.Bitmap(gw * _COUNT, gh, 2)
        for i in range(_COUNT):
            index[i] = i
            g = font.get_glyph(_FIRST + i)
            if g is None or g.width == 0:
                continue
            src = g.bitmap
            per_row = src.width // g.width
            sx = (g.tile_index % per_row) * g.width
            sy = (g.tile_index // per_row) * g.height
            # Blinka's terminal font glyphs fill the whole 6x12 box (dx 0), so copy 1:1.
            for y in range(min(g.height, gh)):
                for x in range(min(g.width, gw)):
                    if src[sx + x, sy + y]:
                        sheet[i * gw + x, y] = 1
    _sheet = (sheet, gw, gh, bytes(index))
    return _sheet


def char_size():
    """(width, height) of one character cell in pixels at scale 1."""
    s = font_sheet()
    return s[1], s[2]


class TextGrid:
    """cols x rows characters at (x, y); scale 1 or 2; colours from a 2-entry palette
    whose entry 0 is usually transparent so the text sits on any background."""

    def __init__(self, cols, rows, palette, x=0, y=0, scale=1):
        sheet, gw, gh, self._index = font_sheet()
        self.cols = cols
        self.rows = rows
        self._space = self._index[0]
        self.grid = displayio.TileGrid(sheet, pixel_shader=palette, width=cols,
                                       height=rows, tile_width=gw, tile_height=gh,
                                       default_tile=self._space)
        self.group = displayio.Group(scale=scale, x=x, y=y)
        self.group.append(self.grid)
        self._lines = [""] * rows

    def set_line(self, row, text, align=0):
        """Write one line (cut to cols). align: 0 left, 1 centre, 2 right. Unchanged text
        returns at once (no tile writes, no redraw)."""
        text = text[:self.cols]
        pad = self.cols - len(text)
        if align == 1:
            text = " " * (pad // 2) + text
        elif align == 2:
            text = " " * pad + text
        if self._lines[row] == text:
            return False
        old = len(self._lines[row])
        self._lines[row] = text
        grid = self.grid
        index = self._index
        for col, ch in enumerate(text):
            code = ord(ch) - _FIRST
            if code < 0 or code >= _COUNT:
                code = 0
            grid[col, row] = index[code]
        for col in range(len(text), old):
            grid[col, row] = self._space
        return True

    def set_lines(self, lines, align=0):
        """Fill the grid from a list of strings; rows past the list are cleared."""
        changed = False
        for row in range(self.rows):
            text = lines[row] if row < len(lines) else ""
            changed = self.set_line(row, text, align) or changed
        return changed

    def line(self, row):
        return self._lines[row].strip()

    def text(self):
        """Everything shown, one line per row, trailing blanks removed (tests read this)."""
        return "\n".join(s.rstrip() for s in self._lines).rstrip()

    @property
    def palette(self):
        return self.grid.pixel_shader

    @palette.setter
    def palette(self, pal):
        if self.grid.pixel_shader is not pal:
            self.grid.pixel_shader = pal


def wrap(text, width):
    """Word-wrap text to lines of at most width characters; '\\n' forces a break."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line = line + " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def draw_text(bmp, x, y, text, value=1):
    """Copy glyph pixels of `text` into bmp at (x, y) (scale 1). Used once at build time
    for fixed captions that must sit at arbitrary pixel positions (board coordinates)."""
    sheet, gw, gh, index = font_sheet()
    per_row = sheet.width // gw
    for ch in text:
        code = ord(ch) - _FIRST
        t = index[code if 0 <= code < _COUNT else 0]
        sx = (t % per_row) * gw
        sy = (t // per_row) * gh
        for yy in range(gh):
            ty = y + yy
            if 0 <= ty < bmp.height:
                for xx in range(gw):
                    tx = x + xx
                    if 0 <= tx < bmp.width and sheet[sx + xx, sy + yy]:
                        bmp[tx, ty] = value
        x += gw
