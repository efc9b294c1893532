"""Menu screen (a title and up to 12 buttons) and text screen (a title, a page of text and
three buttons). Each exists once; pages only rewrite texts, so opening a menu allocates
nothing after the first time."""

import displayio

from quadpocket import widgets
from quadpocket.text import TextGrid
from quadpocket.widgets import Box

MENU_SLOTS = 12


class MenuScreen:
    def __init__(self, lay, theme):
        ts, cw, ch = lay.ts, lay.cw, lay.ch
        self.group = displayio.Group()
        self.group.append(widgets.rect(theme, 0, 0, lay.w, lay.h, widgets.BG))
        self.title = TextGrid(lay.w // cw, 1, theme.text, 0, 3, ts)
        self.group.append(self.title.group)
        top = ch + 8
        rows = MENU_SLOTS // 2
        bh = (lay.h - top - 2) // rows - 3
        bw = (lay.w - 9) // 2
        self.buttons = []
        for i in range(MENU_SLOTS):
            x = 3 + (i % 2) * (bw + 3)
            y = top + (i // 2) * (bh + 3)
            b = Box(theme, x, y, bw, bh, bw // cw, ts)
            b.set_state(widgets.BUTTON)
            self.buttons.append(b)
            self.group.append(b.group)
        self.names = [None] * MENU_SLOTS

    def set_page(self, title, items):
        """items: list of (name, text); a None item leaves its slot empty."""
        self.title.set_line(0, title, 1)
        for i, b in enumerate(self.buttons):
            item = items[i] if i < len(items) else None
            self.names[i] = item[0] if item else None
            b.show(item is not None)
            if item:
                b.set_text(item[1])

    def texts(self):
        return [b.text for b in self.buttons if not b.group.hidden]

    def hit(self, x, y):
        for i, b in enumerate(self.buttons):
            if b.hit(x, y):
                return self.names[i]
        return None


class TextScreen:
    def __init__(self, lay, theme):
        ts, cw, ch = lay.ts, lay.cw, lay.ch
        self.group = displayio.Group()
        self.group.append(widgets.rect(theme, 0, 0, lay.w, lay.h, widgets.BG))
        self.title = TextGrid(lay.w // cw, 1, theme.text, 0, 3, ts)
        self.group.append(self.title.group)
        bh = ch + 10 * ts
        top = ch + 8
        self.cols = (lay.w - 8) // cw
        self.rows = (lay.h - top - bh - 6) // ch
        self.body = TextGrid(self.cols, self.rows, theme.text, 4, top, ts)
        self.group.append(self.body.group)
        bw = (lay.w - 12) // 3
        self.buttons = []
        for i in range(3):
            b = Box(theme, 3 + i * (bw + 3), lay.h - bh - 3, bw, bh, bw // cw, ts)
            b.set_state(widgets.BUTTON)
            self.buttons.append(b)
            self.group.append(b.group)
        self.names = [None] * 3

    def set_page(self, title, lines, buttons):
        """buttons: three (name, text) pairs or None for an empty slot."""
        self.title.set_line(0, title, 1)
        self.body.set_lines(lines)
        for i, b in enumerate(self.buttons):
            item = buttons[i] if i < len(buttons) else None
            self.names[i] = item[0] if item else None
            b.show(item is not None)
            if item:
                b.set_text(item[1])

    def hit(self, x, y):
        for i, b in enumerate(self.buttons):
            if b.hit(x, y):
                return self.names[i]
        return None
