"""The computer player for games of two colours taking turns: standard two-player Quad and
Quad Bridge (four seats in two partnerships; the colours alternate round the table).

A turn is decided cheapest step first:
 1. a quad to complete now: play it;
 2. the opponent's completion cells (three of a square and the fourth empty) must all be
    covered: a marble on one and stars on the others, or stars on all and the marble free;
 3. one scan of every empty cell (`fast.scan2`) gives a value the same for both
    sides and, per side, how many open squares holding two of its marbles pass through the
    cell (a marble there makes that many threes: two or more is a fork);
 4. per level: Trainer and Easy take the best noisy score; Average and Expert play a forced
    win in 2 (Expert: 3) own turns (exact, `solve.py`, `guard.py`), else a forcing chain of
    their own (`tss.py`), else search whole turns 3 deep (`turns.py`; Average 20 pieces,
    Expert 100; below 11 x 11 and in team games the old search, `search.py`, a subclass),
    and the turn chosen may not leave the opponent a forced win in 2 (Expert: 3) that one
    turn could stop.

Why forks matter: a defender covers k completion cells with one marble and k - 1 stars, so a
fork costs the defender stars, and wins outright once k > the defender's stars + 1.
Scores are ints far below 2**30; effort is a node budget (a node = one piece tried).
"""

from ..notation import format_turn
from . import core
from .core import EBUF, LAST, MAXCELLS, SCORE, TBUF, TM_SHIFT, TO_SHIFT, VAL, VMASK
from .fast import INF, ORDER, PATH, TWO, WIN, count, make, reset, scan2, unmake
from .guard import Guard
from .solve import Solve

# Level settings:
#  w      scan weights: a marble into a square open for a colour holding k = 0, 1, 2 of its
#         marbles (building for our colour, blocking for the other)
#  W fm   Average's evaluation: open squares with 1 and 2 own marbles, each fork cell beyond
#         the first (SV and FORK below: a star, having a fork cell to play)
#  ev     the old search's evaluation for Expert (fitted; see search.Search.static)
#  noise  random points (0..noise) added to a cell's root score
#  tilt   chance in 64 of not seeing a three that lies only on tilted squares
#  k1 k2  own candidates at the root / the opponent's replies searched (0: none); kt forcing
#         candidates among them
#  budget nodes for the whole decision (11 x 11; scaled for other sizes), at most tssn of
#         them for the threat-space search of depth tss (own moves; one more when the
#         defender has tlow stars or fewer), at most optcap for one answer of the opponent
#         (long forced chains would eat the rest: capping them measured +60 Elo for Expert)
#  help   covering one threat where the old search plays (search.py): the marble goes on
#         the threat cell when that cell is worth at least help % of our best free cell or
#         our search rates the star turn more than tol points worse; else a star there and
#         the marble where it builds. Expert 50; Average 20 (it blocks with the marble more
#         often, which kept it below Expert before both had the turn search).
#  tcap   pieces of the turn search (turns.py), which plays the free and the covering turns
#         of both players on 11 x 11 and larger; 0 or smaller boards: the old search. Average
#         searches 20, Expert 160 (what is left of its budget binds first: 250 plays alike):
#         against the sparring partner (tools/lab/sparring.py) Average went from 0.22 to 0.41
#         with it, and Expert still scores 0.60 against Average.
#  chains 1: the threat-space search runs before the turn search too. Average needs it (its
#         20 pieces miss two of the forcing wins in 5 of the tactics suite); Expert's search
#         finds them, and without the threat-space search its search gets those nodes:
#         with the attack halved too (sol 40, not 80) it scored 0.546 against the partner
#         over 800 games (seeds 7, 3000, 5000, 11) instead of 0.521, in the same CPU time.
#  mt     the turn search's fork tempo (turns.MT): the side to move gains mt x (k - 1) for
#         its best fork cell making k threes. Expert 300: as second player against the
#         greedy reference 0.16 -> 0.58, the partner 0.525 -> 0.540 (seed 5001, 200 games;
#         docs/computer-player-seats.md). Average none: it lost as second (0.56 -> 0.31).
#  o1     the turn search's weight of an open square holding one marble of the side
#         (turns.O1; the partner's and Average's 1): Expert 6, issue 23's second round:
#         as second player against the greedy reference 0.64 -> 0.88 (seed 9001, 100
#         games), the partner 0.535 -> 0.525 (docs/computer-player-seats.md).
#  sol    exact tactics (guard.py): nodes of the attack (scaled like budget), nodes kept for
#         the guard, and how far attack / guard look (0: 2 own turns, 1: 3)
LEVELS = {
    "trainer": dict(w=(2, 6, 14), noise=40, tilt=24, k1=0),
    "easy": dict(w=(2, 6, 14), noise=14, tilt=8, k1=0),
    "average": dict(w=(2, 6, 14), W=(1, 4), fm=100, noise=2, tilt=0, k1=8, k2=0, budget=80,
                    tssn=60, tss=2, help=20, tol=1500, optcap=25, sol=(10, 20, 0, 0), tcap=20,
                    chains=1),
    "expert": dict(w=(2, 6, 14), noise=1, tilt=0, k1=8, k2=6, kt=3, budget=190, tssn=60,
                   tss=2, tlow=2, help=50, tol=1500, optcap=25, sol=(40, 30, 1, 1, 100),
                   ev=(323, 658, 239, 1083, 118, -105, 10, -23, 164, 43, 459, -126, 43, 4000),
                   tcap=160, mt=300, o1=6),
}


# Master (quadcore/ai/master.py, loaded only when it plays): Expert with a budget the player
# picks in M4-seconds a move, NPS nodes a second (master.master_cfg).
NPS = 90


def turn_cap(cfg, players, n, ncells, nsq):
    """Pieces of the turn search for a level's config on this board (0: it does not play).
    Scaled like the budget but exact on 11 x 11 (117 cells, 1,173 squares), the cap the lab
    measured. Below 11 x 11 the old search deepens pass by pass (5.7x the nodes on 5 x 5)
    and plays the small boards' solved wins (host_tests/test_ai_small.py): kept there, and
    in games of four in two teams."""
    if players != 2 or n < 11:
        return 0
    return cfg.get("tcap", 0) * ncells * 1173 // (nsq * 117)


def searcher(game, level, cfg=None):
    """How `level` searches its turns on this game's board: None (Trainer, Easy: the best
    cell), "turns" (turns.Turns: the turn search) or "search" (search.Search: the old one).
    quadcore.ai makes that class, so each game loads only the code it plays."""
    if cfg is None:
        cfg = LEVELS[level]
    if not cfg.get("k1"):
        return None
    geo = game.geo
    if turn_cap(cfg, game.rules.players, game.n, geo.ncells, geo.nsq):
        return "turns"
    return "search"


SV = 300    # a star, for fork values and Average's evaluation (unplayed stars decide games)
FORK = 250  # Average's evaluation: having a fork cell to play

_TABLES = {}


def tables_for(w):
    """Scan tables of weights w, built once per weights."""
    t = _TABLES.get(w)
    if t is None:
        t = core.tables(w)
        _TABLES[w] = t
    return t


class Two(Solve, Guard):
    """One decision for the seat to move. Works on the game's board in place and takes back
    every piece it tries before it yields, so the game looks untouched at every tick.
    Trainer and Easy play it as it is; Average and Expert through a subclass that searches
    (`searcher`): turns.Turns or search.Search."""

    def __init__(self, game, level, rng, cfg=None):
        if cfg is None:
            cfg = LEVELS[level]
        r = game.rules
        self.b = game.board
        self.n = game.n
        self.rng = rng
        self.players = r.players
        self.seat = game.turn
        self.colour = [r.seat_colours[s][0] for s in range(r.players)]
        self.sides = r.seat_side
        self.stars = list(game.stars_left)
        self.marbles = list(game.marbles_left)
        self.cfg = cfg
        self.sv = SV
        self.nodes = 0
        # The budget is set for 11 x 11 (40 squares through a cell on average); a node costs
        # in proportion to the squares through its cell, so other sizes get the same effort
        # in fuel: 5.7x the nodes on 5 x 5, 0.53x on 15 x 15.
        geo = game.geo
        self.budget = cfg.get("budget", 0) * 10 * geo.ncells // geo.nsq
        self.full = self.budget  # (the search's share is less when the solver has one)
        self.limit = self.budget  # the cap the current phase may not pass
        self.tcap = turn_cap(cfg, self.players, game.n, geo.ncells, geo.nsq)
        # (What only search.Search reads is set there: the turn search's searcher keeps 25
        # attributes, a smaller table than 35 with faster lookups.)
        self.npath = 0
        self.norder = 0
        self.ticked = 0  # nodes at the last progress tick
        self.spent = 0   # nodes of the exact tactics before the search
        self.nt3 = 0     # the opponent's completion cells at win3's root
        self.made = None  # the last turn guard.try_turn tested
        self.stop = 0     # the guard's hard node limit
        self.wit = 0      # where the opponent wins in 2 after the turn tested last
        self.m3 = -1      # the guard's list of the opponent's first turns (solve.win3)
        self.mix = 0      # the root's draw for the noise (root_scores)

    # ----- pieces tried ------------------------------------------------------------------
    def put(self, x, piece):
        """Put a piece on empty cell x (counters and TWO), remembered for undo_to."""
        make(self.b, x, piece)
        PATH[self.npath] = x
        self.npath += 1
        self.nodes += 1

    def undo_to(self, mark):
        b = self.b
        while self.npath > mark:
            self.npath -= 1
            unmake(b, PATH[self.npath])

    def side_stars(self, seat):
        side = self.sides[seat]
        t = 0
        for s in range(self.players):
            if self.sides[s] == side:
                t += self.stars[s]
        return t

    # ----- the decision ------------------------------------------------------------------
    def run(self):
        """Generator: yields None while working, then the turn as one line of notation.
        Every yield happens with the board as it came; should the search stop half-way
        (closed, or an error), the pieces it tried still come off (finally)."""
        try:
            b = self.b
            seat = self.seat
            me = self.colour[seat]
            op = 1 - me
            cfg = self.cfg
            LAST[0] = 0
            turn = None
            # 1. A quad to complete.
            w = core.first_threat(b, me)
            if w >= 0 and not self.lapse(w, me):
                turn = [("marble", w)]
            else:
                # 2. The opponent's completion cells (a level may overlook some on tilted
                # squares).
                nt = core.threat_cells(b, op, TBUF, 0, 16)
                if cfg["tilt"]:
                    k = 0
                    for i in range(nt):
                        t = TBUF[i]
                        if not self.lapse(t, op):
                            TBUF[k] = t
                            k += 1
                    nt = k
                # 3. One scan of every empty cell; TWO and the fork counts come with it.
                ta, td = tables_for(cfg["w"])
                scan2(b, me, op, ta, td)
                yield None
                self.root_scores(me, op, seat)
                self.norder = core.top_cells(SCORE, b.cells, len(ORDER), ORDER, 0)
                sol = cfg.get("sol") if self.players == 2 else None
                if sol:
                    # 4. Exact tactics: a forced win in 2 (3) turns. The search gets what
                    # is left but sol[1] nodes (not scaled: small boards search deep).
                    self.limit = sol[0] * self.full // cfg["budget"]
                    turn = yield from self.attack(seat, sol[2])
                    self.spent = self.nodes
                    self.nodes = self.ticked = 0
                    self.budget = self.full - self.spent - sol[1]
                    self.limit = self.budget
                won = turn is not None
                if won:
                    pass  # (4.)
                elif nt:
                    turn = yield from self.answer_threats(nt, seat)
                elif not cfg["k1"]:
                    turn = [("marble", ORDER[0])]
                else:
                    # 5a. A forcing chain of our own, on part of the budget (not before
                    # Expert's turn search: see LEVELS, chains).
                    if cfg.get("tss") and (cfg.get("chains") or not self.tcap):
                        self.limit = min(self.budget,
                                         cfg["tssn"] * self.full // cfg["budget"])
                        depth = cfg["tss"]
                        # Deeper when the defender is short of stars: forks win sooner
                        # then, and few cells qualify, so the chains are narrow.
                        if self.stars[(seat + 1) % self.players] <= cfg.get("tlow", -1):
                            depth += 1
                        from .tss import tss_root  # Expert's turn search never loads it
                        x = yield from tss_root(self, seat, depth)
                        self.limit = self.budget
                        if x >= 0:
                            turn = [("marble", x)]
                    # 5b. Search the best candidates.
                    if turn is None:
                        if self.tcap:
                            turn = yield from self.turn_search(seat)
                        else:
                            turn = yield from self.search_root(seat)
                if sol and not won:
                    # 6. Never leave the opponent a forced win one turn could stop.
                    self.limit = self.nodes + max(sol[1], self.full - self.spent - self.nodes)
                    turn = yield from self.guard(seat, turn, sol[3])
                self.nodes += self.spent
                LAST[0] = self.nodes
        finally:
            self.undo_to(0)
        yield format_turn(turn, self.n)

    def lapse(self, x, c):
        """Trainer and Easy sometimes do not see a three that lies only on tilted squares."""
        tilt = self.cfg["tilt"]
        if not tilt or not core.only_tilted(self.b, x, c, 3):
            return False
        return self.rng.below(64) < tilt

    def fork_value(self, k, defender_stars):
        """A marble making k completion cells against a defender holding `defender_stars`:
        a win if they cannot cover them all, else the stars they must spend."""
        if k > defender_stars + 1:
            return WIN // 2
        if k >= 2:
            return (k - 1) * self.sv
        return 0

    def root_scores(self, me, op, seat):
        """SCORE[x] from the scan (value, fork terms, noise); TWO and its counts filled."""
        b = self.b
        cells = b.cells
        cfg = self.cfg
        noise = cfg["noise"]
        mix = self.rng.next15()
        self.mix = mix  # the turn search adds the same noise to its pool (turns.py)
        s_me = self.stars[seat]
        s_op = self.stars[(seat + 1) % self.players]
        bm = me * MAXCELLS
        bo = op * MAXCELLS
        three = cfg["w"][2]
        reset()
        for x in range(len(cells)):
            if cells[x]:
                SCORE[x] = -INF
                TWO[bm + x] = 0
                TWO[bo + x] = 0
                continue
            t = VAL[x]
            v = t & VMASK
            if noise:
                # A hash of the cell and one draw of the seeded generator: a draw per cell
                # would allocate on the device (the generator's sums pass 2**30).
                v += ((x * 211 + mix) * 1021 >> 4) % (noise + 1)
            tm = (t >> TM_SHIFT) & 255
            to = t >> TO_SHIFT
            count(x, me, tm)
            count(x, op, to)
            if tm >= 2:
                v += self.fork_value(core.completions(b, x, me, EBUF), s_op)
            elif tm:
                v += three
            if to >= 2:
                # Taking the opponent's fork cell saves what the fork would cost us.
                v += self.fork_value(core.completions(b, x, op, EBUF), s_me) // 2
            SCORE[x] = v

    def answer_threats(self, nt, seat):
        """Generator: cover every threat cell in TBUF[0:nt]. Trainer and Easy: the marble on
        the best one, stars on the rest; Average and Expert search it (`search_blocks`)."""
        if nt > self.stars[seat] + 1:
            nt = self.stars[seat] + 1  # lost against correct play: cover what we can
        if self.tcap:
            turn = yield from self.turn_search(seat)
            return turn
        if self.cfg["k1"]:
            turn = yield from self.search_blocks(nt, seat)
            return turn
        best_t = TBUF[0]
        for i in range(1, nt):
            if SCORE[TBUF[i]] > SCORE[best_t]:
                best_t = TBUF[i]
        out = []
        for i in range(nt):
            if TBUF[i] != best_t:
                out.append(("star", TBUF[i]))
        out.append(("marble", best_t))
        return out
