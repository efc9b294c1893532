"""Quad Trek and Quad Rapid: moving a placed marble, and the draws of games that have no
natural end (threefold repetition, the move cap). Imported only by games of these variants,
so a standard game on the device never holds this code."""

from .board import MARBLE
from .kinds import MOVE as _MOVE
from .rules import MOVE_CAP

# Two polynomial hashes modulo primes just under 2**24, multiplier 61: 61 * 2**24 < 2**30,
# so position keys never need a big int on the device.
_P1 = 16777213
_P2 = 16777199


def move(g, frm, to):
    """Checked move of one of the mover's marbles from `frm` to the empty cell `to`."""
    r = g.rules
    if not r.moves:
        raise ValueError("marbles never move in this variant")
    seat = g.turn
    if r.variant == "trek" and g._mleft[seat] > 0:
        raise ValueError("in Quad Trek you move marbles only once all yours are placed")
    g._check_cell(frm)
    p = g.cells[frm]
    if p < MARBLE or (p - MARBLE) not in r.seat_colours[seat]:
        raise ValueError("%s does not hold one of your marbles" % g.name(frm))
    g._check_empty(to)
    g._do(_MOVE, frm, to)


def key(g):
    """The position (cells, stars and marbles in hand, seat to move) as an int < 2**30."""
    h1 = g.turn + 1
    h2 = g.turn + 7
    for v in g.cells:
        h1 = (h1 * 61 + v) % _P1
        h2 = (h2 * 59 + v) % _P2
    for v in g.stars_left:
        h1 = (h1 * 61 + v) % _P1
        h2 = (h2 * 59 + v) % _P2
    for v in g._mleft:
        h1 = (h1 * 61 + v) % _P1
        h2 = (h2 * 59 + v) % _P2
    return h1 * 64 + (h2 & 63)  # h1 < 2**24


def after_turn(g, t):
    """Turn t has just ended: keep its position key (one per turn, so undo needs no
    bookkeeping), then a draw by repetition or by the cap, or the stars end on a full
    board."""
    h = key(g)
    g._reps[t] = h
    if g.result is not None:
        return
    seen = 0
    for i in range(t + 1):
        if g._reps[i] == h:
            seen += 1
    if seen >= 3:
        g.result = ("draw", None, "repetition")
    elif t >= MOVE_CAP:
        g.result = ("draw", None, "cap")
    elif g.board.empty == 0:
        g._stars_end(g.turn)
