"""A ponder stepped to its end, the desktop's way (tests, tools.lab.sparring); the device's
shell steps it a tick at a time (pstep.tick) and never loads this module.

    p = ponder.start(game, seed, seconds)
    for _ in run(p): ...    # stop at any step: the game is as it was
"""

from .ponder import plan
from .ptable import key
from .pstep import step


def run(p):
    """Generator: None at every step (the game as it came); returns when every likely
    turn has its answer. ValueError if the game moved on or the human's turn has begun. Stopped and run
    again, it goes on where it stopped: its search resumes if no other search ran in
    between (they share scratch), else restarts."""
    import sys
    ai = sys.modules[__name__[:__name__.rindex(".")]]  # quadcore.ai, loaded before this
    if key(p.game) != p.start or p.game.begun:
        raise ValueError("the game is no longer where the ponder started")
    while not p.finished:
        if p.got is not None:
            plan(p)
            continue
        step(p, 1, 0, None, ai)
        yield None
