"""Winther's Quad's whole-game scenario on CircuitPython's VM: tools/app_heap.py's run (the
same guest, platform, stand-ins, checkpoints and budget) with this game chosen.

    .venv/bin/python -m tools.wq_app_heap              # live readings, peak
    .venv/bin/python -m tools.wq_app_heap --titano     # 480x320
    .venv/bin/python -m tools.wq_app_heap --budget     # completes with 100 KB free?
    .venv/bin/python -m tools.wq_app_heap --smallest [--titano]   # bisected, worst layout

Scenario: preferences "Expert, Winther's Quad, tutorial done", its settings 12 counters
against the computer; each round the player asks for a hint (Expert's turn) and plays it by
taps (the counter, its destination, Take when the hint takes), then the computer answers;
the menu tour (this game's help, statistics, move list) after ROUNDS_BEFORE rounds; a game
that ends is followed by a new one from New. 12 counters: the drop phase is 24 turns, so
the move phase (moves and captures) comes on both sides in round 13; ROUNDS = 40 also
reaches the end of Expert's game against itself (it lasted under 20 rounds before the
levels were made stronger, docs/winther-computer.md) and a new game.
"""

import sys

from tools import app_heap, cpvm

ROUNDS = 40

MOVE = r'''
def move(name):
    # One round: Expert's hint played by taps, then the computer's answer.
    play = S["app"].play
    S["tag"] = name
    if play.game.result is not None:
        press("new")
        press("start")
        cp("new_game" + name)
    press("hint")
    think("hint" + name)
    frm, to = play.hint
    if frm != to:
        tap_cell(frm)
    tap_cell(to)
    if play.choice is not None:
        press("take")
        think("think" + name)
    S["app"].tick()
    cp("move" + name)
'''

SCREENS = ('SCREENS = ("menu", "prefs", "back", "help", "topic2", "back", "back", "stats", '
           '"back", "resume", "moves", "back")')


def conf_record():
    """nvm bytes 2240..2368: this game's settings (12 counters, against the computer)."""
    lib = app_heap.os.path.join(app_heap.ROOT, "lib")
    if lib not in sys.path:
        sys.path.insert(0, lib)
    from quadpocket.records import save_game
    from face_winther.start import CONF_OFF, CONF_SIZE, T_CONF
    nvm = bytearray(b"\xff" * 8192)
    save_game(nvm, [-1, 0, 0], bytes([12, 0, 0] + [0] * 24), CONF_OFF, CONF_SIZE, T_CONF)
    return bytes(nvm[CONF_OFF:CONF_OFF + 2 * CONF_SIZE])


_ORIG = app_heap.scenario_code


def scenario_code(grow_qstrs=True, size=(320, 240), board=11, stop_at_base=False, pad=0,
                  rounds=None, variant=None, humans=None, level="expert"):
    """app_heap.scenario_code for this game (rounds, variant, humans: Still's Quad's
    options, passed on by app_heap's callers; this game plays ROUNDS and has no variants)."""
    if rounds is not None or variant not in (None, "standard") or humans is not None \
            or level != "expert":
        raise ValueError("Winther's Quad's scenario has no rounds, variant or humans option")
    rec = app_heap.prefs_record(tutorial_done=True, level="expert", game="W")
    code = _ORIG(grow_qstrs, size, board, stop_at_base, pad)
    old_rec = repr(app_heap.prefs_record(tutorial_done=True, level="expert", size=board))
    code = code.replace(old_rec, repr(rec) + "\np.nvm[2240:2368] = " + repr(conf_record()))
    start = code.index("def move(name):")
    end = code.index("_pad = bytearray")
    code = code[:start] + MOVE.lstrip() + "\n\n" + code[end:]
    i = code.index("SCREENS = (")
    j = code.index(")", code.index("\n", i) + 1) + 1
    code = code[:i] + SCREENS + code[j:]
    code = code.replace('print("turns", g.turns, g.turn', 'print("turns", g.plies, g.turn')
    code = code.replace("while S[\"i\"] < %d:" % app_heap.ROUNDS,
                        "while S[\"i\"] < %d:" % ROUNDS)
    return code


class _Swap:
    """app_heap's runs with this game's scenario."""

    def __enter__(self):
        app_heap.scenario_code = scenario_code
        self.rounds = app_heap.ROUNDS

    def __exit__(self, *exc):
        app_heap.scenario_code = _ORIG


def scenario(mpy=True, size=(320, 240)):
    with _Swap():
        return app_heap.parse(app_heap.run_guest(scenario_code(size=size), mpy=mpy, raw=True))


def attempt(heapsize, mpy=True, size=(320, 240), pad=0):
    with _Swap():
        return app_heap.attempt(heapsize, mpy=mpy, size=size, pad=pad)


def heapsize_for_free(free, mpy=True, pad=0):
    with _Swap():
        return app_heap.heapsize_for_free(free, mpy=mpy, pad=pad)


def smallest(mpy=True, size=(320, 240), layouts=None):
    """[free bytes at the base the scenario needs] per layout (tools/app_heap.py's bisection:
    the smallest heap from which STABLE heaps in a row complete, blocks shifted by each of
    LAYOUTS)."""
    with _Swap():
        return [app_heap.smallest_heap(mpy=mpy, size=size, pad=pad)[1]
                for pad in (app_heap.LAYOUTS if layouts is None else layouts)]


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m tools.wq_app_heap",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--titano", action="store_true", help="480x320 instead of 320x240")
    ap.add_argument("--py", action="store_true", help="from .py sources, not .mpy")
    ap.add_argument("--budget", action="store_true",
                    help="run in a heap leaving exactly the 100 KB budget free")
    ap.add_argument("--smallest", action="store_true",
                    help="bisect the smallest free heap that completes (worst of the layouts)")
    args = ap.parse_args(argv)
    if cpvm.find_vm() is None:
        print(cpvm.MISSING_VM, file=sys.stderr)
        return 2
    size = (480, 320) if args.titano else (320, 240)
    if args.smallest:
        free = smallest(mpy=not args.py, size=size)
        print("Winther's Quad's whole game needs %d bytes free (%.1f KB; the worst of %d "
              "layouts, best %.1f KB; %s, %dx%d, CircuitPython %s unix VM); budget %d KB" % (
                  max(free), max(free) / 1024, len(free), min(free) / 1024,
                  ".py" if args.py else ".mpy", size[0], size[1], cpvm.CP_TAG,
                  app_heap.BUDGET // 1024))
        return 0 if max(free) <= app_heap.BUDGET else 1
    if args.budget:
        heap = heapsize_for_free(app_heap.BUDGET, mpy=not args.py)
        ok, res = attempt(heap, mpy=not args.py, size=size)
        print("free at base %d: %s; last checkpoint %r" % (
            res["free_at_base"], "completes" if ok else "MemoryError",
            res["checkpoints"][-1:]))
        return 0 if ok else 1
    res = scenario(mpy=not args.py, size=size)
    for name, v in res["checkpoints"]:
        if not name.startswith("think") and not name.startswith("hint"):
            print("%-22s %8d" % (name, v))
    print("peak %d B at %s; turns %s; resident %s" % (
        res["peak"][0], res["peak"][1], res.get("turns"), ",".join(res.get("resident", []))))
    return 0 if res.get("done") else 1


if __name__ == "__main__":
    sys.exit(main())
