"""Exact short-horizon tactics for the games `other.py` plays (three to six players, Duel,
Trek, Rapid): the mover's win in 2 and the next seat's, counted rather than searched.

Loaded only by Average and Expert in those games, outside claim mode (the device holds this
code only there).

Why counting is exact. A seat completes a quad only on a completion cell (three of its
colour on a square, the fourth empty) that exists when its turn starts, and a marble makes
completion cells only for its own colour. Every other seat moves once between two turns of
the mover. So after a turn that covers every other seat's completion cell (stars, and the
marbles on some of them), nobody else can win before the mover's next turn, and the other
seats can occupy at most CAP = sum over them of (stars + marbles a turn) cells in between:
if the turn leaves the mover more distinct completion cells than CAP, one of them is still
empty at its next turn and it wins. If it leaves CAP or fewer, the others together can
cover them all. Duel: a cell completing both colours counts once (one piece covers it), the
second marble may stand on a completion cell of the first colour (so it is not counted).
Trek, Rapid: a moved marble lands on a cell like a placed one and its empty origin can only
open completion cells of the seats whose marbles surround it (other.py checks the mover's
own move; for the next seat `fork` counts as if it placed: at least as many cells, so the
guard is never fooled, at worst it avoids a turn that was safe).

Preconditions (`alive`): every seat in between has a marble to play, the mover has two turns
of marbles, the board keeps enough empty cells, and (Trek, Rapid) the move cap is not near;
a draw by threefold repetition in between is the one end these counts do not see.

Work is counted in `completions` calls (one pass over the squares through a cell, ~160 K
fuel on 11 x 11); a call past the limit ends the search with "no win" (never a false one).
"""

from ..board import MARBLE, STAR
from . import core
from .core import MAXCELLS

RB = bytearray(48)   # the cells the seat must cover (other seats' completion cells)
CA = bytearray(64)   # candidate cells of the first colour, then of the second
CB = bytearray(32)   # completion cells of the first marble
CC = bytearray(32)   # completion cells of the second marble
TWA = bytearray(MAXCELLS)  # open squares holding two of a colour, per empty corner
TWB = bytearray(MAXCELLS)
WORK = [0, 0]        # completions() calls made, the limit
_NR = [0]            # how many cells of RB the last fork had to cover
ML = [None]          # marbles in hand per seat at the decision's start


def twos(b, c, tw):
    """tw[x] = open squares of colour c holding two c marbles with x an empty corner: a c
    marble on x makes at most that many completion cells. Returns the largest."""
    cells = b.cells
    for x in range(len(cells)):
        tw[x] = 0
    cnt = b.cnt[c]
    corners = b.geo.sq_cells
    top = 0
    for s in range(len(cnt)):
        if cnt[s] == 2:
            for j in range(4 * s, 4 * s + 4):
                e = corners[j]
                if not cells[e]:
                    v = tw[e] + 1
                    tw[e] = v
                    if v > top:
                        top = v
    return top


def others(g, s, buf, cap):
    """The distinct completion cells of every other side's colours, seat by seat from the
    seat after s, into buf (at most cap); how many."""
    r = g.rules
    b = g.board
    side = r.seat_side[s]
    m = 0
    for i in range(1, r.players):
        o = (s + i) % r.players
        if r.seat_side[o] == side:
            continue
        for c in r.seat_colours[o]:
            if not b.nopen[c][3]:
                continue
            thr = b.thr[c]
            for x in range(len(thr)):
                if thr[x] and m < cap:
                    m = core.add(buf, 0, m, x)
    return m


def cap_of(g, s, stars):
    """Cells the seats other than s can occupy in one round: their stars (`stars` per seat)
    and their marbles."""
    r = g.rules
    t = 0
    for o in range(r.players):
        if o != s:
            t += stars[o] + r.per_turn
    return t


def alive(g, s, used):
    """Can seat s (to move) still make a quad at its next turn, whatever the others do in
    between (see the module docstring)? `used`: cells its turn now takes."""
    r = g.rules
    ml = ML[0]
    need = r.per_turn
    if r.moves:
        if g.turns + r.players + 1 >= 200:  # rules.MOVE_CAP
            return False
        need = 1
        if ml[s] < 2 and _on_board(g, s) < 4:
            return False  # no marble in hand and too few to move one off the square
    elif ml[s] < 2:
        return False
    for i in range(1, r.players):
        if ml[(s + i) % r.players] < 1 and not r.moves:
            return False  # the stars end would come first
    if need < 2:
        return True  # the mover's surviving completion cell keeps the board open
    # Duel: two empty cells at every turn start, even if the others fill all they can.
    return g.board.empty - used - cap_of(g, s, g.stars_left) >= 2


def _on_board(g, s):
    k = 0
    cs = g.rules.seat_colours[s]
    for v in g.board.cells:
        if MARBLE <= v < 255 and v - MARBLE in cs:
            k += 1
    return k


def _count(nr, xa, xb, ka, kb):
    """Distinct cells of CB[:ka] and CC[:kb] left empty by the turn (stars on RB[:nr], the
    marbles on xa and xb)."""
    k = 0
    for i in range(ka + kb):
        e = CB[i] if i < ka else CC[i - ka]
        if e == xa or e == xb:
            continue
        j = 0
        while j < nr and RB[j] != e:
            j += 1
        if j < nr:
            continue
        if i >= ka:
            j = 0
            while j < ka and CB[j] != e:
                j += 1
            if j < ka:
                continue
        k += 1
    return k


def _in_rb(nr, x):
    j = 0
    while j < nr and RB[j] != x:
        j += 1
    return j < nr


def _cands(b, tw, ow, nr, base, cap, need):
    """Candidate cells of one marble into CA[base:] (how many): the cells to cover, the
    empty cells where it can make `need` or more completion cells, and (ow given: a Duel
    turn, where the other marble may make the fork alone) two cells where it makes none and
    stands on no completion cell of the other one: one stands for all such cells."""
    cells = b.cells
    m = 0
    for i in range(nr):
        m = core.add(CA, base, m, RB[i])
    if need < 1:
        need = 1
    free = 0
    for x in range(len(cells)):
        if cells[x] or m >= cap:
            continue
        if tw[x] >= need:
            m = core.add(CA, base, m, x)
        elif ow is not None and free < 2 and not tw[x] and not ow[x] and not _in_rb(nr, x):
            CA[base + m] = x
            m += 1
            free += 1
    return m


def fork(g, s, stars, cap):
    """A turn of seat s (to move; `stars` in hand) covering every other side's completion
    cell and leaving s more than `cap` distinct completion cells: the marble cell x, or
    xa * 256 + xb for a Duel turn; -1 if there is none, -2 if the work limit ran out
    before that was known. The turn's stars are RB[:nr] minus its marble cells."""
    b = g.board
    cs = g.rules.seat_colours[s]
    nr = others(g, s, RB, len(RB))
    pt = len(cs)
    if nr > stars + pt or nr == len(RB):
        return -1
    ta = twos(b, cs[0], TWA)
    tb = twos(b, cs[1], TWB) if pt == 2 else 0
    if ta + tb <= cap:
        return -1  # no marble (pair) can make that many cells: nothing tried
    _NR[0] = nr
    na = _cands(b, TWA, TWB if pt == 2 else None, nr, 0, 32, cap + 1 - tb)
    nb = _cands(b, TWB, TWA, nr, 32, 32, cap + 1 - ta) if pt == 2 else 1
    for i in range(na):
        xa = CA[i]
        if TWA[xa] + tb <= cap:
            continue
        if WORK[0] >= WORK[1]:
            return -2
        WORK[0] += 1
        ka = core.completions(b, xa, cs[0], CB)
        for j in range(nb):
            xb = CA[32 + j] if pt == 2 else 255
            if xb == xa:
                continue
            kb = 0
            if pt == 2:
                if TWA[xa] + TWB[xb] <= cap:
                    continue
                if WORK[0] >= WORK[1]:
                    return -2
                WORK[0] += 1
                kb = core.completions(b, xb, cs[1], CC)
            covered = (1 if _in_rb(nr, xa) else 0) + (1 if _in_rb(nr, xb) else 0)
            if nr - covered > stars:
                continue
            if _count(nr, xa, xb, ka, kb) > cap:
                return xa * 256 + xb if pt == 2 else xa
    return -1


def turn_of(w, pt):
    """The actions of fork's turn w (RB as fork left it): stars, then the marbles."""
    xa = w >> 8 if pt == 2 else w
    xb = w & 255 if pt == 2 else 255
    out = []
    for i in range(_NR[0]):
        e = RB[i]
        if e != xa and e != xb:
            out.append(("star", e))
    out.append(("marble", xa))
    if pt == 2:
        out.append(("marble", xb))
    return out


def start(limit, g):
    """A new decision of game g may make `limit` completions() calls in all."""
    WORK[0] = 0
    WORK[1] = limit
    ML[0] = g.marbles_left  # (a new list on each read: read once a decision)


def win2(g):
    """The mover's winning turn in 2 (a list of actions) or None."""
    s = g.turn
    if not alive(g, s, g.rules.per_turn + g.stars_left[s]):
        return None
    st = g.stars_left
    w = fork(g, s, st[s], cap_of(g, s, st))
    if w < 0:
        return None  # (-2: out of work, no win claimed)
    return turn_of(w, g.rules.per_turn)


def next_forks(g, used):
    """The mover's turn is on the board (it used `used` of its stars). The next seat's
    winning fork turn as fork returns it (>= 0), -1 if it has none, -2 if the work ran
    out before that was known."""
    r = g.rules
    s = g.turn
    j = (s + 1) % r.players
    st = g.stars_left
    ml = ML[0]
    if r.moves:
        if g.turns + r.players + 2 >= 200:
            return -1
    elif ml[j] < 2:
        return -1
    if not r.moves:
        # Every seat between j's two turns needs a marble, else the stars end comes first
        # (the mover has just played one of its own).
        for i in range(1, r.players):
            o = (j + i) % r.players
            if ml[o] - (1 if o == s else 0) < 1:
                return -1
    t = 0
    for o in range(r.players):
        if o != j:
            t += st[o] - (used if o == s else 0) + r.per_turn
    if r.per_turn == 2 and g.board.empty - t - 2 - st[j] < 2:
        return -1
    return fork(g, j, st[j], t)


def unsafe(g, pb, ns, nm):
    """Put the mover's turn down (stars on pb[:ns], then its marbles on pb[ns:ns + nm] in
    its colours' order), ask whether the next seat then forks, take it off: as next_forks.
    Its pieces and counts cost about 16 completions() calls (~2.5 M fuel on 11 x 11: a
    piece on and off ~0.9 M, `twos` ~0.4 M)."""
    b = g.board
    if WORK[0] >= WORK[1]:
        return -2
    WORK[0] += 16
    cs = g.rules.seat_colours[g.turn]
    for i in range(ns):
        b.place(pb[i], STAR)
    for i in range(nm):
        b.place(pb[ns + i], MARBLE + cs[i])
    try:
        return next_forks(g, ns)
    finally:
        for i in range(ns + nm - 1, -1, -1):
            b.remove(pb[i])
