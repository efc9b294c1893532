"""Master in the whole device app on CircuitPython's VM (tools.app_heap --level master):
with a roomy heap the scenario plays and the ponder answers its likely turns every round.
The device offers Master (and its ponder) on the firmware route only: from .mpy files its
whole game needs 103-105 KB free (worst of 4 layouts, `python -m tools.app_heap --smallest
--level master` and `--titano --level master-noponder`; docs/heap.md), over the 100 KB
budget; frozen, each variant completes with 64 KB free on both screens
(test_firmware_heap.py). When the .mpy figure fits, Master can come back to that route."""

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


# Which route offers Master: hw_pyportal.Platform (quadpocket.hwsetup on the firmware route).
def test_the_device_offers_master_on_the_firmware_route_only(pyportal, monkeypatch):
    import quadpocket
    for size in ((320, 240), (480, 320)):
        pyportal.size = size
        p = pyportal.make()
        assert not p.master and not p.ponder  # .mpy files: Master does not fit 100 KB
    monkeypatch.setattr(quadpocket, "__file__", "quadpocket/__init__.py")  # frozen
    for size in ((320, 240), (480, 320)):
        pyportal.size = size
        p = pyportal.make()
        assert p.master and p.ponder

