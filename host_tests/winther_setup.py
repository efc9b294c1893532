"""Build Winther's Quad positions for rule tests directly (rules about the end of a game need
positions that random play rarely reaches): the same position in the engine and in the
slow reference."""

from winquad import Game
from winquad.notation import parse_cell

from winther_reference import RefGame, coords


def position(white, black, turn=0, hands=(0, 0), counters=12):
    """Engine and reference games holding `white` and `black` (cell names), `hands`
    counters still to drop, `turn` (0 White, 1 Black) to move."""
    g = Game(counters)
    b = g.board
    ref = RefGame(counters)
    for seat, cells in ((0, white), (1, black)):
        for name in cells:
            b.put(parse_cell(name), seat)
            f, r = coords(name)
            ref.grid[f][r] = "WB"[seat]
        b.on[seat] = len(cells)
        b.hand[seat] = hands[seat]
        ref.hand["WB"[seat]] = hands[seat]
        # Past the rim rule: White has dropped at least two.
        ref.dropped["WB"[seat]] = 2
    g.turn = turn
    g.plies = 0
    ref.side = "WB"[turn]
    return g, ref
