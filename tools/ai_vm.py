"""Cost of the computer player on the MicroPython VM: fuel and heap bytes of one move.

    python -m tools.ai_vm [--levels trainer,easy,average,expert] [--suite FILE]
    python -m tools.ai_vm --levels master:5,master:10   (Master at 5 / 10 M4-s a move)

The suite (host_tests/data/ai_suite.txt) is 30 positions from ten Expert-Average games
(seeds 1-10, two random opening marbles): after turn 3-6 (openings), 12-17 (middle games)
and 2-4 turns before each game's end (late games).

Each (position, level) is measured by difference (tools/fuel.py, the four games' harness;
`python -m tools.fuel still` is the same suite): VM runs build the game, import the AI and
build its tables (so the figures are the steady-state cost of one move: what the device
pays per move after start-up); then one executes `ai.choose` at a level and one, shared by
the levels, a no-op. Bytes are gc.mem_alloc() before/after with the GC off (exact).
"""

import argparse
import sys

from tools import fuel, mpvm

SPEC = fuel.GAMES["still"]
SUITE = SPEC.suite
LEVELS = SPEC.levels
VARIANT_SUITE = fuel.GAMES["still-variants"].suite
VARIANT_PATCH = fuel.VARIANT_PATCH


def load_suite(path=SUITE):
    """[(name, [turn lines])] from a file of records, each starting with '# name'."""
    return [(name, turns) for name, _, turns in SPEC.load(path)]


def load_variant_suite(path=VARIANT_SUITE):
    """[(name, rules, [turn lines])] of the other games' suite (tools/lab/make_variant_suite.py):
    each header names its rules, '# duel-2 variant=duel players=2 ...'."""
    return fuel.GAMES["still-variants"].load(path)


def statement(level, seed):
    """The measured call for a level name; "master:S" is Master at S M4-s a move."""
    return SPEC.stmt(level, seed)


def measure_position(turns, levels, rules=None, seed=0, root=mpvm.REPO_ROOT, patch=""):
    """{level: (fuel, bytes, nodes, turn)} for the position after `turns` (tools/fuel.py:
    one VM run for the no-op, one per level). `patch` is extra setup code
    (tools/lab/ai_tradeoff.py changes a level's budget with it)."""
    return fuel.measure_position(SPEC, rules or {}, turns, levels, seed, root, patch)


def suite_costs(levels=LEVELS, suite=None, root=mpvm.REPO_ROOT, progress=None):
    """[(name, level, fuel, bytes, nodes, turn)] over the whole suite."""
    suite = [(n, {}, t) for n, t in (suite or load_suite())]
    return fuel.suite_costs(SPEC, levels, suite, root=root, progress=progress)


_CP_MOVES = """
from quadcore.game import Game
from quadcore import ai
from quadcore.ai import core
SUITE = %r
for name, turns in SUITE:
    for lv in %r:
        g = Game()
        for t in turns:
            g.play(t)
        t = ai.choose(g, lv, 0)
        print(name, lv, core.LAST[0], t)
"""


def cp_moves(levels=LEVELS, suite=None, mpy=True):
    """[(name, level, nodes, turn)] of every suite position and level, played on
    CircuitPython's unix VM from the bundle's .mpy files (tools/cpvm.py): one VM run."""
    from tools import cpdevice, cpvm

    suite = suite or load_suite()
    out = cpdevice.run_device(_CP_MOVES % ([(n, list(t)) for n, t in suite], tuple(levels)),
                          mpy=mpy)
    rows = []
    for line in out.splitlines():
        name, lv, nodes, turn = line.split(None, 3)
        rows.append((name, lv, int(nodes), turn))
    return rows


def host_moves(levels=LEVELS, suite=None):
    """The same as cp_moves, on CPython."""
    from quadcore import Game, ai
    from quadcore.ai import core

    rows = []
    for name, turns in (suite or load_suite()):
        for lv in levels:
            g = Game()
            for t in turns:
                g.play(t)
            turn = ai.choose(g, lv, 0)
            rows.append((name, lv, core.LAST[0], turn))
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.ai_vm", description=__doc__.split("\n")[0])
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--suite", default=str(SUITE))
    ap.add_argument("--root", default=str(mpvm.REPO_ROOT))
    ap.add_argument("--variants", action="store_true",
                    help="the other games' suite (3-6 players, Duel, Trek, Rapid)")
    a = ap.parse_args(argv)
    levels = a.levels.split(",")
    if a.variants:
        for name, rules, turns in load_variant_suite():
            r = measure_position(turns, levels, rules, root=a.root, patch=VARIANT_PATCH)
            print("%-12s " % name + "  ".join("%s %6.1fM (%.2f M4-s) %5dB %s" % (
                lv[:3], r[lv][0] / 1e6, r[lv][0] / mpvm.FUEL_PER_M4_SECOND, r[lv][1],
                r[lv][3]) for lv in levels), flush=True)
        return 0

    def progress(name, r):
        print(fuel.position_line(name, r, levels), flush=True)

    rows = suite_costs(levels, load_suite(a.suite), a.root, progress)
    for line in fuel.summary(SPEC, rows, levels):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
