"""Every game's heap on both routes onto the board: .mpy files on the drive, or our packages
frozen into the firmware (tools/cproute.py), on CircuitPython 10.2.1's unix VM.

    .venv/bin/python -m tools.route_heap                        # every game, both screens,
                                                                #   the frozen route
    .venv/bin/python -m tools.route_heap --route mpy frozen     # ... and the .mpy route
    .venv/bin/python -m tools.route_heap --game still --titano  # one game, one screen
    .venv/bin/python -m tools.route_heap --game still-master --titano   # a feature's scenario
    .venv/bin/python -m tools.route_heap --budget               # only: does each complete
                                                                #   in its route's budget?

Each figure is the project's own whole-game scenario (tools/app_heap.py and each game's
*_app_heap tool: the same guest, taps, checkpoints) and its own figure: the free heap above
the stand-in firmware modules that the game needs, the smallest heap (1 KB steps) from
which STABLE heaps in a row complete, the worst of app_heap.LAYOUTS. The routes differ only
in where the code is: the bundle's .mpy files on the plain VM, or frozen into a build of
the same VM (tools/cproute.py). Budgets: 100 KB on the .mpy route, 64 KB on the firmware
route (docs/device-budget.md), for every game on both screens.

The scenarios (GAMES): Still's Quad against Expert (11x11, and 12x12 / 13x13 for the larger
boards the firmware route may offer), Master with its ponder (the Titano ponders only on the
firmware route), six humans passing the device (the Titano's text pages at 76 columns);
Winther's Quad; the Quax family on the largest board each route offers; the corner
polyomino game in classic_2 (its worst variant on the .mpy route, docs/corners.md) and Duo.
"""

import sys

from tools import app_heap, corners_app_heap, cpvm, quax_app_heap, wq_app_heap

BUDGETS = {"mpy": app_heap.BUDGET, "frozen": 64 * 1024}
ROUTE_NAMES = {"mpy": ".mpy", "frozen": "firmware"}
SCREENS = {"320x240": (320, 240), "480x320": (480, 320)}


# Each scenario's keywords for app_heap.smallest_free, given the screen size.
GAMES = {
    "still": lambda size: {},
    "still-12": lambda size: {"board": 12},
    "still-13": lambda size: {"board": 13},
    "still-master": lambda size: {"level": "master"},
    "still-master-duel": lambda size: {"level": "master", "variant": "duel"},
    "still-master-trek": lambda size: {"level": "master", "variant": "trek"},
    "still-master-rapid": lambda size: {"level": "master", "variant": "rapid"},
    "still-6humans": lambda size: {"variant": "standard", "humans": 6},
    "winther": lambda size: {"program": wq_app_heap.scenario_code},
    # the largest board the face offers on the screen (face_quax.start.HEAP_MAX), or n x n
    "quax": lambda size: {"program": quax_app_heap.program("quax")},
    "corners": lambda size: {"program": corners_app_heap.program("classic_2")},
    "corners-duo": lambda size: {"program": corners_app_heap.program("duo")},
}
for _n in range(13, 20):
    GAMES["quax-%d" % _n] = (lambda n: lambda size: {"program": quax_app_heap.program(
        "quax", n)})(_n)
MAIN_GAMES = ("still", "winther", "quax", "corners")


def figure(game, route, size, layouts=None):
    """[free bytes the game needs] per layout, on the route ("mpy" or "frozen")."""
    kw = GAMES[game](size)
    lo, hi = (30, 140) if route == "frozen" else (60, 220)
    return app_heap.smallest_free(layouts, mpy=True if route == "mpy" else "frozen",
                                  size=size, lo_kb=lo, hi_kb=hi, **kw)


def completes(game, route, size, free, layouts=None):
    """Whether the game completes in a heap leaving `free` bytes at the base, per layout."""
    kw = GAMES[game](size)
    mpy = True if route == "mpy" else "frozen"
    out = []
    for pad in (app_heap.LAYOUTS if layouts is None else layouts):
        vh = {k: kw[k] for k in ("variant", "humans", "level", "program") if k in kw}
        heap = app_heap.heapsize_for_free(free, mpy=mpy, pad=pad, **vh)
        ok, res = app_heap.attempt(heap, mpy=mpy, size=size, pad=pad, **kw)
        out.append(ok)
    return out


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(prog="python -m tools.route_heap",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", choices=sorted(GAMES),
                    help="a scenario (repeatable; default: %s)" % ", ".join(MAIN_GAMES))
    ap.add_argument("--route", nargs="+", choices=("mpy", "frozen"), default=["frozen"])
    ap.add_argument("--titano", action="store_true", help="480x320 only")
    ap.add_argument("--pyportal", action="store_true", help="320x240 only")
    ap.add_argument("--layouts", type=int, default=0,
                    help="only the first N layouts of app_heap.LAYOUTS (default all)")
    ap.add_argument("--budget", action="store_true",
                    help="only whether each completes with its route's budget free")
    args = ap.parse_args(argv)
    if cpvm.find_vm() is None:
        print(cpvm.MISSING_VM, file=sys.stderr)
        return 2
    if "frozen" in args.route:
        from tools import cproute
        why = cproute.can_build()
        if why and cproute.frozen_vm(build=False) is None:
            print("route_heap: " + why, file=sys.stderr)
            return 2
    screens = [s for s in SCREENS if not (args.titano and s == "320x240")
               and not (args.pyportal and s == "480x320")]
    lay = app_heap.LAYOUTS[:args.layouts] if args.layouts else None
    worst = 0
    print("| scenario | screen | route | free heap needed, worst of %d layouts (best) | "
          "budget |" % len(lay or app_heap.LAYOUTS))
    print("|---|---|---|---|---|")
    for game in args.game or MAIN_GAMES:
        for screen in screens:
            for route in args.route:
                budget = BUDGETS[route]
                if args.budget:
                    oks = completes(game, route, SCREENS[screen], budget, lay)
                    text = "completes in all" if all(oks) else "MemoryError in %d" % (
                        oks.count(False))
                    worst |= not all(oks)
                else:
                    free = figure(game, route, SCREENS[screen], lay)
                    text = "%s B (%.1f KB; best %.1f)" % (format(max(free), ","),
                                                          max(free) / 1024, min(free) / 1024)
                    worst |= max(free) > budget
                print("| %s | %s | %s | %s | %d KB |" % (game, screen, ROUTE_NAMES[route],
                                                         text, budget // 1024), flush=True)
    return 1 if worst else 0


if __name__ == "__main__":
    sys.exit(main())
