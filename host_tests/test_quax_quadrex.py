"""Quadrex's player (issue 45): a diagonal pair is a connection (a stone on either other
corner fills the fourth for the pair: quax-rules.md), Expert answers its best candidates
with the enemy's best cells, and every other rule set plays exactly as before.

The moves before are in data/quax_moves_before.txt (made with the code before the change:
every level on 60 seeded positions of Quax 11 and 9, Link 8, Quickway 9, Crossway 9 and 13).
"""

from pathlib import Path

from quax import Game, ai
from quax.board import QUADREX

DATA = Path(__file__).parent / "data" / "quax_moves_before.txt"


def test_other_rule_sets_play_exactly_as_before():
    rows = [ln for ln in DATA.read_text().splitlines() if ln and not ln.startswith("#")]
    assert len(rows) >= 50
    for row in rows:
        head, record, moves = (p.strip() for p in row.split("|"))
        rules, size, pie = head.split()
        g = Game(rules, int(size), pie == "on")
        for t in record.split():
            g.play(t)
        got = [ai.choose(g, lv, 3) for lv in ai.LEVELS]
        assert got == moves.split(), (row, got)


def cost(g, colour):
    t = ai.tables(g.n, g.rule)
    for i in range(t.N):
        t.cells[i] = g.board.cells[i]
        t.links[i] = g.board.links[i]
    t.cut = False
    t.tomove = colour
    return ai.spfa(t, colour, 0, t.d[0])


def test_a_diagonal_pair_is_a_connection_in_quadrex():
    # Black (bottom to top) on a diagonal staircase up column c/d: no two of its stones
    # side by side, yet no White stone can cut it (a stone on a pair's other corner fills
    # the fourth corner Black's).
    g = Game("quadrex", 5, False)
    for b, w in (("c1", "a2"), ("d2", "a3"), ("c3", "a4"), ("d4", "e1")):
        g.play(b)
        g.play(w)
    assert g.result is None
    assert cost(g, 0) == 1  # one stone more (c5 or d5... e5) and the chain is whole
    g.play("c5")
    assert cost(g, 0) == 0
    # White cannot get from left to right any more: its shortest chain is cut.
    assert cost(g, 1) >= 9999
    # Filling the board out makes the chain real: every White stone beside a pair fills
    # the pair's other corner Black's, and Black wins.
    while g.result is None:
        g.play(ai.choose(g, "expert", 1))
    assert g.result[1] == 0


def test_quadrex_expert_answers_its_candidates():
    g = Game("quadrex", 9, False)
    for t in ("e5", "d4", "f6", "e4"):
        g.play(t)
    n0 = [0]

    class Counting(ai.Player):
        def _reply(self, *a):
            n0[0] += 1
            r = yield from ai.Player._reply(self, *a)
            return r

    p = Counting(g, "expert", 0)
    for turn in p.run():
        pass
    assert n0[0] == 1 and turn
    assert g.rule == QUADREX


def test_larger_quadrex_boards_keep_the_cheapest_run_and_no_answers():
    # Above QN x QN the two-distance and the answers cost more than Expert's device budget
    # (docs/quax.md): the cheapest run measures, diagonal pairs joined, and no _reply.
    g = Game("quadrex", ai.QN + 2, False)
    for t in ("e5", "d4", "f6", "e4"):
        g.play(t)
    n0 = [0]

    class Counting(ai.Player):
        def _reply(self, *a):
            n0[0] += 1
            r = yield from ai.Player._reply(self, *a)
            return r

    for turn in Counting(g, "expert", 0).run():
        pass
    assert n0[0] == 0 and turn
    t = ai.tables(g.n, g.rule)
    assert not t.td
    g9 = Game("quadrex", ai.QN, False)
    assert ai.tables(g9.n, g9.rule).td


def plain_two_distance(g, c, side=0):
    """The two-distance as quax/qdist.py defines it, computed the plain way: chains by a
    flood fill, each empty cell's neighbours listed in full, values by repeated rounds
    (a cell: one more than the second lowest of the cells that have it as a neighbour)
    until nothing changes. Returns (value to the other edge, {cell: value})."""
    n = g.n
    cells = g.board.cells
    own, foe = c + 1, 2 - c

    def beside(x):
        f, r = x % n, x // n
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                if (df or dr) and 0 <= f + df < n and 0 <= r + dr < n:
                    if df and dr and cells[r * n + f + df] == foe and \
                            cells[(r + dr) * n + f] == foe:
                        continue
                    yield (r + dr) * n + f + df

    def rank(x):  # 0 on the own edge the search starts from, n - 1 on the other
        r = x // n if c == 0 else x % n
        return r if side == 0 else n - 1 - r

    chain = {}
    for x in range(n * n):
        if cells[x] == own and x not in chain:
            todo, seen = [x], {x}
            while todo:
                s = todo.pop()
                for z in beside(s):
                    if cells[z] == own and z not in seen:
                        seen.add(z)
                        todo.append(z)
            seen = frozenset(seen)
            for s in seen:
                chain[s] = seen
    empty = [x for x in range(n * n) if not cells[x]]

    def hood(x):  # empty cells beside x or beside an own chain beside x
        out = set()
        for z in beside(x):
            if cells[z] == 0:
                out.add(z)
            elif cells[z] == own:
                out |= {y for s in chain[z] for y in beside(s) if cells[y] == 0}
        out.discard(x)
        return out

    INF = ai.INF
    base = {x for x in empty if rank(x) == 0}
    for s, ch in chain.items():
        if rank(s) == 0:
            base |= {y for t in ch for y in beside(t) if cells[y] == 0}
    val = {x: (1 if x in base else INF) for x in empty}
    hoods = {x: hood(x) for x in empty}
    while True:
        new = dict(val)
        for z in empty:
            if z in base:
                continue
            got = sorted(val[y] for y in empty if z in hoods[y])
            if len(got) >= 2 and got[1] + 1 < new[z]:
                new[z] = got[1] + 1
        if new == val:
            break
        val = new
    far_cells = sorted(val[x] for x in empty if rank(x) == n - 1)
    far = far_cells[1] if len(far_cells) > 1 else INF
    for s, ch in chain.items():
        if rank(s) == n - 1:
            if any(rank(t) == 0 for t in ch):
                far = 0
            for x in empty:
                if any(cells[z] == own and chain[z] is ch for z in beside(x)):
                    far = min(far, val[x])
    return far, val


def test_the_two_distance_is_the_plain_one():
    # Random Quadrex positions on 5 x 5 to 9 x 9, both colours: the same value to the other
    # edge, and the same value on every cell below it (the search stops there).
    from quadutil import Rng
    rng = Rng(45)
    checked = 0
    for k in range(40):
        n = (5, 7, 9)[k % 3]
        g = Game("quadrex", n, False)
        for _ in range(rng.below(n * n * 2 // 3)):
            if g.result is not None:
                break
            ms = g.moves()
            g.apply_move(ms[rng.below(len(ms))])
        if g.result is not None:
            g.undo()
        t = ai.tables(n, QUADREX)
        assert t.td
        for i in range(t.N):
            t.cells[i] = g.board.cells[i]
        for c in (0, 1):
            far, val = plain_two_distance(g, c)
            assert ai.spfa(t, c, 0, t.d[0]) == far, (g.record(), c)
            for x, v in val.items():
                if v < far:
                    assert t.d[0][x] == v, (g.record(), c, x)
            checked += 1
    assert checked == 80


def test_the_two_distance_module_agrees_with_the_player():
    from quax import qdist
    assert qdist.INF == ai.INF


def test_quadrex_expert_answers_with_the_enemy_best_cells():
    # Each candidate Expert reads to the second ply is answered by the QE empty cells on
    # which the enemy's two-distances from its two edges add up lowest after it (the plain
    # reference above, the candidate and its fills played on a copy of the game).
    g = Game("quadrex", 9, False)
    for t in "h3 e2 d4 i9 d5".split():  # the root's order answers otherwise (plays d2)
        g.play(t)
    tried = []

    class Recording(ai.Player):
        def _reply(self, t, c, w, move):
            def fill(t2, x, k=0):
                tried.append((x, t2.cells[x]))
                return ai.fill(t2, x, k)
            return t.rf(self, t, c, w, move, fill, ai.QR, ai.QE)

    for turn in Recording(g, "expert", 0).run():
        pass
    assert ai.QE == 3 and ai.QR == (3, 3)
    me = g.turn
    groups = []
    for x, colour in tried:
        if colour == me + 1:
            groups.append((x, []))
        else:
            groups[-1][1].append(x)
    assert len(groups) == ai.QR[0]
    assert turn in [ai.format_move(x, 9) for x, _ in groups]
    for x, answers in groups:
        h = Game("quadrex", 9, False)
        for t in g.record().split():
            h.play(t)
        h.play(ai.format_move(x, 9))
        _, one = plain_two_distance(h, 1 - me, 0)
        _, two = plain_two_distance(h, 1 - me, 1)
        pot = sorted(one[y] + two[y] for y in one)
        # in that order; a candidate's answers stop once one is worse than an earlier
        # candidate's worst
        assert 1 <= len(answers) <= ai.QE
        assert [one[y] + two[y] for y in answers] == pot[:len(answers)], (x, answers)
    assert len(groups[0][1]) == ai.QE


def ladder_after(record, move):
    """The scratch cells after `move` for the side to move, its fills and the ladder it
    starts played out (qdist.ladder); returns (the cells placed in order, the board)."""
    g = Game("quadrex", 9, False)
    for t in record.split():
        g.play(t)
    t = ai.tables(9, QUADREX)
    for i in range(t.N):
        t.cells[i] = g.board.cells[i]
    x = next(i for i in range(t.N) if ai.format_move(i, 9) == move)
    c = g.turn
    t.cells[x] = c + 1
    nf = ai.fill(t, x)
    nl = t.lf(t, c, x, nf, ai.fill)
    placed = [ai.format_move(t.fl[j], 9) for j in range(nf + nl)]
    cells = bytes(t.cells)
    for j in range(nf + nl):
        t.cells[t.fl[j]] = 0
    t.cells[x] = 0
    assert bytes(t.cells) == bytes(g.board.cells)
    return placed[nf:], cells


def test_quadrex_expert_reads_a_ladder_to_its_end():
    # MCTS-1000 (Black) against Expert, game 20001 of the tuning range: Black runs down a
    # diagonal, White blocking straight below each new stone (e3 below e4, whose step to
    # f3 White's f4 and e3 shut); Black steps to d3 (d4 filled Black's), White d2, ...
    # until Black stands on its bottom edge (b1) and White's wall reaches no edge of its own.
    placed, cells = ladder_after("h6 g5 f5 f4 e4", "e3")
    assert placed == ["d3", "d4", "d2", "e2", "c2", "c3", "c1", "d1", "b1", "b2"]
    g = Game("quadrex", 9, False)
    for t in "h6 g5 f5 f4 e4 e3 d3 d2 c2 c1 b1".split():
        g.play(t)
    assert cells == bytes(g.board.cells)   # the game's own board after the same turns
    # Reading it, Expert no longer follows that ladder; without the reading it does.
    g = Game("quadrex", 9, False)
    for t in "h6 g5 f5 f4 e4".split():
        g.play(t)
    assert ai.LAD
    assert ai.choose(g, "expert", 1) != "e3"
    try:
        ai.LAD = 0
        assert ai.choose(g, "expert", 1) == "e3"
    finally:
        ai.LAD = 1


def test_no_ladder_without_a_shut_step():
    # A block straight ahead of a stone with both diagonal steps open is no ladder, nor a
    # stone beside (not ahead of) an enemy stone.
    assert ladder_after("e5 a1 a9", "e4")[0] == []     # d4 and f4 both open below e5
    assert ladder_after("e5 a1 a9", "d5")[0] == []     # beside e5, not ahead of it
    # ... while with White on f5 (and Black on a9), f4 is shut: the ladder runs down-left
    assert ladder_after("e5 f5 a9", "e4")[0][:2] == ["d4", "d5"]
    # ... unless it runs into a White stone (c3): Black would not run it, nothing is kept
    assert ladder_after("e5 f5 a9 c3 i9", "e4")[0] == []
    # (the board is left as it was: ladder_after checks that each time)
