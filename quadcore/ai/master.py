"""Master's checks, config and part of the turn search (turns.Turns), loaded only when Master
plays or a search is wider or deeper than Expert's 3 plies x 3 turns, so that an Expert game
on the device carries neither this code nor the larger scratch:

    think(game, level, seed, seconds, ponder, runs, player)  quadcore.ai.think when a time
                        or a ponder is given: Master's checks and its pondered answer
    master_cfg(seconds, expert, nps)  the config (two.master_cfg passes Expert's, NPS)
    fit(t, depth, width)  enlarges turns' per-ply scratch for `depth` plies of `width` turns
    (deep.py: ply2 and inner, the plies of a search deeper than 3, loaded only then)

The search is turns.py's (same ranking, same order, same cut-offs); only where it lives
changed. turns' buffers are read through its globals (t: turns' globals() dict, passed in
so that this module imports neither turns, two nor quadcore.ai: no import circle); fit
rebinds them there.
"""

from array import array


MAXP = 6  # plies of the deepest search


def think(game, level, seed, seconds, ponder, runs, player):
    """quadcore.ai.think for Master, a time or a ponder given to another level (refused) and
    an unknown level (refused); runs, player: quadcore.ai's RUNS and _player."""
    if level != "master":
        if seconds is not None or ponder is not None:
            raise ValueError("only Master takes a time and a ponder")
        raise ValueError("unknown level %r (choose trainer, easy, average, expert, or master)"
                         % (level,))
    master_cfg(seconds, {}, 0)  # checks the time
    if game.result is not None:
        raise ValueError("the game is over: there is no move to make")
    runs[0] += 1
    if ponder is not None:
        turn = ponder.answer(game, seed, seconds)
        if turn is not None:
            return _ready(turn)
    return player(game, level, seed, seconds).run()


def _ready(turn):
    yield turn


# Master is Expert with a budget the player picks, in M4-seconds a move (the device's SAMD51
# at 120 MHz), mapped to nodes, never to a clock: Expert's 190 nodes cost at most 1.89 M4-s
# on the suite (README), so NPS nodes a second keep the worst move inside the time chosen.
def master_cfg(seconds, expert, nps):
    """The config of Master at `seconds` M4-s a move (an int, 2..60): Expert's player with
    the nodes scaled: the whole decision, the turn search's pieces, the exact attack (wins
    in 3), the guard's share and the cap on one answer."""
    if not isinstance(seconds, int) or not 2 <= seconds <= 60:
        raise ValueError("Master's time is a whole number of seconds from 2 to 60, not %r"
                         % (seconds,))
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
