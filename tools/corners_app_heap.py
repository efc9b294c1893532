"""The corner polyomino game's whole-game scenario on CircuitPython's VM: tools/app_heap.py's
run (the same guest, platform, stand-ins, checkpoints and budget) with this game chosen.

    .venv/bin/python -m tools.corners_app_heap [--classic]            # live readings, peak
    .venv/bin/python -m tools.corners_app_heap --titano               # 480x320
    .venv/bin/python -m tools.corners_app_heap --budget [--classic]   # completes in 100 KB?
    .venv/bin/python -m tools.corners_app_heap --smallest [--titano] [--classic]

Scenario: preferences "tutorial done, this game", its settings: Duo, a person (player 1)
against Expert, or Classic 4, a person (Blue) against three Expert colours. Each round the
person asks for a hint (Expert's move, shown as a ghost) and places it by a tap on the
ghost, then the computer answers; the menu tour (this game's help, statistics, move list)
after ROUNDS_BEFORE rounds; a game that ends is followed by a new one from New.
"""

import sys

from tools import app_heap, cpvm

ROUNDS = {"duo": 24, "classic": 22}

MOVE = r'''
def move(name):
    # One round: Expert's hint placed by a tap on its ghost, then the computer's answer.
    play = S["app"].play
    S["tag"] = name
    if play.game is None:  # the start-up fell back to the chooser: it found no room
        raise MemoryError("no game shown: " + str(getattr(p, "last_log", "")))
    if play.game.result is not None:
        press("new")
        press("start")
        cp("new_game" + name)
    press("hint")
    think("hint" + name)
    if play.ghost is not None:
        gm = play.cm
        for i in range(len(gm)):
            if gm[i] & 1:
                tap_cell(i)
                break
    S["app"].tick()
    cp("move" + name)
'''

SCREENS = ('SCREENS = ("menu", "prefs", "back", "help", "topic1", "back", "back", "stats", '
           '"back", "resume", "moves", "back")')


def conf_record(variant="duo"):
    """nvm bytes 4416..4544: this game's settings (a person against Expert)."""
    lib = app_heap.os.path.join(app_heap.ROOT, "lib")
    if lib not in sys.path:
        sys.path.insert(0, lib)
    from quadpocket.records import save_game
    from face_corners.start import CONF_OFF, CONF_SIZE, DEFAULT, T_CONF
    c = bytearray(DEFAULT)
    if variant == "duo":
        c[0], c[2:6] = 0, bytes((0, 4, 0, 0))
    else:
        c[0], c[2:6] = 1, bytes((0, 4, 4, 4))
    nvm = bytearray(b"\xff" * 8192)
    save_game(nvm, [-1, 0, 0], bytes(c), CONF_OFF, CONF_SIZE, T_CONF)
    return bytes(nvm[CONF_OFF:CONF_OFF + 2 * CONF_SIZE])


_ORIG = app_heap.scenario_code
VARIANT = ["duo"]


def scenario_code(grow_qstrs=True, size=(320, 240), board=11, stop_at_base=False, pad=0,
                  rounds=None, variant=None, humans=None, level="expert"):
    """app_heap.scenario_code for this game (VARIANT[0] chooses Duo or Classic)."""
    if rounds is not None or variant not in (None, "standard") or humans is not None \
            or level != "expert":
        raise ValueError("this game's scenario has no rounds, variant or humans option")
    v = VARIANT[0]
    rec = app_heap.prefs_record(tutorial_done=True, level="expert", game="B")
    code = _ORIG(grow_qstrs, size, board, stop_at_base, pad)
    old_rec = repr(app_heap.prefs_record(tutorial_done=True, level="expert", size=board))
    code = code.replace(old_rec, repr(rec) + "\np.nvm[4416:4544] = " + repr(conf_record(v)))
    start = code.index("def move(name):")
    end = code.index("_pad = bytearray")
    code = code[:start] + MOVE.lstrip() + "\n\n" + code[end:]
    i = code.index("SCREENS = (")
    j = code.index(")", code.index("\n", i) + 1) + 1
    code = code[:i] + SCREENS + code[j:]
    # the stand-in platform offers the games hw_pyportal lists; this one too, here
    # the game record (face_corners.record) goes to a fresh folder of the host's temp
    # dir, written as on the device in game-record mode, never to the host's "/"
    import atexit, shutil, tempfile
    folder = tempfile.mkdtemp(prefix="corners_heap_")
    atexit.register(shutil.rmtree, folder, True)
    code = code.replace("p = Platform(%d, %d)\n" % size,
                        "p = Platform(%d, %d)\np.games = \"SWB\"\np.record_file = %r\n"
                        % (size + (folder + "/quad_games.txt",)))
    code = code.replace('print("turns", g.turns, g.turn', 'print("turns", g.plies, g.turn')
    code = code.replace("while S[\"i\"] < %d:" % app_heap.ROUNDS,
                        "while S[\"i\"] < %d:" % ROUNDS[v])
    code = code.replace("S[\"i\"] > %d - " % app_heap.ROUNDS, "S[\"i\"] > %d - " % ROUNDS[v])
    return code


class _Swap:
    def __init__(self, variant):
        self.variant = variant

    def __enter__(self):
        app_heap.scenario_code = scenario_code
        self.old = VARIANT[0]
        VARIANT[0] = self.variant

    def __exit__(self, *exc):
        app_heap.scenario_code = _ORIG
        VARIANT[0] = self.old


def scenario(mpy=True, size=(320, 240), variant="duo"):
    with _Swap(variant):
        return app_heap.parse(app_heap.run_guest(scenario_code(size=size), mpy=mpy, raw=True))


def attempt(heapsize, mpy=True, size=(320, 240), pad=0, variant="duo"):
    with _Swap(variant):
        return app_heap.attempt(heapsize, mpy=mpy, size=size, pad=pad)


def heapsize_for_free(free, mpy=True, pad=0, variant="duo"):
    with _Swap(variant):
        return app_heap.heapsize_for_free(free, mpy=mpy, pad=pad)


def smallest(mpy=True, size=(320, 240), layouts=None, variant="duo"):
    """[free bytes at the base the scenario needs] per layout (tools/app_heap.py's
    bisection, blocks shifted by each of LAYOUTS)."""
    with _Swap(variant):
        return [app_heap.smallest_heap(mpy=mpy, size=size, pad=pad, lo_kb=60, hi_kb=220)[1]
                for pad in (app_heap.LAYOUTS if layouts is None else layouts)]


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m tools.corners_app_heap",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--titano", action="store_true", help="480x320 instead of 320x240")
    ap.add_argument("--classic", action="store_true", help="Classic 4 instead of Duo")
    ap.add_argument("--py", action="store_true", help="from .py sources, not .mpy")
    ap.add_argument("--budget", action="store_true",
                    help="run in a heap leaving exactly the 100 KB budget free")
    ap.add_argument("--smallest", action="store_true",
                    help="bisect the smallest free heap that completes (worst of the layouts)")
    ap.add_argument("--layouts", type=int, default=0,
                    help="only the first N layouts of app_heap.LAYOUTS (default all)")
    args = ap.parse_args(argv)
    if cpvm.find_vm() is None:
        print(cpvm.MISSING_VM, file=sys.stderr)
        return 2
    size = (480, 320) if args.titano else (320, 240)
    v = "classic" if args.classic else "duo"
    if args.smallest:
        lay = app_heap.LAYOUTS[:args.layouts] if args.layouts else None
        free = smallest(mpy=not args.py, size=size, variant=v, layouts=lay)
        print("The corner polyomino game's whole game (%s) needs %d bytes free (%.1f KB; the "
              "worst of %d layouts, best %.1f KB; %s, %dx%d, CircuitPython %s unix VM); "
              "budget %d KB" % (v, max(free), max(free) / 1024, len(free), min(free) / 1024,
                                ".py" if args.py else ".mpy", size[0], size[1], cpvm.CP_TAG,
                                app_heap.BUDGET // 1024))
        return 0 if max(free) <= app_heap.BUDGET else 1
    if args.budget:
        heap = heapsize_for_free(app_heap.BUDGET, mpy=not args.py, variant=v)
        ok, res = attempt(heap, mpy=not args.py, size=size, variant=v)
        print("free at base %d: %s; last checkpoint %r" % (
            res["free_at_base"], "completes" if ok else "MemoryError",
            res["checkpoints"][-1:]))
        return 0 if ok else 1
    res = scenario(mpy=not args.py, size=size, variant=v)
    for name, val in res["checkpoints"]:
        if not name.startswith("think") and not name.startswith("hint"):
            print("%-22s %8d" % (name, val))
    print("peak %d B at %s; turns %s; resident %s" % (
        res["peak"][0], res["peak"][1], res.get("turns"), ",".join(res.get("resident", []))))
    return 0 if res.get("done") else 1


if __name__ == "__main__":
    sys.exit(main())
