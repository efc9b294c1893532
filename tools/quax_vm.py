"""Cost of the Quax family's computer player on the device's VMs.

    python -m tools.quax_vm [--levels trainer,easy,average,expert] [--suite FILE]
        fuel and bytes of one move on MicroPython's WASI VM (117 M fuel ~ one M4-second,
        tools/mpvm.py), every position of the suite and level
    python -m tools.quax_vm --make
        writes the suite (host_tests/data/quax_suite.txt): positions from Expert-Average
        games of every rule set at its default size, of Crossway and Quax on 9 x 9, of Quax
        on 13 x 13 and of Crossway on 19 x 19
    python -m tools.quax_vm --heap [--rules R --size N]
        live heap on CircuitPython's unix VM (tools/cpvm.py): the engine, the player, a game
    python -m tools.quax_vm --smallest [--rules R --size N]
        the smallest -X heapsize (CircuitPython's VM, the bundle's .mpy files) at which the
        engine and the player (Average against Expert) play a whole game

Each (position, level) is measured by tools/fuel.py (`python -m tools.fuel quax`, the four
games' harness): VM runs build the game and import the player (and build its tables with
one move); one then plays `ai.choose` at a level and one, shared by the levels, a no-op, so
the difference is the steady cost of one move. Bytes: gc.mem_alloc() around the move with
the GC off (exact).
"""

import argparse
import sys
from pathlib import Path

from tools import fuel, mpvm

SPEC = fuel.GAMES["quax"]
SUITE = SPEC.suite
LEVELS = SPEC.levels
SUITE_GAMES = (("quax", 11), ("link", 8), ("quickway", 9), ("crossway", 9), ("quadrex", 9),
               ("crossway", 9), ("quax", 9), ("quax", 13), ("crossway", 19))


def load_suite(path=SUITE):
    """[(name, rules, size, [turns])]: blocks separated by a blank line, each starting with
    '# name rules=R size=N'."""
    return [(name, p["rules"], p["size"], turns) for name, p, turns in SPEC.load(path)]


def make_suite(path=SUITE):
    """Positions after the 3rd turn, at a third and at two thirds of an Expert-Average game
    (seeds 1, 2, 3 for the repeated rule sets): 27 positions."""
    from quax import Game, ai
    blocks = []
    seen = {}
    for rules, n in SUITE_GAMES:
        seed = seen.get(rules, 0) + 1
        seen[rules] = seed
        g = Game(rules, n)
        while g.result is None:
            lv = "expert" if g.seat(g.turn) == 0 else "average"
            g.play(ai.choose(g, lv, seed))
        turns = g.record().split("\n")
        for tag, k in (("open", 3), ("mid", len(turns) // 3), ("late", 2 * len(turns) // 3)):
            name = "%s%d-%s-%d" % (rules, n, tag, seed)
            blocks.append("# %s rules=%s size=%d\n%s" % (name, rules, n, "\n".join(turns[:k])))
    Path(path).write_text("\n\n".join(blocks) + "\n")
    return len(blocks)


def measure_position(rules, size, turns, levels, seed=0, root=mpvm.REPO_ROOT):
    """{level: (fuel, bytes, searches, turn)} for the position after `turns`
    (tools/fuel.py)."""
    return fuel.measure_position(SPEC, {"rules": rules, "size": size}, turns, levels, seed,
                                 root)


# Live heap after each import and of one game, on CircuitPython's VM (sources as they are;
# gc.mem_alloc() after gc.collect()): quadutil, the engine (quax with save), the player,
# a fresh game, the player's tables (made by its first move), the growth after a whole game
# (Expert against Average), its turns, and 1 if another game's engine got loaded.
RESIDENT = """
import gc, sys
gc.collect()
a = gc.mem_alloc()
import quadutil
gc.collect()
b = gc.mem_alloc()
import quax
from quax import save
gc.collect()
c = gc.mem_alloc()
from quax import ai
gc.collect()
d = gc.mem_alloc()
g = quax.Game(%r, %d)
gc.collect()
e = gc.mem_alloc()
g.play(ai.choose(g, 'average', 1))
gc.collect()
f = gc.mem_alloc()
while g.result is None:
    g.play(ai.choose(g, 'expert' if g.turn else 'average', 1))
gc.collect()
h = gc.mem_alloc()
print(b - a, c - b, d - c, e - d, f - e, h - f, g.plies,
      int("quadcore" in sys.modules or "winquad" in sys.modules))
"""

WHOLE = """
from quax import Game
from quax import ai
g = Game(%r, %d)
while g.result is None:
    g.play(ai.choose(g, 'expert' if g.turn else 'average', 1))
print('done', g.plies)
"""


def resident_heap(rules="quax", size=11):
    """(utilities, engine, player, fresh game, tables, game growth, turns, other engine)."""
    from tools import cpvm
    return tuple(int(v) for v in cpvm.run(RESIDENT % (rules, size)).split())


def plays_in(heap, rules="quax", size=11, mpy=True):
    """True when a whole game (engine + player) completes at -X heapsize=heap, from the
    bundle's .mpy files as the device loads them (tools/cpdevice.py)."""
    from tools import cpdevice, cpvm
    try:
        out = cpdevice.run_device(WHOLE % (rules, size), mpy=mpy, heapsize=heap)
    except cpvm.GuestError as e:
        if e.memory_error:
            return False
        raise
    return out.startswith("done")


def smallest_heap(rules="quax", size=11, lo=8_000, hi=200_000, step=1_000):
    """The smallest heap (bytes, to `step`) at which plays_in succeeds."""
    while hi - lo > step:
        mid = (lo + hi) // 2
        if plays_in(mid, rules, size):
            hi = mid
        else:
            lo = mid
    return hi


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.quax_vm",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--suite", default=str(SUITE))
    ap.add_argument("--make", action="store_true")
    ap.add_argument("--heap", action="store_true")
    ap.add_argument("--smallest", action="store_true")
    ap.add_argument("--rules", default="quax")
    ap.add_argument("--size", type=int, default=11)
    a = ap.parse_args(argv)
    if a.make:
        print("%d positions written to %s" % (make_suite(Path(a.suite)), a.suite))
        return 0
    if a.heap:
        q, eng, player, fresh, tabs, grown, turns, other = resident_heap(a.rules, a.size)
        print("%s %dx%d: quadutil %d B, quax engine %d B, computer player %d B, fresh game "
              "%d B, player tables %d B, +%d B after %d turns; other engines %s "
              "(CircuitPython unix VM, live heap)"
              % (a.rules, a.size, a.size, q, eng, player, fresh, tabs, grown, turns,
                 "loaded" if other else "not loaded"))
        return 0
    if a.smallest:
        print("%s %dx%d: smallest -X heapsize for a whole game (engine + player, Average "
              "against Expert): %d B (CircuitPython unix VM)"
              % (a.rules, a.size, a.size, smallest_heap(a.rules, a.size)))
        return 0
    levels = a.levels.split(",")
    suite = [(name, {"rules": r, "size": n}, t) for name, r, n, t in load_suite(a.suite)]
    rows = fuel.suite_costs(SPEC, levels, suite, progress=lambda name, r: print(
        fuel.position_line(name, r, levels, "searches"), flush=True))
    for line in fuel.summary(SPEC, rows, levels):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
