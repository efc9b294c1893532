"""The tactical suite: Average and Expert solve every position.

host_tests/data/ai_tactics.txt holds records built by tools/lab/make_tactics.py, each answered by
the exact checker in host_tests/tactics_check.py (independent of quadcore): wins in one on
axis and tilted squares, single / double / triple blocks, star shortage (a fork with more
completion cells than the defender's stars + 1), starring a threat then forking, forcing
wins in five (a three, the forced answer, a fork), and quiet positions where no star may be
spent."""

import pytest

from ai_data import parse_turn_text, tactics
from quad_solver import bits
from tactics_check import Tactics

from quadcore import Game, ai

SUITE = tactics()


def test_suite_is_big_and_covers_every_kind():
    kinds = {}
    for t in SUITE:
        kind = t["name"].rsplit("-", 1)[0]
        kinds[kind] = kinds.get(kind, 0) + 1
    assert len(SUITE) >= 60
    for k in ("tac-win1-axis", "tac-win1-tilted", "tac-block1-axis", "tac-block1-tilted",
              "tac-block2", "tac-block3", "tac-win3", "tac-win3-block", "tac-win5",
              "tac-quiet"):
        assert kinds.get(k, 0) >= 3, k


def checker_state(t, game):
    """The exact checker's view of the position (independent bitboards)."""
    tc = Tactics(t["size"])
    return tc, tc.state_of(game)


def solves(t, turn, game):
    """Does the turn meet the position's expectations? A winning turn outside the stored
    answer set (it adds a star the set never tries) is re-checked exactly."""
    marble, stars = parse_turn_text(turn)
    if not t["cover"] <= (stars | {marble}):
        return False
    if t["maxstars"] is not None and len(stars) > t["maxstars"]:
        return False
    if t["marble"] is None or marble in t["marble"]:
        return True
    if not t["name"].startswith(("tac-win3", "tac-win5")):
        return False
    tc, st = checker_state(t, game)
    g = tc.g
    mask = 0
    for s in stars:
        mask |= g.bit_of(s)
    return tc.turn_wins_in(st, mask, g.bit_of(marble), 5)


@pytest.mark.parametrize("level", ["average", "expert"])
def test_level_solves_the_whole_suite(level):
    failed = []
    for t in SUITE:
        g = Game(size=t["size"])
        for line in t["record"]:
            g.play(line)
        turn = ai.choose(g, level, 0)
        if not solves(t, turn, g):
            failed.append("%s: %s" % (t["name"], turn))
    assert not failed, failed


def test_answer_sets_agree_with_the_checker():
    """Every stored answer is what the checker says now (the data cannot drift)."""
    for t in SUITE:
        if not t["name"].startswith(("tac-win1", "tac-win3", "tac-block")):
            continue  # the win-in-5 sets take minutes to recompute: tools/lab/make_tactics.py
        g = Game(size=t["size"])
        for line in t["record"]:
            g.play(line)
        tc, st = checker_state(t, g)
        me, op, stars, s_me, s_op = st
        empty = tc.empty(me, op, stars)
        names = lambda m: {tc.g.name(b) for b in bits(m)}  # noqa: E731
        if t["name"].startswith("tac-win1"):
            assert names(tc.completions(me, empty)) == t["marble"]
        elif t["name"].startswith("tac-block"):
            assert names(tc.completions(op, empty)) == t["cover"]
            assert not tc.completions(me, empty)
        else:
            wins = set()
            for _, m in tc.win3_turns(st):
                wins |= names(m)
            assert wins == t["marble"]
