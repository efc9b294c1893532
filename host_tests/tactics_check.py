"""Exact short-horizon checks for tactical positions (host only), independent of quadcore.

A state is (me, op, stars, s_me, s_op): bitmasks of the mover's marbles, the opponent's,
the stars, and stars left to each. Squares and cells come from quad_solver.Board.

* win_in_1: the mover completes a square now.
* win_in_3: some turn (stars on the opponent's completion cells, a marble) leaves more
  completion cells than the opponent's stars + 1, and none of the opponent's open.
* win_in_5: some forcing turn (its marble makes at least one completion cell) after which
  every defence still loses in 3; `win_in` goes on the same way to 7, 9, ... plies. The
  defender's turns are enumerated exactly up to equivalence: it must cover every completion
  cell; an extra star or a marble matters only on a cell of a square holding two or more of
  the mover's marbles and nothing else (any later completion cell of the mover lies in such
  a square), or a marble where the defender makes three of its own (a counter-threat); every
  other cell acts the same, so one stands for all of them, and extra stars elsewhere only
  use up the defender's stars. (That equivalence holds up to 5 plies; `win_in` beyond 5 is
  a helper for exploring, not proof.)

Turns of the mover with stars beyond what covering needs are not generated: in a win in 3
they cannot help (the defender's only escape is to cover), so win_in_3 is exact; for the
first turn of a win in 5 the answer sets may miss winning turns that add such a star (a test
that sees one re-checks that exact turn with `turn_wins_in`).
"""

from itertools import combinations

from quad_solver import Board, bits


def popcount(x):
    return x.bit_count()  # (CPython 3.10+; bin(x).count("1") made the checks 25% slower)


class Tactics:
    def __init__(self, n):
        self.g = Board(n)

    def state_of(self, game):
        """The checker's state for the seat to move in a two-player engine game:
        (own marbles, opponent marbles, stars, own stars left, opponent stars left)."""
        me, op, stars = self.g.masks_of(game)
        return (me, op, stars, game.stars_left[game.turn], game.stars_left[1 - game.turn])

    # ----- basic facts -------------------------------------------------------------------
    def completions(self, own, empty):
        """Cells where `own` completes a square now. Such a square holds three of `own`'s
        marbles, so the squares through them are all there is to look at (a few hundred of
        the board's 1,200 squares: the checks spent most of their time here)."""
        out = 0
        through = self.g.through
        for c in bits(own & self.g.all):
            for s in through[c]:
                rest = s & ~own
                if rest & empty and not rest & (rest - 1):
                    out |= rest
        return out

    def new_completions(self, own, empty, m):
        """Completion cells a marble on m adds (squares through m with two own marbles)."""
        out = 0
        for s in self.g.through[m]:
            rest = s & ~own & ~m
            if rest & empty and not rest & (rest - 1):  # one cell left, and it is empty
                out |= rest
        return out

    def empty(self, me, op, stars):
        return self.g.all & ~(me | op | stars)

    # ----- mover's turns --------------------------------------------------------------------
    def covering_turns(self, me, op, stars, s_me, marbles=None):
        """(star mask, marble) turns that cover every opponent completion cell: a marble on
        one and stars on the others, or stars on all and the marble elsewhere. `marbles`
        limits where the free marble may go (default: anywhere)."""
        empty = self.empty(me, op, stars)
        need = self.completions(op, empty)
        k = popcount(need)
        if k > s_me + 1:
            return []
        out = []
        for c in bits(need):
            out.append((need & ~c, c))
        if k <= s_me:
            free = empty & ~need
            if marbles is not None:
                free &= marbles
            for m in bits(free):
                out.append((need, m))
        return out

    def win_in_1(self, state):
        me, op, stars, s_me, s_op = state
        return bool(self.completions(me, self.empty(me, op, stars)))

    def win3_turns(self, state):
        """Every (star mask, marble) turn winning in 3 (not counting wins in 1)."""
        me, op, stars, s_me, s_op = state
        out = []
        for star_mask, m in self.covering_turns(me, op, stars, s_me):
            st = stars | star_mask
            empty = self.empty(me | m, op, st)
            c = self.completions(me | m, empty)
            if popcount(c) > s_op + 1:
                out.append((star_mask, m))
        return out

    def win_in_3(self, state):
        me, op, stars, s_me, s_op = state
        empty = self.empty(me, op, stars)
        if self.completions(me, empty):
            return True
        for star_mask, m in self.covering_turns(me, op, stars, s_me):
            # No completion cell of ours exists yet, so all of them come from the marble.
            if popcount(self.new_completions(me, empty & ~star_mask, m)) > s_op + 1:
                return True
        return False

    # ----- win in 5 ---------------------------------------------------------------------
    def win5_turns(self, state, forcing_only=True):
        """Every covering turn of the mover, with a marble making a completion cell
        (forcing_only), after which every defence loses in 3 (wins in 3 included)."""
        me, op, stars, s_me, s_op = state
        out = []
        for star_mask, m in self.covering_turns(me, op, stars, s_me):
            if self.turn_wins_in(state, star_mask, m, 5, forcing_only):
                out.append((star_mask, m))
        return out

    def turn_wins_in(self, state, star_mask, m, plies, forcing_only=False):
        """Does this turn of the mover win by force within `plies` (3, 5, 7, ...)?"""
        me, op, stars, s_me, s_op = state
        ns = popcount(star_mask)
        st = stars | star_mask
        me2 = me | m
        empty = self.empty(me2, op, st)
        if self.completions(op, empty):
            return False  # an opponent completion cell left open
        c = self.completions(me2, empty)
        if popcount(c) > s_op + 1:
            return True
        if plies < 5:
            return False
        if forcing_only and not c:
            return False
        # Every defence (covering c) must leave us a win in plies - 2.
        for d_stars, d_m in self.defences(me2, op, st, s_op, c):
            child = (me2, op | d_m, st | d_stars, s_me - ns, s_op - popcount(d_stars))
            if not self.win_in(child, plies - 2):
                return False
        return True

    def win_in(self, state, plies):
        """A forced win within `plies` (1, 3, 5, 7, ...). Beyond 3 plies only forcing
        first moves are tried, so True is always right and False may miss a quiet win."""
        if plies <= 3:
            return self.win_in_3(state) if plies == 3 else self.win_in_1(state)
        if self.win_in_3(state):
            return True
        me, op, stars, s_me, s_op = state
        for star_mask, m in self.covering_turns(me, op, stars, s_me):
            if self.turn_wins_in(state, star_mask, m, plies, forcing_only=True):
                return True
        return False

    def defences(self, me, op, stars, s_op, need):
        """The defender's turns up to equivalence (see the module docstring), a generator."""
        empty = self.empty(me, op, stars)
        g = self.g
        # Cells that matter: squares open for us holding two or more of our marbles.
        rel = 0
        for s in g.squares:
            if not s & (op | stars) and popcount(s & me) >= 2:
                rel |= s & empty
        # Cells where a defender marble makes three of its own.
        counter = 0
        for s in g.squares:
            if not s & (me | stars) and popcount(s & op) == 2:
                counter |= s & empty
        k = popcount(need)
        bases = []
        for c in bits(need):
            bases.append((need & ~c, c))
        if k <= s_op:
            others = (rel | counter) & ~need
            free = empty & ~need & ~rel & ~counter
            marbles = list(bits(others))
            if free:
                marbles.append(free & -free)  # one irrelevant cell stands for all
            for m in marbles:
                bases.append((need, m))
        # Generated lazily, fewest stars first: a turn that does not win is usually
        # refuted by one of the first answers, and the combinations of extra stars run
        # into the millions on 11 x 11.
        for d_stars, d_m in bases:
            yield d_stars, d_m
        for d_stars, d_m in bases:
            left = s_op - popcount(d_stars)
            spare = list(bits(rel & ~need & ~d_m))
            for j in range(1, min(left, len(spare)) + 1):
                for combo in combinations(spare, j):
                    extra = 0
                    for x in combo:
                        extra |= x
                    yield d_stars | extra, d_m
