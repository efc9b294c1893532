"""The plies of a turn search deeper than 3 (turns.Turns with depth > 3): loaded only by
such a search, so that Master at its shipped depth (3) does not carry this code.

    ply2(...)   the generator turns.root_turn runs at ply 2 when depth > 3
    inner(...)  the plies below it (3 .. depth - 1), the last one as Turns.leaf

turns' buffers are read through its globals (t: turns' globals() dict, passed in, so that
this module does not import turns: no import circle).
"""

from .core import threat_cells
from .fast import CHUNK, WIN


def ply2(s, t, i, r, c, o, sc, so, alpha, beta):
    """Generator (depth 4 and more): the value for c to move at ply 2 of searcher s, after
    root turn i and answer r; ticks between its turns (the root turn and the answer taken
    back, then put again: the pieces put again are not counted)."""
    b = s.b
    if s.nodes >= s.limit or b.nopen[c][3]:
        return t["evaluate"](b, c, o, sc, so)
    if threat_cells(b, o, t["SCR"], 0, 64) > sc + 1:
        return -WIN
    n = s.ranked(2, c, o, sc, so)
    if n == -1:
        return WIN
    if not n:
        return t["evaluate"](b, c, o, sc, so)
    v = -2 * WIN
    w2 = 2 * t["S"]
    for q in range(n):
        mark = s.npath
        k = s.turn_put(2, t["TOPI"][w2 + q], c)
        w = -inner(s, t, 3, o, c, so, sc - k, -beta, -alpha)
        s.undo_to(mark)
        if w > v:
            v = w
            if w > alpha:
                alpha = w
                if alpha >= beta:
                    break
        if s.nodes - s.ticked >= CHUNK and q + 1 < n:
            s.undo_to(0)
            s.ticked = s.nodes
            yield None
            k = s.turn_put(0, i, c) + s.turn_put(1, t["TOPI"][t["S"] + r], o)
            s.nodes -= k + 2
    return v


def inner(s, t, p, c, o, sc, so, alpha, beta):
    """The value for c to move at ply p (3 .. depth - 1), its best turns searched,
    alpha-beta; the last ply as Turns.leaf. No tick in here: one ply-2 turn's subtree is
    ~20 pieces at depth 4."""
    if p >= t["D"] - 1:
        return s.leaf(c, o, sc, so, p)
    b = s.b
    if s.nodes >= s.limit or b.nopen[c][3]:
        return t["evaluate"](b, c, o, sc, so)
    if threat_cells(b, o, t["SCR"], 0, 64) > sc + 1:
        return -WIN
    n = s.ranked(p, c, o, sc, so)
    if n == -1:
        return WIN
    if not n:
        return t["evaluate"](b, c, o, sc, so)
    v = -2 * WIN
    for r in range(n):
        mark = s.npath
        k = s.turn_put(p, t["TOPI"][t["S"] * p + r], c)
        w = -inner(s, t, p + 1, o, c, so, sc - k, -beta, -alpha)
        s.undo_to(mark)
        if w > v:
            v = w
            if w > alpha:
                alpha = w
                if alpha >= beta:
                    break
    return v
