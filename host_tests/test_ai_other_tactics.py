"""The exact tactics of the games other.py plays (three to six players, Duel, Trek, Rapid;
quadcore/ai/tact.py, otherguard.py) against the brute-force checker host_tests/seat_check.py
(own bitboards, every turn of every seat tried).

 * constructed positions per variant: a win now is played; short of pieces, the next
   seat's completion cell is covered first; a win in 2 is played (and the old greedy
   policy, tools/lab/other_ladder.py's baseline, misses it: the positions can tell them apart);
   a turn of the greedy policy that leaves the next seat a win in 2 another turn avoids is
   not played;
 * random positions of small boards: whenever the checker finds a win in 2, Average's and
   Expert's turns win in 2; tact.win2 never claims a win the checker denies; after their
   turn the next seat has a win in 2 only if every turn leaves it one.
"""

import pytest

from seat_check import SeatCheck

from quadcore import Game, ai
from quadcore.ai import tact
from quadcore.arena import random_turn
from quadcore.prng import Rng
from tools.lab.other_ladder import old_turn
from tiers import spread  # the quick tier: a sample of large sweeps

LEVELS = ("average", "expert")


def game_of(rules, record):
    g = Game(**rules)
    for line in record.split("|"):
        g.play(line.strip())
    return g


def after(g, turn):
    g2 = Game.from_bytes(g.to_bytes())
    g2.play(turn)
    return g2


def wins_in_2(sc, g, turn):
    """Does `turn` (the seat to move's) force its quad by its next turn?"""
    g2 = after(g, turn)
    if g2.result is not None:
        return g2.result[0] == "win" and g2.result[1] == g.turn
    return sc.turn_wins(sc.state_of(g), sc.state_of(g2))


def next_wins_in_2(sc, g, turn):
    """After `turn`, does the next seat force a quad by its next turn?"""
    g2 = after(g, turn)
    return g2.result is None and sc.win2(sc.state_of(g2))


def avoidable(sc, g):
    """Is there a turn after which the next seat has no win in 2?"""
    for st, won in sc.turns(sc.state_of(g)):
        if won or sc.ended(st) or not sc.win2(st):
            return True
    return False


P3 = dict(size=6, players=3, stars=0)
DUEL = dict(size=6, players=2, stars=0, variant="duel")
TREK4 = dict(size=5, players=2, stars=0, marbles=4, variant="trek")
RAPID4 = dict(size=5, players=2, stars=0, marbles=4, variant="rapid")
TREK = dict(size=5, players=2, stars=0, variant="trek")
RAPID = dict(size=5, players=2, stars=0, variant="rapid")


# ----- win now, and covering the next seat first -----------------------------------------
WIN_NOW = [
    # seat 1 (three players) completes b2 c2 b3 c3
    (P3, "b2 | e1 | a4 | b3 | e2 | f4 | c2 | d5 | f3", "c3"),
    # Duel: the second colour has b2 b3 c2; the first colour's marble goes elsewhere
    (DUEL, "a5 b2 | e6 f4 | f5 b3 | d6 a4 | e1 c2 | b5 e3", "c3"),
    # Trek and Rapid, every marble placed: a move onto the square's fourth corner
    (TREK4, "b2 | d1 | b3 | e2 | c2 | d5 | d4 | a3", "d4-c3"),
    (RAPID4, "b2 | d1 | b3 | e2 | c2 | d5 | d4 | a3", "d4-c3"),
]


@pytest.mark.parametrize("rules,record,want", WIN_NOW,
                         ids=["3-players", "duel", "trek", "rapid"])
def test_a_win_now_is_played(rules, record, want):
    g = game_of(rules, record)
    for level in LEVELS:
        turn = ai.choose(g, level, 0)
        assert turn.split()[-1] == want, (level, turn)
        g2 = after(g, turn)
        assert g2.result[0] == "win" and g2.result[1] == g.turn


def test_short_of_pieces_the_next_seat_is_covered_first():
    """Three players, no stars: seat 2 completes c3 next, seat 3 completes d4 after it. One
    marble covers one cell: c3 (seat 3's cell may still be covered by seat 2)."""
    g = game_of(P3, "a4 | b2 | e5 | f2 | b3 | e4 | a2 | c2 | d5")
    assert g.turn == 0 and g.threats(1) == [2 * 6 + 2] and g.threats(2) == [3 * 6 + 3]
    for level in LEVELS:
        assert ai.choose(g, level, 0) == "c3"


# ----- win in 2 ----------------------------------------------------------------------------
# Found by a seeded search over small-board games (positions where the checker proves a
# win in 2 and the greedy policy's turn does not win); the test re-proves both.
WIN2 = [
    (DUEL, "d3 d2 | c5 b3 | b1 f5 | d4 e4 | b4 c4 | e3 a5 | a2 e1"),
    (DUEL, "d3 d2 | c4 f3 | c5 c2 | b4 e3 | b6 e2 | b3 f4 | e4 c3 | f2 d6 | c1 b2"),
    (TREK, "a4 | b3 | c2 | d4 | d5 | d3 | c4 | a2"),
    (TREK, "d4 | e4 | c3 | d3 | c4 | b3 | c2 | a4 | b1"),
    (RAPID, "e2 | b3 | e3 | d3 | c4 | c2 | b1"),
    (RAPID, "c5 | c2 | c5-e4 | c2-e3 | e4-d3 | b3 | c4 | e3-b5 | c2 | e2"),
]


@pytest.mark.parametrize("rules,record", WIN2,
                         ids=["duel-1", "duel-2", "trek-1", "trek-2", "rapid-1", "rapid-2"])
def test_a_win_in_2_is_played(rules, record):
    g = game_of(rules, record)
    sc = SeatCheck(g.rules)
    assert not sc.can_win_now(sc.state_of(g)) and sc.win2(sc.state_of(g))
    for level in LEVELS:
        assert wins_in_2(sc, g, ai.choose(g, level, 0)), level
    assert not wins_in_2(sc, g, old_turn(g, "expert", 0))  # the greedy policy misses it


# Three players, 7 x 7, no stars: seat 1 (e6 c6 d6 d1 a2) makes three completion cells
# with d5; the two other seats cover at most two before its next turn. (The greedy policy
# finds this one too, through its fork bonus; here tact.win2 is checked on its own.) Found by a seeded
# search for random turns without a three after which a cell makes three completion cells.
FORK3 = "e6 | e4 | d3 | c6 | f6 | e1 | d6 | b4 | a6 | d1 | g6 | b5 | a2 | b2 | c7"


def test_a_three_player_win_in_2_is_played():
    g = game_of(dict(size=7, players=3, stars=0), FORK3)
    sc = SeatCheck(g.rules)
    assert not sc.can_win_now(sc.state_of(g)) and sc.win2(sc.state_of(g))
    for level in LEVELS:
        assert wins_in_2(sc, g, ai.choose(g, level, 0)), level
    tact.start(10 ** 6, g)
    w = tact.win2(g)
    assert w is not None and wins_in_2(sc, g, g.turn_text(w))


# ----- the guard ---------------------------------------------------------------------------
# Positions where the greedy policy's turn leaves the next seat a win in 2 that another
# turn avoids (found like WIN2, re-proved here).
GUARD = [
    (DUEL, "f5 f2 | b3 d2 | c4 b4 | a4 c5 | e1 d1 | e4 e3 | c3 d3 | c2 e5"),
    (P3, "e3 | d3 | f2 | d6 | d5 | b3 | d4 | b4 | c2 | c5 | e5 | c6 | c1 | a3 | e4 | c3"),
    (P3, "f2 | d5 | c3 | d2 | c4 | f4 | e3 | c5"),
    (TREK, "e2 | b2 | c4 | c2 | b3 | d4 | b4 | c3 | d2"),
    (RAPID, "c4 | c1 | c2 | b3 | d3 | b2 | b5"),
    (RAPID, "b1 | c4 | e3 | c2 | d3 | b3"),
]


@pytest.mark.parametrize("rules,record", GUARD,
                         ids=["duel", "3-players-1", "3-players-2", "trek", "rapid-1",
                              "rapid-2"])
def test_no_turn_leaves_the_next_seat_an_avoidable_win_in_2(rules, record):
    g = game_of(rules, record)
    sc = SeatCheck(g.rules)
    assert next_wins_in_2(sc, g, old_turn(g, "expert", 0)) and avoidable(sc, g)
    for level in LEVELS:
        assert not next_wins_in_2(sc, g, ai.choose(g, level, 0)), level


# ----- random positions --------------------------------------------------------------------
def positions(rules, count, seed, lo, hi):
    """Games of random turns and Easy's turns (which builds and blocks, so forks come up)."""
    rng = Rng(seed)
    out = []
    while len(out) < count:
        g = Game(**rules)
        for _ in range(lo + rng.below(hi - lo + 1)):
            if g.result is not None:
                break
            try:
                if rng.below(5) < 2:
                    g.play(random_turn(g, rng))
                else:
                    g.play(ai.choose(g, "easy", rng.below(1000)))
            except ValueError:  # a random Duel turn whose first marble ended the game
                break
        if g.result is None:
            out.append(g)
    return out


CASES = [
    ("duel-6x6", DUEL, 40, 6, 12),
    ("3-players-6x6", P3, 150, 8, 18),
    ("trek-5x5", TREK, 60, 6, 12),
    ("rapid-5x5", RAPID, 60, 6, 12),
    ("trek-5x5-1-star", dict(TREK, stars=1), 40, 8, 16),
    ("rapid-5x5-1-star", dict(RAPID, stars=1), 30, 8, 14),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_random_positions(case):
    _, rules, count, lo, hi = case
    gs = positions(rules, count, 5, lo, hi)
    if count >= 40:
        gs = spread(gs, 2)  # (the sample of 30 holds just one win in 2: all of it)
    sc = SeatCheck(gs[0].rules)
    found = guarded = 0
    for g in gs:
        st = sc.state_of(g)
        if sc.can_win_now(st):
            continue
        win2 = sc.win2(st)
        if not g.rules.moves:
            tact.start(10 ** 6, g)
            w = tact.win2(g)
            if w is not None:
                assert wins_in_2(sc, g, g.turn_text(w)), g.record()
        for level in LEVELS:
            turn = ai.choose(g, level, 0)
            if win2:
                assert wins_in_2(sc, g, turn), (level, g.record(), turn)
            elif next_wins_in_2(sc, g, turn):
                assert not avoidable(sc, g), (level, g.record(), turn)
                guarded += 1
        found += win2
    # The sample holds wins in 2 (the test can fail); the numbers are the seeded sample's.
    assert found >= 1


def test_the_board_is_as_it_came_at_every_tick():
    """The think contract on the 11 x 11 variant suite (the positions where the tactics
    work most): at every yield the board (cells and every counter) is the game's own, and
    the turn is legal."""
    from tools.ai_vm import load_variant_suite
    for name, rules, turns in load_variant_suite():
        g = Game(**rules)
        for t in turns:
            g.play(t)
        b = g.board
        want = (bytes(b.cells), [bytes(x) for x in b.cnt], [bytes(x) for x in b.thr],
                [list(x) for x in b.nopen], b.empty)
        for level in LEVELS:
            ticks = 0
            turn = None
            for step in ai.think(g, level, 0):
                got = (bytes(b.cells), [bytes(x) for x in b.cnt], [bytes(x) for x in b.thr],
                       [list(x) for x in b.nopen], b.empty)
                assert got == want, (name, level, ticks)
                ticks += 1
                turn = step
            assert ticks >= 2 and turn
            after(g, turn)  # legal (Game.play raises otherwise)
