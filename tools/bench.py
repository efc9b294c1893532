"""`make bench`: deterministic cost figures: CPU fuel from MicroPython's WASI VM, heap from
CircuitPython's own VM (tools/cpvm.py).

Every figure is fuel (WebAssembly instructions, the same on any machine) or
heap bytes, never wall-clock time. "M4-s" is the fuel converted with the
ruler in tools/mpvm.py (117 M fuel ~= one second on the PyPortal, +-50%).

To add a table: write a function that calls row(...) (usually with figures
from mpvm.measure) and append it to SECTIONS at the bottom of this file.
Its docstring's first line is printed as the section title.

    .venv/bin/python -m tools.bench            # every section
    .venv/bin/python -m tools.bench ruler      # only sections whose name contains "ruler"
"""

from __future__ import annotations

import sys

from tools import mpvm

_FORMAT = "{:<52} {:>9} {:>13} {:>8}"


def row(label: str, nbytes: int | None, fuel: int | None) -> None:
    """One line of a table: heap bytes allocated, fuel, and fuel as M4-seconds."""
    print(_FORMAT.format(
        label,
        "-" if nbytes is None else nbytes,
        "-" if fuel is None else f"{fuel:,}",
        "-" if fuel is None else f"{mpvm.fuel_to_m4_seconds(fuel):.4g}",
    ))


# A loop in the style of pystone (calls, attribute reads and writes, list
# indexing, string comparison, small-int arithmetic), written for this
# project. It shows what ordinary Python costs on the VM, per iteration.
RULER_SETUP = """\
class Rec:
    def __init__(self):
        self.count = 0
        self.name = 'A'

def step(rec, i):
    rec.count = (rec.count + i) & 1023
    return rec.count

def ruler(n):
    rec = Rec()
    arr = [0] * 16
    name = 'B'
    for i in range(n):
        v = step(rec, i & 7)
        arr[i & 15] = arr[(i + 1) & 15] + v
        if rec.name == name:
            v += 1
    return arr[0]
"""


def ruler_section() -> None:
    """VM ruler: start-up cost and a pystone-style loop"""
    _, startup = mpvm.run_wasm("pass")
    row("run_wasm('pass'): VM start + harness wrapper", None, startup)
    small = mpvm.measure(RULER_SETUP, "ruler(1000)")
    big = mpvm.measure(RULER_SETUP, "ruler(2000)")
    row("ruler(1000)", small.bytes_allocated, small.fuel)
    row("ruler(2000)", big.bytes_allocated, big.fuel)
    row("  one more iteration (difference / 1000)", None, (big.fuel - small.fuel) // 1000)


# Sections run in this order. Engine, computer-player and UI tables go here.
from tools.bench_engine import engine_section  # noqa: E402
from tools.bench_ai import ai_section  # noqa: E402
from tools.bench_heap import heap_section  # noqa: E402

SECTIONS = [
    ruler_section,
    engine_section,
    ai_section,
    heap_section,
]


def main(argv: list[str]) -> int:
    wanted = argv[1:]
    print("Quad Pocket cost figures (fuel and bytes: MicroPython 1.27 WASI VM, GC off; heap "
          "section: CircuitPython 10.2.1 unix VM; all deterministic)")
    print(f"1 M4-s = {mpvm.FUEL_PER_M4_SECOND:,} fuel (pystone calibration, +-50%)")
    chosen = [s for s in SECTIONS if not wanted or any(w in s.__name__ for w in wanted)]
    if not chosen:
        print(f"no section matches {wanted}; sections: {[s.__name__ for s in SECTIONS]}",
              file=sys.stderr)
        return 2
    for section in chosen:
        title = (section.__doc__ or section.__name__).strip().splitlines()[0]
        print()
        print(f"== {title}")
        print(_FORMAT.format("what", "bytes", "fuel", "M4-s"))
        section()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
