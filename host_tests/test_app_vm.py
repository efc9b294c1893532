"""The device app on a real MicroPython VM (the official WebAssembly port under Node):
proves the UI code uses only what MicroPython/CircuitPython offer, and measures its heap.

displayio, vectorio and terminalio are small stand-ins (host_tests/vmstubs: bitmaps
allocate their row-padded pixel bytes, tile grids one byte a tile), so the figures are the
app's Python-side heap plus its bitmaps, not the firmware's C structs.
"""

import os
import shutil

import pytest

from tools.mpvm import run_node

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

GUEST = r'''
import gc, sys
import displayio, vectorio, terminalio
from vmplatform import Platform
import quadcore
from quadcore import ai, parse_cell
await mpvm_collect()
base = gc.mem_alloc()
import quadpocket.app
await mpvm_collect()
code = gc.mem_alloc()
from quadpocket.storage import Store
p = Platform()
st = Store(p.nvm)
st.prefs.tutorial_done = True
st.save_prefs()
del st
app = quadpocket.app.App(p)
await mpvm_collect()
started = gc.mem_alloc()
game_bytes = 0


def press(name):
    if app.mode == "play":
        boxes = list(zip(app.play.panel.buttons, app.play.panel.slots))
    else:
        scr = app.menu if app.mode == "menu" else app.text
        boxes = list(zip(scr.buttons, scr.names))
    for b, n in boxes:
        if n == name:
            x, y, w, h = b.rect
            p.tap(x + w // 2, y + h // 2)
            for i in range(20):
                app.tick()
            return
    raise KeyError(name)


def cell(name):
    x, y = app.play.board.centre(parse_cell(name, 11))
    p.tap(x, y)
    for i in range(200):
        app.tick()


for c in ("f6", "e5", "g7"):
    cell(c)
await mpvm_collect()
played = gc.mem_alloc()
refreshes = p.display.refreshes
press("menu")
press("prefs")
press("level")
press("back")
press("stats")
stats_text = app.text.body.text()
press("back")
press("help")
press("topic3")
press("back")
press("back")
press("resume")
press("undo")
await mpvm_collect()
print("figures", code - base, started - code, played - code)
print("turns", app.play.game.turns, app.play.game.turn, app.store.prefs.level)
print("stats", "Average" in stats_text and "Streak" in stats_text)
print("resident", ",".join(sorted(m[11:] for m in sys.modules if m.startswith("quadpocket."))))
print("refreshes", refreshes, "sounds", p.sounds)
'''


@pytest.fixture(scope="module")
def guest_output(tmp_path_factory):
    root = tmp_path_factory.mktemp("vmroot")
    skip = shutil.ignore_patterns("__pycache__", "hw_pyportal.py")
    shutil.copytree(os.path.join(ROOT, "lib", "quadpocket"), root / "lib" / "quadpocket",
                    ignore=skip)
    shutil.copytree(os.path.join(ROOT, "quadcore"), root / "quadcore", ignore=skip)
    stubs = os.path.join(HERE, "vmstubs")
    for f in os.listdir(stubs):
        if f.endswith(".py"):
            shutil.copy(os.path.join(stubs, f), root / "lib" / f)
    out = run_node(GUEST, root=str(root), packages=("quadcore", "lib"))
    return dict(line.split(" ", 1) for line in out.strip().splitlines())


def test_the_app_plays_and_navigates_on_micropython(guest_output):
    turns, turn, level = guest_output["turns"].split()
    assert (turns, turn) == ("4", "0")       # 3 moves each, then Undo took back 2 turns
    assert level == "average"                 # the preference tap went through
    assert guest_output["stats"] == "True"
    refreshes, _, sounds = guest_output["refreshes"].split()
    assert int(refreshes) <= 4                # start-up + one per move (reply included)
    assert int(sounds) == 6


def test_one_time_modules_are_not_resident(guest_output):
    resident = set(guest_output["resident"].split(","))
    for name in ("spritedraw", "helptext", "tutorial", "menus", "screens"):
        assert name not in resident
    assert {"app", "play", "boardview", "panel"} <= resident


def test_heap_figures_within_budget(guest_output):
    """Bytes live after gc: compiled app code (with storage and sound), the UI built at
    start-up (plus the 11x11 Game: ~18.5 KB of it is quadcore's tables and state), and
    the whole app after three moves (adds the computer player's code and tables, ~21 KB)."""
    code, started, played = (int(v) for v in guest_output["figures"].split())
    assert code <= 50_000
    assert started <= 43_000
    assert played <= 64_000
