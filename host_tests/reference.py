"""A slow, obvious Quad referee written from rules.md alone, for differential tests.

It shares no code with quadcore: cells are (col, row) pairs in a dict, squares are found by
geometry on the spot, and every rule is written out plainly."""

VARIANTS = ("standard", "trek", "rapid", "duel", "bridge")
COLS = "abcdefghijklmno"


class RefError(Exception):
    pass


class RefGame:
    def __init__(self, n, players, marbles=None, stars=None, one_short=False,
                 variant="standard"):
        self.n = n
        self.players = players
        self.variant = variant
        self.one_short = one_short
        if marbles is None:
            marbles = {"trek": 6, "rapid": 6, "bridge": 10}.get(variant, 20)
        if stars is None:
            if variant in ("trek", "rapid"):
                stars = 6
            elif variant == "bridge":
                stars = 3
            else:
                stars = max(0, min(n - 5, {2: 6, 3: 4, 4: 3, 5: 2, 6: 2}[players]))
        self.stars = [stars] * players
        if variant == "duel":
            self.colours = [(2 * p, 2 * p + 1) for p in range(players)]
        elif variant == "bridge":
            self.colours = [(p % 2,) for p in range(players)]
        else:
            self.colours = [(p,) for p in range(players)]
        # in hand: per seat, per colour of the seat
        self.hand = [[marbles] * len(self.colours[p]) for p in range(players)]
        self.board = {}
        self.seat = 0
        self.turns = 0
        self.result = None
        self.quad = None
        self.seen = {}
        if variant in ("trek", "rapid"):
            self._remember()

    def side(self, seat):
        return seat % 2 if self.variant == "bridge" else seat

    def exists(self, c, r):
        n = self.n
        return 0 <= c < n and 0 <= r < n and not (c in (0, n - 1) and r in (0, n - 1))

    def parse_cell(self, t):
        t = t.lower()
        if len(t) < 2 or t[0] not in COLS or not t[1:].isdigit() or t[1] == "0":
            raise RefError("bad cell")
        c, r = COLS.index(t[0]), int(t[1:]) - 1
        if not self.exists(c, r):
            raise RefError("no cell")
        return (c, r)

    def square_with(self, p, colour):
        """Some square of four `colour` marbles having p as a corner, or None."""
        mine = [q for q, v in self.board.items() if v == ("M", colour) and q != p]
        own = set(mine)
        for q in mine:
            vx, vy = q[0] - p[0], q[1] - p[1]
            for rx, ry in ((-vy, vx), (vy, -vx)):  # p-q is a side
                a = (q[0] + rx, q[1] + ry)
                b = (p[0] + rx, p[1] + ry)
                if a in own and b in own:
                    return (p, q, a, b)
            sx, sy = p[0] + q[0], p[1] + q[1]  # p-q is a diagonal
            dx, dy = p[0] - q[0], p[1] - q[1]
            if (sx - dy) % 2 == 0:
                a = ((sx - dy) // 2, (sy + dx) // 2)
                b = ((sx + dy) // 2, (sy - dx) // 2)
                if a in own and b in own:
                    return (p, a, q, b)
        return None

    def three_of_four(self, colour):
        """Does `colour` have a square with three of its marbles and the fourth cell empty?"""
        n = self.n
        cells = [(c, r) for c in range(n) for r in range(n) if self.exists(c, r)]
        for p in cells:
            if p in self.board:
                continue
            self.board[p] = ("M", colour)
            hit = self.square_with(p, colour)
            del self.board[p]
            if hit:
                return True
        return False

    def _key(self):
        return (tuple(sorted(self.board.items())), self.seat, tuple(self.stars),
                tuple(tuple(h) for h in self.hand))

    def _remember(self):
        k = self._key()
        self.seen[k] = self.seen.get(k, 0) + 1
        return self.seen[k]

    def play(self, line):
        if self.result is not None:
            raise RefError("game over")
        toks = line.split("#")[0].split()
        if not toks:
            raise RefError("empty")
        acts = []
        for t in toks:
            if t.startswith("*"):
                acts.append(("star", self.parse_cell(t[1:])))
            elif "-" in t:
                parts = t.split("-")
                if len(parts) != 2:
                    raise RefError("bad move")
                acts.append(("move", self.parse_cell(parts[0]), self.parse_cell(parts[1])))
            else:
                acts.append(("marble", self.parse_cell(t)))
        saved = (dict(self.board), list(self.stars), [list(h) for h in self.hand])
        try:
            self._apply(acts)
        except RefError:
            self.board, self.stars, self.hand = saved
            raise

    def _apply(self, acts):
        seat = self.seat
        cols = self.colours[seat]
        moves_ok = self.variant in ("trek", "rapid")
        placed = 0
        done = False
        won = None
        for i, a in enumerate(acts):
            if done:
                raise RefError("after the end of the turn")
            if a[0] == "star":
                if placed:
                    raise RefError("star after marble")
                if self.stars[seat] == 0:
                    raise RefError("no stars")
                if a[1] in self.board:
                    raise RefError("occupied")
                need = len(cols) - placed
                if moves_ok and self.hand[seat][0] == 0:
                    need = 1
                free = sum(1 for c in range(self.n) for r in range(self.n)
                           if self.exists(c, r) and (c, r) not in self.board)
                if free - 1 < need:
                    raise RefError("leaves no room")
                self.board[a[1]] = ("S",)
                self.stars[seat] -= 1
            elif a[0] == "marble":
                if self.hand[seat][placed] == 0:
                    raise RefError("no marbles in hand")
                if a[1] in self.board:
                    raise RefError("occupied")
                colour = cols[placed]
                self.board[a[1]] = ("M", colour)
                self.hand[seat][placed] -= 1
                placed += 1
                sq = self.square_with(a[1], colour)
                if sq:
                    won = sq
                    done = True
                elif placed == len(cols):
                    done = True
            else:
                if not moves_ok:
                    raise RefError("no moves")
                if self.variant == "trek" and self.hand[seat][0] > 0:
                    raise RefError("trek: place first")
                frm, to = a[1], a[2]
                if self.board.get(frm) not in [("M", c) for c in cols]:
                    raise RefError("not yours")
                if to in self.board:
                    raise RefError("occupied")
                piece = self.board.pop(frm)
                self.board[to] = piece
                done = True
                sq = self.square_with(to, piece[1])
                if sq:
                    won = sq
        if not done:
            raise RefError("turn without marble")
        self.turns += 1
        self.seat = (seat + 1) % self.players
        if won:
            self.result = ("win", seat, "quad")
            self.quad = won
            return
        free = sum(1 for c in range(self.n) for r in range(self.n)
                   if self.exists(c, r) and (c, r) not in self.board)
        nxt = self.seat
        if moves_ok:
            if self._remember() >= 3:
                self.result = ("draw", None, "repetition")
            elif self.turns >= 200:
                self.result = ("draw", None, "cap")
            elif free == 0:
                self._stars_end(nxt)
        elif self.hand[nxt][0] == 0 or free < len(self.colours[nxt]):
            self._stars_end(nxt)

    def _stars_end(self, nxt):
        if self.one_short and any(self.three_of_four(c) for c in self.colours[nxt]):
            self.result = ("win", nxt, "one-short")
            return
        totals = {}
        for s in range(self.players):
            totals[self.side(s)] = totals.get(self.side(s), 0) + self.stars[s]
        best = max(totals.values())
        winners = [sd for sd, v in totals.items() if v == best]
        if len(winners) > 1:
            self.result = ("draw", None, "stars")
        else:
            seat = min(s for s in range(self.players) if self.side(s) == winners[0])
            self.result = ("win", seat, "stars")
