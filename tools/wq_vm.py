"""Cost of Winther's Quad computer player on the MicroPython WASI VM: fuel and heap bytes of
one move (117 M fuel ~ one M4-second, tools/mpvm.py).

    python -m tools.wq_vm [--levels trainer,easy,average,expert] [--suite FILE]
    python -m tools.wq_vm --heap     live heap on CircuitPython's unix VM (tools/cpvm.py)

The suite (host_tests/data/winther_suite.txt, made by tools/lab/make_wq_suite.py) holds positions
from Expert-Average games.
Each (position, level) is measured by tools/fuel.py (`python -m tools.fuel winther`, the four
games' harness): VM runs build the game and import the player with its tables; one then
plays `ai.choose` at a level and one, shared by the levels, a no-op, so the difference is
the steady cost of one move on the device after start-up. Bytes: gc.mem_alloc() around the
move with the GC off (exact).
"""

import argparse
import sys

from tools import fuel, mpvm

SPEC = fuel.GAMES["winther"]
SUITE = SPEC.suite
LEVELS = SPEC.levels


def load_suite(path=SUITE):
    """[(name, [turns])]: blocks separated by a blank line, each starting with '# name'."""
    return [(name, turns) for name, _, turns in SPEC.load(path)]


def measure_position(turns, levels, counters=15, seed=0, root=mpvm.REPO_ROOT):
    """{level: (fuel, bytes, nodes, turn)} for the position after `turns` (tools/fuel.py)."""
    return fuel.measure_position(SPEC, {"counters": counters}, turns, levels, seed, root)


def suite_costs(levels=LEVELS, suite=None, root=mpvm.REPO_ROOT, progress=None):
    """[(name, level, fuel, bytes, nodes, turn)] over the whole suite."""
    suite = [(n, {}, t) for n, t in (suite or load_suite())]
    return fuel.suite_costs(SPEC, levels, suite, root=root, progress=progress)


# Live heap after each import and of one game, on CircuitPython's VM (sources as they are;
# gc.mem_alloc() after gc.collect()). Prints: the shared utilities (quadutil), winquad
# (engine and save), the computer player, a fresh game, the growth after a random game
# (Game.moves' 2 KB scratch, made at its first call, included), its turns, and 1 if
# Still's engine (quadcore) got loaded on the way (it must not).
RESIDENT = """
import gc, sys
gc.collect()
a = gc.mem_alloc()
import quadutil
gc.collect()
b = gc.mem_alloc()
import winquad
from winquad import save
gc.collect()
c = gc.mem_alloc()
from winquad import ai
gc.collect()
d = gc.mem_alloc()
g = winquad.Game()
gc.collect()
e = gc.mem_alloc()
from quadutil import Rng
r = Rng(1)
while g.result is None and g.plies < 200:
    ms = g.moves()
    g.apply_move(ms[r.below(len(ms))])
ms = None
gc.collect()
f = gc.mem_alloc()
print(b - a, c - b, d - c, e - d, f - e, g.plies, int("quadcore" in sys.modules))
"""


def resident_heap():
    """(utilities, engine, player, fresh game, game growth, turns, quadcore loaded)."""
    from tools import cpvm
    return tuple(int(v) for v in cpvm.run(RESIDENT).split())


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.wq_vm",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--suite", default=str(SUITE))
    ap.add_argument("--heap", action="store_true")
    a = ap.parse_args(argv)
    if a.heap:
        q, eng, player, fresh, grown, turns, still = resident_heap()
        print("quadutil %d B, winquad engine %d B, computer player %d B, fresh game %d B, "
              "+%d B after %d turns; quadcore %s (CircuitPython unix VM, live heap)"
              % (q, eng, player, fresh, grown, turns, "loaded" if still else "not loaded"))
        return 0
    levels = a.levels.split(",")

    def progress(name, r):
        print(fuel.position_line(name, r, levels), flush=True)

    rows = suite_costs(levels, load_suite(a.suite), progress=progress)
    for line in fuel.summary(SPEC, rows, levels):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
