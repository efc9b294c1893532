"""Cost of the computer player on the MicroPython VM: fuel and heap bytes of one move.

    python -m tools.ai_vm [--levels trainer,easy,average,expert] [--suite FILE]
    python -m tools.ai_vm --levels master:5,master:10   (Master at 5 / 10 M4-s a move)

The suite (host_tests/data/ai_suite.txt) is 30 positions from ten Expert-Average games
(seeds 1-10, two random opening marbles): after turn 3-6 (openings), 12-17 (middle games)
and 2-4 turns before each game's end (late games).

Each (position, level) is measured by difference: two VM runs build the game, import the AI
and build its tables (so the figures are the steady-state cost of one move: what the device
pays per move after start-up); then one executes `ai.choose` and the other a no-op. Bytes are
gc.mem_alloc() before/after with the GC off (exact).
"""

import argparse
import statistics
import sys
from pathlib import Path

from tools import mpvm

SUITE = Path(__file__).resolve().parent.parent / "host_tests" / "data" / "ai_suite.txt"
LEVELS = ("trainer", "easy", "average", "expert")


def load_suite(path=SUITE):
    """[(name, [turn lines])] from a file of records, each starting with '# name'."""
    out = []
    for block in Path(path).read_text().split("\n\n"):
        lines = [ln for ln in block.strip().splitlines() if ln.strip()]
        if not lines:
            continue
        name = lines[0].lstrip("# ").split()[0] if lines[0].startswith("#") else "?"
        out.append((name, [ln for ln in lines if not ln.startswith("#")]))
    return out


VARIANT_SUITE = SUITE.parent / "ai_variant_suite.txt"


def load_variant_suite(path=VARIANT_SUITE):
    """[(name, rules, [turn lines])] of the other games' suite (tools/make_variant_suite.py):
    each header names its rules, '# duel-2 variant=duel players=2 ...'."""
    out = []
    for name, turns in load_suite(path):
        head = Path(path).read_text().split("# " + name + " ", 1)[1].split("\n", 1)[0]
        rules = {}
        for word in head.split():
            if "=" in word:
                k, v = word.split("=")
                rules[k] = int(v) if v.isdigit() else v
        out.append((name, rules, turns))
    return out


# The other games' tactics and Trek / Rapid's moves, loaded before the measured move (the
# device loads them with the game's first move of Average or Expert, once).
VARIANT_PATCH = "\nfrom quadcore.ai import tact, otherguard, othermoves\n"


_SETUP = """
import gc
from quadcore.game import Game
from quadcore import ai
from quadcore.ai import core, fast, two, other, search, tss, turns
for _w in set(v["w"] for v in two.LEVELS.values()):
    two.tables_for(_w)
g = Game(**%r)
for _t in %r:
    g.play(_t)
_a0 = _a1 = 0
_t = ''
_code = None
"""
_STMT = "_t = ai.choose(g, %r, %d)"
_MASTER = "_t = ai.choose(g, 'master', %d, seconds=%d)"


def statement(level, seed):
    """The measured call for a level name; "master:S" is Master at S M4-s a move."""
    if level.startswith("master:"):
        return _MASTER % (seed, int(level[7:]))
    return _STMT % (level, seed)


def measure_position(turns, levels, rules=None, seed=0, root=mpvm.REPO_ROOT, patch=""):
    """{level: (fuel, bytes, nodes, turn)} for the position after `turns`: two runs per
    level whose programs differ in one digit (the no-op or the move). `patch` is extra
    setup code (tools/ai_tradeoff.py changes a level's budget with it)."""
    setup = _SETUP % (rules or {}, list(turns)) + patch
    res = {}
    for lv in levels:
        stmt = statement(lv, seed)
        res[lv] = mpvm.measure_decision(setup, stmt, 'core.LAST[0]', root=root)
    return res


def suite_costs(levels=LEVELS, suite=None, root=mpvm.REPO_ROOT, progress=None):
    """[(name, level, fuel, bytes, nodes, turn)] over the whole suite."""
    rows = []
    for name, turns in (suite or load_suite()):
        r = measure_position(turns, levels, root=root)
        for lv in levels:
            rows.append((name, lv) + r[lv])
        if progress:
            progress(name, r)
    return rows


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
        print("%-12s " % name + "  ".join("%s %6.1fM %5dB %3dn %-8s" % (
            lv[:3], r[lv][0] / 1e6, r[lv][1], r[lv][2], r[lv][3]) for lv in levels), flush=True)

    rows = suite_costs(levels, load_suite(a.suite), a.root, progress)
    for lv in levels:
        f = [r[2] for r in rows if r[1] == lv]
        bb = [r[3] for r in rows if r[1] == lv]
        print("%-8s fuel median %6.1fM worst %6.1fM (%.2f M4-s)  bytes median %d worst %d"
              % (lv, statistics.median(f) / 1e6, max(f) / 1e6, max(f) / mpvm.FUEL_PER_M4_SECOND,
                 statistics.median(bb), max(bb)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
