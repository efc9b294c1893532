"""Cost of the computer player on the MicroPython VM: fuel and heap bytes of one move.

    python -m tools.ai_vm [--levels trainer,easy,average,expert] [--suite FILE]

Each (position, level) is measured by difference: one VM run builds the game and stops, the
other does the same and then chooses the move. Both runs import the AI and build its tables
first, so the figures are the steady-state cost of one move (what the device pays per move
after start-up). Bytes are gc.mem_alloc() before/after with the GC off (exact).
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


_SETUP = """
import gc
from quadcore.game import Game
from quadcore import ai
from quadcore.ai import core, fast, two, other
for _w in set(v["w"] for v in two.LEVELS.values()):
    two._tables(_w)
g = Game(**%r)
for _t in %r:
    g.play(_t)
_a0 = 0
_t = ''
"""
_RUN = """
_a0 = gc.mem_alloc()
_t = ai.choose(g, %r, %d)
print('cost:', gc.mem_alloc() - _a0, two.LAST[0], _t)
"""
_BASE = """
_a0 = gc.mem_alloc()
_t = ''
print('cost:', gc.mem_alloc() - _a0, 0, _t)
"""


def _parse(out):
    for line in out.splitlines():
        if line.startswith("cost:"):
            parts = line.split(None, 3)
            return int(parts[1]), int(parts[2]), parts[3] if len(parts) > 3 else ""
    raise mpvm.GuestError("no cost line", out)


def measure_position(turns, levels, rules=None, seed=0, root=mpvm.REPO_ROOT):
    """{level: (fuel, bytes, nodes, turn)} for the position after `turns`."""
    setup = _SETUP % (rules or {}, list(turns))
    _, base = mpvm.run_wasm(setup + _BASE, root=root)
    res = {}
    for lv in levels:
        out, fuel = mpvm.run_wasm(setup + _RUN % (lv, seed), root=root)
        nbytes, nodes, turn = _parse(out)
        res[lv] = (fuel - base, nbytes, nodes, turn)
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


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.ai_vm", description=__doc__.split("\n")[0])
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--suite", default=str(SUITE))
    ap.add_argument("--root", default=str(mpvm.REPO_ROOT))
    a = ap.parse_args(argv)
    levels = a.levels.split(",")

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
