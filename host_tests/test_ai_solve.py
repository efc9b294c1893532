"""The computer player's exact short-horizon solver (quadcore/ai/solve.py, guard.py) against
the brute-force checker host_tests/short_check.py (own bitboards, every turn tried).

Positions are random games on 5 x 5 and 6 x 6 boards (corners removed) with 1 to 3 stars a
side: random marbles, now and then a star, and half the time a completion cell taken, so
threes, forks and stars are common. For each one:
 * win2 (a forced quad within 2 own turns) is exactly the checker's answer, and its turn wins;
 * win3 (within 3, first turn forcing) is exactly the checker's threat-space answer, never
   claims a win the unrestricted checker denies, and its turn wins;
 * after a turn of ours, `chain` says exactly whether the opponent wins in 2, and the extra
   stars it finds stop every such win; when it says no stars can, the checker agrees for
   every set of extra stars.
"""

import pytest

from short_check import Short, popcount

from quadcore import Game
from quadcore.ai import core, fast
from quadcore.ai.two import LEVELS, Two, tables_for
from quadcore.board import MARBLE, STAR
from quadcore.prng import Rng
from quad_solver import bits
from tiers import spread  # the quick tier: a sample of large sweeps


def solver_for(game):
    """A Two decision object on the game's board with the root scan done (TWO filled)."""
    t = Two(game, "expert", Rng(0))
    me = t.colour[game.turn]
    ta, td = tables_for(LEVELS["expert"]["w"])
    fast.scan2(t.b, me, 1 - me, ta, td)
    t.root_scores(me, 1 - me, game.turn)
    t.limit = 10 ** 9
    return t


def positions(n, stars, count, seed, lo, hi):
    rng = Rng(seed)
    out = []
    while len(out) < count:
        g = Game(size=n, stars=stars)
        for _ in range(lo + rng.below(hi - lo + 1)):
            if g.result is not None:
                break
            cells = [x for x in range(len(g.cells)) if g.cells[x] == 0]
            if g.stars_left[g.turn] and rng.below(6) == 0:
                g.star(cells.pop(rng.below(len(cells))))
            thr = core.first_threat(g.board, g.turn)
            if thr >= 0 and rng.below(2):
                g.marble(thr)
            else:
                g.marble(cells[rng.below(len(cells))])
        if g.result is None:
            out.append(g)
    return out


CASES = [(5, 1, 120, 4, 12), (6, 1, 60, 6, 14), (6, 2, 40, 8, 16), (6, 3, 6, 8, 16)]


def turn_mask(sc, game, turn):
    """(star mask, marble bit) of a solver turn list."""
    g = sc.g
    n = game.n
    sm = 0
    m = 0
    for kind, x in turn:
        b = g.bit[(x % n, x // n)]
        if kind == "star":
            sm |= b
        else:
            m = b
    return sm, m


@pytest.mark.parametrize("case", CASES, ids=lambda c: "%dx%d-%dstars" % (c[0], c[0], c[1]))
def test_win2_and_win3_are_the_checkers_answers(case):
    n, stars, count, lo, hi = case
    sc = Short(n)
    kinds = {}
    for g in spread(positions(n, stars, count, 7 + n + stars, lo, hi), 2):
        st = sc.state_of(g)
        s = solver_for(g)
        seat = g.turn
        x2 = s.win2(seat, 0)
        assert (x2 >= 0) == sc.win(st, 2), g.record()
        if x2 >= 0:
            sm, m = turn_mask(sc, g, s.cover_with(seat, x2))
            assert sc.turn_wins(st, sm, m, 2), g.record()
        x3 = s.win3(seat, 0)
        c3 = sc.win(st, 3, True, True)
        assert (x3 >= 0) == c3, g.record()
        if x3 >= 0:
            assert sc.win(st, 3)  # sound against the unrestricted checker
            sm, m = turn_mask(sc, g, s.cover_with(seat, x3))
            assert sc.turn_wins(st, sm, m, 3), g.record()
        assert s.npath == 0 and s.stars == g.stars_left  # nothing left behind
        kinds[(x2 >= 0, c3)] = kinds.get((x2 >= 0, c3), 0) + 1
    # The sample holds every kind: no win, wins in 2, wins in 3 only.
    assert kinds.get((False, False)) and kinds.get((True, True)), kinds
    if count >= 40:
        assert kinds.get((False, True)), kinds


def after_turn(st, sm, m):
    """The checker's state for the opponent after our turn (stars sm, marble m)."""
    me, op, stars, s_me, s_op, m_me, m_op = st
    return (op, me | m, stars | sm, s_op, s_me - popcount(sm), m_op, m_me - 1)


CHAIN = [(5, 1, 120, 4, 12), (6, 2, 40, 8, 16), (6, 3, 12, 10, 18)]


@pytest.mark.parametrize("case", CHAIN, ids=lambda c: "%dx%d-%dstars" % (c[0], c[0], c[1]))
def test_chain_finds_exactly_the_stars_that_stop_a_win_in_2(case):
    n, stars, count, lo, hi = case
    sc = Short(n)
    seen = {}
    for g in spread(positions(n, stars, count, 100 + n + stars, lo, hi), 2):
        st = sc.state_of(g)
        me, op, stars_m, s_me, s_op, m_me, m_op = st
        empty = sc.g.all & ~(me | op | stars_m)
        oc = sc.completions(op, empty)
        if sc.completions(me, empty) or popcount(oc) > s_me + 1 or m_me < 1:
            continue
        # Only positions where the opponent has a fork cell (a marble making two or more
        # completion cells): there our turn decides whether it wins in 2.
        if not any(popcount(sc.completions(op | x, empty & ~x)) >= 2 for x in bits(empty)):
            continue
        s = solver_for(g)
        seat = g.turn
        c = s.colour[seat]
        # A few turns of ours: each covering cell or the free marble on a few cells.
        tried = 0
        for m in bits(empty):
            if tried >= 12:
                break
            sm = oc & ~m
            if popcount(sm) > s_me:
                continue
            tried += 1
            for b in bits(sm):
                s.put(sc_cell(g, b), STAR)
            s.stars[seat] -= popcount(sm)
            s.put(sc_cell(g, m), MARBLE + c)
            s.marbles[seat] -= 1
            mark = s.npath
            k = s.chain(1 - seat, 40)
            extra = 0
            for j in range(mark, s.npath):
                extra |= sc.g.bit[(s_path(s, j) % n, s_path(s, j) // n)]
            s.marbles[seat] += 1
            s.stars[seat] += popcount(sm)
            s.undo_to(0)
            child = after_turn(st, sm, m)
            if k < 0:
                assert not sc.win(child, 2), g.record()
            elif k < 99:
                assert popcount(extra) == k
                assert sc.win(child, 2)
                assert not sc.win(after_turn(st, sm | extra, m), 2), g.record()
            else:
                # No set of extra stars (any cells, up to the stars left) stops it.
                left = s_me - popcount(sm)
                free = list(bits(empty & ~sm & ~m))
                from itertools import combinations
                for r in range(left + 1):
                    for combo in combinations(free, r):
                        e = 0
                        for b in combo:
                            e |= b
                        assert sc.win(after_turn(st, sm | e, m), 2), g.record()
            seen[min(k, 1) if k < 99 else 99] = seen.get(min(k, 1) if k < 99 else 99, 0) + 1
    assert seen.get(-1) and seen.get(99), seen
    if stars <= 2:
        # Stars that stop a fork (a fork beating 3 stars + 1 is rare on 6 x 6).
        assert seen.get(1), seen


def sc_cell(game, b):
    i = b.bit_length() - 1
    return i  # the checker's bit index is row * n + col, the engine's cell index too


def s_path(s, j):
    # PATH as the solver's own module bound it (not a fresh import: the app drops and
    # reloads the player's modules, and a reloaded fast.py would have a PATH of its own)
    return type(s).put.__globals__["PATH"][j]  # two.py's globals
