"""The guard of `other.py`'s placing games (three to six players, Duel): the turn chosen may
not leave the next seat a win in 2 (`tact.fork`) when another turn avoids it.

Tried in this order, the first safe turn played: the chosen turn with extra stars, each on
the marble cell of the next seat's winning fork (a star there is the one piece that removes
the fork whole; a star on one of its completion cells removes one cell of it); then other
marble cells, covering as the chosen turn must (stars on the other seats' completion cells
the marbles leave): the fork cell, the cells it would complete, and the best cells of the
scan, the best by score (a star counts 300 against it). If none is safe the chosen turn
stays: the next seat wins in 2 whatever we do (within the work limit of tact.py).
"""

from . import core
from . import tact
from .core import EBUF, SCORE, TBUF

SV = 300
_ALT = bytearray(16)


def guard(o, turn):
    """Generator: `turn` (a list of actions) or a safer one."""
    g = o.game
    pt = o.rules.per_turn
    stars = [a[1] for a in turn if a[0] == "star"]
    marbles = [(a[1], o.mine[i]) for i, a in enumerate(a for a in turn if a[0] == "marble")]
    w = tact.unsafe(g, stars, marbles)
    if w < 0:
        return turn
    yield None
    first = w
    left = g.stars_left[o.seat] - len(stars)
    extra = list(stars)
    while w >= 0 and left > 0:
        extra.append(_fork_cell(w, pt))
        left -= 1
        w = tact.unsafe(g, extra, marbles)
        yield None
    if w < 0:
        return [("star", x) for x in extra] + [("marble", m[0]) for m in marbles]
    # Other marble cells: the fork's cell and the cells it completes, the scan's best.
    j = (o.seat + 1) % o.rules.players
    f = _fork_cell(first, pt)
    m = core.add(_ALT, 0, 0, f)
    if pt == 2:
        m = core.add(_ALT, 0, m, (first >> 8) ^ (first & 255) ^ f)  # the pair's other cell
    c = _fork_colour(g, j, first, pt)
    k = core.completions(o.b, f, c, EBUF)
    for i in range(k):
        if m < 12:
            m = core.add(_ALT, 0, m, EBUF[i])
    m += core.top_cells(SCORE, o.b.cells, 4, _ALT, m)
    best = None
    best_v = 0
    for i in range(m):
        x = _ALT[i]
        for side in range(pt):
            ms = [x] if pt == 1 else ([x, marbles[1][0]] if side == 0 else
                                      [marbles[0][0], x])
            if pt == 2 and ms[0] == ms[1]:
                continue
            ss = _cover(o, ms)
            if ss is None:
                continue
            mc = [(ms[q], o.mine[q]) for q in range(pt)]
            if tact.unsafe(g, ss, mc) < 0:
                v = SCORE[x] - SV * len(ss)
                if best is None or v > best_v:
                    best = [("star", y) for y in ss] + [("marble", y) for y in ms]
                    best_v = v
            yield None
    return best if best is not None else turn


def _cover(o, ms):
    """Stars on the other seats' completion cells the marbles ms leave, or None when there
    are not stars enough."""
    nt = o._opp_threats(32)
    ss = []
    for i in range(nt):
        if TBUF[i] not in ms:
            ss.append(TBUF[i])
    return ss if len(ss) <= o.game.stars_left[o.seat] else None


def _fork_cell(w, pt):
    """The cell of a fork turn that makes the fork: a Duel pair's marble of the colour with
    more open twos there (tact left its counts in TWA / TWB)."""
    if pt == 1:
        return w
    xa = w >> 8
    xb = w & 255
    return xa if tact.TWA[xa] >= tact.TWB[xb] else xb


def _fork_colour(g, j, w, pt):
    cs = g.rules.seat_colours[j]
    if pt == 1:
        return cs[0]
    return cs[0] if tact.TWA[w >> 8] >= tact.TWB[w & 255] else cs[1]
