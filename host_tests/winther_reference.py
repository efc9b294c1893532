"""A slow, obvious referee for Winther's Quad, written apart from winquad (no import of it):
a list-of-lists board, turns as strings, every rule checked by scanning the whole board.
The tests play it side by side with the engine (docs/winther-rules.md is the rule book)."""

import re

LETTERS = "abcdefgh"
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
_TURN = re.compile(r"^([a-h][1-8])(?:-([a-h][1-8]))?((?:x[a-h][1-8])*)$")


def name(f, r):
    return "%s%d" % (LETTERS[f], r + 1)


def coords(s):
    return LETTERS.index(s[0]), int(s[1]) - 1


def inside(f, r):
    return 0 <= f < 8 and 0 <= r < 8


class RefGame:
    def __init__(self, counters=15):
        assert counters in (12, 15, 20, 25)
        self.n = counters
        self.grid = [[None] * 8 for _ in range(8)]    # grid[f][r] = "W", "B" or None
        self.hand = {"W": counters, "B": counters}
        self.dropped = {"W": 0, "B": 0}
        self.side = "W"
        self.result = None       # as the engine: ("win", seat 0/1, why) or a draw
        self.seen = {}

    @staticmethod
    def other(s):
        return "B" if s == "W" else "W"

    def count(self, s):
        return sum(1 for f in range(8) for r in range(8) if self.grid[f][r] == s)

    def exact_four(self, s):
        """True if s has a maximal orthogonal run of exactly four."""
        g = self.grid
        for horizontal in (True, False):
            for a in range(8):
                run = 0
                for b in range(9):
                    cell = None
                    if b < 8:
                        cell = g[b][a] if horizontal else g[a][b]
                    if cell == s:
                        run += 1
                    else:
                        if run == 4:
                            return True
                        run = 0
        return False

    def flanked(self, f, r, s):
        """Cells of enemy counters that a counter of s standing on (f, r) flanks."""
        out = []
        e = self.other(s)
        for df, dr in STEPS:
            f1, r1, f2, r2 = f + df, r + dr, f + 2 * df, r + 2 * dr
            if inside(f2, r2) and self.grid[f1][r1] == e and self.grid[f2][r2] == s:
                out.append(name(f1, r1))
        return out

    def placements(self, s):
        """(from or None, to) pairs the side may play, ignoring captures."""
        out = []
        if self.hand[s]:
            for f in range(8):
                for r in range(8):
                    if self.grid[f][r] is None:
                        rim = f in (0, 7) or r in (0, 7)
                        if s == "W" and self.dropped["W"] == 1 and not rim:
                            continue
                        out.append((None, (f, r)))
            return out
        for f in range(8):
            for r in range(8):
                if self.grid[f][r] == s:
                    for df, dr in STEPS:
                        if inside(f + df, r + dr) and self.grid[f + df][r + dr] is None:
                            out.append(((f, r), (f + df, r + dr)))
        return out

    def _flanks_after(self, frm, to, s):
        if frm is not None:
            self.grid[frm[0]][frm[1]] = None
        self.grid[to[0]][to[1]] = s
        fl = self.flanked(to[0], to[1], s)
        self.grid[to[0]][to[1]] = None
        if frm is not None:
            self.grid[frm[0]][frm[1]] = s
        return fl

    def legal_turns(self):
        """Every legal turn as canonical text (captures sorted by the engine's cell order:
        rank, then file)."""
        if self.result is not None:
            return set()
        s = self.side
        out = set()
        for frm, to in self.placements(s):
            head = name(*to) if frm is None else name(*frm) + "-" + name(*to)
            fl = self._flanks_after(frm, to, s)
            for mask in range(1 << len(fl)):
                taken = [fl[i] for i in range(len(fl)) if mask >> i & 1]
                taken.sort(key=lambda c: (int(c[1]), c[0]))
                out.add(head + "".join("x" + c for c in taken))
        return out

    def key(self):
        return (tuple(tuple(col) for col in self.grid), self.side, self.hand["W"],
                self.hand["B"])

    def play(self, text):
        """Apply one turn; ValueError if illegal (the state is unchanged then)."""
        if self.result is not None:
            raise ValueError("game over")
        t = text.strip().lower()
        m = _TURN.match(t)
        if not m:
            raise ValueError("bad turn text")
        to = coords(m.group(2) or m.group(1))
        frm = coords(m.group(1)) if m.group(2) else None
        taken = re.findall(r"x([a-h][1-8])", m.group(3))
        s = self.side
        if (frm, to) not in self.placements(s):
            raise ValueError("illegal placement")
        fl = self._flanks_after(frm, to, s)
        if len(set(taken)) != len(taken) or any(c not in fl for c in taken):
            raise ValueError("illegal capture")
        if frm is None:
            self.hand[s] -= 1
            self.dropped[s] += 1
        else:
            self.grid[frm[0]][frm[1]] = None
        self.grid[to[0]][to[1]] = s
        for c in taken:
            f, r = coords(c)
            self.grid[f][r] = None
        e = self.other(s)
        self.side = e
        if self.exact_four(s):
            self.result = ("win", "WB".index(s), "four")
        elif self.exact_four(e):
            self.result = ("win", "WB".index(e), "four")
        elif self.count(e) == 0 and self.hand[e] == 0:
            self.result = ("win", "WB".index(s), "wipe-out")
        elif not self.placements(e):
            self.result = ("win", "WB".index(s), "stalemate")
        else:
            k = self.key()
            self.seen[k] = self.seen.get(k, 0) + 1
            if self.seen[k] >= 3:
                self.result = ("draw", None, "repetition")
