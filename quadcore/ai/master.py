"""Master's checks, config and part of the turn search (turns.Turns), loaded only when Master
plays or a search is wider or deeper than Expert's 3 plies x 3 turns, so that an Expert game
on the device carries neither this code nor the larger scratch:

    think(game, level, seed, seconds, ponder, runs)  quadcore.ai.think when a time or a
                        ponder is given: Master's checks, its pondered answer or its config
    master_cfg(seconds)  the config: Expert's (two.LEVELS) with NPS nodes a second
    fit(t, depth, width)  enlarges turns' per-ply scratch for `depth` plies of `width` turns
    (deep.py: ply2 and inner, the plies of a search deeper than 3, loaded only then)

The search is turns.py's (same ranking, same order, same cut-offs); only where it lives
changed. turns' buffers are read through its globals (t: turns' globals() dict, passed in
so that this module imports neither turns nor quadcore.ai; master_cfg reads two's Expert
config, and two does not import this module: no import circle); fit rebinds them there.
"""

from array import array


MAXP = 6  # plies of the deepest search


def think(game, level, seed, seconds, ponder, runs):
    """quadcore.ai.think for Master, a time or a ponder given to another level (refused) and
    an unknown level (refused): a generator of the pondered turn when ponder has one for
    this position, else Master's config for the search (quadcore.ai makes the player once
    this module is off the heap: see _off): Expert's turn search (two) with its nodes
    scaled, or {} for the other games, whose player (other.Other) plays Expert's."""
    if level != "master":
        if seconds is not None or ponder is not None:
            raise ValueError("only Master takes a time and a ponder")
        raise ValueError("unknown level %r (choose trainer, easy, average, expert, or master)"
                         % (level,))
    r = game.rules
    if r.per_turn == 1 and not r.moves and r.ncolours == 2:  # (as quadcore.ai._player)
        cfg = master_cfg(seconds)
    else:  # no node budget to scale
        master_cfg(seconds, {}, 0)  # checks the time
        cfg = {}
    if game.result is not None:
        raise ValueError("the game is over: there is no move to make")
    runs[0] += 1
    if ponder is not None:
        from .ptable import answer
        turn = answer(ponder, game, seed, seconds)
        _off("pstep")  # (the ponder's stepping: its search ends here)
        _off("ptable")
        if turn is not None:
            return _ready(turn)
    _off()
    return cfg


def _off(name="master"):
    # This module (or quadcore.ai.<name>) off the heap. This one is needed only before a
    # search (turns imports fit only to enlarge its scratch): out of the heap while the
    # player loads and searches (~1 KB of code on the device; loaded under the player's
    # code it was the block CircuitPython's VM could not place after a menu).
    import sys
    pkg = __name__[:__name__.rindex(".")]
    sys.modules.pop(pkg + "." + name, None)
    m = sys.modules.get(pkg)
    if m is not None and hasattr(m, name):
        delattr(m, name)


def _ready(turn):
    yield turn


# Master is Expert with a budget the player picks, in M4-seconds a move (the device's SAMD51
# at 120 MHz), mapped to nodes, never to a clock: Expert's 190 nodes cost at most 1.89 M4-s
# on the suite (README), so NPS nodes a second keep the worst move inside the time chosen.
def master_cfg(seconds, expert=None, nps=0):
    """The config of Master at `seconds` M4-s a move (an int, 2..60): Expert's player with
    the nodes scaled: the whole decision, the turn search's pieces, the exact attack (wins
    in 3), the guard's share and the cap on one answer. expert, nps: Expert's config and
    nodes a second (two.LEVELS["expert"], two.NPS when not given; two never imports this
    module, so no import circle)."""
    if not isinstance(seconds, int) or not 2 <= seconds <= 60:
        raise ValueError("Master's time is a whole number of seconds from 2 to 60, not %r"
                         % (seconds,))
    if expert is None:
        from .two import LEVELS, NPS
        expert, nps = LEVELS["expert"], NPS
    cfg = dict(expert)  # two.LEVELS["expert"]
    budget = nps * seconds  # two.NPS
    cfg["budget"] = budget
    cfg["tcap"] = budget
    # 5 turns a node, 3 deep (Expert: 3 turns). Measured against the greedy reference as
    # second player (docs/computer-player-seats.md): 3 deep and 5 wide 0.88, 4 deep and 4
    # wide 0.34 (an even horizon leaves the root side to move at the leaves), 5 deep and 3
    # wide 0.53. turns.Turns searches deeper when asked (depth, up to MAXP plies).
    cfg["depth"] = 3
    cfg["width"] = 5
    cfg["sol"] = (20 * seconds, 15 * seconds, 1, 1)
    cfg["optcap"] = 12 * seconds
    return cfg


def fit(t, depth, width):
    """Make turns' scratch (t: its globals) hold `depth` plies of `width` turns (it only
    grows); Turns calls it before a wider or deeper search."""
    if depth > MAXP:
        raise ValueError("the turn search looks at most %d turns deep, not %r" % (MAXP, depth))
    if len(t["NNEED"]) < depth:
        t["NEED"] = bytearray(depth * 8)
        t["NNEED"] = bytearray(depth)
        t["TC"] = bytearray(depth * 16)
        t["NTOP"] = bytearray(depth)
    n = len(t["NNEED"]) * width
    if len(t["TOPI"]) < n:
        t["TOPI"] = bytearray(n)
        t["TOPV"] = array("i", bytes(4 * n))
    _off()

