"""Master in the whole device app on CircuitPython's VM (tools.app_heap --level master):
with its ponder (the desktop's) the scenario plays and the ponder answers its likely turns
every round, and what it needs stays measured: it does not fit the device's 100 KB
(docs/heap.md). Without the ponder (`--level master-noponder`, the device's platform:
hw_pyportal's Platform has no `ponder`) it fits on the 320x240 screen, which is where the
device offers Master; the budget check is asserted here like the other games'."""

import pytest

from tools import app_heap, cpvm


@pytest.fixture(scope="module")
def vm():
    cpvm.need_vm()


def test_master_plays_the_scenario_and_ponders_every_round(vm):
    run = app_heap.scenario(size=(480, 320), level="master")
    assert run.get("done"), run["checkpoints"][-3:]
    assert run["pondered"] == app_heap.ROUNDS   # every round's ponder answered its turns
    names = [n for n, _ in run["checkpoints"]]
    assert any(n.startswith("new_game") for n in names)


def test_master_is_refused_where_it_does_not_play():
    for kw in ({"humans": 4}, {"variant": "trek"}):
        with pytest.raises(ValueError):
            app_heap.scenario_code(level="master", **kw)
    with pytest.raises(ValueError):
        app_heap.scenario_code(level="grandmaster")


BUDGET = app_heap.BUDGET
PYPORTAL = (320, 240)


# The layouts measured worst for the device's Master on the PyPortal (`--smallest --level
# master-noponder`), and the first layout.
@pytest.mark.parametrize("pad", [0, 272])
def test_the_devices_master_completes_with_100_kb_free_on_the_pyportal(vm, pad):
    heap = app_heap.heapsize_for_free(BUDGET, pad=pad, level="master-noponder")
    ok, res = app_heap.attempt(heap, size=PYPORTAL, pad=pad, level="master-noponder")
    assert BUDGET <= res["free_at_base"] <= BUDGET + 1024, res["free_at_base"]
    assert ok, ("MemoryError with %d bytes free for the game; last checkpoint %r"
                % (res["free_at_base"], res["checkpoints"][-1:]))
    assert res["pondered"] == 0  # the device's platform never ponders


def test_the_devices_master_fails_well_below_the_budget(vm):
    heap = app_heap.heapsize_for_free(90 * 1024, level="master-noponder")
    ok, res = app_heap.attempt(heap, size=PYPORTAL, level="master-noponder")
    assert not ok and res["free_at_base"] < 91 * 1024
