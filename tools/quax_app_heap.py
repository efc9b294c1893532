"""The Quax family's whole-game scenario on CircuitPython's VM: tools/app_heap.py's run (the
same guest, platform, stand-ins, checkpoints and budget) with this game chosen.

    .venv/bin/python -m tools.quax_app_heap                     # live readings, peak
    .venv/bin/python -m tools.quax_app_heap --titano            # 480x320
    .venv/bin/python -m tools.quax_app_heap --budget [--titano] # completes with 100 KB free?
    .venv/bin/python -m tools.quax_app_heap --smallest [--titano] [--rules R] [--size N]

Scenario: preferences "Expert, the Quax family, tutorial done", its settings: a rule set
(Quax unless --rules), the largest board the screen offers (face_quax.start.HEAP_MAX,
unless --size), the swap rule on, against the computer; each round the player asks for a
hint (Expert's turn) and plays it by taps (a drop: its cell; a link: its two stones; Swap
or Pass: the button), then the computer answers; the menu tour (this game's help,
statistics, move list) after ROUNDS_BEFORE rounds; a game that ends is followed by a new
one from New. ROUNDS reaches the end of Expert's game against itself on every board and
rule set measured, and a new game.
"""

import sys

from tools import app_heap

ROUNDS = 120
RULES = ("quax", "link", "quickway", "crossway", "quadrex")

MOVE = r'''
def move(name):
    # One round: Expert's hint played by taps, then the computer's answer.
    play = S["app"].play
    S["tag"] = name
    if play.game.result is not None:
        if S["games"]:
            S["i"] = 10 ** 6  # the second game has begun: the scenario is over
            return
        S["games"] += 1
        press("new")
        press("start")
        cp("new_game" + name)
    press("hint")
    think("hint" + name)
    h = play.hint
    if not h:
        if "swap" not in play.msg and "pass" not in play.msg:
            # the search ended without a turn (play.step's message): out of memory
            raise MemoryError("no hint: " + play.msg + " " + str(p.last_log))
        press("swap" if "swap" in play.msg else "pass")
        think("think" + name)
    else:
        for x in h:
            tap_cell(x)
    S["app"].tick()
    cp("move" + name)
'''

SCREENS = ('SCREENS = ("menu", "prefs", "back", "help", "topic2", "back", "back", "stats", '
           '"back", "resume", "moves", "back")')


def default_size(size):
    """The largest board the face offers on a screen of this size."""
    top = 19
    for width, k in app_heap.face_module("face_quax.start").HEAP_MAX:
        if size[0] >= width:
            top = k
    return top


def conf_record(rules="quax", n=11):
    """(6016, nvm bytes 6016..6144): this game's settings (rule set, board, swap on,
    against the computer)."""
    return app_heap.conf_record("face_quax.start", [RULES.index(rules), n, 1, 0] + [0] * 24)


def program(rules="quax", n=None):
    """app_heap.scenario_code's program maker for this game: a rule set on an n x n board
    (None: the largest the screen offers, default_size); its keywords rounds, variant,
    humans and level are Still's Quad's options: none here."""
    def code(**kw):
        k = n or default_size(kw.get("size", (320, 240)))
        # the device's list of the games its heap holds (hw_pyportal's `games`), and a
        # larger board than the face offers here, when asked (face_quax.start.max_size)
        extra = "p.quax_max = %d\n" % n if n else ""
        out = app_heap.game_program(kw, "the Quax family", "X", conf_record(rules, k), MOVE,
                                    SCREENS, ROUNDS, sample='S["i"] % 10 == 0',
                                    platform='p.games = "SWX"\n' + extra)
        return out.replace('"i": 0,', '"i": 0, "games": 0,')
    return code


def scenario(mpy=True, size=(320, 240), rules="quax", n=None):
    return app_heap.scenario(mpy=mpy, size=size, program=program(rules, n))


def attempt(heapsize, mpy=True, size=(320, 240), pad=0, rules="quax", n=None):
    return app_heap.attempt(heapsize, mpy=mpy, size=size, pad=pad, program=program(rules, n))


def heapsize_for_free(free, mpy=True, pad=0):
    return app_heap.heapsize_for_free(free, mpy=mpy, pad=pad, program=program())


def smallest(mpy=True, size=(320, 240), layouts=None, rules="quax", n=None):
    """[free bytes at the base the scenario needs] per layout (tools/app_heap.py's bisection:
    the smallest heap from which STABLE heaps in a row complete, blocks shifted by each of
    LAYOUTS)."""
    return app_heap.smallest_free(layouts, mpy=mpy, size=size, program=program(rules, n))


def main(argv=None):
    """This game's heap tool: app_heap.game_report with its scenario."""
    ap = app_heap.game_parser("python -m tools.quax_app_heap", __doc__)
    ap.add_argument("--rules", choices=RULES, default="quax")
    ap.add_argument("--size", type=int, default=None,
                    help="board size (default: the largest the screen offers)")
    args = ap.parse_args(argv)
    n = args.size or default_size((480, 320) if args.titano else (320, 240))
    # --budget: the heap from the 320x240 default game's base, as before; this game run in it
    return app_heap.game_report(
        args, "The Quax family's (%s %dx%d)" % (args.rules, n, n), program(args.rules, n),
        lambda mpy, size: smallest(mpy=mpy, size=size, rules=args.rules, n=n),
        base_program=program())


if __name__ == "__main__":
    sys.exit(main())
