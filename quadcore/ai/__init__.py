"""The computer opponent: four levels, a hint, and the Trainer's highlights.

    choose(game, level, seed=0) -> "*e6 f7"   the turn for the seat to move; game unchanged
    think(game, level, seed=0)  -> generator   yields None while working (often: the UI
                                               stays alive), then the turn string
    hint(game, seed=0)          -> the turn Expert would play for the seat to move
    trainer_highlights(game, seat) -> cells where `seat` completes a quad with its next marble

The move depends only on the position, the level and the seed (our own PRNG, quadcore.prng),
and the effort on a node budget per level, never on a clock. The game's board is used in
place (pieces tried and taken back); at every yield it is exactly as it was passed in.
"""

from quadutil import Rng

LEVELS = ("trainer", "easy", "average", "expert")


def think(game, level, seed=0):
    """Start thinking; raises ValueError at once for a bad level or a finished game."""
    if level not in LEVELS:
        raise ValueError("unknown level %r (choose %s)" % (level, ", ".join(LEVELS)))
    if game.result is not None:
        raise ValueError("the game is over: there is no move to make")
    # The player's own generator: one frame less on the device's heap than a wrapper.
    return _player(game, level, seed).run()


def _player(game, level, seed):
    r = game.rules
    # The same seed gives different (but repeatable) noise on different turns.
    rng = Rng(seed * 4099 + game.turns * 131 + game.board.empty)
    if r.per_turn == 1 and not r.moves and r.ncolours == 2:
        from . import two
        how = two.searcher(game, level)  # only the search this game plays is loaded
        if how == "turns":
            from .turns import Turns as cls
        elif how == "search":
            from .search import Search as cls
        else:
            cls = two.Two
        return cls(game, level, rng)
    from .other import Other
    return Other(game, level, rng)


def choose(game, level, seed=0):
    """The computer's whole turn as one line of notation."""
    turn = None
    for step in think(game, level, seed):
        turn = step
    return turn


def hint(game, seed=0):
    """What Expert would play for the seat to move."""
    return choose(game, "expert", seed)


def trainer_highlights(game, seat):
    """Empty cells where `seat` would complete a quad with its next marble (sorted)."""
    out = []
    for c in game.rules.seat_colours[seat]:
        for x in game.board.threat_cells(c):
            if x not in out:
                out.append(x)
    out.sort()
    return out
