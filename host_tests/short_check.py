"""Brute-force short-horizon checker (host only), independent of quadcore.

"Can the side to move force a quad within n of its own turns?" answered by trying turns,
with cells as bits (quad_solver.Board). A state is (me, op, stars, s_me, s_op, m_me, m_op):
marble masks of the side to move and the other side, the star mask, stars and marbles left.

Every turn of the side to move is tried: every set of empty cells up to its stars left as
stars, then every empty cell as the marble. Only two facts of the rules cut the work:
 * a side with a completion cell (three of a square, the fourth empty) completes it;
 * a turn that leaves a completion cell of the other side open loses at once (that side
   completes it next), so the defender's turns that leave one open are not followed.
The game ends when the side to move has no marble (or no empty cell): no quad then.

`forcing=True` asks only for wins whose first turn makes a completion cell (threat-space
wins; the computer player's win3 promises those), and `cover_only=True` limits the first
turn's stars to the other side's completion cells (win3 does not try more).
"""

from functools import lru_cache
from itertools import combinations

from quad_solver import Board, bits


def popcount(x):
    return x.bit_count()  # (CPython 3.10+; faster than bin(x).count("1"))


class Short:
    def __init__(self, n):
        self.g = Board(n)
        self.sq = tuple(self.g.squares)
        self.win = lru_cache(maxsize=None)(self._win)
        self.lose_all = lru_cache(maxsize=None)(self._lose_all)

    def completions(self, own, empty):
        out = 0
        for s in self.sq:
            rest = s & ~own
            if rest & empty and rest == rest & empty and not rest & (rest - 1):
                out |= rest
        return out

    def turns(self, empty, stars_left, stars_in=None):
        """Every (star mask, marble) turn: any stars up to stars_left, one marble. With
        `stars_in` the stars are limited to those cells."""
        pool = list(bits(empty if stars_in is None else empty & stars_in))
        for k in range(min(stars_left, len(pool)) + 1):
            for combo in combinations(pool, k):
                sm = 0
                for c in combo:
                    sm |= c
                for m in bits(empty & ~sm):
                    yield sm, m

    def _win(self, state, n, forcing=False, cover_only=False):
        """Does the side to move force a quad within n own turns?"""
        me, op, st, sm, so, mm, mo = state
        empty = self.g.all & ~(me | op | st)
        if mm < 1 or not empty:
            return False
        if self.completions(me, empty):
            return True
        if n <= 1:
            return False
        oc = self.completions(op, empty)
        for smask, m in self.turns(empty, sm, oc if cover_only else None):
            if oc & ~(smask | m):
                continue  # the other side completes next
            if forcing and not self.completions(me | m, empty & ~smask & ~m):
                continue
            child = (me | m, op, st | smask, sm - popcount(smask), so, mm - 1, mo)
            if self.lose_all(child, n - 1):
                return True
        return False

    def _lose_all(self, state, n):
        """The other side (op) to move after our turn: does every turn of theirs leave us a
        win within n? (state is from our side: op moves now.)"""
        me, op, st, sm, so, mm, mo = state
        empty = self.g.all & ~(me | op | st)
        if mo < 1 or not empty:
            return False  # the game ends
        if self.completions(op, empty):
            return False  # they complete a quad
        mc = self.completions(me, empty)
        for smask, m in self.turns(empty, so):
            if mc & ~(smask | m) and mm >= 1:
                continue  # leaves us a completion cell: we win
            child = (me, op | m, st | smask, sm, so - popcount(smask), mm, mo - 1)
            if not self.win(child, n):
                return False
        return True

    def turn_wins(self, state, smask, m, n):
        """Does this turn of the side to move win within n own turns (n >= 2)?"""
        me, op, st, sm, so, mm, mo = state
        empty = self.g.all & ~(me | op | st)
        if self.completions(me, empty) & m:
            return True
        if self.completions(op, empty) & ~(smask | m):
            return False
        child = (me | m, op, st | smask, sm - popcount(smask), so, mm - 1, mo)
        return self.lose_all(child, n - 1)

    def state_of(self, game):
        """The checker's state for the seat to move of a two-player engine game."""
        me, op, stars = self.g.masks_of(game)
        t = game.turn
        return (me, op, stars, game.stars_left[t], game.stars_left[1 - t],
                game.marbles_left[t], game.marbles_left[1 - t])
