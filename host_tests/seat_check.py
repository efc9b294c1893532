"""Brute-force win-in-2 checker for every seat model (host only), independent of quadcore/ai:
three to six players, Duel (two colours a seat), Trek and Rapid (a turn may move a marble).

"Does the seat to move make a quad by its next turn, whatever every other seat does in
between?" answered by trying every turn of every seat, with cells as bits
(quad_solver.Board). A state is (marble mask per colour, star mask, stars left per seat,
marbles in hand per seat, seat to move). A turn is any set of empty cells up to the seat's
stars as stars (leaving room for its marbles), then its marble(s): in a Duel one of each
colour in order, the turn ending at once on a quad; in Trek a marble from the hand while it
has one, else a move of its own marble to an empty cell; in Rapid either. A seat that
completes a square wins on the spot. The placing games end (no quad) when the seat to move
has no marble left or fewer empty cells than its marbles a turn; the draws of Trek and
Rapid (repetition, the turn cap) are not modelled. Only the engine's rule settings are
read (seat colours, variant), never its computer player.
"""

from functools import lru_cache
from itertools import combinations

from quad_solver import Board, bits


class SeatCheck:
    def __init__(self, rules):
        self.r = rules
        self.g = Board(rules.size)
        self.win2 = lru_cache(maxsize=None)(self._win2)
        self.all_lose = lru_cache(maxsize=None)(self._all_lose)

    def state_of(self, game):
        """The checker's state of an engine game (its cells, stars and marbles in hand)."""
        n = game.n
        r = game.rules
        masks = [0] * r.ncolours
        stars = 0
        for y in range(n):
            for x in range(n):
                if (x, y) not in self.g.bit:
                    continue
                v = game.cells[y * n + x]
                b = self.g.bit[(x, y)]
                if v == 1:
                    stars |= b
                elif v >= 2:
                    masks[v - 2] |= b
        return (tuple(masks), stars, tuple(game.stars_left), tuple(game.marbles_left),
                game.turn)

    def bit_of_cell(self, game, x):
        return self.g.bit[(x % game.n, x // game.n)]

    def completes(self, own, m):
        """Does a marble on bit m complete a square of the marbles `own` (m not in own)?"""
        for s in self.g.through[m]:
            if s & ~m & ~own == 0:
                return True
        return False

    def empty(self, state):
        masks, stars = state[0], state[1]
        occ = stars
        for m in masks:
            occ |= m
        return self.g.all & ~occ

    def ended(self, state):
        """A placing game's stars end at the start of this seat's turn."""
        if self.r.moves:
            return not self.empty(state)
        seat = state[4]
        return state[3][seat] < 1 or bin(self.empty(state)).count("1") < self.r.per_turn

    def turns(self, state):
        """Every turn of the seat to move: (state after it, won)."""
        masks, stars, sl, hand, seat = state
        r = self.r
        cols = r.seat_colours[seat]
        empty = self.empty(state)
        cells = list(bits(empty))
        need = 1 if r.moves else r.per_turn
        nxt = (seat + 1) % r.players
        for k in range(min(sl[seat], len(cells) - need) + 1):
            for combo in combinations(cells, k):
                sm = 0
                for c in combo:
                    sm |= c
                free = empty & ~sm
                st2 = stars | sm
                sl2 = sl[:seat] + (sl[seat] - k,) + sl[seat + 1:]
                if r.moves:
                    yield from self._moves(masks, st2, sl2, hand, seat, nxt, free)
                    continue
                hand2 = hand[:seat] + (hand[seat] - 1,) + hand[seat + 1:]
                for a in bits(free):
                    ca = cols[0]
                    if self.completes(masks[ca], a):
                        yield None, True
                        continue
                    m2 = masks[:ca] + (masks[ca] | a,) + masks[ca + 1:]
                    if len(cols) == 1:
                        yield (m2, st2, sl2, hand2, nxt), False
                        continue
                    cb = cols[1]
                    for b in bits(free & ~a):
                        if self.completes(m2[cb], b):
                            yield None, True
                            continue
                        m3 = m2[:cb] + (m2[cb] | b,) + m2[cb + 1:]
                        yield (m3, st2, sl2, hand2, nxt), False

    def _moves(self, masks, stars, sl, hand, seat, nxt, free):
        r = self.r
        c = r.seat_colours[seat][0]
        own = masks[c]
        can_place = hand[seat] > 0
        can_move = r.variant == "rapid" or not can_place
        if can_place:
            hand2 = hand[:seat] + (hand[seat] - 1,) + hand[seat + 1:]
            for to in bits(free):
                if self.completes(own, to):
                    yield None, True
                else:
                    m2 = masks[:c] + (own | to,) + masks[c + 1:]
                    yield (m2, stars, sl, hand2, nxt), False
        if can_move:
            for f in bits(own):
                rest = own & ~f
                for to in bits(free):
                    if self.completes(rest, to):
                        yield None, True
                    else:
                        m2 = masks[:c] + (rest | to,) + masks[c + 1:]
                        yield (m2, stars, sl, hand, nxt), False

    def can_win_now(self, state):
        if self.ended(state):
            return False
        for _, won in self.turns(state):
            if won:
                return True
        return False

    def _win2(self, state):
        """Does the seat to move force a quad within 2 of its own turns?"""
        if self.ended(state):
            return False
        for st, won in self.turns(state):
            if won or self.all_lose(st, self.r.players - 1):
                return True
        return False

    def turn_wins(self, state, after):
        """After the mover's turn (state `after`): does every sequence of the other seats'
        turns leave it a quad at its next turn?"""
        return self.all_lose(after, self.r.players - 1)

    def _all_lose(self, state, k):
        """k other seats still to move before the mover (whose turn follows them)."""
        if k == 0:
            return self.can_win_now(state)
        if self.ended(state):
            return False
        for st, won in self.turns(state):
            if won or not self.all_lose(st, k - 1):
                return False
        return True
