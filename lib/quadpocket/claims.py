"""Claim mode (rules.md): quads are not announced; a player claims one at the latest at the
start of their next turn. Imported only while a claim-mode game is shown.

The engine is created with claim=True and never ends the game on a quad by itself. A
square not claimed in time is recorded in the session as stale and no longer counts. A
wrong claim costs one star, kept as a session penalty (the engine replays star counts from
the actions, so the penalty is subtracted again after a reload).
"""


def full_squares(g, seat):
    """Squares holding four marbles of one of the seat's colours."""
    sq = g.geo.sq_cells
    cells = g.cells
    out = []
    for c in g.rules.seat_colours[seat]:
        v = 2 + c
        for s in range(g.geo.nsq):
            j = 4 * s
            if cells[sq[j]] == v and cells[sq[j + 1]] == v and cells[sq[j + 2]] == v \
                    and cells[sq[j + 3]] == v:
                out.append(s)
    return out


def fresh_square(session, seat):
    """A completed, still claimable square of the seat, or -1."""
    for s in full_squares(session.game, seat):
        if (seat, s) not in session.stale:
            return s
    return -1


def close_window(session, seat):
    """The seat is about to place something: its unclaimed squares can no longer be
    claimed (rules.md: claim at the latest at the start of your next turn)."""
    if session.game.pending == 0:
        for s in full_squares(session.game, seat):
            if (seat, s) not in session.stale:
                session.stale.append((seat, s))


def claim(session, seat):
    """-> True (game won), or False after the wrong-claim penalty: one star (the engine
    has no way to skip a turn, so with no star left nothing is taken)."""
    g = session.game
    s = fresh_square(session, seat)
    if s >= 0 and g.claim(seat):
        g.quad = g.geo.corners(s)
        return True
    if g.stars_left[seat] > 0:
        g.stars_left[seat] -= 1
        session.penalty[seat] += 1
    return False


def tap(play):
    """Quad! tapped: a right claim wins, a wrong one costs a star (saved at once, so a
    reset does not undo the penalty)."""
    g = play.game
    seat = g.turn
    if not play.s.human(seat) or g.pending:
        return
    if claim(play.s, seat):
        play.after_change(None)
    else:
        play.illegal("No quad! -1*")
        play.app.save_session()
