"""The corner polyomino game's whole game on CircuitPython's VM (tools/corners_app_heap.py:
the scenario of tools/app_heap.py with this game chosen: a person playing Expert's hint by
a tap on its ghost against Expert, the menu tour, a new game after the end). Measured
(python -m tools.corners_app_heap --smallest [--titano] [--classic|--classic2];
docs/corners.md): the figures there. These tests hold the 100 KB budget on both screens,
and check that a heap well below it fails, so the figure is a real limit and cannot
silently get worse."""

import pytest

from tools import app_heap, corners_app_heap, cpvm

REACHED = app_heap.BUDGET  # free heap the scenario must complete in
TOO_LITTLE = 76 * 1024     # ... and a heap it must not complete in


@pytest.fixture(scope="module")
def vm():
    cpvm.need_vm()


@pytest.fixture(scope="module")
def run(vm):
    return corners_app_heap.scenario()


def test_the_game_runs_on_circuitpython_to_its_end_and_a_new_one(run):
    assert run.get("done"), run["checkpoints"][-3:]
    names = [n for n, _ in run["checkpoints"]]
    assert "screen_stats" in names and "screen_moves" in names
    assert any(n.startswith("new_game") for n in names)  # a game ended and a new one began
    assert int(run["turns"][0]) >= 2


def test_only_the_playing_modules_stay_loaded(run):
    assert set(run["resident"]) == {"app", "hw_pyportal", "play", "records", "view",
                                    "face_corners"}


@pytest.mark.budget
def test_peak_live_heap_under_the_budget(run):
    assert run["peak"][0] <= app_heap.BUDGET, run["peak"]


@pytest.mark.budget
@pytest.mark.parametrize("variant", ["duo", "classic", "classic_2"])
@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_completes_with_the_budget_free(vm, size, variant):
    heap = corners_app_heap.heapsize_for_free(REACHED, variant=variant)
    ok, res = corners_app_heap.attempt(heap, size=size, variant=variant)
    assert ok, ("MemoryError with %d bytes free; last checkpoint %r"
                % (res["free_at_base"], res["checkpoints"][-1:]))
    assert res["free_at_base"] <= REACHED + 64  # the heap asked for, not a roomier one


@pytest.mark.budget
def test_fails_well_below_the_budget(vm):
    heap = corners_app_heap.heapsize_for_free(TOO_LITTLE)
    ok, res = corners_app_heap.attempt(heap)
    assert not ok, "completes with %d bytes free: the scenario measures nothing" % (
        res["free_at_base"])
