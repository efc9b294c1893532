"""Exact short-horizon tactics of the two-player game (a mixin of `two.Two`).

    win2(a)   a marble with which seat `a` (to move) forces a quad within 2 of its own turns
    win3(a)   the same within 3 turns, the first of them forcing (its marble makes a
              completion cell); -1 if none or the node budget ran out (never a false win)
    chain(a)  `a` to move and the other seat's last turn just made: the stars the other
              seat would still have to add to that turn so that `a` has no win in 2

Why the defender's answers can be counted rather than tried: a quad is completed only on a
completion cell (three of a square, fourth empty), so a defender facing k of them must
occupy all k this turn: a marble on one and stars on the others, or stars on all and the
marble free (k <= stars + 1). After that, a win in 2 needs a marble of the attacker making
more distinct completion cells than the defender's stars + 1 (a fork). Against such a fork x
an extra star of the defender on one of x's completion cells changes nothing (one cell and
one star fewer) and a star elsewhere only costs a star: every defence must star x itself.
So the extra stars that matter are found one at a time (`chain`), never enumerated. The
defender's free marble matters only on a fork cell, on one of its completion cells, or where
it makes a three of its own (a counter-threat); one other cell stands for all the rest.
host_tests/short_check.py checks all of this by brute force on small boards.

Turns of the attacker with stars beyond covering the defender's completion cells are not
tried in win3 (they cannot help a win in 2: stars only remove cells). Nothing here
allocates: cells go to SB, pieces through `put` / `undo_to` (PATH), counts into self.stars.
"""

from ..board import MARBLE, STAR
from . import core
from .core import EBUF, MAXCELLS, SCORE
from .fast import CAND, H, NF, TWO

# Cells of the solver, per call level: threat cells (8), completion cells (8), the
# defender's free marbles (YCAP: a middle game has up to ~50 cells that matter).
YCAP = 64
SB = bytearray(40 + 16 + YCAP + 8)
ZB = bytearray(40)  # the zone of a win in 2 (zone): its fork cells and their completion cells


def ncomp(b, c, cap):
    """How many distinct cells complete a quad of colour c now (stops at cap)."""
    need = b.nopen[c][3]
    if not need:
        return 0
    thr = b.thr[c]
    k = 0
    for x in range(len(thr)):
        t = thr[x]
        if t:
            k += 1
            need -= t
            if need <= 0 or k >= cap:
                break
    return k


class Solve:
    def win2(self, a, base):
        """A marble cell x: stars on the opponent's completion cells (all but x) and the
        marble on x win within 2 own turns (x may be a completion cell: a win now); -1."""
        b = self.b
        d = 1 - a
        ca = self.colour[a]
        if b.nopen[ca][3]:
            return core.first_threat(b, ca)
        if self.marbles[a] < 2 or self.marbles[d] < 1:
            return -1
        need = self.stars[d] + 2
        # No cell lies in `need` open squares holding two of a's marbles: no marble of a
        # can make that many completion cells, whatever it covers (a free O(1) test).
        hb = 64 * ca
        v = need if need < 63 else 63
        while v < 64 and not H[hb + v]:
            v += 1
        if v == 64:
            return -1
        nt = core.threat_cells(b, 1 - ca, SB, base, 8)
        sa = self.stars[a]
        if nt > sa + 1 or (nt == 8 and sa >= 7):
            return -1
        mark = self.npath
        for i in range(nt):
            x = SB[base + i]
            for j in range(nt):
                if j != i:
                    self.put(SB[base + j], STAR)
            self.put(x, MARBLE + ca)
            k = ncomp(b, ca, need)
            self.undo_to(mark)
            if k >= need:
                return x
        if nt > sa:
            return -1
        for j in range(nt):
            self.put(SB[base + j], STAR)
        found = -1
        v = need if need < 63 else 63
        while v < 64 and not H[hb + v]:
            v += 1
        if v < 64:
            cells = b.cells
            tb = ca * MAXCELLS
            for x in range(len(cells)):
                if TWO[tb + x] >= need and not cells[x] and \
                        core.completions(b, x, ca, EBUF) >= need:
                    found = x
                    break
        self.undo_to(mark)
        return found

    def chain(self, a, base):
        """`a` to move. -1 if `a` has no win in 2; else how many extra stars the seat that
        just moved must add to its turn to stop every win in 2 (each on the fork cell that
        would win), 99 if it has too few. The stars are left in PATH[mark:] when it
        succeeds with some (the caller undoes them); counts restored."""
        d = 1 - a
        s0 = self.stars[d]
        n = 0
        while True:
            x = self.win2(a, base)
            if x < 0:
                break
            if not n:
                self.wit = x  # the first winning cell (the guard tries it first)
            if self.stars[d] == 0 or self.b.nopen[self.colour[a]][3]:
                n = 99
                break
            self.put(x, STAR)
            self.stars[d] -= 1
            n += 1
        self.stars[d] = s0
        return n if n else -1

    def holds(self, a, base):
        """`a` to move after the defender's turn: does `a` win in 2 whatever extra stars the
        defender had put down?"""
        mark = self.npath
        n = self.chain(a, base)
        self.undo_to(mark)
        return n == 99

    def win3(self, a, base):
        """A marble cell (turn as in win2) winning within 3 own turns with a forcing first
        turn, or -1 (also when the node limit is reached, or for the guard when no first
        turn among its list of the best 16 wins: never a false win)."""
        x = self.win2(a, base + 16 + YCAP)
        if x >= 0:
            return x
        if not self.first3(a, base):
            return -1
        nt = self.nt3
        m = self.m3  # (the guard's list, made once a decision: guard.guard)
        cb = 128
        if m < 0:
            m = self.order3(a, 0, 64)
            cb = 0
        for i in range(nt + m):
            x = self.try3(a, base, i if i < nt else nt + CAND[cb + i - nt])
            if x >= 0 or self.nodes >= self.limit:
                return x
        return -1

    def order3(self, a, cb, cap):
        """The cells where a's marble makes a three into CAND[cb:], the cap best by the root
        score (forks and builders lead: the attack's wins in 3 of the suite are found
        after ~100 nodes instead of ~400, the guard's check finds the opponent's after
        17-82 instead of 31-395 on nine only-defences of seed 990000); how many. (The
        guard makes it before a turn is put down and uses it for every turn it checks: a
        turn only takes cells and squares from the other colour, and try3 passes over the
        cells it took.)"""
        cells = self.b.cells
        tb = self.colour[a] * MAXCELLS
        m = 0
        for y in range(len(cells)):
            if TWO[tb + y] and not cells[y]:
                m = core.insert_by(CAND, cb, m, cap, y, SCORE)
        return m

    def first3(self, a, base):
        """Set up win3's first turns: the opponent's completion cells into SB[base:]; how
        many first turns `try3` takes (0: none can win)."""
        if self.marbles[a] < 3 or self.marbles[1 - a] < 2:
            return 0
        nt = core.threat_cells(self.b, 1 - self.colour[a], SB, base, 8)
        if nt > self.stars[a] + 1:
            return 0
        self.nt3 = nt
        return nt + len(self.b.cells)

    def try3(self, a, base, i):
        """First turn i of win3 (after first3): the marble on the opponent's completion
        cell i, stars on the others; or (i >= their count) stars on all and the marble on
        cell i - count where it makes a three. The marble cell if it wins, else -1.
        Uses SB[base:base + 24 + YCAP]."""
        b = self.b
        ca = self.colour[a]
        cells = b.cells
        nt = self.nt3
        if i < nt:
            x = SB[base + i]
        else:
            x = i - nt
            if nt > self.stars[a] or cells[x] or TWO[ca * MAXCELLS + x] == 0:
                return -1
        mark = self.npath
        ns = 0
        for j in range(nt):
            if j != i:
                self.put(SB[base + j], STAR)
                ns += 1
        ok = False
        if not cells[x]:  # (a star of the covering may have taken it)
            self.put(x, MARBLE + ca)
            self.stars[a] -= ns
            self.marbles[a] -= 1
            # (Forcing, and a fork cell left for the win in 2 after the answer.)
            ok = b.nopen[ca][3] and NF[ca] and self.replies_lose(a, base + 8)
            self.stars[a] += ns
            self.marbles[a] += 1
        self.undo_to(mark)
        return x if ok else -1

    def replies_lose(self, a, base):
        """The defender to move, facing a's completion cells: does every answer leave `a` a
        win in 2? Uses SB[base:base + 16 + YCAP]; False when out of nodes or of buffer."""
        b = self.b
        d = 1 - a
        ca = self.colour[a]
        cd = 1 - ca
        k = core.threat_cells(b, ca, SB, base, 8)
        sd = self.stars[d]
        if k > sd + 1:
            return True
        mark = self.npath
        yb = base + 8
        # The marble on each completion cell, stars on the others.
        for i in range(k):
            for j in range(k):
                if j != i:
                    self.put(SB[base + j], STAR)
            self.put(SB[base + i], MARBLE + cd)
            self.stars[d] -= k - 1
            self.marbles[d] -= 1
            ok = self.holds(a, base + 8 + YCAP)
            self.stars[d] += k - 1
            self.marbles[d] += 1
            self.undo_to(mark)
            if not ok or self.nodes >= self.limit:
                return False
        if k > sd:
            return True
        # Stars on all of them, the marble on each cell that matters (see the docstring).
        for j in range(k):
            self.put(SB[base + j], STAR)
        self.stars[d] -= k
        nz = self.zone(a, base + 8 + YCAP)
        ny = self.reply_cells(ca, cd, yb, nz, self.stars[a]) if nz > -2 else -1
        ok = ny >= 0
        for i in range(ny if ok else 0):
            m2 = self.npath
            self.put(SB[yb + i], MARBLE + cd)
            self.marbles[d] -= 1
            ok = self.holds(a, base + 8 + YCAP)
            self.marbles[d] += 1
            self.undo_to(m2)
            if not ok or self.nodes >= self.limit:
                ok = False
                break
        self.stars[d] += k
        self.undo_to(mark)
        return ok

    def zone(self, a, base):
        """The defender to move has covered a's completion cells with stars (its marble not
        yet down). Give it one star more: -2 if a then has no win in 2 (it has none either
        after the defender's marble on the extra star's cell: the turn is refuted); else
        a wins in 2 whatever extra stars are added, by the forks chain finds (each starred
        in turn), and their cells and completion cells go to ZB: how many (-1: too many).
        A defender's marble that is not in that zone and whose own completion cells are
        not either (and a has the stars to cover them) changes none of those forks: a wins
        after it the same way (`reply_cells` leaves such marbles out)."""
        if self.marbles[1 - a] < 3:
            return -1
        d = 1 - a
        ca = self.colour[a]
        b = self.b
        s0 = self.stars[d]
        self.stars[d] += 1
        mark = self.npath
        m = 0
        while True:
            x = self.win2(a, base)
            if x < 0:
                m = -2
                break
            if m >= 0:
                k = core.completions(b, x, ca, EBUF)
                if m + k < len(ZB):
                    m = core.add(ZB, 0, m, x)
                    for j in range(k):
                        m = core.add(ZB, 0, m, EBUF[j])
                else:
                    m = -1
            if self.stars[d] == 0 or b.nopen[ca][3]:
                break
            self.put(x, STAR)
            self.stars[d] -= 1
        self.stars[d] = s0
        self.undo_to(mark)
        return m

    def reply_cells(self, ca, cd, yb, nz=-1, sa=0):
        """Cells where the defender's free marble can matter into SB[yb:yb + YCAP]: its own
        three-making cells, a's fork cells and their completion cells, and one other empty
        cell standing for all the rest; with a's zone (nz >= 0 cells in ZB: see `zone`)
        only its three-making cells in the zone or with a completion cell in it (or more
        of them than a's sa stars). -1 if they do not fit (the caller gives up)."""
        b = self.b
        cells = b.cells
        ta = ca * MAXCELLS
        td = cd * MAXCELLS
        m = 0
        for x in range(len(cells)):
            if cells[x]:
                continue
            if nz >= 0:
                if not TWO[td + x]:
                    continue
                j = 0
                while j < nz and ZB[j] != x:
                    j += 1
                if j == nz:
                    k = core.completions(b, x, cd, EBUF)
                    if k <= sa:
                        i = 0
                        while i < k:
                            j = 0
                            while j < nz and ZB[j] != EBUF[i]:
                                j += 1
                            if j < nz:
                                break
                            i += 1
                        if i == k:
                            continue
            elif not (TWO[td + x] or TWO[ta + x] >= 2):
                continue
            if m >= YCAP:
                return -1
            m = core.add(SB, yb, m, x)
        if nz >= 0:
            return m
        f = m
        for i in range(f):
            x = SB[yb + i]
            if TWO[ta + x] >= 2:
                kk = core.completions(b, x, ca, EBUF)
                for j in range(kk):
                    if m >= YCAP:
                        return -1
                    m = core.add(SB, yb, m, EBUF[j])
        for x in range(len(cells)):
            if not cells[x]:
                j = 0
                while j < m and SB[yb + j] != x:
                    j += 1
                if j == m:
                    if m >= YCAP:
                        return -1
                    SB[yb + m] = x
                    m += 1
                    break
        return m
