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
from .core import SCORE, TBUF

SV = 300
_ALT = bytearray(64)


def guard(o, turn):
    """Generator: `turn` (a list of actions) or a safer one."""
    g = o.game
    pt = o.rules.per_turn
    stars = [a[1] for a in turn if a[0] == "star"]
    ms = [a[1] for a in turn if a[0] == "marble"]
    w = tact.unsafe(g, stars, _with_colours(o, ms))
    if w < 0:
        return turn  # safe, or not known within the work limit
    yield None
    first = w
    left = g.stars_left[o.seat] - len(stars)
    extra = list(stars)
    while w >= 0 and left > 0:
        extra.append(_fork_cell(w, pt))
        left -= 1
        w = tact.unsafe(g, extra, _with_colours(o, ms))
        yield None
    if w == -1:
        return [("star", x) for x in extra] + [("marble", x) for x in ms]
    # Other marble cells: the fork's cells and the cells they complete, ours, then the rest
    # by the scan's score. A Duel turn tries ordered pairs of them (a safe Duel turn may
    # need both marbles elsewhere). Each test costs work: the limit ends the search.
    m = 0
    j = (o.seat + 1) % o.rules.players
    for q in range(pt):
        m = core.add(_ALT, 0, m, (first >> 8, first & 255)[q] if pt == 2 else first)
    # The cells on most of the next seat's open twos (each one a marble there spoils),
    # then ours, then the rest by the scan's score (the work limit decides how far).
    cj = g.rules.seat_colours[j]
    tw = tact.TWA
    tact.twos(o.b, cj[0], tw)
    if pt == 2:
        tact.twos(o.b, cj[1], tact.TWB)
        for x in range(len(o.b.cells)):
            tw[x] += tact.TWB[x]
    n1 = m
    for x in range(len(o.b.cells)):
        if tw[x]:
            n1 = core.insert_by(_ALT, m, n1 - m, 24, x, tw) + m
    for i in range(m, n1):
        m = core.add(_ALT, 0, m, _ALT[i])
    for x in ms:
        m = core.add(_ALT, 0, m, x)
    m0 = m
    k = core.top_cells(SCORE, o.b.cells, 64 - m, _ALT, m)
    for i in range(m0, m0 + k):
        m = core.add(_ALT, 0, m, _ALT[i])
    best = None
    best_v = 0
    # Pairs by the sum of their two ranks (a marble forced onto a cover and the other one
    # anywhere come early, not after every pair of the first cell).
    for t in range(2 * m - 1 if pt == 2 else m):
        lo = t - m + 1 if pt == 2 and t >= m else 0
        hi = t if pt == 2 else 0
        for i in range(lo, hi + 1):
            alt = [_ALT[i], _ALT[t - i]] if pt == 2 else [_ALT[t]]
            if pt == 2 and alt[0] == alt[1]:
                continue
            ss = _cover(o, alt)
            if ss is None:
                continue
            u = tact.unsafe(g, ss, _with_colours(o, alt))
            if u == -2:
                break
            if u == -1:
                v = SCORE[alt[0]] - SV * len(ss)
                if best is None or v > best_v:
                    best = [("star", y) for y in ss] + [("marble", y) for y in alt]
                    best_v = v
            yield None
        if tact.WORK[0] >= tact.WORK[1]:
            break
    return best if best is not None else turn


def _with_colours(o, ms):
    return [(ms[q], o.mine[q]) for q in range(len(ms))]


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
