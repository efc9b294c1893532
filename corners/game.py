"""The checked game: every public method validates first and changes nothing on a
ValueError. Faces, the command line, saves and SGF use only this; the computer player
works on the unchecked Board underneath and leaves it as it found it.

    g = Game("duo")                  # "duo", "classic", "classic_3", "classic_2"
    g = Game("classic", start="any") # a first piece may cover any board corner
    g.play("e10,e11,e12,f12,g12")    # the colour to move places; ValueError if illegal
    g.turn                           # colour to move, None when the game is over
    g.undo()
    g.scores()                       # per colour: -1 a square in hand, +15 all, +5 more
    g.player_scores(); g.winners()   # per player; the best players once over

Colours that cannot place are passed over (for good: placing only ever takes room away);
the game is over when no colour can place.
"""

from .board import MAXMOVES, MAXPLY, Board
from .notation import cell_name, format_cells, parse_move
from .pieces import CX, CY, NAMES, NCELL, NORIENT, NPIECES, PIECE, SQUARES

VARIANTS = ("duo", "classic", "classic_3", "classic_2")
STARTS = ("fixed", "any")
# Colour names as the pieces are drawn: Duo's two are purple and orange (Pentobi's board
# too; its SGF and GTP call them B and W, black and white: corners.sgf, tools/pentobi.py).
COLOURS = {"duo": ("Purple", "Orange")}
CLASSIC_COLOURS = ("Blue", "Yellow", "Red", "Green")
WIDTH = {"duo": 14, "classic": 20, "classic_3": 20, "classic_2": 20}
NPLAYERS = {"duo": 2, "classic": 4, "classic_3": 3, "classic_2": 2}


def _starts(variant, start):
    if variant == "duo":
        if start != "fixed":
            raise ValueError("Duo has its two starting points: start must be 'fixed'")
        return (((4, 9),), ((9, 4),))          # e10 and j5
    corners = ((0, 19), (19, 19), (19, 0), (0, 0))   # a20 t20 t1 a1
    if start == "fixed":
        return tuple((c,) for c in corners)
    return (corners,) * 4


def _check(variant, start):
    if variant not in VARIANTS:
        raise ValueError("variant must be one of %s (not %r)" % (", ".join(VARIANTS), variant))
    if start not in STARTS:
        raise ValueError("start must be 'fixed' or 'any' (not %r)" % (start,))


class Game:
    VARIANTS = VARIANTS
    STARTS = STARTS

    def __init__(self, variant="duo", start="fixed"):
        _check(variant, start)
        self.variant = variant
        self.start = start
        self.width = WIDTH[variant]
        self.ncol = 2 if variant == "duo" else 4
        self.colours = COLOURS.get(variant, CLASSIC_COLOURS)
        self.nplayers = NPLAYERS[variant]
        self.starts = _starts(variant, start)
        self.board = Board(self.width, self.ncol, self.starts)
        self.turn = 0
        self.out = 0            # bit c: colour c can place no more
        # Per placement 4 bytes: the move code (2 bytes, see code_of), colour, `out`
        # before it. 84 placements at most: 336 bytes, made once (MicroPython's bytearray
        # cannot delete a slice).
        self._log = bytearray(4 * MAXPLY)
        self._n = 0

    # -- questions ------------------------------------------------------------------------
    @property
    def over(self):
        return self.turn is None

    @property
    def plies(self):
        return self._n

    def at(self, x, y):
        """0 empty, 1.. the colour + 1."""
        return self.board.cells[self.board.index(x, y)]

    def in_hand(self, c):
        """The pieces colour c still holds, as piece numbers (pieces.NAMES)."""
        left = self.board.left[c]
        return [p for p in range(NPIECES) if left >> p & 1]

    def scores(self):
        """Each colour's score by the seed's rule: -1 for each square in hand; +15 for
        placing all 21 pieces, +5 more if the single square was the last of them."""
        b = self.board
        out = []
        for c in range(self.ncol):
            s = b.placed[c] - SQUARES
            if not b.left[c]:
                s += 20 if b.last[c] == 0 else 15
            out.append(s)
        return out

    def player_of(self, c, nth=None):
        """The player (0-based) who places colour c's piece number `nth` (0-based; default
        its next). classic_3: the fourth colour is played by each player in turn."""
        v = self.variant
        if v == "classic_2":
            return c % 2
        if v == "classic_3" and c == 3:
            if nth is None:
                nth = sum(1 for i in range(2, 4 * self._n, 4) if self._log[i] == 3)
            return nth % 3
        return c

    def player_scores(self):
        """Scores per player: Duo and Classic a colour each; classic_2 the sum of each
        player's two colours; classic_3 the three own colours (the shared fourth counts for
        nobody)."""
        s = self.scores()
        if self.variant == "classic_2":
            return [s[0] + s[2], s[1] + s[3]]
        return s[:self.nplayers]

    def winners(self):
        """The players with the best score (several on a tie); [] while the game goes on."""
        if self.turn is not None:
            return []
        s = self.player_scores()
        best = max(s)
        return [p for p in range(len(s)) if s[p] == best]

    # -- placements, for a face's dots and ghost previews -----------------------------------
    def moves(self, piece=None):
        """The legal placements (move ints) of the colour to move, of one piece or all."""
        if self.turn is None:
            return []
        b = self.board
        buf = _scratch()
        k = b.gen(self.turn, buf, 0, len(buf), -1 if piece is None else 1 << piece)
        return [buf[i] for i in range(k)]

    def corner_places(self):
        """The cells (x, y) where the colour to move can lay a piece now (its corner places
        that at least one placement covers), sorted."""
        if self.turn is None:
            return []
        b = self.board
        c = self.turn
        mask = 0xF0 | 1 << c
        out = []
        for j in range(b.base(c), b.ncl[c]):
            i = b.cl[c][j]
            if not b.blk[i] & mask:
                out.append(i)
        seen = []
        for m in self.moves():
            for i in b.move_cells(m):
                if i in out and i not in seen:
                    seen.append(i)
        return sorted(b.xy(i) for i in seen)

    def orientation_of(self, xys):
        """(orientation, anchor (x, y)) of a set of cells; ValueError if they are not one
        of the 21 pieces."""
        cells = sorted(xys, key=lambda c: (c[1], c[0]))
        x0, y0 = cells[0]
        n = len(cells)
        for o in range(NORIENT):
            if NCELL[o] != n:
                continue
            for j in range(n):
                if CX[o * 5 + j] - 8 != cells[j][0] - x0 or CY[o * 5 + j] - 8 != cells[j][1] - y0:
                    break
            else:
                return o, (x0, y0)
        raise ValueError("%s is not one of the 21 pieces (1 to 5 squares joined by edges)"
                         % format_cells(xys))

    def move_of(self, o, x, y):
        """The move int of orientation o with its cell 0 on (x, y) (not checked for
        legality: see why_not)."""
        if not (isinstance(o, int) and 0 <= o < NORIENT):
            raise ValueError("orientation must be 0..%d" % (NORIENT - 1))
        if not (0 <= x < self.width and 0 <= y < self.width):
            raise ValueError("(%r, %r) is off the board" % (x, y))
        return self.board.index(x, y) << 7 | o

    def cells_of(self, m):
        """The (x, y) cells of a move int (cells off the board included as they fall)."""
        b = self.board
        return [b.xy(i) for i in b.move_cells(m)]

    def why_not(self, m):
        """None if move int m is legal for the colour to move, else the reason (text)."""
        if self.turn is None:
            return "the game is over"
        b = self.board
        c = self.turn
        o = m & 127
        if not 0 <= o < NORIENT or not b.on_board(m >> 7):
            return "not a placement"
        cells = b.move_cells(m)
        for i in cells:
            if not b.on_board(i):
                return "the piece leaves the board"
        name = self.colours[c]
        text = format_cells([b.xy(i) for i in cells])
        p = PIECE[o]
        if not b.left[c] >> p & 1:
            return "%s has already played its %s piece (%s)" % (name, NAMES[p], text)
        for i in cells:
            if b.cells[i]:
                return "%s is taken" % cell_name(*b.xy(i))
        bit = 1 << c
        for i in cells:
            if b.blk[i] & bit:
                return "%s shares an edge with a %s piece" % (cell_name(*b.xy(i)), name)
        if not any(b.cm[i] & bit for i in cells):
            if not b.placed[c]:
                return "%s's first piece must cover %s" % (name, " or ".join(
                    cell_name(x, y) for x, y in self.starts[c]))
            return "%s must touch a %s piece corner to corner" % (text, name)
        return None

    def can_place(self, o, x, y):
        """Whether orientation o with its cell 0 on (x, y) is legal now (ghost preview)."""
        try:
            m = self.move_of(o, x, y)
        except ValueError:
            return False
        return self.why_not(m) is None

    # -- the checked API --------------------------------------------------------------------
    def parse(self, text):
        """The move int of a move's text; ValueError if it is not one of the pieces on the
        board (legality is why_not's)."""
        xys = parse_move(text, self.width)
        o, (x, y) = self.orientation_of(xys)
        return self.board.index(x, y) << 7 | o

    def play(self, text):
        if self.turn is None:
            raise ValueError("the game is over")
        self.apply_move(self.parse(text))

    def apply_move(self, m):
        why = self.why_not(m)
        if why is not None:
            raise ValueError(why)
        self._apply(m)

    def undo(self):
        """Take back the last placement (and the passes after it); returns its move int."""
        if not self._n:
            raise ValueError("nothing to undo")
        self.board.unmake()
        self._n -= 1
        k = 4 * self._n
        c = self._log[k + 2]
        self.out = self._log[k + 3]
        m = self.board.hm[self.board.ply]
        for j in range(k, k + 4):
            self._log[j] = 0
        self.turn = c
        return m

    def text_of(self, m):
        return format_cells(self.cells_of(m))

    def record(self):
        """One move a line."""
        return "\n".join(self.text_of(self.move_at(i)) for i in range(self.plies))

    def move_at(self, i):
        """(the move int of) placement i."""
        return self.decode(self._log[4 * i] << 8 | self._log[4 * i + 1])

    def colour_at(self, i):
        return self._log[4 * i + 2]

    def code_of(self, m):
        """A move int as a 16-bit code: the anchor's board number (y * width + x) * 91 +
        orientation (< 36,400), for saves."""
        x, y = self.board.xy(m >> 7)
        return (y * self.width + x) * NORIENT + (m & 127)

    def decode(self, code):
        a = code // NORIENT
        return self.board.index(a % self.width, a // self.width) << 7 | code % NORIENT

    def to_bytes(self):
        from .save import dump
        return dump(self)

    @classmethod
    def from_bytes(cls, data):
        from .save import load
        return load(cls, data)

    # -- inside -------------------------------------------------------------------------
    def _apply(self, m):
        b = self.board
        c = self.turn
        code = self.code_of(m)
        k = 4 * self._n
        self._log[k] = code >> 8
        self._log[k + 1] = code & 255
        self._log[k + 2] = c
        self._log[k + 3] = self.out
        self._n += 1
        b.make(m, c)
        n = self.ncol
        for k in range(1, n + 1):
            d = (c + k) % n
            if self.out >> d & 1:
                continue
            if b.any_move(d):
                self.turn = d
                return
            self.out |= 1 << d
        self.turn = None


_BUF = None


def _scratch():
    """moves()'s scratch, made at its first use and kept (a placement list per call would
    cost its size in heap every time): MAXMOVES slots (board.py)."""
    global _BUF
    if _BUF is None:
        from array import array
        _BUF = array("H", bytes(2 * MAXMOVES))
    return _BUF


__all__ = ["Game", "VARIANTS", "STARTS"]
