"""A slow, plain reference of the Quax family's rules, written apart from the engine (quax/):
cells in a dict keyed by (file, rank), links as a set of cell pairs, and after every turn a
breadth-first search over stones and links from one edge to the other. No union-find, no
tables, no move ints: turns are the notation's text. Used by host_tests/test_quax.py to play
random games side by side with the engine."""

FILES = "abcdefghijklmnopqrs"
RULESETS = ("quax", "link", "quickway", "crossway", "quadrex")


def name(p):
    return FILES[p[0]] + str(p[1] + 1)


class RefGame:
    def __init__(self, rules, n, pie):
        self.rules = rules
        self.n = n
        self.pie = pie
        self.stone = {}          # (f, r) -> "B" or "W"
        self.links = set()       # frozenset({p, q}) of linked diagonal cells
        self.mover = "B"
        self.turns = 0
        self.winner = None       # "B" / "W"
        self.over = False

    def other(self, c):
        return "W" if c == "B" else "B"

    def cells(self):
        return [(f, r) for r in range(self.n) for f in range(self.n)]

    def blocks(self):
        """Every 2 x 2 block as (bl, br, tl, tr)."""
        for r in range(self.n - 1):
            for f in range(self.n - 1):
                yield (f, r), (f + 1, r), (f, r + 1), (f + 1, r + 1)

    def checkerboard_if(self, p, c):
        """Would a stone c on p complete two-and-two diagonally?"""
        for blk in self.blocks():
            if p not in blk:
                continue
            bl, br, tl, tr = blk
            pairs = ((bl, tr), (br, tl))
            for a, b in pairs:
                if p in (a, b):
                    mate = b if p == a else a
                    x, y = [q for q in blk if q not in (a, b)]
                    if (self.stone.get(mate) == c and self.stone.get(x) == self.other(c)
                            and self.stone.get(y) == self.other(c)):
                        return True
        return False

    def link_crossing(self, a, b):
        """The link crossing the diagonal a-b, if any (same block, other diagonal)."""
        (fa, ra), (fb, rb) = a, b
        c1, c2 = (fa, rb), (fb, ra)
        k = frozenset((c1, c2))
        return k if k in self.links else None

    def legal(self):
        """Every legal turn of the side to move, as notation text."""
        if self.over:
            return set()
        c = self.mover
        out = set()
        for p in self.cells():
            if p in self.stone:
                continue
            if self.rules == "crossway" and self.checkerboard_if(p, c):
                continue
            out.add(name(p))
        if self.rules in ("quax", "link"):
            for bl, br, tl, tr in self.blocks():
                for a, b in ((bl, tr), (br, tl)):
                    if self.stone.get(a) == c and self.stone.get(b) == c:
                        if frozenset((a, b)) in self.links or self.link_crossing(a, b):
                            continue
                        lo, hi = sorted((a, b), key=lambda q: (q[1], q[0]))
                        out.add(name(lo) + "-" + name(hi))
        if self.pie and self.turns == 1:
            out.add("swap")
        if not out:
            out.add("pass")
        return out

    def parse(self, text):
        def cell(t):
            return FILES.index(t[0]), int(t[1:]) - 1
        if "-" in text:
            a, b = text.split("-")
            return cell(a), cell(b)
        return cell(text)

    def play(self, text):
        assert text in self.legal(), (text, sorted(self.legal()))
        c = self.mover
        self.turns += 1
        if text == "swap":
            return       # the players exchange colours; White still moves next
        self.mover = self.other(c)
        if text == "pass":
            return
        if "-" in text:
            a, b = self.parse(text)
            self.links.add(frozenset((a, b)))
        else:
            p = self.parse(text)
            self.stone[p] = c
            if self.rules == "quickway":
                self.auto_links(p)
            if self.rules == "quadrex":
                self.fill()
        for who in (c, self.other(c)):
            if self.connected(who):
                self.winner = who
                self.over = True
                return
        if not self.legal_any("B") and not self.legal_any("W"):
            self.over = True

    def legal_any(self, c):
        keep = self.mover
        self.mover = c
        t = self.turns
        self.turns = 99
        ok = self.legal() != {"pass"}
        self.mover, self.turns = keep, t
        return ok

    def auto_links(self, p):
        f, r = p
        c = self.stone[p]
        for df in (-1, 1):
            for dr in (-1, 1):
                q = (f + df, r + dr)
                if self.stone.get(q) == c and not self.link_crossing(p, q):
                    self.links.add(frozenset((p, q)))

    def fill(self):
        """Quadrex: while some block holds a 3/4 stymie, fill its fourth point."""
        while True:
            for blk in self.blocks():
                empty = [q for q in blk if q not in self.stone]
                if len(empty) != 1:
                    continue
                e = empty[0]
                bl, br, tl, tr = blk
                opp = {bl: tr, tr: bl, br: tl, tl: br}[e]
                u, v = [q for q in blk if q not in (e, opp)]
                if self.stone[u] == self.stone[v] != self.stone[opp]:
                    self.stone[e] = self.stone[u]
                    break
            else:
                return

    def steps(self, p):
        f, r = p
        c = self.stone[p]
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            q = (f + df, r + dr)
            if self.stone.get(q) == c:
                yield q
        for df in (-1, 1):
            for dr in (-1, 1):
                q = (f + df, r + dr)
                if self.stone.get(q) != c:
                    continue
                if self.rules == "crossway" or frozenset((p, q)) in self.links:
                    yield q

    def connected(self, c):
        n = self.n
        if c == "B":
            start = [(f, 0) for f in range(n)]
            goal = lambda q: q[1] == n - 1
        else:
            start = [(0, r) for r in range(n)]
            goal = lambda q: q[0] == n - 1
        seen = set(q for q in start if self.stone.get(q) == c)
        todo = list(seen)
        while todo:
            p = todo.pop()
            if goal(p):
                return True
            for q in self.steps(p):
                if q not in seen:
                    seen.add(q)
                    todo.append(q)
        return False
