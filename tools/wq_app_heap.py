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

from tools import app_heap

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
    """(2240, nvm bytes 2240..2368): this game's settings (12 counters, against the
    computer)."""
    return app_heap.conf_record("face_winther.start", [12, 0, 0] + [0] * 24)


def scenario_code(**kw):
    """app_heap.scenario_code's program for this game (its rounds, variant, humans and
    level: Still's Quad's options, passed on by app_heap's callers; this game plays
    ROUNDS and has no variants)."""
    return app_heap.game_program(kw, "Winther's Quad", "W", conf_record(), MOVE, SCREENS,
                                 ROUNDS)


def scenario(mpy=True, size=(320, 240)):
    return app_heap.scenario(mpy=mpy, size=size, program=scenario_code)


def attempt(heapsize, mpy=True, size=(320, 240), pad=0):
    return app_heap.attempt(heapsize, mpy=mpy, size=size, pad=pad, program=scenario_code)


def heapsize_for_free(free, mpy=True, pad=0):
    return app_heap.heapsize_for_free(free, mpy=mpy, pad=pad, program=scenario_code)


def smallest(mpy=True, size=(320, 240), layouts=None):
    """[free bytes at the base the scenario needs] per layout (tools/app_heap.py's bisection:
    the smallest heap from which STABLE heaps in a row complete, blocks shifted by each of
    LAYOUTS)."""
    return app_heap.smallest_free(layouts, mpy=mpy, size=size, program=scenario_code)


def main(argv=None):
    """This game's heap tool: app_heap.game_report with its scenario."""
    args = app_heap.game_parser("python -m tools.wq_app_heap", __doc__).parse_args(argv)
    return app_heap.game_report(args, "Winther's Quad's", scenario_code,
                                lambda mpy, size: smallest(mpy=mpy, size=size))


if __name__ == "__main__":
    sys.exit(main())
