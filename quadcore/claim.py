"""Claim mode (rules.md; the details are this project's choice), imported only by a game
in claim mode when someone claims or a turn ends.

The game does not announce quads. A seat may say "Quad!" before anything is placed in the
current turn, in two places:
- at the start of its own turn: it claims a quad completed in its previous turn;
- straight after its own turn (the next seat has placed nothing yet): it claims a quad
  completed in the turn it has just played.
A claim is right when a square of the seat's colour holds four of its marbles and one of
them is a marble the seat placed (or moved) in that turn: a quad not claimed by then is
missed for good. A right claim wins. A wrong claim costs a star; with no star left it
costs a turn: the seat's own turn passes at once, or, claimed straight after its turn, its
next turn is passed when it comes.

Every claim is a two-byte record in the game's undo stack (code, seat + 16 * outcome), so
undo takes it back and a saved game replays it exactly.
"""

from .kinds import CLAIM as _CLAIM, MARBLE as _MARBLE, MOVE as _MOVE, PASS as _PASS

WON = 0         # outcome of a claim: the game is won
STAR_LOST = 16  # a wrong claim cost a star
TURN_OWED = 32  # a wrong claim straight after the seat's turn costs its next turn


def window(g, seat):
    """The turn a claim by `seat` would be about (-1: none yet); ValueError when
    `seat` cannot claim now."""
    r = g.rules
    if not r.claim:
        raise ValueError("quads are announced in this game: there is nothing to claim")
    if g.result is not None:
        raise ValueError("the game is over")
    if not (isinstance(seat, int) and 0 <= seat < r.players):
        raise ValueError("there is no such player")
    if g.pending:
        raise ValueError("claim before anything is placed in a turn")
    n = g.turns
    if seat == g.turn:
        return n - r.players
    if n and seat == (g.turn - 1) % r.players:
        return n - 1
    raise ValueError("claim at the start of your turn or straight after it")


def quad_made(g, seat, t):
    """A square of the seat's colours full of its marbles through a cell the seat filled
    in turn t, or -1."""
    if t < 0:
        return -1
    log = g._log
    i = g._starts[t]
    end = g._starts[t + 1]
    while i < end:
        code = log[i]
        if code == _MARBLE or code == _MOVE:
            x = log[i + 2] if code == _MOVE else log[i + 1]
            for c in g.rules.seat_colours[seat]:
                s = g.board.quad_through(x, c)
                if s >= 0:
                    return s
        i += 3 if code == _MOVE else 2
    return -1


def claimable(g, seat):
    """The square `seat` could claim right now, or -1."""
    try:
        return quad_made(g, seat, window(g, seat))
    except ValueError:
        return -1


def claim(g, seat):
    t = window(g, seat)
    s = quad_made(g, seat, t)
    if s >= 0:
        g._push(_CLAIM, seat + WON, 0)
        g.result = ("win", seat, "quad")
        g.quad = g.geo.corners(s)
        return True
    if g.stars_left[seat] > 0:
        g.stars_left[seat] -= 1
        g._push(_CLAIM, seat + STAR_LOST, 0)
    elif seat == g.turn:
        g.star_armed = False
        g._push(_PASS, seat, 0)
        g._end_turn()
    else:
        g._push(_CLAIM, seat + TURN_OWED, 0)
    return False


def owes_turn(g, seat):
    """True if a wrong claim since the seat's last turn has cost it this turn."""
    t = g.turns - g.rules.players + 1  # the turn after the seat's last one
    log = g._log
    i = g._starts[t if t > 0 else 0]
    end = g._top
    want = seat + TURN_OWED
    while i < end:
        code = log[i]
        if code == _CLAIM and log[i + 1] == want:
            return True
        i += 3 if code == _MOVE else 2
    return False

