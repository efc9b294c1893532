"""Trek and Rapid for the other games' player (other.py): marbles that move. A module of its
own, loaded by `Other.run` only in these games, so the games that only place marbles (3-6
players, Duel) do not hold its code on the device. Each function takes the `Other` playing
(o) as its first argument; it imports nothing of other.py (no import circle): the scan
and the weights come through o.
"""

from ..board import MARBLE, STAR
from . import core
from .core import SCORE, TBUF

_OWN = bytearray(16)
_DEST = bytearray(32)  # destinations tried
_K = 8  # the best turns the guard may check


def run_moves(o, in_hand):
    """Trek: place while marbles are in hand, then move. Rapid: place or move."""
    b = o.b
    c = o.mine[0]
    cells = b.cells
    stars = o.stars
    can_place = in_hand > 0
    can_move = o.rules.variant == "rapid" or not can_place
    own = 0
    if can_move:
        for x in range(len(cells)):
            if cells[x] == MARBLE + c and own < len(_OWN):
                _OWN[own] = x
                own += 1
    # 1. A quad now: by placing, or by moving a marble that is not part of the square.
    w = core.first_threat(b, c)
    if w >= 0 and can_place:
        return [("marble", w)]
    if w >= 0:
        for i in range(own):
            f = _OWN[i]
            b.remove(f)
            ok = b.thr[c][w] > 0
            b.place(f, MARBLE + c)
            if ok:
                return [("move", f, w)]
    yield None
    o.scan_own(c)
    o._scores(cells)
    # 2. Destinations: the best few cells and the opponents' completion cells.
    k = core.top_cells(SCORE, cells, 8, _DEST, 0)
    nt = o._opp_threats(16)
    for i in range(nt):
        if k < 24:
            _DEST[k] = TBUF[i]
            k += 1
    g = o.game
    cap = -1  # the other seats' pieces of one round (tact.py), when a win in 2 can be
    if o.tact:
        from . import tact
        if tact.alive(g, o.seat, 1 + stars):
            cap = tact.cap_of(g, o.seat, g.stars_left)
            # Every cell where a marble could make more completion cells than that.
            if tact.twos(b, c, tact.TWA) > cap:
                for x in range(len(cells)):
                    if tact.TWA[x] > cap and k < len(_DEST):
                        k = core.add(_DEST, 0, k, x)
    # The best K turns (value, source, destination), best first: the guard checks
    # them in that order after the scan (K checks at most, not one per improvement).
    kv = [-(1 << 26)] * _K
    kf = [-2] * _K
    kt = [-1] * _K
    # 3. Each (source, destination); source -1 = a marble from the hand. After it, the
    # opponents' completion cells must be few enough to star, and not the vacated cell.
    for si in range(-1, own):
        if si < 0 and not can_place:
            continue
        f = _OWN[si] if si >= 0 else -1
        loss = 0
        if f >= 0:
            loss = _value_of_own(o, f, c)
            b.remove(f)
        for di in range(k):
            to = _DEST[di]
            if cells[to] or to == f:
                continue
            b.place(to, MARBLE + c)
            n2 = o._opp_threats(stars + 1)
            bad = n2 > stars
            for i in range(n2):
                if TBUF[i] == f:
                    bad = True
            v = SCORE[to] - loss - 200 * n2 - (1 << 20 if bad else 0)
            if cap >= 0 and not bad and _wins2(o, n2, cap):
                v += 1 << 22
            b.remove(to)
            i = _K
            while i > 0 and v > kv[i - 1]:
                i -= 1
            if i < _K:
                for q in range(_K - 1, i, -1):
                    kv[q] = kv[q - 1]
                    kf[q] = kf[q - 1]
                    kt[q] = kt[q - 1]
                kv[i] = v
                kf[i] = f
                kt[i] = to
        if f >= 0:
            b.place(f, MARBLE + c)
    yield None
    pick = 0
    if o.tact and kv[0] < (1 << 22):
        # The guard: the first of them after which the next seat has no win in 2
        # (tact.next_forks; -2, not known within the work, counts as safe).
        for i in range(_K):
            if kf[i] == -2 or kv[i] < -(1 << 19):
                break
            ok = _move_safe(o, kf[i], kt[i], c, stars)
            if ok < 0:
                break  # out of work: the best turn stays
            if ok:
                pick = i
                break
            yield None
    f = kf[pick]
    to = kt[pick]
    out = []
    if f >= 0:
        b.remove(f)
    b.place(to, MARBLE + c)
    n2 = o._opp_threats(stars)
    b.remove(to)
    if f >= 0:
        b.place(f, MARBLE + c)
    for i in range(n2):
        if TBUF[i] != f:
            out.append(("star", TBUF[i]))
    out.append(("marble", to) if f < 0 else ("move", f, to))
    return out


def _wins2(o, n2, cap):
    """Our move is on the board, the other seats' completion cells in TBUF[:n2] (to be
    starred): does it leave more of our completion cells than `cap` (a win in 2)?"""
    b = o.b
    c = o.mine[0]
    if b.nopen[c][3] <= cap:  # (three-squares bound the cells)
        return False
    thr = b.thr[c]
    k = 0
    for x in range(len(thr)):
        if thr[x]:
            j = 0
            while j < n2 and TBUF[j] != x:
                j += 1
            if j == n2:
                k += 1
    return k > cap


def _move_safe(o, f, to, c, stars):
    """Put the move (and its covering stars) down: 1 if the next seat then has no win in
    2, 0 if it has, -1 if the work ran out (a check costs ~7 M fuel on 11 x 11, measured
    by tools/ai_vm.py --variants: 32 units)."""
    from . import tact
    if tact.WORK[0] + 32 > tact.WORK[1]:
        return -1
    tact.WORK[0] += 32
    b = o.b
    if f >= 0:
        b.remove(f)
    b.place(to, MARBLE + c)
    n2 = o._opp_threats(stars)
    for i in range(n2):
        b.place(TBUF[i], STAR)
    w = tact.next_forks(o.game, n2)
    for i in range(n2 - 1, -1, -1):
        b.remove(TBUF[i])
    b.remove(to)
    if f >= 0:
        b.place(f, MARBLE + c)
    return -1 if w == -2 else 1 if w == -1 else 0


def _value_of_own(o, x, c):
    """What our marble on x is worth (its open squares), to charge a move from x."""
    b = o.b
    geo = b.geo
    cnt = b.cnt[c]
    w = o.weights
    v = 0
    for i in range(geo.cell_start[x], geo.cell_start[x + 1]):
        k = cnt[geo.cell_sq[i]]
        if k < 8:
            v += w[k - 1] if k >= 1 and k <= 3 else 0
    return v
