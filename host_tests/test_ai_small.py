"""Ground truth on small boards: the exact solver (host_tests/quad_solver.py) against the
engine's referee, and Expert against the solver.

* Without stars, 5 x 5 (corners removed) is a first-player win: Expert moving first wins
  against every reply (the whole tree of the defender's replies is played out), and each of
  its moves keeps the solver's value at "won".
* Positions on 5 x 5 and 6 x 6 with 0 or 1 star a seat that the solver says the mover wins
  (host_tests/data/ai_small_boards.txt, by tools/lab/make_ai_data.py): Expert's move is one of
  the winning turns."""

import random

import pytest

from ai_data import parse_turn_text, small_boards
from quad_solver import Solver, position

from quadcore import Game, ai, cell_name


def solver_state(sv, g):
    """The solver's state for the seat to move in an engine game."""
    me = op = st = 0
    for x in range(g.n * g.n):
        v = g.cells[x]
        if v in (0, 255):
            continue
        b = 1 << x
        if v == 1:
            st |= b
        elif v - 2 == g.turn:
            me |= b
        else:
            op |= b
    return (me, op, st, g.stars_left[g.turn], g.stars_left[1 - g.turn],
            g.marbles_left[g.turn], g.marbles_left[1 - g.turn])


def test_solver_value_of_5x5_without_stars_is_a_first_player_win():
    sv, state = position(5, [], stars=0)
    assert sv.value(*state) == 1


def test_solver_agrees_with_the_engine_on_finished_games():
    """Random games on 5 x 5: whenever the engine ends a game, the solver (given the
    position before the last turn) sees that turn as winning / drawing."""
    rnd = random.Random(11)
    sv = Solver(5)
    for _ in range(40):
        g = Game(size=5, stars=1)
        while g.result is None:
            before = solver_state(sv, g)
            empty = [x for x in range(25) if g.cells[x] == 0]
            turn = []
            if g.stars_left[g.turn] and rnd.random() < 0.2 and len(empty) > 1:
                turn.append("*" + cell_name(empty.pop(rnd.randrange(len(empty))), 5))
            turn.append(cell_name(rnd.choice(empty), 5))
            g.play(" ".join(turn))
        if g.result[2] == "quad":
            me, op, st, s_me, s_op, m_me, m_op = before
            empty = sv.g.all & ~(me | op | st)
            last = g.last_turn()[-1][1]
            assert sv.wins_with(me, 1 << last)
            assert sv.completion_cells(me, empty) & (1 << last)


def test_expert_first_on_5x5_without_stars_wins_against_every_reply():
    sv = Solver(5)
    calls = [0]

    def play_out(g):
        if g.result is not None:
            assert g.result[0] == "win" and g.result[1] == 0, g.record()
            return
        if g.turn == 0:
            turn = ai.choose(g, "expert", 0)
            calls[0] += 1
            g.play(turn)
            if g.result is None:
                assert sv.value(*solver_state(sv, g)) == -1, g.record()
            play_out(g)
            g.undo()
        else:
            for x in range(25):
                if g.cells[x] == 0:
                    g.marble(x)
                    play_out(g)
                    g.undo()

    play_out(Game(size=5, stars=0))
    assert calls[0] > 1000  # the whole tree of replies, not one line


SMALL = small_boards()


def test_small_board_data_covers_sizes_and_stars():
    kinds = {(p["size"], p["stars"]) for p in SMALL}
    assert {(5, 0), (5, 1), (6, 0), (6, 1)} <= kinds
    assert len(SMALL) >= 30


@pytest.mark.parametrize("pos", SMALL, ids=[p["name"] for p in SMALL])
def test_expert_finds_a_winning_turn(pos):
    g = Game(size=pos["size"], stars=pos["stars"])
    for line in pos["record"]:
        g.play(line)
    winning = {normal(t) for t in pos["winning"]}
    for seed in (0, 1):
        turn = ai.choose(g, "expert", seed)
        assert normal(turn) in winning, (turn, pos["win_in"], sorted(pos["winning"])[:8])


def normal(turn):
    marble, stars = parse_turn_text(turn)
    return marble, frozenset(stars)
