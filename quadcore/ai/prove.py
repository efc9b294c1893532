"""Expert's proof of a win in 3 (the attack's second half: `guard.Guard.attack`), imported
only while it runs and dropped right after (`off`), as master.py and pstep.py drop
themselves: guard.py's .mpy is 1,169 B smaller without it (mpy-cross 10.2.1), code an Expert
game on the device no longer keeps on its heap through the turn search and the guard. Not
imported at all while no first turn can force (a game's first turns: no three to make).
Master keeps it once loaded (its ponder attacks for every likely turn: see guard.attack).

    attack3(p, seat, m)  generator: the marble cell of a win in 3 for `seat`, or -1
                         (p: the two.Two deciding; guard.attack set up the first turns)

The functions take the player `p` (named self, as the methods they were) and use its solver
(`solve.Solve`: zone, holds, reply_cells) and its pieces (put, undo_to). SB as in guard.py:
[0:8] the opponent's completion cells, [8:16] ours after the first turn, [16:] the
defender's free marbles, [80:] the win-in-2 checks.
"""

from ..board import MARBLE, STAR
from . import core
from .core import MAXCELLS
from .fast import CAND, CHUNK, NF, TWO
from .solve import SB


def attack3(self, seat, m):
    """Generator (the caller ran first3 and put the m cells where `seat`'s marble makes a
    three into CAND, best first): the first turns (covering the opponent's completion
    cells, then those) each proved (prove3) a CHUNK at a time with a tick between; the
    marble cell of the first proved, or -1."""
    nt = self.nt3
    sol = self.cfg["sol"]
    far = sol[4] * self.full // self.cfg["budget"] if len(sol) > 4 else 0
    lim = self.limit
    x = -1
    j = 0
    r = 0  # the proof's state (prove3): 0 for a first turn not yet tried
    while j < nt + m and self.nodes < self.limit:
        r = prove3(self, seat, j if j < nt else nt + CAND[j - nt], r, far, lim)
        if r < -1:
            x = -2 - r
            break
        if r < 0:
            j += 1  # refuted (or out of nodes): the next first turn
            r = 0
            self.limit = lim
        if self.nodes > self.ticked:
            self.ticked = self.nodes
            yield None
    self.limit = lim
    return x


def prove3(self, seat, i, state, far, lim):
    """First turn i of win3 (as solve.try3) proved answer by answer, until the proof
    ends or CHUNK nodes or so have gone (the caller ticks, then goes on from the state
    returned): -2 - its marble cell if every answer leaves `seat` a win in 2, -1 if
    one does not (or the nodes ran out: never a false win), else the state to go on
    from (the next answer, r, and the zone's size: 64 r + zone + 2). The turn is put
    down for the step and taken back (put back uncounted). The quick answers come
    first (the defender given one star more: solve.zone; its marble on each of our
    completion cells); once the zone has not refuted the turn, the proof may run `far`
    nodes past the attack's limit `lim` (a proof that ends is played at once: no
    search or guard follows)."""
    a = seat
    d = 1 - a
    ca = self.colour[a]
    b = self.b
    r = state >> 6  # the next answer: 0 one star more, 1..k a marble on a completion
    #                 cell, then stars on all of them and a marble on reply cell r-k-1
    nz = (state & 63) - 2
    mark = self.npath
    x = put3(self, a, i, r)
    if x < 0:
        return -1
    k = core.threat_cells(b, ca, SB, 8, 8)
    sd = self.stars[d]
    res = 0  # 1 proved, -1 refuted
    if not (b.nopen[ca][3] and NF[ca]):
        res = -1
    elif k > sd + 1:
        res = 1
    start = self.nodes
    while not res:
        if self.nodes >= self.limit:
            res = -1
            break
        if self.nodes - start >= CHUNK:
            break
        m2 = self.npath
        if r == 0:
            if k <= sd:
                # The defender given one star more (solve.zone): refuted, or the zone
                # of our win that its free marble must touch.
                for j in range(k):
                    self.put(SB[8 + j], STAR)
                self.stars[d] -= k
                nz = self.zone(a, 80)
                self.stars[d] += k
                if nz == -2:
                    res = -1
                elif self.limit < lim + far:
                    self.limit = lim + far  # past the quick refutation
        elif r <= k or k <= sd:
            res = answer(self, a, r, k, nz)
        else:
            res = 1
        self.undo_to(m2)
        r += 1
    take3(self, a, i, mark)
    if res:
        return -2 - x if res > 0 else -1
    return r * 64 + nz + 2


def answer(self, a, r, k, nz):
    """Answer r >= 1 of prove3 to the first turn on the board (our k completion cells in
    SB[8:8 + k], the zone's size nz): 1 if no answers are left (proved), -1 if this one
    leaves `a` no win in 2, else 0. The counts come back; the pieces stay (the caller
    takes them back). prove3's loop in two functions: smaller blocks of code to place."""
    d = 1 - a
    cd = 1 - self.colour[a]
    res = 0
    if r <= k:
        for j in range(k):
            if j != r - 1:
                self.put(SB[8 + j], STAR)
        self.put(SB[7 + r], MARBLE + cd)
        self.stars[d] -= k - 1
        self.marbles[d] -= 1
        if not self.holds(a, 80):
            res = -1
        self.stars[d] += k - 1
        self.marbles[d] += 1
        return res
    for j in range(k):
        self.put(SB[8 + j], STAR)
    ny = self.reply_cells(1 - cd, cd, 16, nz, self.stars[a])
    if ny < 0:
        return -1
    if r - k > ny:
        return 1
    self.put(SB[15 + r - k], MARBLE + cd)
    self.stars[d] -= k
    self.marbles[d] -= 1
    if not self.holds(a, 80):
        res = -1
    self.stars[d] += k
    self.marbles[d] += 1
    return res


def put3(self, a, i, again):
    """Put win3's first turn i (see solve.try3) with the counts; its marble cell, or -1
    (nothing put). `again`: put back after a tick, not counted."""
    b = self.b
    ca = self.colour[a]
    cells = b.cells
    nt = self.nt3
    if i < nt:
        x = SB[i]
    else:
        x = i - nt
        if nt > self.stars[a] or cells[x] or TWO[ca * MAXCELLS + x] == 0:
            return -1
    n0 = self.nodes
    mark = self.npath
    for j in range(nt):
        if j != i:
            self.put(SB[j], STAR)
    if cells[x]:  # (a star of the covering took it)
        self.undo_to(mark)
        return -1
    self.put(x, MARBLE + ca)
    self.stars[a] -= self.npath - mark - 1
    self.marbles[a] -= 1
    if again:
        self.nodes = n0
    return x


def take3(self, a, i, mark):
    """Take put3's turn back (and its counts)."""
    self.stars[a] += self.npath - mark - 1
    self.marbles[a] += 1
    self.undo_to(mark)


def off():
    """Drop this module (and the package's attribute) from the heap."""
    import sys
    pkg = __name__[:__name__.rindex(".")]
    sys.modules.pop(__name__, None)
    m = sys.modules.get(pkg)
    if m is not None and hasattr(m, "prove"):
        delattr(m, "prove")
