"""The guard of `other.py`'s placing games (three to six players, Duel): the turn chosen may
not leave the next seat a win in 2 (`tact.fork`) when another turn avoids it.

Tried in this order, the first safe turn played: the chosen turn with extra stars, each on
a marble cell of the next seat's winning fork (a star there removes the fork whole; a star
on one of its completion cells removes one cell of it); then other marble cells, covering
as the chosen turn must (stars on the other seats' completion cells the marbles leave): the
fork's cells, the cells on most of the next seat's open twos (a marble there spoils each),
the chosen marbles, then every other cell by the scan's score; a Duel turn tries ordered
pairs of them by the sum of their ranks. The best safe one by score (a star counts 300
against it) is played. If none is safe within tact.py's work limit the chosen turn stays.
Turns are built in PB (stars, then marbles), so the tests allocate nothing.
"""

from . import core
from . import tact
from .core import SCORE, TBUF

SV = 300
_ALT = bytearray(64)
PB = bytearray(40)   # the turn tested: stars, then the marbles
BEST = bytearray(40)  # the best safe turn found


def guard(o, turn):
    """Generator: `turn` (a list of actions) or a safer one."""
    g = o.game
    pt = o.rules.per_turn
    ns = 0
    nm = 0
    for a in turn:
        if a[0] == "star":
            PB[ns] = a[1]
            ns += 1
    for a in turn:
        if a[0] == "marble":
            PB[ns + nm] = a[1]
            nm += 1
    if ns + nm + g.stars_left[o.seat] > len(PB):
        return turn
    w = tact.unsafe(g, PB, ns, nm)
    if w < 0:
        return turn  # safe, or not known within the work limit
    yield None
    first = w
    left = g.stars_left[o.seat] - ns
    while w >= 0 and left > 0:
        # One more star (on the fork's cell): the marbles shift up by one.
        for i in range(nm - 1, -1, -1):
            PB[ns + 1 + i] = PB[ns + i]
        PB[ns] = _fork_cell(w, pt)
        ns += 1
        left -= 1
        w = tact.unsafe(g, PB, ns, nm)
        yield None
    if w == -1:
        return _turn(PB, ns, nm)
    m = _alternatives(o, turn, first, pt)
    bn = -1
    best_v = 0
    # Pairs by the sum of their two ranks (a marble forced onto a cover and the other one
    # anywhere come early, not after every pair of the first cell).
    for t in range(2 * m - 1 if pt == 2 else m):
        lo = t - m + 1 if pt == 2 and t >= m else 0
        hi = (t if t < m else m - 1) if pt == 2 else 0
        for i in range(lo, hi + 1):
            xa = _ALT[i] if pt == 2 else _ALT[t]
            xb = _ALT[t - i] if pt == 2 else 255
            if xa == xb:
                continue
            ns = _cover(o, xa, xb)
            if ns < 0:
                continue
            PB[ns] = xa
            PB[ns + 1] = xb
            u = tact.unsafe(g, PB, ns, pt)
            if u == -2:
                break
            if u == -1:
                v = SCORE[xa] - SV * ns
                if bn < 0 or v > best_v:
                    for q in range(ns + pt):
                        BEST[q] = PB[q]
                    bn = ns
                    best_v = v
            yield None
        if tact.WORK[0] >= tact.WORK[1]:
            break
    return _turn(BEST, bn, pt) if bn >= 0 else turn


def _alternatives(o, turn, first, pt):
    """The marble cells to try, into _ALT (how many): the fork's cells, the cells on most
    of the next seat's open twos, the chosen marbles, then the best cells by the scan's
    score. (Out of guard: one function's bytecode is one block on the device's heap, and
    guard's whole was the 842-byte block that once found no hole with 6 seats.)"""
    g = o.game
    j = (o.seat + 1) % o.rules.players
    if pt == 2:
        m = core.add(_ALT, 0, core.add(_ALT, 0, 0, first >> 8), first & 255)
    else:
        m = core.add(_ALT, 0, 0, first)
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
    for a in turn:
        if a[0] == "marble":
            m = core.add(_ALT, 0, m, a[1])
    m0 = m
    k = core.top_cells(SCORE, o.b.cells, 64 - m, _ALT, m)
    for i in range(m0, m0 + k):
        m = core.add(_ALT, 0, m, _ALT[i])
    return m


def _turn(buf, ns, nm):
    out = []
    for i in range(ns + nm):
        out.append(("star" if i < ns else "marble", buf[i]))
    return out


def _cover(o, xa, xb):
    """Stars into PB on the other seats' completion cells the marbles xa, xb leave: how
    many, or -1 when there are not stars enough."""
    nt = o._opp_threats(32)
    ns = 0
    for i in range(nt):
        x = TBUF[i]
        if x != xa and x != xb:
            if ns >= o.game.stars_left[o.seat] or ns >= len(PB) - 2:
                return -1
            PB[ns] = x
            ns += 1
    return ns


def _fork_cell(w, pt):
    """The cell of a fork turn that makes the fork: a Duel pair's marble of the colour with
    more open twos there (tact left its counts in TWA / TWB)."""
    if pt == 1:
        return w
    xa = w >> 8
    xb = w & 255
    return xa if tact.TWA[xa] >= tact.TWB[xb] else xb
