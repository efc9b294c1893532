"""The game screen's parts every face shows, changed in place: the board's tile grid and
the side panel's texts, boxes and buttons (a face's render writes them from its game's
state). quadpocket.build makes these objects (it is imported only while building and
dropped afterwards); this module holds only what runs after every move, and writes only
tiles and colours that differ, so a move redraws two or three cells and a line.

Text is a TileGrid over the built-in terminal font (1 byte a character); FONT maps the
printable ASCII characters 0x20..0x7E to the font's tile numbers.
"""

# Board sheet palette roles (16 entries; colours in quadpocket.build).
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

# Board sheet tiles; per colour two tiles follow: plain and with the last-move cursor (the
# winning square is outlined over the board, quadpocket.over). A board of more than two
# colours (Still's Quad for 3-6 players, Duel) has one tile a colour instead and rings its
# marbles on a layer of its own (Board.ring): 6 colours' ringed tiles were 1.2 KB of sheet
# on the PyPortal, 2 KB on the Titano.
T_OFF = 0
T_EMPTY = 1
T_STAR = 2
T_STAR_CUR = 3
T_TRAIN = 4
T_HINT_MARBLE = 5
T_HINT_STAR = 6
T_MARK = 7
T_MARBLE = 8  # + 2 * colour (+1: last-move cursor), or + colour (Board.step 1); then, in
#               Trek and Rapid only, board.left: an empty cell framed, a moved marble's old
#               cell
T_RING = T_STAR_CUR  # on the ring layer (only the cursor's colour opaque): the frame alone

# Panel palette roles (8 entries; 0 and 1 are free: backgrounds are the screen's black).
TURN = 2
FILL = 3
SELECT = 4
ARMED = 5
BUTTON = 6
OFF = 7

FONT = None  # bytes: tile of chr(0x20 + i); set by quadpocket.build


def put(tg, row, text, cols, align=0):
    """Show text on one row of a text TileGrid, cut or padded to cols (align 0 left,
    1 centre); True if any tile changed. Unchanged text writes nothing (no redraw)."""
    font = FONT
    pad = cols - len(text)
    left = pad // 2 if align and pad > 0 else 0
    base = row * cols  # tiles are numbered row by row
    changed = False
    for col in range(cols):
        i = col - left
        code = ord(text[i]) - 32 if 0 <= i < len(text) else 0
        t = font[code] if 0 <= code < 95 else font[0]
        if tg[base + col] != t:
            tg[base + col] = t
            changed = True
    return changed


class Board:
    """One TileGrid over the sprite sheet (n x n cells of `cell` px at bx, by) plus the
    captions and, at the end of a game, the winning square's outline (quadpocket.over).
    ring: None, or (more than two colours) a second TileGrid over the first, in a palette
    where only the cursor's colour is opaque, that frames the ringed marbles (T_RING)."""

    ring = None
    step = 2  # sheet tiles a colour: 2 (plain, ringed), or 1 with a ring layer
    tiny = True  # cells under a fingertip (30 px on 320x240, 40 on 480x320): confirm taps

    def update(self, cells, cursor=(), trainer=(), hint=(), hint_stars=(), mark=None):
        """Bring the tiles in line with `cells` plus overlays; True if anything changed.
        cursor: cells of the last move; trainer/hint_stars/mark: empty cells; hint: empty
        cells, and a hinted move's marble (Trek, Rapid)."""
        n = self.n
        grid = self.grid
        top = self.ncolours - 1
        changed = self.ring is not None and self.rings(cells, cursor, hint)
        for x in range(n * n):
            v = cells[x]
            if v == 255:
                t = T_OFF
            elif v == 0:
                t = (T_MARK if x == mark else self.left if x in cursor else
                     T_HINT_MARBLE if x in hint else
                     T_HINT_STAR if x in hint_stars else T_TRAIN if x in trainer else T_EMPTY)
            elif v == 1:
                t = T_STAR_CUR if x in cursor else T_STAR
            else:
                # ringed: the last move's, the one picked, or the one a hint moves (the
                # ringed tile, or the ring layer's frame: rings)
                t = T_MARBLE + self.step * min(v - 2, top) + (
                    self.ring is None and (x in cursor or x in hint))
            i = (n - 1 - x // n) * n + x % n  # grid tiles run row by row from the top
            if grid[i] != t:
                grid[i] = t
                changed = True
        return changed

    def rings(self, cells, cursor, hint):
        """The ring layer: a frame over each marble of cursor or hint, nothing elsewhere;
        True if a tile changed. (Apart from update: more locals there left words on the
        stack that kept ~400 bytes of a game switched away, on CircuitPython's VM.)"""
        n = self.n
        ring = self.ring
        changed = False
        for x in range(n * n):
            r = T_RING if cells[x] not in (0, 1, 255) and (x in cursor or x in hint) else T_OFF
            i = (n - 1 - x // n) * n + x % n
            if ring[i] != r:
                ring[i] = r
                changed = True
        return changed

    def centre(self, x):
        """Screen pixel at the centre of cell x."""
        n = self.n
        c = self.cell
        return self.bx + (x % n) * c + c // 2, self.by + (n - 1 - x // n) * c + c // 2

    def cell_at(self, sx, sy, cells):
        """Screen point -> cell index, "off" (a removed corner) or None."""
        n = self.n
        c = self.cell
        dx = sx - self.bx
        dy = sy - self.by
        if dx < 0 or dy < 0 or dx >= n * c or dy >= n * c:
            return None
        x = (n - 1 - dy // c) * n + dx // c
        return "off" if cells[x] == 255 else x


class Panel:
    """Status text, six buttons and a seat row per seat. Button i (0..3 the shell's
    common ones, Undo Hint Menu Moves in every face; 4 and 5 a face's own, hidden until it
    sets them) is a filled rectangle, fills[i], with a one-row text TileGrid, labels[i]. A
    seat row is two filled boxes, boxes[2 * seat] and boxes[2 * seat + 1], and one text row
    with both counts, counts[seat]; the seat to move has a bright frame (one rectangle
    behind its row). Only buttons answer a tap: a seat row shows, it is no target."""

    covered = False  # a long message hides the seat rows (render)

    def set_info(self, lines):
        """Status lines from the top; rows past the list are cleared."""
        changed = False
        for row in range(self.rows):
            changed = put(self.info, row, lines[row] if row < len(lines) else "",
                          self.cols) or changed
        return changed

    def fill(self, f, role):
        """Rectangle f's fill colour (a panel palette role); True if it changed."""
        if f.color_index == role:
            return False
        f.color_index = role
        return True

    def set_button(self, i, name, text, enabled=True, lit=False):
        """Button i shows text and reports taps as name (None hides it; not enabled: dim,
        no target; lit: the armed colour, a mode that is on)."""
        self.names[i] = name if enabled else None
        self.slots[i] = name
        hide = name is None
        f = self.fills[i]
        lab = self.labels[i]
        changed = False
        if lab.hidden != hide:
            lab.hidden = f.hidden = hide
            changed = True
        if hide:
            return changed
        changed = put(lab, 0, text, lab.width, 1) or changed
        if self.fill(f, ARMED if lit else BUTTON if enabled else OFF):
            lab.pixel_shader = self.pals[0 if enabled else 1]  # text: normal or dim
            changed = True
        return changed

    def set_seats(self, marbles, stars, turn, armed, visible=True):
        """marbles/stars: counts per seat; turn: the seat to move (its row gets a frame)."""
        changed = False
        if self.seats.hidden == visible:
            self.seats.hidden = not visible
            changed = True
        if not visible:
            return changed
        boxes = self.boxes
        y = boxes[2 * turn].y - 2
        if self.turn.y != y:
            self.turn.y = y
            changed = True
        for seat in range(len(marbles)):
            mine = seat == turn
            i = 2 * seat
            changed = self.fill(boxes[i], SELECT if mine and not armed else FILL) or changed
            changed = self.fill(boxes[i + 1], ARMED if mine and armed else FILL) or changed
            changed = put(self.counts[seat], 0, "%2d" % marbles[seat] + " " * (self.gap - 2)
                          + "%2d" % stars[seat], self.gap + 2) or changed
        return changed

    def hit(self, x, y):
        """-> the name of the button under (x, y), or None (nothing, or a button hidden or
        disabled)."""
        names = self.names
        for i in range(len(names)):
            f = self.fills[i]
            if f.x <= x < f.x + f.width and f.y <= y < f.y + f.height:
                return names[i]
        return None
