"""The corner polyomino game's whole-game scenario on CircuitPython's VM: tools/app_heap.py's
run (the same guest, platform, stand-ins, checkpoints and budget) with this game chosen.

    .venv/bin/python -m tools.corners_app_heap [--classic]            # live readings, peak
    .venv/bin/python -m tools.corners_app_heap --titano               # 480x320
    .venv/bin/python -m tools.corners_app_heap --budget [--classic]   # completes in 100 KB?
    .venv/bin/python -m tools.corners_app_heap --smallest [--titano] [--classic|--classic2]

Scenario: preferences "tutorial done, this game", its settings: Duo, a person (player 1)
against Expert; Classic 4, a person (Blue) against three Expert colours; or classic_2, a
person (Blue and Red) against Expert (Yellow and Green). Each round the person asks for a
hint (Expert's move, shown as a ghost) and places it by a tap on the ghost, then the
computer answers; the menu tour (this game's help, statistics, move list) after
ROUNDS_BEFORE rounds; a game that ends is followed by a new one from New.
"""

import sys

from tools import app_heap

ROUNDS = {"duo": 24, "classic": 22, "classic_2": 22}

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
    """(4416, nvm bytes 4416..4544): this game's settings (a person against Expert)."""
    from corners import VARIANTS
    c = bytearray(app_heap.face_module("face_corners.start").DEFAULT)
    c[0] = VARIANTS.index(variant)
    c[2:6] = bytes((0, 4, 4, 4)) if variant == "classic" else bytes((0, 4, 0, 0))
    return app_heap.conf_record("face_corners.start", c)


def program(variant="duo"):
    """app_heap.scenario_code's program maker for this game, in a variant (its keywords
    rounds, variant, humans and level are Still's Quad's options: none here)."""
    def code(**kw):
        r = ROUNDS[variant]
        return app_heap.game_program(
            kw, "this game", "B", conf_record(variant), MOVE, SCREENS, r,
            sample='S["i"] > %d - %d' % (r, app_heap.SAMPLED),
            # the stand-in platform offers the games hw_pyportal lists; this one too, here
            platform='p.games = "SWB"\n')
    return code


def scenario(mpy=True, size=(320, 240), variant="duo"):
    return app_heap.scenario(mpy=mpy, size=size, program=program(variant))


def attempt(heapsize, mpy=True, size=(320, 240), pad=0, variant="duo"):
    return app_heap.attempt(heapsize, mpy=mpy, size=size, pad=pad, program=program(variant))


def heapsize_for_free(free, mpy=True, pad=0, variant="duo"):
    return app_heap.heapsize_for_free(free, mpy=mpy, pad=pad, program=program(variant))


def smallest(mpy=True, size=(320, 240), layouts=None, variant="duo"):
    """[free bytes at the base the scenario needs] per layout (tools/app_heap.py's
    bisection, blocks shifted by each of LAYOUTS)."""
    return app_heap.smallest_free(layouts, mpy=mpy, size=size, lo_kb=60, hi_kb=220,
                                  program=program(variant))


def main(argv=None):
    """This game's heap tool: app_heap.game_report with its scenario."""
    ap = app_heap.game_parser("python -m tools.corners_app_heap", __doc__)
    ap.add_argument("--classic", action="store_true", help="Classic 4 instead of Duo")
    ap.add_argument("--classic2", action="store_true", help="classic_2 instead of Duo")
    ap.add_argument("--layouts", type=int, default=0,
                    help="only the first N layouts of app_heap.LAYOUTS (default all)")
    args = ap.parse_args(argv)
    v = "classic" if args.classic else "classic_2" if args.classic2 else "duo"
    lay = app_heap.LAYOUTS[:args.layouts] if args.layouts else None
    return app_heap.game_report(
        args, "The corner polyomino game's (%s)" % v, program(v),
        lambda mpy, size: smallest(mpy=mpy, size=size, variant=v, layouts=lay))


if __name__ == "__main__":
    sys.exit(main())
