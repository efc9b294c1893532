"""The checked game: every public method validates first and changes nothing on a
ValueError. A face, the command line and save/load use only this; the computer player works
on copies of the cells and leaves the game as it found it.

    g = Game("quax", size=11, pie=True)   # rules: quax link quickway crossway quadrex
    g.play("c3")                          # a drop; "c3-d4" a link; "swap"; "pass"
    g.undo()
    g.result      # None; ("win", colour, "chain") with colour 0 Black, 1 White;
                  # ("draw", None, "blocked") is kept for a position where no one can move
                  # (the rule book shows it never happens; the tests look for it)
    g.chain       # the winning chain: a shortest edge-to-edge run of the winner's cells
    g.seat(colour)  # 0 the first player, 1 the second (the pie rule's swap exchanges them)
"""

from .board import CROSSWAY, LINK, NAMES, QUADREX, QUAX, RULES, Board
from .notation import LINKBASE, MAXN, MINN, PASS, SWAP, cell_name, format_move, parse_turn

COLOUR = ("Black", "White")
DEFAULT_SIZE = (11, 8, 9, 9, 9)   # Quax, Link, Quickway, Crossway, Quadrex


def rule_index(rules):
    if isinstance(rules, int) and 0 <= rules < len(RULES):
        return rules
    if rules in RULES:
        return RULES.index(rules)
    raise ValueError("rules must be one of %s (not %r)" % (", ".join(RULES), rules))


class Game:
    def __init__(self, rules="quax", size=None, pie=None):
        rule = rule_index(rules)
        if size is None:
            size = DEFAULT_SIZE[rule]
        if not isinstance(size, int) or not MINN <= size <= MAXN:
            raise ValueError("size must be %d..%d (not %r)" % (MINN, MAXN, size))
        self.rule = rule
        self.rules = RULES[rule]
        self.n = size
        self.pie = (rule != LINK) if pie is None else bool(pie)
        self.board = Board(size, rule)
        self._log = bytearray()   # two bytes a turn, the move int (below 2**16)
        self._fresh()

    def _fresh(self):
        self.turn = 0          # colour to move: 0 Black, 1 White
        self.swapped = False   # True once the second player took Black by the pie rule
        self.plies = 0
        self.result = None
        self.chain = ()
        self.passes = 0        # passes in a row just played

    # -- questions ------------------------------------------------------------------------
    def name(self):
        return NAMES[self.rule]

    def at(self, x):
        """0 empty, 1 Black, 2 White."""
        return self.board.cells[x]

    def seat(self, colour):
        """The player (0 first, 1 second) who plays `colour` now."""
        return colour ^ (1 if self.swapped else 0)

    def can_drop(self, x):
        """True when the side to move may drop a stone on cell x."""
        return self._drop_error(x) is None

    def can_swap(self):
        return self.result is None and self.pie and self.plies == 1

    def link_of(self, a, b):
        """The link move int joining cells a and b, or -1 when they are not diagonal."""
        n = self.n
        if not (isinstance(a, int) and isinstance(b, int)) or not (
                0 <= a < n * n and 0 <= b < n * n):
            return -1
        if a > b:
            a, b = b, a
        if b - a == n + 1 and a % n < n - 1:
            return LINKBASE + 2 * a
        if b - a == n - 1 and a % n > 0:
            return LINKBASE + 2 * (a - 1) + 1
        return -1

    def can_link(self, a, b):
        m = self.link_of(a, b)
        return m >= 0 and self._error(m) is None

    def links_from(self, x):
        """Cells y such that the side to move may link x with y, sorted."""
        n = self.n
        out = []
        for y in (x - n - 1, x - n + 1, x + n - 1, x + n + 1):
            if 0 <= y < n * n and self.can_link(x, y):
                out.append(y)
        return out

    def has_move(self, colour):
        """True when `colour` has a legal drop or link (a pass is then refused)."""
        b = self.board
        cells = b.cells
        cross = self.rule == CROSSWAY
        for x in range(b.N):
            if not cells[x] and (not cross or b.crossway_ok(x, colour)):
                return True
        if self.rule == QUAX or self.rule == LINK:
            n = self.n
            for y in range(n - 1):
                for f in range(n - 1):
                    k = y * n + f
                    if b.link_ok(k, 1, colour) or b.link_ok(k, 2, colour):
                        return True
        return False

    def moves(self):
        """Every legal move int for the side to move (empty when the game is over)."""
        if self.result is not None:
            return []
        b = self.board
        c = self.turn
        out = [x for x in range(b.N) if not b.cells[x]
               and (self.rule != CROSSWAY or b.crossway_ok(x, c))]
        if self.rule == QUAX or self.rule == LINK:
            n = self.n
            for y in range(n - 1):
                for f in range(n - 1):
                    k = y * n + f
                    for d in (1, 2):
                        if b.link_ok(k, d, c):
                            out.append(LINKBASE + 2 * k + d - 1)
        if self.can_swap():
            out.append(SWAP)
        if not out:
            out.append(PASS)
        return out

    def last(self):
        """The last turn's move int, or None."""
        if not self.plies:
            return None
        return self._log[-2] << 8 | self._log[-1]

    def filled(self):
        """Quadrex: the cells the last turn filled by itself, in the order filled."""
        b = self.board
        return [b.fills[i] for i in range(b.nfill)]

    # -- the checked API ----------------------------------------------------------------------
    def play(self, text):
        kind, a, b = parse_turn(text, self.n)
        if kind == "swap":
            m = SWAP
        elif kind == "pass":
            m = PASS
        elif kind == "drop":
            m = a
        else:
            m = self.link_of(a, b)
            if m < 0:
                self._over()
                raise ValueError("%s-%s: a link joins two diagonally adjacent stones"
                                 % (cell_name(a, self.n), cell_name(b, self.n)))
        self.apply_move(m)

    def apply_move(self, m):
        """Play a move int (checked like any other turn)."""
        e = self._error(m)
        if e is not None:
            raise ValueError(e)
        self._apply(m)

    def undo(self):
        """Take back the last turn (the board is rebuilt from the others); its move int."""
        if not self.plies:
            raise ValueError("nothing to undo")
        m = self.last()
        # A new, shorter log (MicroPython's bytearray has no item deletion); undo is rare.
        log = self._log = self._log[:len(self._log) - 2]
        self.board.reset()
        self._fresh()
        for i in range(0, len(log), 2):
            self._apply(log[i] << 8 | log[i + 1], False)
        return m

    def record(self):
        log = self._log
        return "\n".join(format_move(log[i] << 8 | log[i + 1], self.n)
                         for i in range(0, len(log), 2))

    def to_bytes(self):
        from .save import dump
        return dump(self)

    @classmethod
    def from_bytes(cls, data):
        from .save import load
        return load(cls, data)

    # -- inside ---------------------------------------------------------------------------------
    def _over(self):
        if self.result is not None:
            raise ValueError("the game is over")

    def _drop_error(self, x):
        if self.result is not None:
            return "the game is over"
        b = self.board
        if not isinstance(x, int) or not 0 <= x < b.N:
            return "%r is not a cell number 0..%d" % (x, b.N - 1)
        if b.cells[x]:
            return "%s is not empty" % cell_name(x, self.n)
        if self.rule == CROSSWAY and not b.crossway_ok(x, self.turn):
            return ("%s would make a checkerboard of two and two (Crossway forbids it)"
                    % cell_name(x, self.n))
        return None

    def _error(self, m):
        """Why the move int m is illegal now, or None."""
        if self.result is not None:
            return "the game is over"
        n = self.n
        if not isinstance(m, int):
            return "%r is not a move" % (m,)
        if m == SWAP:
            if not self.pie:
                return "swap: the pie rule is off in this game"
            if self.plies != 1:
                return "swap is only the second turn of the game (the pie rule)"
            return None
        if m == PASS:
            if self.has_move(self.turn):
                return "%s has a legal turn and may not pass" % COLOUR[self.turn]
            return None
        if m < LINKBASE:
            return self._drop_error(m)
        k = m - LINKBASE
        blk = k >> 1
        if not 0 <= k < 2 * n * n or blk % n >= n - 1 or blk // n >= n - 1:
            return "%r is not a move" % (m,)
        if self.rule != QUAX and self.rule != LINK:
            return ("a link is not a turn in %s (%s)" % (NAMES[self.rule], (
                "links form by themselves" if self.rule == 2 else
                "stones join diagonally by themselves" if self.rule == CROSSWAY else
                "stones join orthogonally only")))
        text = format_move(m, n)
        d = 1 + (k & 1)
        b = self.board
        if not b.link_ok(blk, d, self.turn) or b.links[blk]:
            if b.links[blk] == d:
                return "%s is linked already" % text
            if b.links[blk]:
                return "%s would cross the link %s" % (
                    text, format_move(LINKBASE + 2 * blk + b.links[blk] - 1, n))
            return "%s: both cells must hold %s stones" % (text, COLOUR[self.turn])
        return None

    def _apply(self, m, log=True):
        b = self.board
        c = self.turn
        if log:
            self._log.append(m >> 8)
            self._log.append(m & 255)
        self.plies += 1
        b.nfill = 0
        if m == SWAP:
            self.swapped = not self.swapped
            self.passes = 0
            return
        self.turn = c ^ 1
        if m == PASS:
            self.passes += 1
        else:
            self.passes = 0
            if m < LINKBASE:
                b.drop(m, c)
            else:
                k = m - LINKBASE
                b.link(k >> 1, 1 + (k & 1))
        if b.won(c):
            self._win(c)
        elif b.won(c ^ 1):
            # Quadrex: a fill of the other colour can complete the other side's chain.
            self._win(c ^ 1)
        elif (b.stones == b.N or self.rule == CROSSWAY or self.passes) and not (
                self.has_move(c ^ 1) or self.has_move(c)):
            self.result = ("draw", None, "blocked")

    def _win(self, c):
        self.result = ("win", c, "chain")
        self.chain = tuple(self._chain(c))

    def _steps(self, x, c):
        """The cells one chain step from x for colour c's stones."""
        n = self.n
        b = self.board
        cells = b.cells
        own = c + 1
        f = x % n
        r = x // n
        out = []
        for y, ok in ((x - 1, f > 0), (x + 1, f < n - 1), (x - n, r > 0), (x + n, r < n - 1)):
            if ok and cells[y] == own:
                out.append(y)
        for dx, ok in ((-n - 1, f > 0 and r > 0), (-n + 1, f < n - 1 and r > 0),
                       (n - 1, f > 0 and r < n - 1), (n + 1, f < n - 1 and r < n - 1)):
            if not ok or cells[x + dx] != own:
                continue
            y = x + dx
            if self.rule == CROSSWAY:
                out.append(y)
            elif self.rule != QUADREX:
                m = self.link_of(x, y)
                k = m - LINKBASE
                if b.links[k >> 1] == 1 + (k & 1):
                    out.append(y)
        return out

    def _chain(self, c):
        """A shortest run of c's connected cells from one of its edges to the other."""
        n = self.n
        N = n * n
        cells = self.board.cells
        start = [x for x in range(N) if cells[x] == c + 1 and (x // n == 0 if c == 0
                                                               else x % n == 0)]
        prev = {x: -1 for x in start}
        q = list(start)
        i = 0
        while i < len(q):
            x = q[i]
            i += 1
            if (x // n == n - 1) if c == 0 else (x % n == n - 1):
                out = []
                while x >= 0:
                    out.append(x)
                    x = prev[x]
                return sorted(out)
            for y in self._steps(x, c):
                if y not in prev:
                    prev[y] = x
                    q.append(y)
        return []


__all__ = ["COLOUR", "DEFAULT_SIZE", "Game", "RULES", "rule_index"]
