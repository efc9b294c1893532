"""The computer opponent: four levels and Master, a hint, and the Trainer's highlights.

    choose(game, level, seed=0) -> "*e6 f7"   the turn for the seat to move; game unchanged
    think(game, level, seed=0)  -> generator   yields None while working (often: the UI
                                               stays alive), then the turn string
    hint(game, seed=0)          -> the turn Expert would play for the seat to move
    trainer_highlights(game, seat) -> cells where `seat` completes a quad with its next marble

Master ("master", not in LEVELS: it takes a time) is Expert's player with a budget of
`seconds` M4-seconds a move (MASTER_TIMES offers 5, 10, 20), mapped to nodes, never to a
clock: think(game, "master", seed, seconds=10). While the human thinks the shell may step
a Ponder (quadcore.ai.ponder): it answers the human's likely turns in advance, and
think(..., ponder=p) plays the stored answer at once when the human played one of them
(the same answer think would find; see ponder.py). ponder_tick(p, game, cpu, seed, seconds,
deadline, clock) is that stepping for a shell: a tick's worth, the Ponder to keep.

The move depends only on the position, the level and the seed (our own PRNG, quadcore.prng),
and the effort on a node budget per level, never on a clock. The game's board is used in
place (pieces tried and taken back); at every yield it is exactly as it was passed in.
"""

from quadutil import Rng

LEVELS = ("trainer", "easy", "average", "expert")
MASTER_TIMES = (5, 10, 20)  # M4-seconds a move the player may choose
RUNS = [0]  # searches started: a ponder resumes a search of its own only if none came since


def think(game, level, seed=0, seconds=None, ponder=None):
    """Start thinking; raises ValueError at once for a bad level, a bad Master time or a
    finished game. `seconds`: Master's time (M4-s a move); `ponder`: a Ponder stepped on
    the opponent's time for this game (Master only): its answer is played when it has one
    for this very position."""
    cfg = None
    if level not in LEVELS or seconds is not None or ponder is not None:
        # Master's checks, config and pondered turn, and a bad level's message (Expert's
        # games skip them)
        if level == "master" and game.result is None:
            _player(game, "expert", seed)  # the player's code first: master.py goes on top
        from .master import think as master
        cfg = master(game, level, seed, seconds, ponder, RUNS)
        master = None  # (its module is off the heap while the player loads and searches)
        if type(cfg) is not dict:
            return cfg  # the pondered turn
    elif game.result is not None:
        raise ValueError("the game is over: there is no move to make")
    else:
        RUNS[0] += 1
    # The player's own generator: one frame less on the device's heap than a wrapper.
    return _player(game, level, seed, cfg).run()


def _player(game, level, seed, cfg=None):
    # cfg: Master's config (master.think), which plays Expert's player with more nodes
    r = game.rules
    # The same seed gives different (but repeatable) noise on different turns.
    rng = Rng(seed * 4099 + game.turns * 131 + game.board.empty)
    if r.per_turn == 1 and not r.moves and r.ncolours == 2:
        from . import two
        cfg = cfg or two.LEVELS[level]  # (Master's: Expert's with its nodes scaled)
        how = two.searcher(game, level, cfg)  # only the search this game plays is loaded
        if how == "turns":
            from .turns import Turns as cls
        elif how == "search":
            from .search import Search as cls
        else:
            cls = two.Two
        return cls(game, level, rng, cfg)
    from .other import Other
    # Master is Expert in the other games (their player has no node budget to scale).
    return Other(game, "expert" if level == "master" else level, rng)


def choose(game, level, seed=0, seconds=None, ponder=None):
    """The computer's whole turn as one line of notation."""
    turn = None
    for step in think(game, level, seed, seconds, ponder):
        turn = step
    return turn


def hint(game, seed=0, level="expert", seconds=None):
    """What Expert (or Master at `seconds`, when that is the level chosen) would play for
    the seat to move."""
    if level != "master":
        level = "expert"
        seconds = None
    return choose(game, level, seed, seconds)


def ponder_tick(p, game, cpu, seed, seconds, deadline, clock):
    """Master thinking on the human's time, one tick of it: the Ponder to keep (see
    quadcore.ai.pstep.tick; a shell passes it to think for the computer's turn)."""
    if p is None and game.turn != cpu and game.result is None and not game.begun:
        # A new ponder: the player's code and tables load first, the ponder's after them
        # (on the device the big blocks go into the heap just collected).
        _player(game, "expert", seed)
    import sys
    from .pstep import tick  # (the tick's part of the ponder, dropped at the tick's end)
    return tick(p, game, cpu, seed, seconds, deadline, clock, sys.modules[__name__])


def trainer_highlights(game, seat):
    """Empty cells where `seat` would complete a quad with its next marble (sorted)."""
    out = []
    for c in game.rules.seat_colours[seat]:
        for x in game.board.threat_cells(c):
            if x not in out:
                out.append(x)
    out.sort()
    return out
