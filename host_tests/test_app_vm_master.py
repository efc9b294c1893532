"""Master in the whole device app on CircuitPython's VM (tools.app_heap --level master):
with a roomy heap the scenario plays and the ponder answers its likely turns every round;
as the device plays it, the whole game and each variant's must complete with 100 KB free
in every layout: on the PyPortal (320x240) with its ponder, which must still answer in
most rounds (a ponder with no room stops for that turn: lib/quadpocket/master.py), on the
Titano (480x320) without it (`--level master-noponder`: with its ponder it needs 100.4 KB
by the 4-in-a-row measure, docs/heap.md)."""

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
    # every round's ponder answered its turns but the opening turn of each of the
    # scenario's two games (nothing is pondered before the first piece of a game)
    assert run["pondered"] == app_heap.ROUNDS - 2
    names = [n for n, _ in run["checkpoints"]]
    assert any(n.startswith("new_game") for n in names)


def test_master_is_refused_where_it_does_not_play():
    for level in ("master", "master-noponder"):
        with pytest.raises(ValueError):
            app_heap.scenario_code(level=level, humans=4)
    with pytest.raises(ValueError):
        app_heap.scenario_code(level="grandmaster")



def test_master_without_its_ponder_plays_the_scenario_and_ponders_never(vm):
    # `--level master-noponder`: Master as a platform without `ponder` plays it (the
    # figure docs/heap.md gives for a device Master without the ponder)
    run = app_heap.scenario(level="master-noponder")
    assert run.get("done"), run["checkpoints"][-3:]
    assert run["pondered"] == 0
    assert run["turns"][2] == "expert"  # Master is stored as Expert plus its seconds


# How each screen's device plays Master: hw_pyportal.Platform sets `ponder` by its width.
DEVICE_LEVEL = {"pyportal": "master", "titano": "master-noponder"}


def test_the_device_offers_master_and_ponders_on_the_pyportal_only(pyportal):
    p = pyportal.make()
    assert p.master and p.ponder
    pyportal.size = (480, 320)
    p = pyportal.make()
    assert p.master and not p.ponder


def attempt_100kb(screen, **kw):
    budget = app_heap.BUDGET
    heap = app_heap.heapsize_for_free(budget, **kw)
    ok, res = app_heap.attempt(heap, size=SCREENS[screen], **kw)
    assert budget <= res["free_at_base"] <= budget + 1024, res["free_at_base"]
    assert ok, ("MemoryError with %d bytes free for the game; last checkpoint %r"
                % (res["free_at_base"], res["checkpoints"][-1:]))
    return res


@pytest.mark.budget
@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("pad", app_heap.LAYOUTS)
def test_the_devices_master_completes_with_100_kb_free(vm, screen, pad):
    """As test_app_vm's hard budget, at Master as each screen's device plays it: 100 KB
    free at the base (not a byte more than 1 KB over), every layout. On the PyPortal the
    ponder answers its turns in most rounds even so (measured: 9 or 10 of the 10 it
    answers with room)."""
    res = attempt_100kb(screen, pad=pad, level=DEVICE_LEVEL[screen])
    assert res["turns"][2] == "expert"  # Master is stored as Expert plus its seconds
    if screen == "pyportal":
        assert res["pondered"] >= app_heap.ROUNDS // 2, res["pondered"]
    else:
        assert res["pondered"] == 0


@pytest.mark.budget
@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("variant", ["duel", "trek", "rapid"])
@pytest.mark.parametrize("pad", app_heap.LAYOUTS)
def test_the_devices_master_plays_each_variant_with_100_kb_free(vm, screen, variant, pad):
    attempt_100kb(screen, variant=variant, pad=pad, level=DEVICE_LEVEL[screen])
