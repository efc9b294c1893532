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
