"""A legal turn for the computer when the engine refused the one its player returned.

Imported only on that error (never in a normal game) and dropped again: the game must go
on, not wait for good on "CPU error". The turn is the plainest legal one: marbles on the
first empty cells in board order, or in Trek / Rapid with no marble in hand the first legal
move of one of the seat's marbles. No stars, so it never spends anything it did not have to.
"""

from quadcore.board import MARBLE


def play_any(g, log, move, err):
    """After the engine refused `move` (err): log both, complete the seat's turn with legal
    pieces and log it; True if a turn was played. Whatever does not complete a turn is
    taken back, so the game is never left half-changed."""
    log("computer move %r refused: %s" % (move, err))
    t = g.turns
    ok = _play(g)
    log("computer (fallback): " + (g.record().split("\n")[t] if ok else "no legal turn"))
    return ok


def _play(g):
    if g.result is not None:
        return False
    t = g.turns
    seat = g.turn
    while g.pending:  # start from an empty turn
        g.undo()
    cells = g.cells
    n = len(cells)
    for x in range(n):
        if g.turns != t or g.result is not None:
            return True
        if cells[x] == 0:
            try:
                g.marble(x)
            except ValueError:
                break  # no marble in hand (Trek / Rapid) or none allowed: try a move
    if g.turns != t or g.result is not None:
        return True
    while g.pending:
        g.undo()
    r = g.rules
    if r.moves:
        for frm in range(n):
            v = cells[frm]
            if v < MARBLE or v - MARBLE not in r.seat_colours[seat]:
                continue
            for to in range(n):
                if cells[to] == 0:
                    try:
                        g.move(frm, to)
                        return True
                    except ValueError:
                        pass
    return False
