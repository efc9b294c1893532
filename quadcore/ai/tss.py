"""Threat-space search of the two-colour player: functions of a `two.Two` (its `self`),
loaded only by a level that plays forcing chains (not Expert's turn search).

Looks for a forced win made only of threat moves: every own marble makes at least one
completion cell, and the defender must cover them all this turn. A defender with s stars
covers up to s + 1 cells (a marble on one, stars on the rest), so a marble making more
completion cells than that wins at once; one making fewer still costs the defender stars,
which makes the next fork win sooner. Every way of covering is tried: the marble on each
completion cell in turn with stars on the others (and, with a star to spare, one more star
on each cell that could spoil our next fork), and stars on all of them with the marble on
each such cell. Counter-threats the defender's marble makes are
starred (star-then-attack) while we have stars. Depth counts our own moves.
"""

from ..board import MARBLE, STAR
from . import core
from .core import EBUF, MAXCELLS, SCORE, add, insert_by
from .fast import CAND, TB, TWO, cells_with


def tss_root(self, seat, depth):
    """Generator: a marble that wins by force through threats, or -1. The quickest win
    first: chains of 2 own moves are tried before chains of `depth`."""
    me = self.colour[seat]
    base = me * MAXCELLS
    cells = self.b.cells
    m = 0
    for x in range(len(cells)):
        if not cells[x] and TWO[base + x]:
            m = insert_by(CAND, 0, m, 16, x, SCORE)
    for d in range(2 if depth > 2 else depth, depth + 1):
        for i in range(m):
            x = CAND[i]
            if self.nodes >= self.limit:
                return -1
            if tss_move(self, seat, x, d, 1):
                return x
            yield None
    return -1


def tss_move(self, seat, x, depth, ply):
    """Does a marble of `seat` on x win by force within `depth` own threat moves?"""
    b = self.b
    c = self.colour[seat]
    nxt = (seat + 1) % self.players
    s_def = self.stars[nxt]
    k = core.completions(b, x, c, EBUF)
    if k == 0:
        return False
    if k > s_def + 1:
        return True
    if depth <= 1 or self.players != 2:
        return False
    base = 8 * ply
    for i in range(k):
        TB[base + i] = EBUF[i]
    mark = self.npath
    self.put(x, MARBLE + c)
    self.marbles[seat] -= 1
    ok = True
    o = 1 - c
    for i in range(k):
        # The defender: marble on completion cell i, stars on the others.
        m2 = self.npath
        for j in range(k):
            if j != i:
                self.put(TB[base + j], STAR)
        self.stars[nxt] -= k - 1
        self.put(TB[base + i], MARBLE + o)
        self.marbles[nxt] -= 1
        won = tss_continue(self, seat, depth - 1, ply + 1)
        if won and s_def >= k:
            # A star to spare: it may go on a cell that spoils our next fork.
            ny = spoilers(self, c, 16 * ply)
            self.stars[nxt] -= 1
            for q in range(ny):
                m3 = self.npath
                self.put(CAND[16 * ply + q], STAR)
                won = tss_continue(self, seat, depth - 1, ply + 1)
                self.undo_to(m3)
                if not won:
                    break
            self.stars[nxt] += 1
        self.marbles[nxt] += 1
        self.stars[nxt] += k - 1
        self.undo_to(m2)
        if not won:
            ok = False
            break
    if ok and s_def >= k:
        # Or stars on every completion cell and the marble free: it goes where it
        # spoils most, on one of our fork cells or one of their completion cells.
        m2 = self.npath
        for j in range(k):
            self.put(TB[base + j], STAR)
        self.stars[nxt] -= k
        ny = spoilers(self, c, 16 * ply)
        if not ny:
            ok = False
        for i in range(ny):
            m3 = self.npath
            self.put(CAND[16 * ply + i], MARBLE + o)
            self.marbles[nxt] -= 1
            won = tss_continue(self, seat, depth - 1, ply + 1)
            self.marbles[nxt] += 1
            self.undo_to(m3)
            if not won:
                ok = False
                break
        self.stars[nxt] += k
        self.undo_to(m2)
    self.marbles[seat] += 1
    self.undo_to(mark)
    return ok


def spoilers(self, c, cb):
    """Cells where a defender piece can spoil colour c's next threats: up to 3 of its
    fork cells and their completion cells, then cells where it makes one three, into
    CAND[cb:cb + 8]; how many."""
    cells = self.b.cells
    f = cells_with(TWO, c, cells, CAND, cb, 0, 3, 2)
    m = f
    for i in range(f):
        k = core.completions(self.b, CAND[cb + i], c, EBUF)
        for j in range(k):
            if m < 8:
                m = add(CAND, cb, m, EBUF[j])
    if m < 8:
        m = cells_with(TWO, c, cells, CAND, cb, m, 8, 1)
    return m


def tss_continue(self, seat, depth, ply):
    """After the defender's answer, `seat` moves again: win on with another threat?"""
    b = self.b
    c = self.colour[seat]
    if b.nopen[c][3]:
        return True  # a completion cell was left open
    if self.nodes >= self.limit or not self.marbles[seat]:
        return False
    base = 8 * ply
    nt = core.threat_cells(b, 1 - c, TB, base, 8)
    mark = self.npath
    starred = 0
    if nt:
        # The defender's marble made threes of its own: star them (the marble stays
        # free for the attack) if we can.
        if nt > self.stars[seat]:
            return False
        for i in range(nt):
            self.put(TB[base + i], STAR)
        self.stars[seat] -= nt
        starred = nt
    won = False
    cb = 16 * ply
    cells = b.cells
    # Fork cells first. On our last move only a fork with more completion cells than the
    # defender's stars + 1 wins, and a cell completes at most TWO of them: filter on it.
    need = 2
    if depth <= 1:
        need = self.stars[(seat + 1) % self.players] + 2
    m = cells_with(TWO, c, cells, CAND, cb, 0, 16, need)
    for i in range(m):
        if tss_move(self, seat, CAND[cb + i], depth, ply + 1):
            won = True
            break
        if self.nodes >= self.limit:
            break
    if not won and depth > 1 and self.nodes < self.limit:
        # Then cells making one three (the defender's answer is forced).
        tb = c * MAXCELLS
        m = 0
        for x in range(len(cells)):
            if TWO[tb + x] == 1 and not cells[x]:
                CAND[cb + m] = x
                m += 1
                if m >= 16:
                    break
        for i in range(m):
            if tss_move(self, seat, CAND[cb + i], depth, ply + 1):
                won = True
                break
            if self.nodes >= self.limit:
                break
    self.stars[seat] += starred
    self.undo_to(mark)
    return won
