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
    # Master and its ponder: on this route only (from .mpy files its whole game needs
    # 103-105 KB free: test_app_vm_master.py), every variant on both screens
    ("still-master", TITANO), ("still-master", PYPORTAL),
    ("still-master-duel", TITANO), ("still-master-duel", PYPORTAL),
    ("still-master-trek", TITANO), ("still-master-trek", PYPORTAL),
    ("still-master-rapid", TITANO), ("still-master-rapid", PYPORTAL),
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
# hw_pyportal's Platform on the firmware route (the stand-in platform has no route)
TEXT_ROOM = "p.text_room = 12288\n"


@pytest.mark.budget
@pytest.mark.parametrize("pad", app_heap.LAYOUTS)
def test_six_players_on_the_titano_read_help_at_76_columns_when_frozen(pad):
    """The Titano's text pages get their 76-column grid where the platform's room is free
    at the page (quadpocket.textpage): on the firmware route 12 KB, which a game of six
    people leaves there with 64 KB free, and the whole game still completes. The same run
    asking for more room than the budget holds (64 KB) keeps the body on the menu grid:
    the grid really depends on the room found. (The .mpy route's default 14 KB would now
    do here as well: the shell's resident code shrank since the firmware route's 12 KB was
    chosen, when 13.8 KB were free at the page.)"""
    from tools import cpdevice
    cproute.need_frozen_vm()
    kw = {"variant": "standard", "humans": 6}
    code = app_heap.scenario_code(grow_qstrs=False, size=TITANO, pad=pad, **kw)
    made = "p = Platform(%d, %d)\n" % TITANO
    code = code.replace(made, made + TEXT_ROOM)
    code = code.replace('    cp("screen_" + name)\n', '    cp("screen_" + name)\n' + FINE)
    heap = app_heap.heapsize_for_free(FIRMWARE_BUDGET, mpy="frozen", pad=pad, **kw)
    out = cpdevice.run_device(code, mpy="frozen", heapsize=heap, raw=True)
    assert "done" in out and "fine True" in out
    without = cpdevice.run_device(code.replace(TEXT_ROOM, "p.text_room = 65536\n"),
                                  mpy="frozen", heapsize=heap, raw=True)
    assert "fine False" in without
