"""The firmware route's heap budget: every game, and what the firmware route offers beyond
the .mpy route, completes its whole-game scenario with 64 KB free on CircuitPython's unix
VM with our packages frozen in (tools/route_heap.py, tools/cproute.py; docs/heap.md, "Both
routes"). Budget tests: the VM is built once per device tree (minutes), and each game runs
once per layout."""

import pytest

from tools import app_heap, cproute, route_heap

FIRMWARE_BUDGET = 64 * 1024
PYPORTAL, TITANO = (320, 240), (480, 320)

CASES = [(g, s) for g in route_heap.MAIN_GAMES for s in (PYPORTAL, TITANO)] + [
    ("still-master", TITANO),  # Master's ponder, on the Titano only on this route
    ("still-master", PYPORTAL),
    ("still-12", PYPORTAL), ("still-12", TITANO),  # Still's Quad up to 12x12
    ("quax-15", PYPORTAL), ("quax-15", TITANO),  # Quax up to 15x15
]


@pytest.mark.budget
@pytest.mark.parametrize("game, size", CASES)
def test_the_game_completes_with_64_kb_free_when_frozen(game, size):
    cproute.need_frozen_vm()
    oks = route_heap.completes(game, "frozen", size, FIRMWARE_BUDGET)
    assert all(oks), dict(zip(app_heap.LAYOUTS, oks))


@pytest.mark.budget
def test_the_budget_check_can_fail_when_frozen():
    """The same check with 30 KB free runs out of memory: the check can fail."""
    cproute.need_frozen_vm()
    assert not any(route_heap.completes("still", "frozen", PYPORTAL, 30 * 1024,
                                        layouts=(0,)))


FINE = '    if name == "topic1":\n        print("fine", S["app"].menus.fine is not None)\n'


@pytest.mark.budget
@pytest.mark.parametrize("route, free", [("frozen", FIRMWARE_BUDGET), ("mpy", app_heap.BUDGET)])
def test_six_players_on_the_titano_read_help_at_76_columns_only_when_frozen(route, free):
    """The Titano's text pages get their 76-column grid where 14 KB are free at the page
    (quadpocket.textpage.ROOM): in a game of six people that is the firmware route's, in
    64 KB; the .mpy route, in its 100 KB, keeps the menu's larger text there."""
    from tools import cpdevice, cpvm
    mpy = "frozen" if route == "frozen" else True
    if route == "frozen":
        cproute.need_frozen_vm()
    else:
        cpvm.need_vm()
    kw = {"variant": "standard", "humans": 6}
    code = app_heap.scenario_code(grow_qstrs=False, size=TITANO, **kw)
    code = code.replace('    cp("screen_" + name)\n', '    cp("screen_" + name)\n' + FINE)
    heap = app_heap.heapsize_for_free(free, mpy=mpy, **kw)
    out = cpdevice.run_device(code, mpy=mpy, heapsize=heap, raw=True)
    assert "done" in out
    assert ("fine True" if route == "frozen" else "fine False") in out
