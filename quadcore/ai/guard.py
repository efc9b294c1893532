"""Exact tactics at the root of the two-player decision (a mixin of `two.Two`; the solver
is `solve.Solve`).

 * `attack`: a forced win within 2 own turns (Average and Expert) or 3 (Expert, forcing
   first turn, on its own share of nodes) is played before anything else is searched. The
   proof of a win in 3 is prove.py, imported only while it runs.
 * `guard`: the turn the search chose must not leave the opponent a forced win in 2 (for
   Expert: in 3 as well, on the nodes left). If it does, the extra stars that stop every
   win in 2 are added when there are stars enough (each on the fork cell that would win:
   `solve.chain`); otherwise other turns are tried, those that can matter: covering the
   opponent's completion cells with the marble on each, or stars on all of them and the
   marble on the opponent's fork cells, their completion cells, our own three-making cells
   or the best cells of the scan. The safe one best by the scan's score (a star counts
   SV against it) is played, one that passed the check against the win in 3 before one
   checked against the win in 2 only (once the nodes of the deeper check are gone, the
   first safe in 2 ends the search); if none is safe the chosen turn stays (lost against
   best play). The opponent's first turns are tried best first by the root score
   (`solve.order3`): the check, capped at CAP nodes, reaches its win in 3 sooner.

SB layout here: [0:8] the opponent's completion cells, [8:40] marble cells tried, [40:]
the opponent's win2 / win3 checks.
"""

from ..board import MARBLE, STAR
from . import core
from .core import EBUF, MAXCELLS, SCORE
from .fast import CAND, ORDER, PATH, TWO
from .solve import SB

STOP = 10
CAP = 30  # nodes of one exact check between two ticks (plus one win in 2, <= ~20 more)
# (36 before the opponent's first turns came best first: such a check costs more fuel a
# node, and at 36 Expert's worst move of host_tests/data/ai_suite.txt passed 2 M4-s)


class Guard:
    def attack(self, seat, deep):
        """Generator: a winning turn as a list, or None."""
        x = self.win2(seat, 0)
        if x < 0 and deep and self.first3(seat, 0):
            m = self.order3(seat, 0, 64)  # (first turns best first)
            if self.nt3 + m:
                # The proof (prove.py) is on the heap only while it runs (and not at all
                # while no first turn can force: a game's first turns). Master keeps it
                # once loaded (till the player goes): its ponder runs an attack for each
                # of the human's likely turns, and an import each time fragmented the
                # PyPortal's heap (CircuitPython 10.2.1's VM: 1.7 KB more needed).
                from . import prove
                try:
                    x = yield from prove.attack3(self, seat, m)
                finally:
                    if "width" not in self.cfg:  # (Master's config: master.master_cfg)
                        prove.off()
        if x < 0:
            return None
        return self.cover_with(seat, x)

    def cover_with(self, seat, x):
        """The turn: stars on the opponent's completion cells but x, the marble on x."""
        nt = core.threat_cells(self.b, 1 - self.colour[seat], SB, 0, 8)
        out = []
        for i in range(nt):
            if SB[i] != x:
                out.append(("star", SB[i]))
        out.append(("marble", x))
        return out

    def unsafe(self, seat, deep):
        """Our turn is on the board. 99 if the opponent wins in 2 whatever stars we add; else
        how many extra stars stop that (their cells in PATH[npath - n:], left on the board; 0
        for none), plus 100 when (deep) the opponent still wins in 3 after them."""
        op = 1 - seat
        n = self.chain(op, 40)
        if n < 0:
            n = 0
        if n < 99 and deep:
            lim = self.cap()
            if self.win3(op, 40) >= 0:
                n += 100
            self.limit = lim
        return n

    def cap(self):
        """Cap one exact check at CAP nodes (the UI gets a tick between two of them: ticks
        at most ~60 pieces apart); returns the limit to restore. A check cut short proves
        nothing: no win is claimed on it."""
        lim = self.limit
        if self.nodes + CAP < lim:
            self.limit = self.nodes + CAP
        return lim

    def guard(self, seat, turn, deep):
        """Generator: `turn`, or a safer one (see the module docstring)."""
        self.ticked = self.nodes
        yield None  # (the search may have just used up to ~60 nodes)
        stars = [t[1] for t in turn if t[0] == "star"]
        # Past the limit only until one safe turn is found, and never more than STOP
        # nodes past the level's whole budget (the device's worst move stays in bounds).
        self.stop = self.full - self.spent + STOP
        self.wit = 0  # (cell 0 is a removed corner: no witness unless the test finds one)
        if deep:
            # The opponent's first turns, once: the best 16 (a check's CAP nodes try
            # fewer; sorting all of them cost Expert's worst move 2% more fuel).
            self.m3 = self.order3(1 - seat, 128, 16)
        n = self.try_turn(seat, stars, turn[-1][1], deep)
        if 0 <= n < 100:
            return self.made  # the search's own turn (with any stars it needs)
        # The best turn that stops the opponent's win in 2 but not its win in 3 is kept in
        # case no turn stops both (issue 45: the guard played a turn losing in 2 then).
        fall = self.made if n >= 100 else None
        fall_v = SCORE[turn[-1][1]] - self.sv * (len(self.made) - 1) if fall else 0
        yield None
        me = self.colour[seat]
        m = self.alternatives(me, 1 - me, self.wit)
        best = None
        best_v = 0
        best_d = False  # best passed the deeper check (not only the win in 2's)
        for i in range(m):
            if self.nodes >= self.limit and (best is not None or self.nodes >= self.stop):
                break
            # The deeper check only while its nodes are there; a turn that passed it is
            # not given up for one that had only the win in 2's (issue 45: the guard
            # found the only defence, then played a better-scored turn checked less).
            # Past them the first turn safe in 2 is kept: each turn tested builds its
            # list, and 30 more of them made one move allocate 4.4 KB (MicroPython VM).
            d = deep and self.nodes + CAP < self.limit
            if deep and not d and best is not None:
                break
            x = SB[8 + i]
            n = self.try_turn(seat, None, x, d)
            # (every star of the turn counts against it, the covering ones too)
            v = SCORE[x] - self.sv * (len(self.made) - 1) if n >= 0 else 0
            if n >= 100:
                if fall is None or v > fall_v:
                    fall = self.made
                    fall_v = v
            elif n >= 0:
                if best is None or d > best_d or (d == best_d and v > best_v):
                    best = self.made
                    best_v = v
                    best_d = d
            if self.nodes > self.ticked:
                self.ticked = self.nodes
                yield None
        if best is None:
            best = fall if fall is not None else turn
        return best

    def try_turn(self, seat, stars, x, deep):
        """Put a turn down (stars, or None: stars on the opponent's completion cells but x;
        the marble on x) and test it: -1 if the opponent still wins in 2, else the extra
        stars it needs (plus 100 if the opponent wins in 3 after them: `unsafe`); the whole
        turn in self.made. The board and counts come back as they were."""
        b = self.b
        me = self.colour[seat]
        if stars is None:
            nt = core.threat_cells(b, 1 - me, SB, 0, 8)
            stars = []
            for i in range(nt):
                if SB[i] != x:
                    stars.append(SB[i])
            if len(stars) > self.stars[seat] or len(stars) < nt - 1:
                return -1
        for y in stars:
            self.put(y, STAR)
        self.stars[seat] -= len(stars)
        self.put(x, MARBLE + me)
        self.marbles[seat] -= 1
        mark = self.npath
        n = self.unsafe(seat, deep)
        if n != 99:
            out = []
            for y in stars:
                out.append(("star", y))
            for j in range(mark, mark + n % 100):
                out.append(("star", PATH[j]))
            out.append(("marble", x))
            self.made = out
        self.marbles[seat] += 1
        self.stars[seat] += len(stars)
        self.undo_to(0)
        return n if n != 99 else -1

    def alternatives(self, me, op, w):
        """Marble cells worth trying into SB[8:40] (see the module docstring), first the
        opponent's completion cells, then the cell w where it wins after the search's turn
        and its completion cells; how many."""
        b = self.b
        cells = b.cells
        nt = core.threat_cells(b, op, SB, 0, 8)
        m = 0
        # The opponent's completion cells first (the marble covering one: the cheapest
        # answer, and the one a short guard must not miss: issue 45), then the cell where
        # it wins after the search's turn and that cell's completion cells.
        for i in range(nt):
            m = core.add(SB, 8, m, SB[i])
        if not cells[w]:
            m = core.add(SB, 8, m, w)
            k = core.completions(b, w, op, EBUF)
            for j in range(k):
                m = core.add(SB, 8, m, EBUF[j])
        to = op * MAXCELLS
        tm = me * MAXCELLS
        # Then our forks (forcing answers), the opponent's fork cells biggest first (the
        # one it would play leads) each with its completion cells, our other threes.
        for x in range(len(cells)):
            if m < 32 and not cells[x] and TWO[tm + x] >= 2:
                m = core.add(SB, 8, m, x)
        f = 0
        for x in range(len(cells)):
            if f < 16 and not cells[x] and TWO[to + x] >= 2:
                j = f
                while j > 0 and TWO[to + CAND[j - 1]] < TWO[to + x]:
                    CAND[j] = CAND[j - 1]
                    j -= 1
                CAND[j] = x
                f += 1
        for i in range(f):
            x = CAND[i]
            if m < 32:
                m = core.add(SB, 8, m, x)
            k = core.completions(b, x, op, EBUF)
            for j in range(k):
                if m < 32:
                    m = core.add(SB, 8, m, EBUF[j])
        for x in range(len(cells)):
            if m < 28 and not cells[x] and TWO[tm + x]:
                m = core.add(SB, 8, m, x)
        for i in range(min(4, self.norder)):
            if m < 32:
                m = core.add(SB, 8, m, ORDER[i])
        return m
