"""The Quax family's computer player (quax.ai): a legal turn for every rule set, level and
size, the same turn for the same seed, the game left as it was, a generator that yields
between its searches, the pie rule and forced passes, and a small strength check against
the greedy reference (tools/lab/quax_refs.py, which shares no code with quax.ai)."""

import pytest

from quadutil import Rng
from quax import RULES, Game, ai
from tools.lab import quax_refs


def snapshot(g):
    b = g.board
    return bytes(b.cells), bytes(b.links), g.turn, g.swapped, g.plies, bytes(g._log)


@pytest.mark.parametrize("rules", RULES)
def test_whole_games_of_legal_turns(rules):
    for n, levels in ((5, ("trainer", "expert")), (9, ("average", "easy"))):
        g = Game(rules, n)
        while g.result is None:
            lv = levels[g.plies % 2]
            before = snapshot(g)
            t = ai.choose(g, lv, g.plies)
            assert snapshot(g) == before
            g.play(t)
        assert g.result[0] == "win"


def test_same_seed_same_turn_and_hint_is_expert():
    g = Game("crossway", 9)
    for t in ("e5", "d4", "f6", "c6"):
        g.play(t)
    for lv in ai.LEVELS:
        assert ai.choose(g, lv, 7) == ai.choose(g, lv, 7)
    assert ai.hint(g, 3) == ai.choose(g, "expert", 3)
    trainer = set(ai.choose(g, "trainer", s) for s in range(12))
    assert len(trainer) > 1          # Trainer's noise varies its play with the seed


def test_the_player_yields_between_searches():
    g = Game("quax", 11)
    for t in ("f6", "e5", "f5", "e6"):
        g.play(t)
    steps = list(ai.think(g, "expert", 0))
    assert steps[-1] is not None and all(s is None for s in steps[:-1])
    assert len(steps) > 10


def test_bad_level_and_finished_game():
    g = Game("link", 4)
    with pytest.raises(ValueError):
        ai.think(g, "god")
    for t in "b2 a2 a1 b1 b3 c3 c4 b4 a1-b2 d2 d1 d3 b3-c4".split():
        g.play(t)
    with pytest.raises(ValueError):
        ai.choose(g, "easy")


def test_pie_rule_and_forced_pass():
    g = Game("crossway", 9)
    first = ai.choose(g, "expert", 0)
    g.play("e5")
    assert ai.choose(g, "average", 0) == "swap"      # a central first stone is taken
    g = Game("crossway", 9)
    g.play("a1")
    assert ai.choose(g, "average", 0) != "swap"
    assert first != "e5"
    g = Game("crossway", 4, False)
    for t in "a1 d2 b3 b1 d3 c3 a3 d4 a4 c4 c1 a2 d1 b4".split():
        g.play(t)
    assert ai.choose(g, "expert", 0) == "pass"


def test_a_crosscut_link_is_played_when_it_wins():
    # Black's a1 b2 b3 c4 chain lacks only the b3-c4 link (Link 4 x 4).
    g = Game("link", 4)
    for t in "b2 a2 a1 b1 b3 c3 c4 b4 a1-b2 d2 d1 d3".split():
        g.play(t)
    for lv in ai.LEVELS:
        assert ai.choose(g, lv, 0) == "b3-c4"


@pytest.mark.budget
@pytest.mark.parametrize("rules", ["crossway", "quax"])
def test_average_beats_the_greedy_reference(rules):
    """A small sample on 7 x 7 (the ladder, tools/lab/quax_ladder.py, plays 200 on 9 x 9)."""
    wins = 0
    for i in range(8):
        g = Game(rules, 7)
        me = i % 2
        rng = Rng(50 + i)
        while g.result is None:
            if g.seat(g.turn) == me:
                g.play(ai.choose(g, "average", i))
            else:
                g.play(quax_refs.greedy(g, rng))
        wins += g.seat(g.result[1]) == me
    assert wins >= 6
