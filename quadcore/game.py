"""The checked game: every rule of rules.md, turn by turn, with undo and a compact save.

Every public method either does all it was asked or raises ValueError with a message a player
understands and leaves the game exactly as it was. Underneath, `Board` keeps the counters.
"""

from .board import Board, EMPTY, STAR, MARBLE
from .crc import crc16
from .geometry import geometry
from .notation import cell_name, format_turn, parse_turn
from .rules import MOVE_CAP, VARIANTS, Rules

SAVE_MAGIC = b"QP"
SAVE_VERSION = 1
_KIND_CODE = {"star": 1, "marble": 2, "move": 3}
# Two polynomial hashes modulo primes just under 2**24, multiplier 61: 61 * 2**24 < 2**30,
# so position hashing for the repetition rule never needs a big int on the device.
_P1 = 16777213
_P2 = 16777199


class Game:
    def __init__(self, size=11, players=2, marbles=None, stars=None, one_short=False,
                 variant="standard", claim=False):
        r = Rules(size, players, marbles, stars, one_short, variant, claim)
        self.rules = r
        self.n = r.size
        self.geo = geometry(r.size)
        self.board = Board(self.geo, r.ncolours)
        self.cells = self.board.cells
        self.turn = 0
        self.stars_left = [r.stars] * r.players
        # Marbles still in hand, one counter per (seat, colour of that seat).
        self._mleft = [r.marbles] * (r.players * r.per_turn)
        self.history = []   # complete turns, each a list of actions
        self.current = []   # actions of the unfinished turn (stars, a Duel's first marble)
        self.result = None
        self.quad = None
        self.star_armed = False
        self._reps = [self._position_hash()] if r.moves else None

    # ----- what the UI reads -------------------------------------------------------------
    @property
    def marbles_left(self):
        pt = self.rules.per_turn
        return [min(self._mleft[s * pt:s * pt + pt]) for s in range(self.rules.players)]

    @property
    def pending(self):
        return len(self.current)

    def colour_of(self, seat, j=0):
        return self.rules.seat_colours[seat][j]

    def threats(self, colour):
        """Empty cells where a marble of `colour` would complete a quad right now."""
        return self.board.threat_cells(colour)

    def last_turn(self):
        return self.history[-1] if self.history else None

    def turn_text(self, actions):
        return format_turn(actions, self.n)

    def record(self):
        """The complete turns so far, one per line (rules.md notation)."""
        return "\n".join(format_turn(t, self.n) for t in self.history)

    def name(self, x):
        return cell_name(x, self.n)

    def unclaimed_quad(self, seat):
        """Claim mode: a square of the seat's colour holding four of its marbles, or -1."""
        for c in self.rules.seat_colours[seat]:
            if self.board.nopen[c][4]:
                cnt = self.board.cnt[c]
                for s in range(self.geo.nsq):
                    if cnt[s] == 4:
                        return s
        return -1

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
        self._do(("star", x))

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
        self._do(("marble", x))

    def move(self, frm, to):
        """Trek / Rapid: move one of your marbles from `frm` to the empty cell `to`."""
        self._check_open()
        r = self.rules
        if not r.moves:
            raise ValueError("marbles never move in this variant")
        seat = self.turn
        if r.variant == "trek" and self._mleft[seat] > 0:
            raise ValueError("in Quad Trek you move marbles only once all yours are placed")
        self._check_cell(frm)
        p = self.cells[frm]
        if p < MARBLE or (p - MARBLE) not in r.seat_colours[seat]:
            raise ValueError("%s does not hold one of your marbles" % self.name(frm))
        self._check_empty(to)
        self._do(("move", frm, to))

    def play(self, line):
        """Apply one whole turn written in notation; on any error nothing changes."""
        actions = parse_turn(line, self.n)
        if not actions:
            raise ValueError("a turn needs a marble")
        h0 = len(self.history)
        c0 = len(self.current)
        try:
            for i, a in enumerate(actions):
                if len(self.history) > h0:
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
            if len(self.history) == h0:
                if self.rules.per_turn > 1:
                    raise ValueError("a Duel turn places one marble of each of your colours")
                raise ValueError("a turn must end with a marble")
        except ValueError:
            while len(self.history) > h0:
                self._reopen()
            while len(self.current) > c0:
                self._revert()
            raise

    def undo(self):
        """Take back the unfinished turn if there is one, else the last complete turn."""
        if not self.current:
            if not self.history:
                raise ValueError("nothing to undo")
            self._reopen()
        while self.current:
            self._revert()

    def claim(self, seat):
        """Claim mode: `seat` claims a quad. True (and the game is won) if it has one;
        False, with nothing changed, if not (the UI applies the wrong-claim penalty)."""
        if self.result is not None:
            raise ValueError("the game is over")
        s = self.unclaimed_quad(seat)
        if s < 0:
            return False
        self.result = ("win", seat, "quad")
        self.quad = self.geo.corners(s)
        return True

    # ----- internals ---------------------------------------------------------------------
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
        k = 0
        for a in self.current:
            if a[0] == "marble":
                k += 1
        return k

    def _cells_still_needed(self):
        """Empty cells the seat to move still needs for this turn's marble(s)."""
        seat = self.turn
        if self.rules.moves and self._mleft[seat] == 0:
            return 1  # a move needs one empty cell to go to
        return self.rules.per_turn - self._marbles_this_turn()

    def _do(self, a):
        """Apply a checked action; end the turn when it is complete."""
        r = self.rules
        seat = self.turn
        board = self.board
        kind = a[0]
        if kind == "star":
            board.place(a[1], STAR)
            self.stars_left[seat] -= 1
            self.current.append(a)
            return
        if kind == "marble":
            j = self._marbles_this_turn()
            c = r.seat_colours[seat][j]
            board.place(a[1], MARBLE + c)
            self._mleft[seat * r.per_turn + j] -= 1
            x = a[1]
            done = j + 1 == r.per_turn
        else:
            c = self.cells[a[1]] - MARBLE
            board.remove(a[1])
            board.place(a[2], MARBLE + c)
            x = a[2]
            done = True
        self.current.append(a)
        if not r.claim and board.nopen[c][4]:
            self.result = ("win", seat, "quad")
            self.quad = self.geo.corners(board.quad_through(x, c))
            done = True
        if done:
            self._end_turn()

    def _revert(self):
        """Undo the last action of the unfinished turn (exact inverse of `_do`)."""
        a = self.current.pop()
        board = self.board
        seat = self.turn
        if a[0] == "star":
            board.remove(a[1])
            self.stars_left[seat] += 1
        elif a[0] == "marble":
            board.remove(a[1])
            self._mleft[seat * self.rules.per_turn + self._marbles_this_turn()] += 1
        else:
            p = self.cells[a[2]]
            board.remove(a[2])
            board.place(a[1], p)

    def _end_turn(self):
        r = self.rules
        self.history.append(self.current)
        self.current = []
        self.turn = len(self.history) % r.players
        if r.moves:
            # Always keep one key per turn, so `_reopen` can pop it whatever the result.
            self._reps.append(self._position_hash())
        if self.result is not None:
            return
        seat = self.turn
        if r.moves:
            if self._reps.count(self._reps[-1]) >= 3:
                self.result = ("draw", None, "repetition")
            elif len(self.history) >= MOVE_CAP:
                self.result = ("draw", None, "cap")
            elif self.board.empty == 0:
                self._stars_end(seat)
        elif self._mleft[seat * r.per_turn] == 0 or self.board.empty < r.per_turn:
            self._stars_end(seat)

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
        self.current = self.history.pop()
        self.turn = len(self.history) % self.rules.players
        self.result = None
        self.quad = None
        if self._reps is not None:
            self._reps.pop()

    def _position_hash(self):
        h1 = self.turn + 1
        h2 = self.turn + 7
        for v in self.cells:
            h1 = (h1 * 61 + v) % _P1
            h2 = (h2 * 59 + v) % _P2
        for v in self.stars_left:
            h1 = (h1 * 61 + v) % _P1
            h2 = (h2 * 59 + v) % _P2
        for v in self._mleft:
            h1 = (h1 * 61 + v) % _P1
            h2 = (h2 * 59 + v) % _P2
        return h1 * 64 + (h2 & 63)  # h1 < 2**24, so the key stays below 2**30

    # ----- save / load -------------------------------------------------------------------
    def to_bytes(self):
        """The whole game (rules, every action, star mode) as a versioned, checksummed
        byte string; a standard game needs at most 2 bytes per action (~120 bytes)."""
        r = self.rules
        flags = (1 if r.one_short else 0) | (2 if r.claim else 0) | (4 if self.star_armed else 0)
        acts = bytearray()
        count = 0
        for turn in self.history + [self.current]:
            for a in turn:
                acts.append(_KIND_CODE[a[0]])
                acts.append(a[1])
                if a[0] == "move":
                    acts.append(a[2])
                count += 1
        out = bytearray(SAVE_MAGIC)
        out.extend(bytes((SAVE_VERSION, r.size, r.players, r.marbles, r.stars,
                          VARIANTS.index(r.variant), flags, count >> 8, count & 255)))
        out.extend(acts)
        c = crc16(out)
        out.append(c >> 8)
        out.append(c & 255)
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        """Rebuild a game from `to_bytes` output; ValueError for anything truncated,
        corrupted, from another version or describing an illegal game."""
        data = bytes(data)
        if len(data) < 13 or data[:2] != SAVE_MAGIC:
            raise ValueError("not a Quad Pocket save")
        if data[2] != SAVE_VERSION:
            raise ValueError("save is from format version %d, this is %d"
                             % (data[2], SAVE_VERSION))
        if crc16(data[:-2]) != (data[-2] << 8 | data[-1]):
            raise ValueError("save data is damaged (checksum mismatch)")
        size, players, marbles, stars, var, flags = data[3:9]
        count = data[9] << 8 | data[10]
        if var >= len(VARIANTS) or flags & ~7:
            raise ValueError("save data is damaged (bad header)")
        try:
            g = cls(size, players, marbles, stars, bool(flags & 1), VARIANTS[var],
                    bool(flags & 2))
            i = 11
            end = len(data) - 2
            for _ in range(count):
                if i + 2 > end:
                    raise ValueError("it ends early")
                kind = data[i]
                if kind == 1:
                    g.star(data[i + 1])
                elif kind == 2:
                    g.marble(data[i + 1])
                elif kind == 3:
                    if i + 3 > end:
                        raise ValueError("it ends early")
                    g.move(data[i + 1], data[i + 2])
                    i += 1
                else:
                    raise ValueError("unknown action code %d" % kind)
                i += 2
            if i != end:
                raise ValueError("extra bytes after the last action")
        except ValueError as e:
            raise ValueError("save data is damaged (%s)" % e)
        g.star_armed = bool(flags & 4)
        return g
