"""Device cost of the computer player on the MicroPython VM (deterministic fuel and bytes).

The fixed suite host_tests/data/ai_suite.txt holds 30 positions (10 openings, 10 middle
games, 10 late games, 11 x 11 standard rules). Every level's worst move over the whole suite
must fit its budget from shared/device-budget.md (1 M4-second ~= 117 M fuel):
Trainer / Easy 0.3 M4-s, Average 1.0, Expert 2.0; and no move may allocate more than 4 KB.
One VM run per (position, level) and one per position for its baseline (tools/fuel.py):
the budget tier (`make test-all`). The moves themselves (MicroPython's equal CPython's, and
CircuitPython's with their node counts) are checked in the quick tier."""

import statistics

import pytest

from tools import ai_vm, fuel

BUDGET = {"trainer": 35_000_000, "easy": 35_000_000, "average": 117_000_000,
          "expert": 234_000_000}
BYTES = 4096


@pytest.fixture(scope="module")
def costs():
    suite = ai_vm.load_suite()
    assert len(suite) == 30
    return ai_vm.suite_costs(ai_vm.LEVELS, suite)


@pytest.mark.budget
@pytest.mark.parametrize("level", ai_vm.LEVELS)
def test_worst_move_fits_the_level_budget(costs, level):
    rows = [r for r in costs if r[1] == level]
    assert len(rows) == 30
    worst = max(rows, key=lambda r: r[2])
    assert worst[2] <= BUDGET[level], worst
    # The figures are real work, not an empty run: the median move costs something.
    assert statistics.median(r[2] for r in rows) > 1_000_000


@pytest.mark.budget
@pytest.mark.parametrize("level", ai_vm.LEVELS)
def test_no_move_allocates_more_than_4_kb(costs, level):
    rows = [r for r in costs if r[1] == level]
    assert max(r[3] for r in rows) <= BYTES, max(rows, key=lambda r: r[3])


@pytest.mark.budget
def test_measured_moves_are_the_host_moves(costs):
    """The moves the fuel runs measured are CPython's (same seed, same position)."""
    from quadcore import Game, ai
    suite = dict(ai_vm.load_suite())
    for name, level, _, _, _, turn in costs[::7]:
        g = Game()
        for t in suite[name]:
            g.play(t)
        assert ai.choose(g, level, 0) == turn, (name, level)


def test_vm_moves_are_the_host_moves():
    """MicroPython plays exactly what CPython plays (same seed, same position): every suite
    position at every level, a few VM runs without the fuel measure."""
    got = fuel.vm_moves(fuel.GAMES["still"])
    assert len(got) == 120
    assert sum(r[2] for r in got if r[1] == "expert") > 0  # the searches really ran
    want = fuel.host_moves(fuel.GAMES["still"])
    assert [(n, lv, t) for n, lv, _, t in got] == want


def test_circuitpython_plays_the_host_moves_with_the_same_node_counts():
    """All 120 suite moves (30 positions x 4 levels) on CircuitPython's own VM, from the
    bundle's .mpy files: the same turn and the same number of search nodes as CPython."""
    from tools import cpvm
    cpvm.need_vm()
    got = ai_vm.cp_moves()
    want = ai_vm.host_moves()
    assert len(got) == 120
    assert sum(r[2] for r in got if r[1] == "expert") > 0  # the searches really ran
    assert got == want, [(a, b) for a, b in zip(got, want) if a != b][:3]
