"""Panel colours and the one widget: a framed box with a centred line of text.

A box is two vectorio Rectangles (frame, fill) and a one-row TextGrid: no bitmaps, about
250 bytes on the device. Colour changes are one color_index write each, so arming the
star box redraws only that box.
"""

import displayio
import vectorio

from quadpocket.layout import inside
from quadpocket.text import TextGrid

# UI palette roles
BG = 0
FRAME = 1
TURN = 2
FILL = 3
SELECT = 4
ARMED = 5
BUTTON = 6
OFF = 7

_UI_NORMAL = (0x101820, 0x506478, 0xFFD800, 0x243444, 0x3C6488, 0xF07800, 0x34546E,
              0x1A222A)
_UI_CONTRAST = (0x000000, 0xFFFFFF, 0xFFFF00, 0x000000, 0x0050A0, 0xFFFF00, 0x000000,
                0x000000)
# text colours: normal, on armed fill, disabled
_TEXT_NORMAL = (0xFFFFFF, 0x000000, 0x6A7680)
_TEXT_CONTRAST = (0xFFFFFF, 0x000000, 0x808080)


class Theme:
    """The shared palettes: one 8-entry UI palette and three 2-entry text palettes."""

    def __init__(self, contrast=False):
        self.ui = displayio.Palette(8)
        self.text = displayio.Palette(2)
        self.text_dark = displayio.Palette(2)
        self.text_dim = displayio.Palette(2)
        for p in (self.text, self.text_dark, self.text_dim):
            p.make_transparent(0)
        self.contrast = None
        self.set_contrast(contrast)

    def set_contrast(self, contrast):
        contrast = bool(contrast)
        if contrast == self.contrast:
            return False
        self.contrast = contrast
        ui = _UI_CONTRAST if contrast else _UI_NORMAL
        for i, c in enumerate(ui):
            self.ui[i] = c
        t = _TEXT_CONTRAST if contrast else _TEXT_NORMAL
        for pal, c in zip((self.text, self.text_dark, self.text_dim), t):
            pal[0] = 0
            pal[1] = c
        return True


def rect(theme, x, y, w, h, colour):
    r = vectorio.Rectangle(pixel_shader=theme.ui, width=max(1, w), height=max(1, h), x=x, y=y)
    # set after construction: circuitpython-stubs 10.3.1 lack the (real) color_index keyword
    r.color_index = colour
    return r


class Box:
    """Framed rectangle with one line of centred text (cols wide) and an optional icon
    placed by the caller into .group. rect = (x, y, w, h) in screen pixels."""

    def __init__(self, theme, x, y, w, h, cols, ts=1, text_x=None):
        self.theme = theme
        self.rect = (x, y, w, h)
        self.group = displayio.Group()
        self.frame = rect(theme, x, y, w, h, FRAME)
        self.fill = rect(theme, x + 1, y + 1, w - 2, h - 2, BUTTON)
        self.group.append(self.frame)
        self.group.append(self.fill)
        cw, ch = 6 * ts, 12 * ts
        cols = max(1, min(cols, (w - 2) // cw))
        tx = x + (w - cols * cw) // 2 if text_x is None else text_x
        self.label = TextGrid(cols, 1, theme.text, tx, y + (h - ch) // 2, ts)
        self.group.append(self.label.group)
        self._state = None
        self._frame_colour = FRAME

    def set_text(self, text):
        return self.label.set_line(0, text, 1)

    @property
    def text(self):
        return self.label.line(0)

    def set_state(self, fill, frame=FRAME):
        """fill: a UI palette role (BUTTON, FILL, SELECT, ARMED, OFF); frame: FRAME/TURN."""
        changed = False
        if fill != self._state:
            self._state = fill
            self.fill.color_index = fill
            th = self.theme
            self.label.palette = (th.text_dark if fill == ARMED else
                                  th.text_dim if fill == OFF else th.text)
            changed = True
        if frame != self._frame_colour:
            self._frame_colour = frame
            self.frame.color_index = frame
            changed = True
        return changed

    @property
    def state(self):
        return self._state

    def hit(self, x, y):
        return not self.group.hidden and inside(self.rect, x, y)

    def show(self, visible):
        if self.group.hidden == visible:
            self.group.hidden = not visible
            return True
        return False
