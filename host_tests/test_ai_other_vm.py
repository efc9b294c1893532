"""Device cost of the other games' computer player (3-6 players, Duel, Trek, Rapid) on the
MicroPython VM: host_tests/data/ai_variant_suite.txt holds, per game, the position of seeded
Expert-against-Easy games where Expert's exact tactics worked most
(tools/lab/make_variant_suite.py).
Average and Expert must fit their budgets there (1 M4-second ~= 117 M fuel: Average 1.0,
Expert 2.0) and allocate at most 4 KB a move, as in the standard suite (test_ai_vm.py): the
budget tier; that MicroPython plays CPython's moves there is checked in the quick tier."""

import pytest

from tools import ai_vm, fuel

BUDGET = {"average": 117_000_000, "expert": 234_000_000}
LEVELS = tuple(BUDGET)


@pytest.fixture(scope="module")
def costs():
    suite = ai_vm.load_variant_suite()
    assert len(suite) == 6
    rows = []
    for name, rules, turns in suite:
        r = ai_vm.measure_position(turns, LEVELS, rules, patch=ai_vm.VARIANT_PATCH)
        for lv in LEVELS:
            rows.append((name, lv) + r[lv])
    return rows


@pytest.mark.budget
@pytest.mark.parametrize("level", LEVELS)
def test_worst_move_fits_the_level_budget(costs, level):
    rows = [r for r in costs if r[1] == level]
    worst = max(rows, key=lambda r: r[2])
    assert worst[2] <= BUDGET[level], worst
    assert min(r[2] for r in rows) > 1_000_000  # real work measured, not an empty run


@pytest.mark.budget
@pytest.mark.parametrize("level", LEVELS)
def test_no_move_allocates_more_than_4_kb(costs, level):
    rows = [r for r in costs if r[1] == level]
    assert max(r[3] for r in rows) <= 4096, max(rows, key=lambda r: r[3])


def test_vm_moves_are_the_host_moves():
    """MicroPython plays what CPython plays in the other games (same seed, same position)."""
    g = fuel.GAMES["still-variants"]
    got = fuel.vm_moves(g)
    assert len(got) == 12
    assert [(n, lv, t) for n, lv, _, t in got] == fuel.host_moves(g)
