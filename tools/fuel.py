"""One fuel harness for the four games' computer players: the CPU cost (fuel) and heap bytes
of one move on MicroPython's WASI VM, over a game's suite of positions, held to each
level's device budget (117 M fuel ~ one M4-second, tools/mpvm.py; docs/device-budget.md).

    python -m tools.fuel still [--levels trainer,easy,average,expert] [--suite FILE]
    python -m tools.fuel still-variants            # 3-6 players, Duel, Trek, Rapid
    python -m tools.fuel winther [--positions move1,late1]
    python -m tools.fuel quax
    python -m tools.fuel corners [--levels average,expert]

It prints every position's cost per level, then per level the median and worst fuel and
bytes against the level's budget; the exit status is 1 when a move is over its budget.

How a position is measured: the VM builds the game from the suite's record, imports the
player and makes its tables (the state a device is in after its first move), then runs
either a no-op or one level's decision, picked by one digit of an otherwise identical
program (tools/mpvm.measure_decisions): the difference is the steady cost of one move. The
no-op run is made once per position and serves all its levels (one VM run per level and
one more, not two per level). Bytes: gc.mem_alloc() around the decision with the GC off
(exact).

tools/ai_vm.py, wq_vm.py, quax_vm.py and corners_vm.py keep their own command lines and
their other figures (live heap on CircuitPython's VM, the suites' makers); their fuel
figures come from here.
"""

import argparse
import statistics
import sys
from pathlib import Path

from tools import mpvm

DATA = Path(__file__).resolve().parent.parent / "host_tests" / "data"


def read_blocks(path):
    """[(header words, [record lines])]: blocks separated by a blank line, each starting
    with a '# name key=value ...' line (a block with no header is named '?')."""
    out = []
    for block in Path(path).read_text().split("\n\n"):
        lines = [ln.strip() for ln in block.strip().splitlines() if ln.strip()]
        if not lines:
            continue
        head = lines[0].lstrip("# ").split() if lines[0].startswith("#") else ["?"]
        out.append((head, [ln for ln in lines if not ln.startswith("#")]))
    return out


def _params(words):
    """{key: value} of a header's key=value words (ints where they are digits)."""
    kv = {}
    for w in words:
        if "=" in w:
            k, v = w.split("=", 1)
            kv[k] = int(v) if v.isdigit() else v
    return kv


class Game:
    """A game's suite and how its player is measured.

    name, suite (default file), levels, budget {level: fuel}, max_bytes (a move's cap),
    count (what the move's search did: the guest expression and its label), and:
    load(path) -> [(position, params, [turns])]; setup(params, turns) -> the guest code
    that builds the position and the player's tables; stmt(level, seed) -> the decision
    (it sets `_t`, the turn played); host(params, turns, level, seed) -> the same decision
    on CPython; batch: how many positions vm_moves plays in one VM run."""

    def __init__(self, name, suite, levels, budget, max_bytes, count, load, setup, stmt,
                 host, patch="", batch=6):
        self.name, self.suite, self.levels = name, suite, tuple(levels)
        self.batch = batch  # positions a vm_moves run holds (1 MB heap, no collector)
        self.budget, self.max_bytes, self.count = budget, max_bytes, count
        self._load, self._setup, self.stmt, self._host = load, setup, stmt, host
        self.patch = patch

    def load(self, path=None):
        return self._load(path or self.suite)

    def setup(self, params, turns):
        return self._setup(params, turns) + self.patch

    def host(self, params, turns, level, seed=0):
        return self._host(params, turns, level, seed)


# ---------------------------------------------------------------- Still's Quad (quadcore)

# prove (Expert's proof of a win in 3) is loaded by an attack with a forcing first turn
# and dropped after it: on the device a .mpy load (~1.7 KB, little time), here a compile
# from source (~13 KB and ~4M fuel), so it is imported first like the others.
_STILL = """
import gc
from quadcore.game import Game
from quadcore import ai
from quadcore.ai import core, fast, two, other, search, tss, turns, prove
for _w in set(v["w"] for v in two.LEVELS.values()):
    two.tables_for(_w)
g = Game(**%r)
for _t in %r:
    g.play(_t)
_a0 = _a1 = 0
_t = ''
_code = None
"""


def _still_load(path):
    return [(h[0], _params(h[1:]), t) for h, t in read_blocks(path)]


def _still_stmt(level, seed):
    """The decision of a level; "master:S" is Master at S M4-seconds a move."""
    if level.startswith("master:"):
        return "_t = ai.choose(g, 'master', %d, seconds=%d)" % (seed, int(level[7:]))
    return "_t = ai.choose(g, %r, %d)" % (level, seed)


def _still_host(params, turns, level, seed):
    from quadcore import Game, ai
    g = Game(**params)
    for t in turns:
        g.play(t)
    if level.startswith("master:"):
        return ai.choose(g, "master", seed, seconds=int(level[7:]))
    return ai.choose(g, level, seed)


# The other games' tactics and Trek / Rapid's moves, loaded before the measured move (the
# device loads them with the game's first move of Average or Expert, once).
VARIANT_PATCH = "\nfrom quadcore.ai import tact, otherguard, othermoves\n"

# ---------------------------------------------------------------- Winther's Quad (winquad)

_WINTHER = """
import gc
from winquad import Game
from winquad import ai
g = Game(%d)
for _t in %r:
    g.play(_t)
_a0 = _a1 = 0
_t = ''
_p = None
_code = None
"""
_PLAYER = "_p = ai.Player(g, %r, %d)\nfor _t in _p.run():\n    pass"


def _winther_host(params, turns, level, seed):
    from winquad import Game, ai
    g = Game(params.get("counters", 15))
    for t in turns:
        g.play(t)
    return ai.choose(g, level, seed)

# ---------------------------------------------------------------- the Quax family (quax)


_QUAX = """
import gc
from quax import Game
from quax import ai
g = Game(%r, %d)
for _t in %r:
    g.play(_t)
ai.choose(g, 'trainer', 99)
_a0 = _a1 = 0
_t = ''
_p = None
_code = None
"""


def _quax_host(params, turns, level, seed):
    from quax import Game, ai
    g = Game(params["rules"], params["size"])
    for t in turns:
        g.play(t)
    return ai.choose(g, level, seed)

# ---------------------------------------------------------------- corner polyominoes


# The modules a game has loaded by then are imported before the measured decision:
# corners.book too (Expert in Duo loads it at its first move; compiled from source on the
# WASI VM its import alone costs ~5.8M fuel, a lookup ~0.2M).
_CORNERS = """
import gc
from corners import Game, ai, book
g = Game(%r)
for _t in %r:
    g.play(_t)
ai._scratch()
g.moves()
_a0 = _a1 = 0
_t = ''
_p = None
_code = None
"""


def _corners_load(path):
    return [(h[0], {"variant": h[1]}, t) for h, t in read_blocks(path)]


def _corners_host(params, moves, level, seed):
    from corners import Game, ai
    g = Game(params["variant"])
    for t in moves:
        g.play(t)
    return ai.choose(g, level, seed)


GAMES = {g.name: g for g in (
    Game("still", DATA / "ai_suite.txt", ("trainer", "easy", "average", "expert"),
         # docs/device-budget.md: Trainer / Easy 0.3 M4-s, Average 1.0, Expert 2.0
         {"trainer": 35_000_000, "easy": 35_000_000, "average": 117_000_000,
          "expert": 234_000_000}, 4096, ("core.LAST[0]", "nodes"),
         _still_load, lambda p, t: _STILL % (p, list(t)), _still_stmt, _still_host),
    Game("still-variants", DATA / "ai_variant_suite.txt", ("average", "expert"),
         {"average": 117_000_000, "expert": 234_000_000}, 4096, ("core.LAST[0]", "nodes"),
         _still_load, lambda p, t: _STILL % (p, list(t)), _still_stmt, _still_host,
         patch=VARIANT_PATCH),
    Game("winther", DATA / "winther_suite.txt", ("trainer", "easy", "average", "expert"),
         {"trainer": 35_100_000, "easy": 35_100_000, "average": 117_000_000,
          "expert": 234_000_000}, 4096, ("_p.nodes if _p else 0", "nodes"),
         lambda path: [(h[0], {}, t) for h, t in read_blocks(path)],
         lambda p, t: _WINTHER % (p.get("counters", 15), list(t)),
         lambda lv, seed: _PLAYER % (lv, seed), _winther_host),
    Game("quax", DATA / "quax_suite.txt", ("trainer", "easy", "average", "expert"),
         {"trainer": 58_500_000, "easy": 58_500_000, "average": 117_000_000,
          "expert": 234_000_000}, 1024, ("_p.searches if _p else 0", "searches"),
         lambda path: [(h[0], _params(h[1:]), t) for h, t in read_blocks(path)],
         lambda p, t: _QUAX % (p["rules"], p["size"], list(t)),
         lambda lv, seed: _PLAYER % (lv, seed), _quax_host),
    # Average 1.0 and Expert 2.0 M4-seconds; Easy has none of its own: held to Average's;
    # Custom (the seed's rating, capped by corners.ai.CUSTOM_WORK) to Expert's.
    Game("corners", DATA / "corners_suite.txt", ("custom", "easy", "average", "expert"),
         {"custom": 234_000_000, "easy": 117_000_000, "average": 117_000_000,
          "expert": 234_000_000}, 4096, ("_p.nodes if _p else 0", "nodes"),
         _corners_load, lambda p, t: _CORNERS % (p["variant"], list(t)),
         lambda lv, seed: _PLAYER % (lv, seed), _corners_host, batch=1),
)}


def game(name):
    """The Game called `name` (a ValueError listing them otherwise)."""
    if name not in GAMES:
        raise ValueError("no game %r: one of %s" % (name, ", ".join(GAMES)))
    return GAMES[name]


def measure_position(g, params, turns, levels=None, seed=0, root=mpvm.REPO_ROOT, patch=""):
    """{level: (fuel, bytes, count, turn)} of one decision per level at the position after
    `turns`: one VM run for the no-op and one per level. `patch`: extra setup code
    (tools/lab/ai_tradeoff.py changes a level's budget with it)."""
    levels = tuple(levels or g.levels)
    setup = g.setup(params, turns) + patch
    res = {}
    for i in range(0, len(levels), 9):  # one digit picks the statement
        part = levels[i:i + 9]
        got = mpvm.measure_decisions(setup, [g.stmt(lv, seed) for lv in part],
                                     g.count[0], root=root)
        res.update(zip(part, got))
    return res


def suite_costs(g, levels=None, suite=None, positions=None, root=mpvm.REPO_ROOT,
                progress=None, patch=""):
    """[(position, level, fuel, bytes, count, turn)] over the suite (g.load() unless given;
    only the named positions when `positions` is given)."""
    levels = tuple(levels or g.levels)
    suite = suite if suite is not None else g.load()
    if positions is not None:
        known = [p[0] for p in suite]
        missing = [p for p in positions if p not in known]
        if missing:
            raise ValueError("no position %s in %s's suite" % (", ".join(missing), g.name))
        suite = [p for p in suite if p[0] in positions]
    rows = []
    for name, params, turns in suite:
        r = measure_position(g, params, turns, levels, root=root, patch=patch)
        for lv in levels:
            rows.append((name, lv) + tuple(r[lv]))
        if progress:
            progress(name, r)
    return rows


def over_budget(g, rows):
    """The rows whose move is over its level's fuel budget or the game's byte cap."""
    return [r for r in rows if r[2] > g.budget.get(r[1], r[2]) or r[3] > g.max_bytes]


def summary(g, rows, levels=None):
    """Per level: median and worst fuel (M4-seconds) and bytes, against the budget."""
    lines = []
    for lv in levels or g.levels:
        f = [r[2] for r in rows if r[1] == lv]
        b = [r[3] for r in rows if r[1] == lv]
        if not f:
            continue
        cap = g.budget.get(lv)
        lines.append("%-8s fuel median %6.1fM worst %6.1fM (%.2f M4-s%s)  bytes median %d "
                     "worst %d (cap %d)" % (
                         lv, statistics.median(f) / 1e6, max(f) / 1e6,
                         max(f) / mpvm.FUEL_PER_M4_SECOND,
                         "; budget %.2f" % (cap / mpvm.FUEL_PER_M4_SECOND) if cap else "",
                         statistics.median(b), max(b), g.max_bytes))
    return lines


def position_line(name, r, levels, count_label="n"):
    """One position's figures, a level after another."""
    return "%-22s " % name + "  ".join("%s %6.1fM %5dB %4d%s %-9s" % (
        lv[:3], r[lv][0] / 1e6, r[lv][1], r[lv][2], count_label[:1], r[lv][3])
        for lv in levels)


# The moves alone, without their cost: several positions and every level in one VM run
# (the position built once, each level's decision made from it: a decision leaves the game
# as it was), for the check that MicroPython plays what CPython plays (host_tests, the
# quick tier).
_MOVE = """
%s
print('move:', %r, %r, %s, _t)
"""


def vm_moves(g, levels=None, suite=None, positions=None, seed=0, root=mpvm.REPO_ROOT):
    """[(position, level, count, turn)] played on MicroPython's WASI VM, g.batch positions
    a run (the VM's collector is off, so a run must allocate less than its 1 MB heap)."""
    levels = tuple(levels or g.levels)
    suite = suite if suite is not None else g.load()
    if positions is not None:
        suite = [p for p in suite if p[0] in positions]
    rows = []
    for i in range(0, len(suite), g.batch):
        code = "".join(g.setup(params, turns) + "".join(
            _MOVE % (g.stmt(lv, seed), name, lv, g.count[0]) for lv in levels)
            for name, params, turns in suite[i:i + g.batch])
        out, _ = mpvm.run_wasm(code, fuel=100 * mpvm.DEFAULT_FUEL, timeout=600, root=root)
        for line in out.splitlines():
            if line.startswith("move: "):
                _, name, lv, n, turn = line.split(None, 4)
                rows.append((name.strip("'"), lv.strip("'"), int(n), turn))
    return rows


def host_moves(g, levels=None, suite=None, positions=None, seed=0):
    """[(position, level, turn)] of the same decisions on CPython."""
    levels = tuple(levels or g.levels)
    suite = suite if suite is not None else g.load()
    if positions is not None:
        suite = [p for p in suite if p[0] in positions]
    return [(name, lv, g.host(params, turns, lv, seed))
            for name, params, turns in suite for lv in levels]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.fuel",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("game", choices=tuple(GAMES))
    ap.add_argument("--levels", help="comma-separated (default: the game's levels)")
    ap.add_argument("--suite", help="a suite file (default: the game's)")
    ap.add_argument("--positions", help="comma-separated names (default: every position)")
    a = ap.parse_args(argv)
    g = game(a.game)
    levels = tuple(a.levels.split(",")) if a.levels else g.levels
    try:
        suite = g.load(a.suite)
        rows = suite_costs(g, levels, suite,
                           a.positions.split(",") if a.positions else None,
                           progress=lambda name, r: print(position_line(
                               name, r, levels, g.count[1]), flush=True))
    except (ValueError, OSError) as exc:
        print("python -m tools.fuel: %s" % exc, file=sys.stderr)
        return 2
    for line in summary(g, rows, levels):
        print(line)
    bad = over_budget(g, rows)
    for r in bad:
        print("over budget: %s %s %.1fM fuel %d bytes" % (r[0], r[1], r[2] / 1e6, r[3]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
