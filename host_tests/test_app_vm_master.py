"""Master in the whole device app on CircuitPython's VM (tools.app_heap --level master):
with its ponder (the desktop's) the scenario plays and the ponder answers its likely turns
every round, and what it needs stays measured; without it (`--level master-noponder`, a
platform without `ponder`: the device's Master) the whole game, and each variant's, must
complete with 100 KB free on both screens, which is why the device offers Master and does
not ponder (the ponder needs ~101-103 KB: docs/heap.md)."""

import pytest

from tools import app_heap, cpvm
from test_hw_pyportal import device as pyportal  # noqa: F401  (the PyPortal's fakes)

SCREENS = {"pyportal": (320, 240), "titano": (480, 320)}


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


def test_the_device_offers_master_and_does_not_ponder(pyportal):
    p = pyportal.make()
    assert p.master and not getattr(p, "ponder", 0)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("pad", app_heap.LAYOUTS)
def test_the_devices_master_completes_with_100_kb_free(vm, screen, pad):
    """As test_app_vm's hard budget, at Master without its ponder: 100 KB free at the base
    (not a byte more than 1 KB over), every layout, both screens."""
    budget = app_heap.BUDGET
    heap = app_heap.heapsize_for_free(budget, pad=pad, level="master-noponder")
    ok, res = app_heap.attempt(heap, size=SCREENS[screen], pad=pad, level="master-noponder")
    assert budget <= res["free_at_base"] <= budget + 1024, res["free_at_base"]
    assert ok, ("MemoryError with %d bytes free for the game; last checkpoint %r"
                % (res["free_at_base"], res["checkpoints"][-1:]))
    assert res["pondered"] == 0 and res["turns"][2] == "expert"


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("variant", ["duel", "trek", "rapid"])
@pytest.mark.parametrize("pad", app_heap.LAYOUTS)
def test_the_devices_master_plays_each_variant_with_100_kb_free(vm, screen, variant, pad):
    budget = app_heap.BUDGET
    kw = {"variant": variant, "level": "master-noponder", "pad": pad}
    heap = app_heap.heapsize_for_free(budget, **kw)
    ok, res = app_heap.attempt(heap, size=SCREENS[screen], **kw)
    assert budget <= res["free_at_base"] <= budget + 1024, res["free_at_base"]
    assert ok, ("MemoryError with %d bytes free for the game; last checkpoint %r"
                % (res["free_at_base"], res["checkpoints"][-1:]))
