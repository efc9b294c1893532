"""The computer player for the Quax family: four levels and a hint, one search for every
rule set.

    choose(game, level, seed=0) -> "c3" / "c3-d4" / "swap" / "pass"; the game is unchanged
    think(game, level, seed=0)  -> generator: yields None while working, then the turn
    hint(game, seed=0)          -> what Expert would play

The evaluation is the shortest-path measure of connection games: for each colour, the
fewest stones (and, in Quax and Link, link turns) still missing from an edge-to-edge chain,
found by a label-correcting search over the cells (own stone 0, empty cell 1, enemy stone a
wall; a diagonal step as the rule set allows: free in Crossway unless the enemy holds both
other corners, along an existing or still possible link in Quickway, one turn more in Quax
unless linked). Quadrex measures a two-distance instead (tdist: a cell counts once two ways
reach it; a diagonal pair is joined, as its fills make it). Four such searches at the root (each colour from each of its edges) give,
for every empty cell, the length of the shortest chain through it; cells on both sides'
shortest chains come first. The higher levels then play the leading candidates on a copy
of the cells and measure both sides again (one ply), Expert looking at more of them and at
the crosscuts' links (in Quadrex: ladders read out, its best candidates answered by the
enemy's best cells, Player._reply). Noise comes from the project's seeded generator
(quadutil.Rng), so a move depends only on the position, the level and the seed. Nothing
is allocated per search: every array is made once per board size (_Tables)."""

from array import array

from quadutil import Rng

from .board import CROSSWAY, LINK, QUADREX, QUAX, QUICKWAY
from .notation import LINKBASE, PASS, SWAP, format_move

LEVELS = ("trainer", "easy", "average", "expert")
# candidates measured after one ply, random points (0..noise-1, in quarters of a stone)
# added to the root ranking
SETTINGS = {
    "trainer": (1, 12),
    "easy": (1, 3),
    "average": (5, 2),
    "expert": (12, 1),
}
INF = 9999
# Quadrex up to QN x QN: the two-distance (quax/qdist.py); Expert measures QW candidates,
# then answers the QR[0] best with QR[1] cells each: the QE lowest on the enemy's best
# chains after the candidate (its two-distance from both edges), then the root's order
# (Player._reply, qdist.reply). Larger Quadrex boards: the cheapest run, diagonal pairs
# joined (the device's Expert budget does not hold the two-distance there).
QN = 9
QW = 8
QR = (3, 3)
QE = 3
# Quadrex up to QN x QN, Expert: a candidate that blocks an enemy ladder is measured at the
# ladder's end if the enemy wins the ladder (qdist.ladder); 0 switches the reading off.
LAD = 1
_T = None


class _Tables:
    """Per board size: the neighbour tables and the scratch of every search."""

    def __init__(self, n, rule):
        N = n * n
        self.n = n
        self.N = N
        self.rule = rule
        # nb[x * 4 + k]: the cell west, east, south, north of x; -1 off the board.
        # dg[x * 16 + 4 * j ...]: the j-th diagonal step from x (SW SE NW NE): the cell
        # reached, the block's two other corners, and 4 * (its lower-left cell) + which
        # diagonal (1 "/", 2 "\\"); -1 for a step off the board.
        nb = array("h", bytes(2 * 4 * N))
        dg = array("h", bytes(2 * 16 * N))
        for x in range(N):
            f, r = x % n, x // n
            k = 0
            for df, dr in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                ff, rr = f + df, r + dr
                nb[x * 4 + k] = rr * n + ff if 0 <= ff < n and 0 <= rr < n else -1
                k += 1
            j = 0
            for df, dr in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
                ff, rr = f + df, r + dr
                i = x * 16 + 4 * j
                j += 1
                if not (0 <= ff < n and 0 <= rr < n):
                    dg[i] = -1
                    continue
                y = rr * n + ff
                o1, o2 = r * n + ff, rr * n + f
                lo = min(x, y, o1, o2)
                dg[i] = y
                dg[i + 1] = o1
                dg[i + 2] = o2
                dg[i + 3] = 4 * lo + (1 if min(x, y) == lo else 2)
        self.nb = nb
        self.dg = dg
        self.cells = bytearray(N)
        self.links = bytearray(N)
        self.d = tuple(array("H", bytes(2 * N)) for _ in range(4))
        self.q = array("H", bytes(2 * N))
        self.inq = bytearray(N)
        self.rank = array("h", bytes(2 * N))   # root ranking of each cell (lower first)
        self.cand = array("H", bytes(2 * N))
        self.fst = array("H", bytes(2 * N))    # Quadrex: stones to look around
        self.fl = array("H", bytes(2 * N))     # Quadrex: cells a trial move filled
        self.ro = array("H", bytes(2 * 16))    # Quadrex: the candidates in the root's order
        self.cut = False     # Expert's reading of crosscuts (see spfa)
        self.tomove = 0      # the colour to move in the position searched
        self.tdf = None      # Quadrex's two-distance (quax/qdist.py, loaded by tables())


def tables(n, rule):
    global _T
    if _T is None or _T.n != n:
        _T = None
        _T = _Tables(n, rule)
    _T.rule = rule
    _T.td = rule == QUADREX and n <= QN
    if _T.td and _T.tdf is None:
        from .qdist import arrays, ladder, reply, tdist
        arrays(_T)
        _T.tdf = tdist
        _T.rf = reply
        _T.lf = ladder
    return _T


def spfa(t, c, side, dist):
    """The player's measure of colour c from its edge `side`: Quadrex's two-distance
    (tdist, up to QN x QN) or the cheapest run (cheapest)."""
    if t.td:
        return t.tdf(t, c, side, dist)
    return cheapest(t, c, side, dist)


def cheapest(t, c, side, dist):
    """dist[x]: the cost of the cheapest run from colour c's edge `side` (0 bottom / left,
    1 top / right) to x, x included; returns the cost to the other edge (INF if cut).
    Label-correcting, a double-ended queue (a cell reached at no extra cost goes to the
    front), each cell in it at most once: a ring of N slots."""
    n = t.n
    N = t.N
    cells = t.cells
    links = t.links
    nb = t.nb
    dg = t.dg
    q = t.q
    inq = t.inq
    foe = 2 - c
    rule = t.rule
    cross = rule == CROSSWAY or rule == QUADREX
    quick = rule == QUICKWAY
    late = t.cut and c != t.tomove      # the enemy moves first: it links a crosscut
    for i in range(N):
        dist[i] = INF
    tail = 0
    if c == 0:
        x = 0 if side == 0 else N - n
        step = 1
    else:
        x = 0 if side == 0 else n - 1
        step = n
    for i in range(n):
        v = cells[x]
        if v != foe:
            dist[x] = 0 if v else 1
            q[tail] = x
            tail += 1
            inq[x] = 1
        x += step
    head = 0
    count = tail
    if tail == N:
        tail = 0
    while count:
        x = q[head]
        head += 1
        if head == N:
            head = 0
        count -= 1
        inq[x] = 0
        dx = dist[x]
        i = x * 4
        e = i + 4
        while i < e:
            y = nb[i]
            i += 1
            if y < 0:
                continue
            v = cells[y]
            if v == foe:
                continue
            nd = dx if v else dx + 1
            if nd < dist[y]:
                dist[y] = nd
                if not inq[y]:
                    inq[y] = 1
                    count += 1
                    if nd == dx:
                        head -= 1
                        if head < 0:
                            head = N - 1
                        q[head] = y
                    else:
                        q[tail] = y
                        tail += 1
                        if tail == N:
                            tail = 0
        i = x * 16
        e = i + 16
        while i < e:
            y = dg[i]
            if y < 0:
                i += 4
                continue
            v = cells[y]
            if v == foe:
                i += 4
                continue
            nd = dx if v else dx + 1
            bd = dg[i + 3]
            lk = links[bd >> 2]
            if cross:
                if cells[dg[i + 1]] == foe and cells[dg[i + 2]] == foe:
                    i += 4
                    continue
            elif lk:
                if lk != bd & 3:
                    i += 4
                    continue
            elif quick:
                if cells[dg[i + 1]] == foe and cells[dg[i + 2]] == foe:
                    i += 4
                    continue
            else:
                # Quax, Link: one turn more for the link; Expert reads a crosscut (both other
                # corners the enemy's) as lost when the enemy moves next (it links first)
                if late and cells[dg[i + 1]] == foe and cells[dg[i + 2]] == foe:
                    i += 4
                    continue
                nd += 1
            i += 4
            if nd < dist[y]:
                dist[y] = nd
                if not inq[y]:
                    inq[y] = 1
                    count += 1
                    if nd == dx:
                        head -= 1
                        if head < 0:
                            head = N - 1
                        q[head] = y
                    else:
                        q[tail] = y
                        tail += 1
                        if tail == N:
                            tail = 0
    best = INF
    if c == 0:
        x = N - n if side == 0 else 0
    else:
        x = n - 1 if side == 0 else 0
    for i in range(n):
        if dist[x] < best:
            best = dist[x]
        x += step
    return best


def fill(t, x, k=0):
    """Quadrex: the fills a stone on x brings (the engine's rule, board.Board._cascade), on
    the scratch cells; returns how many, listed in t.fl[k:] for the caller to take back."""
    n = t.n
    cells = t.cells
    st = t.fst
    fl = t.fl
    k0 = k
    sp = 1
    st[0] = x
    while sp:
        sp -= 1
        s = st[sp]
        f = s % n
        r = s // n
        for j in range(4):
            bf = f - 1 + (j & 1)
            br = r - 1 + (j >> 1)
            if bf < 0 or br < 0 or bf >= n - 1 or br >= n - 1:
                continue
            b = br * n + bf
            c0 = cells[b]
            c1 = cells[b + 1]
            c2 = cells[b + n]
            c3 = cells[b + n + 1]
            e = -1
            if not c0:
                if c1 and c1 == c2 and c3 and c3 != c1:
                    e = b
                    v = c1
            elif not c1:
                if c0 == c3 and c2 and c2 != c0:
                    e = b + 1
                    v = c0
            elif not c2:
                if c0 == c3 and c1 != c0:
                    e = b + n
                    v = c0
            elif not c3:
                if c1 == c2 and c0 != c1:
                    e = b + n + 1
                    v = c1
            if e >= 0:
                cells[e] = v
                fl[k] = e
                k += 1
                st[sp] = e
                sp += 1
    return k - k0


def measure(t, c):
    """Colour c's shortest-chain cost (one search)."""
    return spfa(t, c, 0, t.d[0])


class Player:
    """One decision, stoppable between any two searches (run() is a generator)."""

    def __init__(self, game, level, seed=0):
        if level not in SETTINGS:
            raise ValueError("unknown level %r (choose %s)" % (level, ", ".join(LEVELS)))
        self.game = game
        self.level = level
        self.width, self.noise = SETTINGS[level]
        self.rng = Rng(seed * 7919 + game.plies)
        self.searches = 0

    def _load(self):
        g = self.game
        t = tables(g.n, g.rule)
        cells, links = g.board.cells, g.board.links
        for i in range(t.N):
            t.cells[i] = cells[i]
            t.links[i] = links[i]
        return t

    def _value(self, t, c):
        """Enemy's cost minus ours after a trial move (higher is better for c)."""
        t.tomove = 1 - c
        a = spfa(t, c, 0, t.d[0])
        if a == 0:
            return INF
        self.searches += 2
        return spfa(t, 1 - c, 0, t.d[1]) - a

    def run(self):
        g = self.game
        c = g.turn
        n = g.n
        if g.result is not None:
            raise ValueError("the game is over: there is no move to make")
        if not g.has_move(c):
            yield format_move(PASS, n)
            return
        t = self._load()
        t.cut = self.level == "expert"
        t.tomove = c
        yield None
        # Pie rule: as the first player open off-centre (Expert: next to the centre, which
        # MCTS-1000 seldom takes; the lower levels on file b); as the second, take a
        # central first stone.
        if g.pie and g.plies == 0:
            if self.level == "expert":
                yield format_move((n // 2) * n + n // 2 - 1, n)
            else:
                yield format_move((n // 2) * n + 1 if n > 5 else 1, n)
            return
        if g.can_swap():
            x = 0
            while not t.cells[x]:
                x += 1
            f, r = x % n, x // n
            h = n // 2
            if (f - h if f > h else h - f) <= n // 4 and (r - h if r > h else h - r) <= n // 4:
                yield "swap"
                return
        e = 1 - c
        da, db, ea, eb = t.d
        dc = spfa(t, c, 0, da)
        spfa(t, c, 1, db)
        yield None
        de = spfa(t, e, 0, ea)
        spfa(t, e, 1, eb)
        self.searches += 4
        yield None
        cells = t.cells
        rank = t.rank
        cand = t.cand
        rng = self.rng
        k = 0
        cross = g.rule == CROSSWAY
        for x in range(t.N):
            if cells[x] or (cross and not g.board.crossway_ok(x, c)):
                continue
            a = da[x] + db[x] - 1 - dc
            b = ea[x] + eb[x] - 1 - de
            if a > 60:
                a = 60
            elif a < 0:
                a = 0  # (Quadrex's two-distance does not add up along a chain)
            if b > 60:
                b = 60
            elif b < 0:
                b = 0
            v = 4 * (a + b)
            if self.noise > 1:
                v += rng.below(self.noise)
            # central cells first among equals
            f, r = x % n, x // n
            v = v * 64 + (f * 2 - n + 1 if f * 2 > n - 1 else n - 1 - f * 2) + \
                (r * 2 - n + 1 if r * 2 > n - 1 else n - 1 - r * 2)
            rank[x] = v
            cand[k] = x
            k += 1
        # the few best, by selection (no sort, no list); on boards above 11 x 11 fewer, as
        # each search costs more there (the device budget holds up to 19 x 19)
        w = self.width
        if t.N > 121:
            w = w * 121 // t.N
        if t.td and w > QW:
            w = QW
        if w < 1:
            w = 1
        if w > k:
            w = k
        for i in range(w):
            best = i
            for j in range(i + 1, k):
                if rank[cand[j]] < rank[cand[best]]:
                    best = j
            cand[i], cand[best] = cand[best], cand[i]
        move = cand[0] if k else -1
        top = -INF
        quad = g.rule == QUADREX
        lad = t.td and self.level == "expert" and LAD
        ro = t.ro
        for i in range(w):
            x = cand[i]
            if i < 16:
                ro[i] = x
            cells[x] = c + 1
            nf = fill(t, x) if quad else 0
            if lad:
                nf += t.lf(t, c, x, nf, fill)
            v = self._value(t, c)
            cells[x] = 0
            for j in range(nf):
                cells[t.fl[j]] = 0
            rank[x] = -v
            if v > top:
                top = v
                move = x
            yield None
            if top == INF:
                break
        if t.td and top < INF and self.level == "expert" and QR[0]:
            move = yield from self._reply(t, c, w, move)
        # Quax and Link: a link across a crosscut (both other corners the enemy's)
        spare = 6 if t.N > 121 else INF     # link measurements allowed
        if (g.rule == QUAX or g.rule == LINK) and top < INF:
            links = t.links
            own = c + 1
            foe = 2 - c
            for y in range(n - 1):
                for f in range(n - 1):
                    b = y * n + f
                    if links[b]:
                        continue
                    if cells[b] == own and cells[b + n + 1] == own and cells[b + 1] == foe \
                            and cells[b + n] == foe:
                        d = 1
                    elif cells[b + 1] == own and cells[b + n] == own and cells[b] == foe \
                            and cells[b + n + 1] == foe:
                        d = 2
                    else:
                        continue
                    if not spare:
                        continue
                    spare -= 1
                    links[b] = d
                    v = self._value(t, c)
                    links[b] = 0
                    if v > top:
                        top = v
                        move = LINKBASE + 2 * b + d - 1
                    yield None
        if move < 0:
            move = g.moves()[0]     # a full board: the first legal link
        yield format_move(move, n)


    def _reply(self, t, c, w, move):
        """Generator (Quadrex up to QN x QN, Expert): qdist.reply, the candidates answered.
        Returns the cell."""
        return t.rf(self, t, c, w, move, fill, QR, QE)


def think(game, level, seed=0):
    """Start thinking; ValueError at once for a bad level or a finished game."""
    if level not in LEVELS:
        raise ValueError("unknown level %r (choose %s)" % (level, ", ".join(LEVELS)))
    if game.result is not None:
        raise ValueError("the game is over: there is no move to make")
    return Player(game, level, seed).run()


def choose(game, level, seed=0):
    """The computer's turn as one line of notation; the game is left as it was."""
    turn = None
    for step in think(game, level, seed):
        turn = step
    return turn


def hint(game, seed=0):
    """What Expert would play for the side to move."""
    return choose(game, "expert", seed)


def trainer_highlights(game, colour):
    """The Trainer's cells for `colour` (a face shows them): every empty cell where a drop
    of `colour` joins its chain edge to edge at once. The shell asks once for the computer's
    colour (cells to block) and once for the player's (cells that win), and marks the two
    apart. Two searches on the player's tables (none for a colour more than one stone
    short). Quadrex's fills are not played out here."""
    out = []
    if game.result is not None:
        return out
    g = game
    t = tables(g.n, g.rule)
    cells, links = g.board.cells, g.board.links
    for i in range(t.N):
        t.cells[i] = cells[i]
        t.links[i] = links[i]
    t.cut = False
    da, db = t.d[0], t.d[1]
    for c in (colour,):
        t.tomove = c
        if cheapest(t, c, 0, da) != 1:
            continue
        cheapest(t, c, 1, db)
        for x in range(t.N):
            if not t.cells[x] and da[x] + db[x] == 2 and x not in out and (
                    g.rule != CROSSWAY or g.board.crossway_ok(x, c)):
                out.append(x)
    return out
