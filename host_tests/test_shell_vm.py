"""Switching games on CircuitPython's VM (10.2.1, the .mpy bundle): for every ordered pair
of installed games, a device that starts in one game and switches to the other through
the chooser, and back, holds the heap a fresh start of the target game holds, at the same
point (the game shown, settled, collected).

What may differ, and is taken out: the qstr pool (names the other face's code interned
stay interned for good on CircuitPython: micropython.qstr_info() reports the pool's
bytes, the host subtracts them; they grow in chunks, so a chunk allocated but not yet
filled counts too) and sys.modules' hash table, which never shrinks once the other game's
modules made it grow: SLACK bytes at most either way. Everything else (the old face's
code, its engine and computer player, their tables, the old screen's objects, its kept
sounds: 1.1 KB, which this test found) must be gone."""

import re

import pytest

from tools import app_heap, cpvm

SLACK = 512  # qstr chunks and sys.modules' table (see above)

GUEST = r"""
import gc, sys, micropython
import displayio, vectorio, terminalio, board, microcontroller, supervisor
import adafruit_touchscreen, audiocore, audioio, digitalio
from vmplatform import Platform
p = Platform(320, 240)
p.games = "IDS"  # every installed game (the device offers those its heap holds)
p.nvm[0:64] = PREFS_RECORD
for i in range(2000):
    hasattr(None, "zq%d" % i)  # a qstr pool with room for both games' names


def cp(name):
    for _ in range(3):
        app.tick()
    gc.collect()
    gc.collect()
    print("cp", name, gc.mem_alloc())
    micropython.qstr_info()


def press(name):
    for n, r in (app.menus.rects() if app.mode != "play" else rects()):
        if n == name:
            p.tap(r[0] + r[2] // 2, r[1] + r[3] // 2)
            while p.samples:
                app.tick()
            return
    raise KeyError(name)


def rects():
    pn = app.play.panel
    return [(pn.slots[i], (f.x, f.y, f.width, f.height)) for i, f in enumerate(pn.fills[:4])
            if not f.hidden]


import quadpocket.app
app = quadpocket.app.App(p)
cp("fresh_" + app.play.gid)
for gid in ORDER:
    press("menu")
    press("games")
    press("game%d" % "IDS".index(gid))
    cp("switched_" + app.play.gid)
print("done")
"""


def ids():
    import os
    import sys
    lib = os.path.join(app_heap.ROOT, "lib")
    if lib not in sys.path:
        sys.path.insert(0, lib)
    from quadpocket import games
    return "".join(row[0] for row in games.GAMES)


IDS = ids()
PAIRS = [(a, b) for a in IDS for b in IDS if a != b]


@pytest.fixture(scope="module")
def vm():
    cpvm.need_vm()


def run(start, order):
    code = GUEST.replace("PREFS_RECORD", repr(app_heap.prefs_record(
        tutorial_done=True, level="easy", game=start)))
    code = code.replace("ORDER", repr(tuple(order))).replace('"IDS"', repr(IDS))
    out = app_heap.run_guest(code, heapsize="1M")
    assert "done" in out, out[-2000:]
    points = []
    lines = out.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("cp "):
            _, name, alloc = line.split()
            q = int(re.search(r"n_total_bytes=(\d+)", lines[i + 1]).group(1))
            points.append((name, int(alloc), q))
    return points


@pytest.mark.parametrize("a,b", PAIRS, ids=["%s-%s" % ab for ab in PAIRS])
def test_switching_leaves_the_heap_of_a_fresh_start(vm, a, b):
    fresh = {}
    for gid in (a, b):
        (name, alloc, q), = run(gid, ())
        fresh[gid] = alloc - q
    assert fresh[a] != fresh[b]  # the two games hold different heaps: the check can fail
    points = run(a, (b, a, b))
    assert [n for n, _, _ in points] == ["fresh_" + a, "switched_" + b, "switched_" + a,
                                         "switched_" + b]
    for name, alloc, q in points[1:]:
        gid = name[-1]
        left = alloc - q - fresh[gid]
        print(a, b, name, left)
        assert abs(left) <= SLACK, (name, left, alloc, q, fresh)
