"""The checked game: every rule of rules.md, turn by turn, with undo and a compact save.

Every public method either does all it was asked or raises ValueError with a message a player
understands and leaves the game exactly as it was. Underneath, `Board` keeps the counters.
"""

from .board import Board, EMPTY, STAR, MARBLE
from .crc import crc16
from .geometry import geometry, zeros
# The undo stack's action codes live in quadcore.kinds (claim, moves and save read them).
from .kinds import CLAIM as _CLAIM, MARBLE as _MARBLE, MOVE as _MOVE, PASS as _PASS
from .kinds import SAVE_MAGIC, SAVE_VERSION, SKIP as _SKIP, STAR as _STAR
from .notation import cell_name, format_turn, parse_turn
from .rules import MOVE_CAP, VARIANTS, Rules

_KIND = (None, "star", "marble", "move")


class Game:
    def __init__(self, size=11, players=2, marbles=None, stars=None, one_short=False,
                 variant="standard", claim=False, recycle=None):
        """recycle: a game that is done with (it must not be used again); if its board has
        this game's size and colours, this game takes that board over, cleared, instead of
        allocating one (and its undo stack, if of this game's sizes). On the device a new
        game is built while the old one can still be held (a stale word on the C stack,
        which CircuitPython's collector scans conservatively: measured on its VM, the old
        game's 3.8 KB stayed until the next move), and the new counters then found no
        hole."""
        r = Rules(size, players, marbles, stars, one_short, variant, claim)
        self.rules = r
        self.n = r.size
        self.geo = geometry(r.size)
        old = recycle.board if recycle is not None else None
        if old is not None and old.geo is self.geo and old.ncolours == r.ncolours:
            recycle.board = recycle.cells = None  # the old game cannot touch it again
            old.clear()
            self.board = old
        else:
            self.board = Board(self.geo, r.ncolours)
        self.cells = self.board.cells
        self.turn = 0
        self.stars_left = [r.stars] * r.players
        # Marbles still in hand, one counter per (seat, colour of that seat).
        self._mleft = [r.marbles] * (r.players * r.per_turn)
        # Undo stack sized for the longest game, so it never grows: a standard 11x11
        # game needs 2 bytes per piece (104 bytes) plus 2 bytes per turn for turn starts.
        if r.moves:
            maxturns = MOVE_CAP
            cap = 3 * MOVE_CAP + 2 * r.players * r.stars
        else:
            maxturns = r.players * r.marbles
            cap = 2 * (r.players * r.per_turn * r.marbles + r.players * r.stars)
        log = recycle._log if old is self.board else None
        if log is not None and len(log) == cap and len(recycle._starts) == maxturns + 2 \
                and (recycle._reps is None) == (not r.moves):
            # and its undo stack, of this game's sizes (Trek's: 1.8 KB in three blocks)
            self._log, self._starts, self._reps = log, recycle._starts, recycle._reps
            recycle._log = recycle._starts = recycle._reps = None
            for a in (self._starts, self._reps or ()):
                for i in range(len(a)):
                    a[i] = 0
        else:
            self._log = bytearray(cap)
            self._starts = zeros("H", maxturns + 2)  # log offset where each turn begins
            # Trek / Rapid: a position key per turn start, for the threefold-repetition draw.
            self._reps = zeros("l", maxturns + 2) if r.moves else None
        self._top = 0
        self._nturns = 0
        if r.moves:
            from .moves import key
            self._reps[0] = key(self)
        self.result = None
        self.quad = None
        self.star_armed = False

    # ----- what the UI reads -------------------------------------------------------------
    @property
    def marbles_left(self):
        pt = self.rules.per_turn
        return [min(self._mleft[s * pt:s * pt + pt]) for s in range(self.rules.players)]

    @property
    def turns(self):
        """Number of complete turns played."""
        return self._nturns

    @property
    def pending(self):
        """Pieces placed (or moved) so far in the unfinished current turn."""
        return len(self._actions(self._starts[self._nturns], self._top))

    @property
    def begun(self):
        """True once anything is recorded in the current turn (a piece or a claim):
        what `undo` takes back first."""
        return self._top > self._starts[self._nturns]

    @property
    def history(self):
        """Complete turns, each a list of actions ("star", x) / ("marble", x) /
        ("move", frm, to); claims are left out, so a passed turn is []. Decoded from the
        undo stack on request (allocates)."""
        st = self._starts
        return [self._actions(st[t], st[t + 1]) for t in range(self._nturns)]

    @property
    def current(self):
        return self._actions(self._starts[self._nturns], self._top)

    def colour_of(self, seat, j=0):
        return self.rules.seat_colours[seat][j]

    def threats(self, colour):
        """Empty cells where a marble of `colour` would complete a quad right now."""
        return self.board.threat_cells(colour)

    def last_turn(self):
        t = self._nturns
        if not t:
            return None
        return self._actions(self._starts[t - 1], self._starts[t])

    def turn_text(self, actions):
        return format_turn(actions, self.n)

    def record(self, out=None):
        """The complete turns so far, one per line (rules.md notation). Each turn is decoded
        and dropped in turn (self.history holds them all at once: at the end of a long Trek
        game on CircuitPython's VM that list was the allocation with no room). out: a
        function called with each turn's line instead, and nothing returned (no text of
        them all: the device's end of a game writes the record line by line)."""
        st = self._starts
        if out is None:
            return "\n".join([format_turn(self._actions(st[t], st[t + 1]), self.n)
                              for t in range(self._nturns)])
        for t in range(self._nturns):
            out(format_turn(self._actions(st[t], st[t + 1]), self.n))

    def name(self, x):
        return cell_name(x, self.n)

    def claimable(self, seat):
        """Claim mode: the square `seat` could claim right now, or -1 (quadcore.claim)."""
        from .claim import claimable
        return claimable(self, seat)

    # ----- checked actions ---------------------------------------------------------------
    def star(self, x):
        """Place a star for the seat to move (a turn may start with any number of stars)."""
        self._check_open()
        seat = self.turn
        if self._marbles_this_turn():
            raise ValueError("stars come before your marble")
        if self.stars_left[seat] <= 0:
            raise ValueError("you have no stars left")
        self._check_empty(x)
        if self.board.empty - 1 < self._cells_still_needed():
            raise ValueError("a star there would leave no cell for your marble")
        self._do(_STAR, x, 0)

    def marble(self, x):
        """Place the seat's marble on x. Ends the turn (a Duel turn after its second marble)."""
        self._check_open()
        seat = self.turn
        j = self._marbles_this_turn()
        if self._mleft[seat * self.rules.per_turn + j] <= 0:
            if self.rules.moves:
                raise ValueError("all your marbles are on the board: move one (e.g. g5-c3)")
            raise ValueError("you have no marbles left")
        self._check_empty(x)
        self._do(_MARBLE, x, 0)

    def move(self, frm, to):
        """Trek / Rapid: move one of your marbles from `frm` to the empty cell `to`
        (quadcore.moves, loaded only by these variants)."""
        self._check_open()
        from .moves import move
        move(self, frm, to)

    def play(self, line):
        """Apply one whole turn written in notation; on any error nothing changes."""
        actions = parse_turn(line, self.n)
        if not actions:
            raise ValueError("a turn needs a marble")
        t0 = self._nturns
        top0 = self._top
        try:
            for i, a in enumerate(actions):
                if self._nturns > t0:
                    if self.result is not None:
                        raise ValueError("the game ended before %s"
                                         % format_turn(actions[i:i + 1], self.n))
                    raise ValueError("one turn a line: %s is already a complete turn"
                                     % format_turn(actions[:i], self.n))
                if a[0] == "star":
                    self.star(a[1])
                elif a[0] == "marble":
                    self.marble(a[1])
                else:
                    self.move(a[1], a[2])
            if self._nturns == t0:
                if self.rules.per_turn > 1:
                    raise ValueError("a Duel turn places one marble of each of your colours")
                raise ValueError("a turn must end with a marble")
        except ValueError:
            while self._nturns > t0:
                self._reopen()
            while self._top > top0:
                self._revert()
            raise

    def undo(self):
        """Take back the unfinished turn if there is one, else the last complete turn
        (and an automatic pass goes together with the turn before it)."""
        if self._top == self._starts[self._nturns]:
            if not self._nturns:
                raise ValueError("nothing to undo")
            self._reopen()
            while self._top - 2 == self._starts[self._nturns] and \
                    self._log[self._top - 2] == _SKIP:
                self._revert()
                self._reopen()
        while self._top > self._starts[self._nturns]:
            self._revert()

    def claim(self, seat):
        """Claim mode: `seat` says "Quad!". True (the game is won) if it completed a quad
        in the turn the claim is still open for; False after the wrong-claim penalty: a
        star, or with none left a turn. ValueError (nothing changed) when `seat` cannot
        claim now. The rules of the window: quadcore.claim."""
        from .claim import claim
        return claim(self, seat)

    # ----- internals ---------------------------------------------------------------------
    def _actions(self, a, b):
        log = self._log
        out = []
        while a < b:
            code = log[a]
            if code == _MOVE:
                out.append(("move", log[a + 1], log[a + 2]))
                a += 3
            else:
                if code < _CLAIM:
                    out.append((_KIND[code], log[a + 1]))
                a += 2
        return out

    def _check_open(self):
        if self.result is not None:
            raise ValueError("the game is over")

    def _check_cell(self, x):
        if not (isinstance(x, int) and 0 <= x < self.n * self.n and self.geo.valid[x]):
            raise ValueError("there is no such cell")

    def _check_empty(self, x):
        self._check_cell(x)
        if self.cells[x] != EMPTY:
            what = "a star" if self.cells[x] == STAR else "a marble"
            raise ValueError("%s already holds %s" % (self.name(x), what))

    def _marbles_this_turn(self):
        log = self._log
        i = self._starts[self._nturns]
        k = 0
        while i < self._top:
            if log[i] == _MARBLE:
                k += 1
            i += 3 if log[i] == _MOVE else 2
        return k

    def _cells_still_needed(self):
        """Empty cells the seat to move still needs for this turn's marble(s)."""
        seat = self.turn
        if self.rules.moves and self._mleft[seat] == 0:
            return 1  # a move needs one empty cell to go to
        return self.rules.per_turn - self._marbles_this_turn()

    def _push(self, code, a, b):
        top = self._top
        size = 3 if code == _MOVE else 2
        if top + size > len(self._log):  # only a game longer than its rules allow
            self._log.extend(bytes(16))
        self._log[top] = code
        self._log[top + 1] = a
        if size == 3:
            self._log[top + 2] = b
        self._top = top + size

    def _do(self, code, a, b):
        """Apply a checked action; end the turn when it is complete."""
        r = self.rules
        seat = self.turn
        board = self.board
        if code == _STAR:
            board.place(a, STAR)
            self.stars_left[seat] -= 1
            self._push(code, a, b)
            return
        if code == _MARBLE:
            j = self._marbles_this_turn()
            c = r.seat_colours[seat][j]
            board.place(a, MARBLE + c)
            self._mleft[seat * r.per_turn + j] -= 1
            x = a
            done = j + 1 == r.per_turn
        else:
            c = self.cells[a] - MARBLE
            board.remove(a)
            board.place(b, MARBLE + c)
            x = b
            done = True
        self._push(code, a, b)
        if not r.claim and board.nopen[c][4]:
            self.result = ("win", seat, "quad")
            self.quad = self.geo.corners(board.quad_through(x, c))
            done = True
        if done:
            self._end_turn()

    def _revert(self):
        """Undo the last action of the unfinished turn (exact inverse of `_do`)."""
        log = self._log
        i = self._starts[self._nturns]
        last = i
        while i < self._top:
            last = i
            i += 3 if log[i] == _MOVE else 2
        code = log[last]
        a = log[last + 1]
        self._top = last
        board = self.board
        seat = self.turn
        if code == _STAR:
            board.remove(a)
            self.stars_left[seat] += 1
        elif code == _MARBLE:
            board.remove(a)
            self._mleft[seat * self.rules.per_turn + self._marbles_this_turn()] += 1
        elif code == _CLAIM:  # a = seat + 16 * what it did (quadcore.claim)
            if a < 16:
                self.result = None
                self.quad = None
            elif a < 32:
                self.stars_left[a & 15] += 1
        elif code == _MOVE:
            b = log[last + 2]
            p = self.cells[b]
            board.remove(b)
            board.place(a, p)

    def _end_turn(self):
        r = self.rules
        self._nturns += 1
        t = self._nturns
        if t + 1 >= len(self._starts):
            self._starts.append(0)
            if self._reps is not None:
                self._reps.append(0)
        self._starts[t] = self._top
        self.turn = t % r.players
        seat = self.turn
        if r.moves:
            from .moves import after_turn
            after_turn(self, t)  # the position key, the draws, a full board
        elif self.result is None and (self._mleft[seat * r.per_turn] == 0
                                      or self.board.empty < r.per_turn):
            self._stars_end(seat)
        if r.claim and self.result is None:
            from .claim import owes_turn
            if owes_turn(self, seat):  # a wrong claim cost this turn: it passes at once
                self._push(_SKIP, seat, 0)
                self._end_turn()

    def _stars_end(self, seat):
        """No marble can be played: one-short rule (if on), then most unplayed stars."""
        r = self.rules
        if r.one_short:
            for c in r.seat_colours[seat]:
                if self.board.nopen[c][3]:
                    self.result = ("win", seat, "one-short")
                    return
        totals = [0] * r.nsides
        for s in range(r.players):
            totals[r.seat_side[s]] += self.stars_left[s]
        best = max(totals)
        if totals.count(best) > 1:
            self.result = ("draw", None, "stars")
        else:
            self.result = ("win", r.seat_side.index(totals.index(best)), "stars")

    def _reopen(self):
        """Turn the last complete turn back into the unfinished current one."""
        self._nturns -= 1
        self.turn = self._nturns % self.rules.players
        self.result = None
        self.quad = None

    # ----- save / load -------------------------------------------------------------------
    # Writing is here (the device saves once a round, with the computer player's code
    # loaded: importing quadcore.save for it was the first block to find no room on
    # CircuitPython's VM); reading lives in quadcore.save, loaded only at start-up.
    def to_bytes(self):
        """The whole game (rules, the undo stack, star mode) as a versioned, checksummed
        byte string: 13 bytes + 2 per star or marble (a standard game stays under 120).
        Layout: b"QP", version, size, players, marbles, stars, variant, flags (1 one-short,
        2 claim, 4 star armed), stack length (2 bytes, big-endian), the stack, CRC-16."""
        r = self.rules
        n = self._top
        out = bytearray(13 + n)  # one block of the final size
        out[0] = SAVE_MAGIC[0]
        out[1] = SAVE_MAGIC[1]
        out[2] = SAVE_VERSION
        out[3] = r.size
        out[4] = r.players
        out[5] = r.marbles
        out[6] = r.stars
        out[7] = VARIANTS.index(r.variant)
        out[8] = (1 if r.one_short else 0) | (2 if r.claim else 0) | (4 if self.star_armed else 0)
        out[9] = n >> 8
        out[10] = n & 255
        log = self._log
        for i in range(n):
            out[11 + i] = log[i]
        c = crc16(out, 0, 11 + n)
        out[11 + n] = c >> 8
        out[12 + n] = c & 255
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        """Rebuild a game from `to_bytes` output by replaying it through the checked API;
        ValueError for anything truncated, corrupted, from another version or illegal."""
        from .save import load
        return load(cls, data)
