"""The checked game: every public method validates first and changes nothing on a
ValueError. The UI, the command line and save/load use only this; the computer player works
on the unchecked Board underneath and leaves it as it found it.

    g = Game(counters=15)      # 12, 15, 20 or 25 counters each
    g.play("d4")               # a drop; "d4-d5" a move; "c3xd3" takes d3 (not written: declined)
    g.undo()
    g.result                   # None, ("win", seat, "four"|"stalemate"|"wipe-out"),
                               # or ("draw", None, "repetition")
"""

from array import array

from .board import DIRS, FOUR, NB, OFF, RIM, Board
from .notation import cell_name, format_turn, parse_turn

COUNTERS = (12, 15, 20, 25)
DEFAULT_COUNTERS = 15
COLOUR = ("White", "Black")
# moves()'s scratch list (2 KB: 64 cells x 16 capture choices at the very most, plus
# room), made at its first call and kept: a list of that size per call would cost 4 KB of
# heap each time. Not at import: the device's game screen never lists the moves (only the
# command line and a fallback do), and 2 KB less stays resident all game there.
_MOVES = None


def _check_counters(n):
    if n not in COUNTERS:
        raise ValueError("counters must be one of 12, 15, 20, 25 (not %r)" % (n,))


class Game:
    def __init__(self, counters=DEFAULT_COUNTERS):
        _check_counters(counters)
        self.counters = counters
        self.board = Board(counters)
        self.turn = 0          # colour to move: 0 White, 1 Black
        self.plies = 0
        self.result = None
        self.four = ()         # the cells of the winning four, when there is one
        # Two bytes per turn (the move int, < 2**16), and after each turn the 16 row masks
        # (both colours) for the repetition rule: 18 bytes a turn, ~3.6 KB for 200 turns.
        self._log = bytearray()
        self._snap = bytearray()

    # -- questions ----------------------------------------------------------------------
    def in_hand(self, seat):
        return self.board.hand[seat]

    def on_board(self, seat):
        return self.board.on[seat]

    def at(self, x):
        """0 empty, 1 White, 2 Black."""
        return self.board.cells[x]

    def moves(self):
        """Every legal move int for the side to move (empty when the game is over)."""
        global _MOVES
        if self.result is not None:
            return []
        if _MOVES is None:
            _MOVES = array("H", bytes(2 * 1088))  # zero bytes: no 4 KB list of zeros first
        k = self.board.gen(self.turn, _MOVES, 0, 1088)
        return [_MOVES[i] for i in range(k)]

    def capturable(self, frm, to):
        """Cells that a drop (frm == to) or a move frm -> to would be able to take, sorted;
        [] when the turn itself is illegal."""
        try:
            self._check_place(frm, to)
        except ValueError:
            return []
        return self._cap_cells(frm, to)

    def destinations(self, frm):
        """Empty cells next to the side to move's counter on frm (for a move), sorted."""
        b = self.board
        if self.result is not None or b.hand[self.turn] or b.cells[frm] != self.turn + 1:
            return []
        return sorted(y for y in (NB[frm * 4 + d] for d in range(4))
                      if y != OFF and not b.cells[y])

    def last(self):
        """(frm, to, captured cells) of the last turn, or None."""
        if not self.plies:
            return None
        m = self._log[-2] << 8 | self._log[-1]
        return _decode(m)

    # -- the checked API ------------------------------------------------------------------
    def play(self, text):
        frm, to, caps = parse_turn(text)
        self.turn_of(frm, to, caps)

    def drop(self, x, take=()):
        self.turn_of(x, x, take)

    def step(self, frm, to, take=()):
        self.turn_of(frm, to, take)

    def turn_of(self, frm, to, take=()):
        """Play one whole turn: a drop (frm == to) or a move, taking the counters in `take`
        (each must be one this turn flanks; the others stay: capture is never forced)."""
        self._check_place(frm, to)
        avail = self._cap_cells(frm, to)
        bits = 0
        for y in take:
            if y not in avail:
                raise ValueError("%s cannot be taken by %s" % (
                    cell_name(y) if isinstance(y, int) and 0 <= y < 64 else repr(y),
                    format_turn(frm, to)))
            bits |= 1 << _dir_of(to, y)
        self._apply(to | frm << 6 | bits << 12)

    def apply_move(self, m):
        """Play a move int as made by Board.gen (checked like any other turn)."""
        frm, to, caps = _decode(m)
        self.turn_of(frm, to, caps)

    def undo(self):
        if not self.plies:
            raise ValueError("nothing to undo")
        m = self._log[-2] << 8 | self._log[-1]
        self.plies -= 1
        self.turn ^= 1
        self.board.unmake(m, self.turn)
        del self._log[-2:]
        del self._snap[-16:]
        self.result = None
        self.four = ()
        return m

    def record(self):
        return "\n".join(format_turn(*_decode(self._log[i] << 8 | self._log[i + 1]))
                         for i in range(0, len(self._log), 2))

    def to_bytes(self):
        from .save import dump
        return dump(self)

    @classmethod
    def from_bytes(cls, data):
        from .save import load
        return load(cls, data)

    # -- inside ----------------------------------------------------------------------------
    def _check_place(self, frm, to):
        if self.result is not None:
            raise ValueError("the game is over")
        for v in (frm, to):
            if not isinstance(v, int) or not 0 <= v < 64:
                raise ValueError("%r is not a cell number 0..63" % (v,))
        b = self.board
        c = self.turn
        who = COLOUR[c]
        if b.cells[to]:
            raise ValueError("%s is not empty" % cell_name(to))
        if frm == to:
            if not b.hand[c]:
                raise ValueError("%s has no counters left to drop: move one (e.g. d4-d5)"
                                 % who)
            if c == 0 and b.hand[0] == self.counters - 1 and not RIM[to]:
                raise ValueError("White's second counter must go on the rim (an edge cell)")
            return
        if b.hand[c]:
            raise ValueError("%s still has %d counters to drop before moving" % (who, b.hand[c]))
        if b.cells[frm] != c + 1:
            raise ValueError("%s holds no %s counter" % (cell_name(frm), who))
        if to not in (NB[frm * 4], NB[frm * 4 + 1], NB[frm * 4 + 2], NB[frm * 4 + 3]):
            raise ValueError("%s-%s is not one step up, down, left or right"
                             % (cell_name(frm), cell_name(to)))

    def _cap_cells(self, frm, to):
        b = self.board
        c = self.turn
        if frm != to:
            b.lift(frm, c)
        caps = b.captures(to, c)
        if frm != to:
            b.put(frm, c)
        return sorted(NB[to * 4 + d] for d in range(4) if caps >> d & 1)

    def _apply(self, m):
        b = self.board
        c = self.turn
        b.make(m, c)
        self._log.append(m >> 8)
        self._log.append(m & 255)
        self._snap.extend(b.ln[0:8])
        self._snap.extend(b.ln[16:24])
        self.plies += 1
        self.turn = e = c ^ 1
        if b.has_four(c):
            self._win(c, "four")
        elif m >> 12 and b.has_four(e):
            # Taking a counter out of an enemy five can leave the enemy an exact four.
            self._win(e, "four")
        elif not b.on[e] and not b.hand[e]:
            self._win(c, "wipe-out")
        elif not b.hand[e] and not b.can_step(e):
            self._win(c, "stalemate")
        elif self._repeats() >= 3:
            self.result = ("draw", None, "repetition")

    def _win(self, seat, why):
        self.result = ("win", seat, why)
        if why == "four":
            self.four = four_cells(self.board, seat)

    def _repeats(self):
        """How often the position now (same side to move) has stood, counting now. Only
        turns since the last drop or capture can repeat it: those cannot be undone."""
        log, snap = self._log, self._snap
        p = self.plies
        end = p * 16
        seen = 1
        q = p
        while q >= 3:
            # Positions q-1 and q-2 back: both turns in between must be plain moves.
            for back in (q, q - 1):
                m = log[back * 2 - 2] << 8 | log[back * 2 - 1]
                if (m & 63) == (m >> 6) & 63 or m >> 12:
                    return seen
            q -= 2
            if snap[q * 16 - 16:q * 16] == snap[end - 16:end]:
                seen += 1
        return seen


def _dir_of(to, y):
    for d in range(4):
        if NB[to * 4 + d] == y:
            return d
    raise ValueError("not a neighbour")


def _decode(m):
    to = m & 63
    frm = (m >> 6) & 63
    caps = m >> 12
    return frm, to, sorted(NB[to * 4 + d] for d in range(4) if caps >> d & 1)


def four_cells(board, seat):
    """The cells of a run of exactly four of `seat` (rows first), sorted; () if none."""
    ln = board.ln
    b = seat << 4
    for i in range(16):
        m = ln[b + i]
        if FOUR[m]:
            run = 0
            for j in range(9):
                if j < 8 and m >> j & 1:
                    run += 1
                    continue
                if run == 4:
                    cells = [(i * 8 + k) if i < 8 else (k * 8 + i - 8)
                             for k in range(j - 4, j)]
                    return tuple(sorted(cells))
                run = 0
    return ()


__all__ = ["COUNTERS", "DEFAULT_COUNTERS", "Game", "DIRS", "four_cells"]
