"""Winther's Quad's whole game on CircuitPython's VM (tools/wq_app_heap.py: the scenario of
tools/app_heap.py with this game chosen, Expert, 12 counters, 40 rounds through the move
phase to a new game, the menu tour). Measured (python -m tools.wq_app_heap --smallest
[--titano]; docs/winther-computer.md): it needs under 100 KB free at the base reading on
both screens, the worst of four layouts: inside the 100 KB budget the other game meets.
These tests hold the budget on both screens, and check that a heap well below it fails,
so the figure is a real limit and cannot silently get worse."""

import pytest

from tools import app_heap, cpvm, wq_app_heap

REACHED = app_heap.BUDGET  # free heap the scenario must complete in (measured 88.8 / 88.9 KB)
TOO_LITTLE = 82 * 1024     # ... and a heap it must not complete in


@pytest.fixture(scope="module")
def vm():
    cpvm.need_vm()


@pytest.fixture(scope="module")
def run(vm):
    return wq_app_heap.scenario()


def test_the_winther_game_runs_on_circuitpython_into_the_move_phase(run):
    assert run.get("done"), run["checkpoints"][-3:]
    plies = int(run["turns"][0])
    assert plies >= 1
    names = [n for n, _ in run["checkpoints"]]
    assert "screen_stats" in names and "screen_moves" in names
    assert any(n.startswith("new_game") for n in names)  # a game ended and a new one began


def test_only_the_playing_modules_stay_loaded(run):
    assert set(run["resident"]) == {"app", "hw_pyportal", "play", "records", "view", "face_winther"}


@pytest.mark.budget
def test_peak_live_heap_under_the_budget(run):
    assert run["peak"][0] <= app_heap.BUDGET, run["peak"]


@pytest.mark.budget
@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_completes_with_the_budget_free(vm, size):
    heap = wq_app_heap.heapsize_for_free(REACHED)
    ok, res = wq_app_heap.attempt(heap, size=size)
    assert ok, ("MemoryError with %d bytes free; last checkpoint %r"
                % (res["free_at_base"], res["checkpoints"][-1:]))
    assert res["free_at_base"] <= REACHED + 64  # the heap asked for, not a roomier one


@pytest.mark.budget
def test_fails_well_below_the_budget(vm):
    heap = wq_app_heap.heapsize_for_free(TOO_LITTLE)
    ok, res = wq_app_heap.attempt(heap)
    assert not ok, "completes with %d bytes free: the scenario measures nothing" % (
        res["free_at_base"])
