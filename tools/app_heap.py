"""Live heap of the whole device game, measured on the MicroPython WebAssembly VM.

    .venv/bin/python -m tools.app_heap            # checkpoints (change since the last shown)
    .venv/bin/python -m tools.app_heap --all      # ... and every reading during searches
    .venv/bin/python -m tools.app_heap --modules  # also: compiled code per module

What counts: everything the game keeps on the heap once CircuitPython, displayio, the font
and the Adafruit libraries are loaded (device-budget.md: roughly 100 KB are left then):
compiled code of quadcore and lib/quadpocket (a .py is compiled into RAM at import; qstrs,
the interned names, stay for good), the engine's tables and game state, the computer
player, the app's objects, bitmaps and displayio objects.

How: the official MicroPython WebAssembly port (tools/mpvm.run_node) runs the real app with
stand-in firmware modules (host_tests/vmstubs: displayio, vectorio, terminalio, board, ...).
The stand-ins are sized so each displayio object holds as many heap bytes as CircuitPython's
C object does (tools/sim.py DEVICE_BYTES; test_app_vm.py checks them), and they are loaded
before the base reading, as firmware is. At every checkpoint the guest collects for real
(`await mpvm_collect()`, see tools/mp_node.mjs) and reads gc.mem_alloc(): live bytes. qstr
pools are counted per name, not per pool (see QSTR_ENTRY below).

Scenario (deterministic: fake clock, fixed taps, the computer player depends on no clock;
the player's own moves are what Hint proposes, so the game is Expert against Expert and
lasts): preferences "Expert, tutorial done" in nvm, ROUNDS_BEFORE rounds, the menu tour
(main menu, preferences, help, a help topic and its next page, statistics, back to the
game, the move list from the board), then rounds up to ROUNDS (a finished game is followed
by a new one from the New button). In the last SAMPLED rounds the heap is also read during
the computer's search (every other step of its generator), so its working set is in the
peak. The peak is the largest reading above the base.
"""

import os
import re
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)

from tools.mpvm import run_node  # noqa: E402

STUBS = os.path.join(ROOT, "host_tests", "vmstubs")

# The guest. Everything it needs for itself (helpers, the stand-in platform) exists before
# the base reading; after it, only the game allocates. One checkpoint per output line:
#   "cp <name> <live bytes above base>"   and at the end "peak <bytes> <checkpoint>".
SCENARIO = r"""
import gc, sys, micropython
import displayio, vectorio, terminalio, board, microcontroller, supervisor
import adafruit_touchscreen, audiocore, audioio, digitalio
from vmplatform import Platform
p = Platform()
p.nvm[0:64] = PREFS_RECORD  # the preferences, written by the host (see prefs_record)
S = {"awaits": 0, "base": 0, "app": None, "tag": "", "ticks": 0,
     "sample": 0, "i": 0}
SCREENS = ("menu", "prefs", "back", "help", "topic1", "next", "back", "back", "stats",
           "back", "resume", "moves", "back")


async def cp(name):
    await mpvm_collect()
    S["awaits"] += 1
    v = gc.mem_alloc() - S["base"]
    print("cp", name, v)
    micropython.qstr_info()  # the host adds QSTR_ENTRY bytes per new qstr


def grow_qstr_pool():
    # Intern throw-away names until the interpreter allocates a qstr pool of >= MIN_POOL
    # entries: the game's qstrs then land in its free part (see QSTR_ENTRY).
    i = 0
    while True:
        a = gc.mem_alloc()
        hasattr(None, "zq%d" % i)  # interns the name
        i += 1
        if gc.mem_alloc() - a >= QSTR_ENTRY * MIN_POOL:
            return


def rects():
    app = S["app"]
    if app.mode != "play":
        return app.menus.rects()
    pn = app.play.panel
    out = []
    for i, f in enumerate(pn.fills):
        name = pn.slots[i] if i < 4 else ("star%d" if i & 1 else "marble%d") % ((i - 4) // 2)
        if not f.hidden:
            out.append((name, (f.x, f.y, f.width, f.height)))
    return out


def press(name):
    for n, r in rects():
        if n == name:
            p.tap(r[0] + r[2] // 2, r[1] + r[3] // 2)
            while p.samples:
                S["app"].tick()
            return
    raise KeyError(name)


async def think(tag):
    # Tick until the taps are used up and the search (computer or hint) is done; in the
    # sampled rounds the heap is read after every step of the search.
    app = S["app"]
    while p.samples or app.play.thinker is not None:
        app.tick()
        if app.play.thinker is not None:
            S["ticks"] += 1
            if S["sample"] and S["ticks"] % 2:  # every other step: fewer awaits
                await cp(tag)


async def tap_cell(x):
    c = S["app"].play.board.centre(x)
    p.tap(c[0], c[1])
    await think("think" + S["tag"])


async def move(name):
    # One round: the player asks for a hint (Expert's move) and plays it through the star
    # box and the board, then the computer answers: Expert against Expert, a long game.
    play = S["app"].play
    S["tag"] = name
    if play.game.result is not None:  # the game is over: a new one, from the New button
        press("new")
        press("start")
        await cp("new_game" + name)
    press("hint")
    await think("hint" + name)
    stars, marble = play.hint_stars, play.hint[0]  # placing a star clears the hint
    for x in stars:
        press("star0")
        await tap_cell(x)
    await tap_cell(marble)
    S["app"].tick()
    await cp("move" + name)


grow_qstr_pool()
await mpvm_collect()
S["base"] = gc.mem_alloc()
print("base")
micropython.qstr_info()
import quadpocket.hw_pyportal
hw = quadpocket.hw_pyportal.Platform()
await cp("hw_platform")
import quadpocket.app
await cp("app_code")
quadpocket.app.THINK_STEPS = 1  # a slow device: a search spans many ticks
S["app"] = quadpocket.app.App(p)
await cp("started")
while S["i"] < ROUNDS_BEFORE:
    S["i"] += 1
    await move(str(S["i"]))
for name in SCREENS:
    press(name)
    await cp("screen_" + name)
while S["i"] < ROUNDS:
    S["i"] += 1
    S["sample"] = S["i"] > ROUNDS - SAMPLED
    await move(str(S["i"]))
g = S["app"].play.game
print("turns", g.turns, g.turn, S["app"].prefs.level, S["ticks"], p.display.refreshes,
      S["app"].play.game.result)
print("resident", ",".join(sorted(m[11:] for m in sys.modules if m.startswith("quadpocket."))))
print("awaits", S["awaits"])
"""

# Compiled code per module: every module is imported once (so all its qstrs exist), all are
# dropped, then each is imported again on its own in dependency order: the second figure is
# its bytecode, functions, classes and module dict, without qstrs. qstrs are read from
# micropython.qstr_info() after the first pass, per module in the same order.
MODULES = r'''
import gc, sys, micropython
import displayio, vectorio, terminalio, board, microcontroller, supervisor
import adafruit_touchscreen, audiocore, audioio, digitalio
await mpvm_collect()
_base = gc.mem_alloc()
NAMES = %r
print("qs -")
micropython.qstr_info()
for m in NAMES:
    print("qs", m)
    __import__(m)
    micropython.qstr_info()
await mpvm_collect()
print("first", gc.mem_alloc() - _base)
for m in list(sys.modules):
    if m.startswith("quadcore") or m.startswith("quadpocket"):
        del sys.modules[m]
await mpvm_collect()
_last = gc.mem_alloc()
print("qstrs_and_rest", _last - _base)
for m in NAMES:
    __import__(m)
    await mpvm_collect()
    _now = gc.mem_alloc()
    print("mod", m, _now - _last)
    _last = _now
'''


def _guest_root(tmp):
    """A folder like the device's: quadcore/, lib/quadpocket/ (with its data files) and the
    stand-in firmware modules in lib/. Non-.py files are returned as (guest path, text) for
    the guest to write itself (the Node driver copies .py files only)."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(os.path.join(ROOT, "quadcore"), os.path.join(tmp, "quadcore"), ignore=skip)
    shutil.copytree(os.path.join(ROOT, "lib", "quadpocket"),
                    os.path.join(tmp, "lib", "quadpocket"), ignore=skip)
    for f in os.listdir(STUBS):
        if f.endswith(".py"):
            shutil.copy(os.path.join(STUBS, f), os.path.join(tmp, "lib", f))
    data = []
    src = os.path.join(ROOT, "lib", "quadpocket")
    for f in sorted(os.listdir(src)):
        if not f.endswith((".py", ".pyc")) and os.path.isfile(os.path.join(src, f)):
            with open(os.path.join(src, f), encoding="utf-8") as fh:
                data.append(("/input/lib/quadpocket/" + f, fh.read()))
    return data


def _prelude(data):
    out = []
    for path, text in data:
        out.append("with open(%r, 'w') as _f:\n    _f.write(%r)\n" % (path, text))
    return "".join(out)


def run_guest(code):
    """Run guest code on the VM with the device-like folder; returns stdout."""
    with tempfile.TemporaryDirectory() as tmp:
        data = _guest_root(tmp)
        return run_node(_prelude(data) + code, root=tmp, packages=("quadcore", "lib"))


def prefs_record(**prefs):
    """The 64-byte prefs region of an nvm holding these preferences (made on the host with
    the app's own storage module, so the guest starts exactly like a device would)."""
    lib = os.path.join(ROOT, "lib")
    if lib not in sys.path:
        sys.path.insert(0, lib)
    from quadpocket.storage import Store
    nvm = bytearray(b"\xff" * 8192)
    st = Store(nvm)
    for k, v in prefs.items():
        setattr(st.prefs, k, v)
    st.save_prefs()
    return bytes(nvm[:64])


# Every top-level `await` (each heap reading) keeps 16-48 bytes in this port: a reference
# held for the JavaScript side until a JavaScript collection frees it (measured: 200 awaits
# keep 5.5 KB). The readings include them, so they are high by at most ~32 bytes times the
# readings so far (printed as "awaits"), never low. So readings are few: one per round and
# screen, and one every other search step only in the last SAMPLED rounds (the heap grows a
# little as the game goes on, so the last rounds hold the peak).
ROUNDS_BEFORE = 2  # rounds played before the menu tour
ROUNDS = 10        # rounds in all
SAMPLED = 3        # last rounds read at every other step of the computer's search


# qstrs (interned names) live in pools the interpreter allocates whole, each twice the size
# of the last: a new pool is mostly empty at first. Where those steps fall depends on every
# name interned before the game (firmware, libraries), so counted as allocated they would
# make the figures jump by a pool (~4.5 KB here) when one name more or less is interned
# anywhere. The guest therefore grows the pools before the base reading (a free pool of at
# least MIN_POOL entries) and the host counts QSTR_ENTRY bytes for each qstr the game adds
# (pointer, hash, length: 7 bytes here, measured from the pools' sizes); their text is
# allocated as used and is in the readings already. A real device may also carry the
# unused tail of its newest pool: README "The device app", Heap.
QSTR_ENTRY = 7
MIN_POOL = 1200


def scenario_code(**prefs):
    """The guest program of the scenario, starting with these preferences in nvm."""
    rec = prefs_record(**(prefs or {"tutorial_done": True, "level": "expert"}))
    code = SCENARIO.replace("PREFS_RECORD", repr(rec))
    for name in ("ROUNDS_BEFORE", "ROUNDS", "SAMPLED", "QSTR_ENTRY", "MIN_POOL"):
        code = code.replace(name, str(globals()[name]))
    return code


def scenario():
    """-> {"checkpoints": [(name, bytes)], "peak": (bytes, name), "turns": [...],
    "resident": [...]} for the scenario above."""
    out = run_guest(scenario_code())
    cps = []
    res = {"checkpoints": cps, "peak": (0, "")}
    base_q = None
    last = None
    for line in out.splitlines():
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "cp":
            last = (parts[1], int(parts[2]))
        elif parts[0] == "qstr":
            n = int(re.search(r"n_qstr=(\d+)", line).group(1))
            if base_q is None:
                base_q = n
            elif last is not None:
                v = last[1] + QSTR_ENTRY * (n - base_q)
                cps.append((last[0], v))
                if v > res["peak"][0]:
                    res["peak"] = (v, last[0])
                last = None
        elif parts[0] == "turns":
            res["turns"] = parts[1:]
        elif parts[0] == "awaits":
            res["awaits"] = int(parts[1])
        elif parts[0] == "resident":
            res["resident"] = parts[1].split(",") if len(parts) > 1 else []
    return res


def _top_imports(path):
    """quadpocket modules a file imports at module level (function-level imports are lazy)."""
    import ast
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    out = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "quadpocket":
                out.update(a.name for a in node.names)
            elif node.module.startswith("quadpocket."):
                out.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("quadpocket."):
                    out.add(a.name.split(".")[1])
    return out


def module_names():
    """Every module of the game in dependency order (quadcore's package first, as its
    __init__ imports all of its engine modules at once)."""
    names = ["quadcore"]
    ai = os.path.join(ROOT, "quadcore", "ai")
    if os.path.isdir(ai):
        names.append("quadcore.ai")
        order = ["core", "fast", "two", "other"]
        present = [f[:-3] for f in os.listdir(ai) if f.endswith(".py") and f != "__init__.py"]
        names += ["quadcore.ai." + m for m in order if m in present]
        names += ["quadcore.ai." + m for m in sorted(present) if m not in order]
    qp = os.path.join(ROOT, "lib", "quadpocket")
    mods = sorted(f[:-3] for f in os.listdir(qp) if f.endswith(".py") and f != "__init__.py")
    deps = {m: _top_imports(os.path.join(qp, m + ".py")) & set(mods) for m in mods}
    names.append("quadpocket")
    done = []
    while len(done) < len(mods):  # leaves first, so each import loads one module
        ready = [m for m in mods if m not in done and deps[m] <= set(done)]
        if not ready:  # an import cycle: take the rest in name order
            ready = [m for m in mods if m not in done]
        done.append(ready[0])
    names += ["quadpocket." + m for m in done]
    return names


def modules():
    """-> ([(module, code bytes, new qstrs, their text bytes)], qstr pool bytes in all)."""
    names = module_names()
    out = run_guest(MODULES % (names,))
    qs = {}
    code = {}
    cur = None
    for line in out.splitlines():
        if line.startswith("qs "):
            cur = line[3:].strip()
        elif line.startswith("qstr pool:"):
            m = re.search(r"n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)", line)
            qs[cur] = tuple(int(v) for v in m.groups())
        elif line.startswith("mod "):
            _, name, nbytes = line.split()
            code[name] = int(nbytes)
    rows = []
    before = qs["-"]
    for name in names:
        now = qs[name]
        rows.append((name, code[name], now[0] - before[0], now[1] - before[1]))
        before = now
    return rows, qs[names[-1]][2] - qs["-"][2]


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m tools.app_heap",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--modules", action="store_true", help="compiled code per module too")
    ap.add_argument("--all", action="store_true", help="every reading, search steps too")
    args = ap.parse_args(argv)
    res = scenario()
    prev = 0
    print("%-22s %8s %8s" % ("checkpoint", "live B", "change"))
    for name, v in res["checkpoints"]:
        if args.all or not name.startswith(("think", "hint")):
            print("%-22s %8d %+8d" % (name, v, v - prev))
            prev = v
    print("peak %d bytes (%.1f KB) at %s, %d readings" % (
        res["peak"][0], res["peak"][0] / 1024, res["peak"][1], res.get("awaits", 0)))
    print("resident app modules at the end:", " ".join(res["resident"]))
    if args.modules:
        rows, pool = modules()
        print()
        print("%-26s %8s %6s %8s" % ("module", "code B", "qstrs", "qstr txt"))
        for name, nbytes, nq, sdata in rows:
            print("%-26s %8d %6d %8d" % (name, nbytes, nq, sdata))
        print("qstr pools (as allocated) and text, all modules: %d bytes" % pool)
    return 0


if __name__ == "__main__":
    sys.exit(main())
