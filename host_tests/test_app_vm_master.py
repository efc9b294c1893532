"""Master in the whole device app on CircuitPython's VM (tools.app_heap --level master):
with its ponder (the desktop's) the scenario plays and the ponder answers its likely turns
every round, and what it needs stays measured; without it (`--level master-noponder`, a
platform without `ponder`) too. Neither fits the device's 100 KB yet (docs/heap.md), which
is why the device does not offer Master; this keeps the harness and the figures honest."""

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



def test_master_without_its_ponder_plays_the_scenario_and_ponders_never(vm):
    # `--level master-noponder`: Master as a platform without `ponder` plays it (the
    # figure docs/heap.md gives for a device Master without the ponder)
    run = app_heap.scenario(level="master-noponder")
    assert run.get("done"), run["checkpoints"][-3:]
    assert run["pondered"] == 0
    assert run["turns"][2] == "expert"  # Master is stored as Expert plus its seconds
