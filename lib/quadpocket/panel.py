"""Side panel: status lines, one marble box and one star box per seat, four buttons.

Seat rows shrink to fit 2..6 seats. The seat to move gets a bright frame on both its
boxes; its marble box is lit in marble mode, its star box turns orange (dark text) when a
star is armed, and the status line spells the mode out, so no state is shown by colour
alone. At game over the seat rows hide and the same text grid shows result and records.
"""

import displayio

from quadpocket import widgets
from quadpocket.text import TextGrid
from quadpocket.widgets import Box

BUTTONS = 4


class Panel:
    def __init__(self, lay, theme, sheet, sheet_palette, seat_colours, star_tile):
        self.lay = lay
        self.theme = theme
        ts, cw, ch = lay.ts, lay.cw, lay.ch
        x0, y0, w = lay.px, lay.py, lay.pw
        self.group = displayio.Group()
        self.group.append(widgets.rect(theme, lay.px - 2, 0, lay.w - lay.px + 2, lay.h,
                                       widgets.BG))
        # Buttons: 2 x 2 at the bottom.
        bh = ch + 10 * ts
        bw = (w - 2) // 2
        self.buttons = []
        top = lay.py + lay.ph - 2 * bh - 2
        for i in range(BUTTONS):
            bx = x0 + (i % 2) * (bw + 2)
            by = top + (i // 2) * (bh + 2)
            b = Box(theme, bx, by, bw, bh, bw // cw, ts)
            self.buttons.append(b)
            self.group.append(b.group)
        self.names = [None] * BUTTONS   # what a tap reports (None: disabled)
        self.slots = [None] * BUTTONS   # what each slot shows, enabled or not
        # Text rows from the top down to the buttons.
        rows = max(2, (top - y0 - 2) // ch)
        self.info = TextGrid(w // cw, rows, theme.text, x0 + (w - (w // cw) * cw) // 2, y0,
                             ts)
        self.group.append(self.info.group)
        # Seat rows between the two status lines and the buttons.
        nseats = len(seat_colours)
        first = y0 + 2 * ch + 4
        row_h = min(lay.cell + 8, (top - first - 2) // nseats)
        box_w = (w - 2) // 2
        self.seat_group = displayio.Group()
        self.marble_boxes = []
        self.star_boxes = []
        icon = min(lay.cell, row_h - 4)
        for seat in range(nseats):
            y = first + seat * row_h
            for kind in range(2):
                bx = x0 + kind * (box_w + 2)
                tile = star_tile if kind else seat_colours[seat]
                box = Box(theme, bx, y, box_w, row_h - 2, 2, ts,
                          text_x=bx + 2 + icon + max(1, (box_w - icon - 2 - 2 * cw) // 2))
                box.set_state(widgets.FILL)
                tg = displayio.TileGrid(sheet, pixel_shader=sheet_palette, width=1, height=1,
                                        tile_width=lay.cell, tile_height=lay.cell,
                                        default_tile=tile, x=bx + 2 + (icon - lay.cell) // 2,
                                        y=y + (row_h - 2 - lay.cell) // 2)
                if icon < lay.cell:
                    # Rows thinner than a cell (many seats, big cells) would spill the icon
                    # into the next row: leave it out, the count and frame still show.
                    tg.hidden = True
                box.group.insert(2, tg)
                (self.star_boxes if kind else self.marble_boxes).append(box)
                self.seat_group.append(box.group)
        self.group.append(self.seat_group)
        # First text row below the seat rows (tutorial text goes there).
        self.free_row = (first + nseats * row_h - y0 + ch - 1) // ch

    def set_button(self, i, name, text, enabled=True):
        """Slot i shows `text` and reports taps as `name` (None hides the button)."""
        b = self.buttons[i]
        self.names[i] = name if enabled else None
        self.slots[i] = name
        changed = b.show(name is not None)
        if name is None:
            return changed
        changed = b.set_text(text) or changed
        return b.set_state(widgets.BUTTON if enabled else widgets.OFF) or changed

    def set_seats(self, marbles, stars, turn, armed, visible=True):
        """marbles/stars: counts per seat; turn: seat to move (None: nobody)."""
        changed = False
        if self.seat_group.hidden == visible:
            self.seat_group.hidden = not visible
            changed = True
        if not visible:
            return changed
        for seat, (mb, sb) in enumerate(zip(self.marble_boxes, self.star_boxes)):
            frame = widgets.TURN if seat == turn else widgets.FRAME
            mine = seat == turn
            changed = mb.set_text("%2d" % marbles[seat]) or changed
            changed = sb.set_text("%2d" % stars[seat]) or changed
            changed = mb.set_state(widgets.SELECT if mine and not armed else widgets.FILL,
                                   frame) or changed
            changed = sb.set_state(widgets.ARMED if mine and armed else widgets.FILL,
                                   frame) or changed
        return changed

    def set_info(self, lines):
        return self.info.set_lines(lines)

    def hit(self, x, y):
        """-> button name, ("marble", seat), ("star", seat) or None."""
        for i, b in enumerate(self.buttons):
            if b.hit(x, y):
                return self.names[i]
        if not self.seat_group.hidden:
            for seat, (mb, sb) in enumerate(zip(self.marble_boxes, self.star_boxes)):
                if mb.hit(x, y):
                    return "marble%d" % seat
                if sb.hit(x, y):
                    return "star%d" % seat
        return None
