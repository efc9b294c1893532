"""The Quax family's engine (quax/): notation, every rule set of docs/quax-rules.md, the
checked API (errors change nothing), undo, save/load damaged at every byte, random games of
every rule set and size played side by side with the brute-force reference
(host_tests/quax_reference.py), hypothesis properties, and the 4x4 Link example."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples  # the quick tier: a quarter of the examples

from quadutil import Rng
from quax import PASS, RULES, SWAP, Game, cell_name, format_move, parse_cell, parse_turn
from quax.board import Board

from quax_reference import RefGame


def state(g):
    b = g.board
    return (bytes(b.cells), bytes(b.links), g.turn, g.swapped, g.plies, g.result, g.chain,
            bytes(g._log))


def play_all(g, text):
    for t in text.split():
        g.play(t)
    return g


def random_game(rules, n, seed, pie=None, upto=None):
    g = Game(rules, n, pie)
    r = Rng(seed)
    while g.result is None and (upto is None or g.plies < upto):
        ms = g.moves()
        g.apply_move(ms[r.below(len(ms))])
    return g


# -- notation -------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [4, 8, 9, 11, 19])
def test_every_cell_round_trips(n):
    assert [parse_cell(cell_name(x, n), n) for x in range(n * n)] == list(range(n * n))
    assert cell_name(0, n) == "a1" and cell_name(n * n - 1, n) == "abcdefghijklmnopqrs"[n - 1] \
        + str(n)


@pytest.mark.parametrize("bad", ["j1", "a0", "a10", "", "4d", "dd", "a01", "c3-", "-c3",
                                 "swapp", "c3-c3", "c3--d4"])
def test_bad_turns_are_refused(bad):
    with pytest.raises(ValueError):
        parse_turn(bad, 9)


def test_turn_syntax():
    assert parse_turn("C3", 9) == ("drop", 20, 20)
    assert parse_turn("d4-c3", 9) == ("link", 20, 30)
    assert parse_turn(" swap ", 9)[0] == "swap" and parse_turn("PASS", 9)[0] == "pass"
    assert parse_cell("s19", 19) == 360


# -- the rules --------------------------------------------------------------------------------
def test_defaults():
    assert (Game().n, Game().pie) == (11, True)
    assert (Game("link").n, Game("link").pie) == (8, False)
    for r in ("quickway", "crossway", "quadrex"):
        assert Game(r).n == 9 and Game(r).pie
    for bad in (dict(rules="hex"), dict(size=3), dict(size=20), dict(size="9")):
        with pytest.raises(ValueError):
            Game(**bad)


def test_black_joins_ranks_white_joins_files():
    g = Game("quax", 4, False)
    play_all(g, "a1 b1 a2 b2 a3 b3")
    assert g.result is None
    g.play("a4")
    assert g.result == ("win", 0, "chain") and g.chain == (0, 4, 8, 12)
    g = Game("quax", 4, False)
    play_all(g, "a1 a2 a3 b2 a4 c2 b4")
    assert g.result is None
    g.play("d2")
    assert g.result == ("win", 1, "chain") and [cell_name(x, 4) for x in g.chain] == [
        "a2", "b2", "c2", "d2"]


def test_quax_link_needs_own_diagonal_and_no_crossing():
    g = play_all(Game("quax", 5, False), "a1 b1 b2 a2")
    assert sorted(g.links_from(0)) == [6]
    before = state(g)
    for bad, why in (("a1-c3", "diagonally"), ("a1-a2", "diagonally"), ("b1-a2", "Black"),
                     ("c1-b2", "Black")):
        with pytest.raises(ValueError, match=why):
            g.play(bad)
        assert state(g) == before
    g.play("a1-b2")
    assert g.board.links[0] == 1
    with pytest.raises(ValueError, match="cross"):
        g.play("b1-a2")
    g.play("c5")
    with pytest.raises(ValueError, match="linked already"):
        g.play("a1-b2")
    assert not g.can_link(0, 6) and g.can_link(2, 6) is False


def test_link_joins_a_chain_and_wins():
    g = play_all(Game("link", 4), "b2 a2 a1 b1 b3 c3 c4 b4 a1-b2 d2 d1 d3")
    assert g.result is None
    g.play("b3-c4")
    assert g.result == ("win", 0, "chain")
    assert [cell_name(x, 4) for x in g.chain] == ["a1", "b2", "b3", "c4"]


def test_seed_4x4_link_example():
    """Issue 24's description of the seed's 4x4 Link game (the seed text itself was not
    available): Black wins after 7 turns to White's 6, its chain 4 stones and 2 links."""
    rec = "b2\na2\na1\nb1\nb3\nc3\nc4\nb4\na1-b2\nd2\nd1\nd3\nb3-c4\n"
    g = Game("link", 4)
    for t in rec.split():
        g.play(t)
    assert g.plies == 13 and g.result[:2] == ("win", 0)
    black = rec.split()[0::2]
    assert len(black) == 7 and len(rec.split()) - 7 == 6
    assert len(g.chain) == 4 and sum("-" in t for t in black) == 2
    ref = RefGame("link", 4, False)
    for t in rec.split():
        ref.play(t)
    assert ref.winner == "B"


def test_quickway_links_form_by_themselves_unless_crossed():
    g = play_all(Game("quickway", 5, False), "a1 b1 b2")
    assert g.board.links[0] == 1            # a1-b2 formed with b2
    g.play("a2")                            # White's b1-a2 would cross it: none
    assert g.board.links[0] == 1
    with pytest.raises(ValueError, match="not a turn in Quickway"):
        g.play("a1-b2")
    g = play_all(Game("quickway", 5, False), "b1 a1 a2")
    assert g.board.links[0] == 2            # Black's b1-a2 formed with a2
    g.play("b2")                            # White's a1-b2 would cross it: no link
    assert g.board.links[0] == 2 and not g.board.joined(0, 6)


def test_crossway_forbids_the_checkerboard_and_joins_diagonally():
    g = play_all(Game("crossway", 5, False), "a1 b1 e5 a2")
    before = state(g)
    with pytest.raises(ValueError, match="checkerboard"):
        g.play("b2")
    assert state(g) == before and not g.can_drop(6)
    g = play_all(Game("crossway", 4, False), "a1 a2 b2 a3 c3 a4")
    assert g.result is None
    g.play("d4")
    assert g.result[:2] == ("win", 0) and len(g.chain) == 4


def test_quadrex_fills_the_fourth_point_and_cascades():
    g = play_all(Game("quadrex", 5, False), "a1 b1 b2")
    # a1, b2 Black (a pair), b1 White: a2 is filled Black at once
    assert g.at(5) == 1 and g.filled() == [5]
    g = Game("quadrex", 5, False)
    play_all(g, "b2 a2 c1 b1")
    # b1 White: block a1 b1 a2 b2: a2 W b1 W diagonal pair, b2 B: a1 filled White;
    # block b1 c1 b2 c2: b2 B c1 B pair, b1 W: c2 filled Black
    assert g.at(0) == 2 and g.at(7) == 1 and sorted(g.filled()) == [0, 7]


def test_quadrex_fill_can_win_for_either_side():
    # Black's last drop c1 makes stymies whose fills (b2, then a3) are White and complete
    # White's chain: Black's own turn loses (found by random play, 4x4 seed 9).
    g = play_all(Game("quadrex", 4, False), "c4 d3 d1 c3 b3 b1 d2 a4 a2 c2 d4 a1")
    assert g.result is None and g.turn == 0
    g.play("c1")
    assert g.result[:2] == ("win", 1) and g.filled() == [5, 8]
    assert [cell_name(x, 4) for x in g.chain] == ["a1", "b1", "b2", "c2", "c3", "d3"]


def test_pie_swap_exchanges_players_not_stones():
    g = Game("crossway", 9)
    with pytest.raises(ValueError, match="second turn"):
        g.play("swap")
    g.play("e5")
    assert g.can_swap() and SWAP in g.moves()
    g.play("swap")
    assert g.turn == 1 and g.swapped and g.seat(0) == 1 and g.seat(1) == 0
    assert g.at(40) == 1 and g.board.stones == 1
    with pytest.raises(ValueError, match="second turn"):
        g.play("swap")
    g.undo()
    assert not g.swapped and g.turn == 1
    g = Game("link", 8)
    g.play("d4")
    with pytest.raises(ValueError, match="pie rule is off"):
        g.play("swap")
    g = Game("quax", 9, pie=False)
    g.play("d4")
    assert SWAP not in g.moves()


def test_pass_only_without_a_legal_turn():
    g = Game("crossway", 4, False)
    with pytest.raises(ValueError, match="may not pass"):
        g.play("pass")
    # A 4x4 Crossway position where Black has no legal placement (found by random play,
    # seed 7706): c2, the one empty cell, would make a checkerboard with b1 / c1 / b3...
    rec = "a1 d2 b3 b1 d3 c3 a3 d4 a4 c4 c1 a2 d1 b4".split()
    h = play_all(Game("crossway", 4, False), " ".join(rec[:-1]))
    with pytest.raises(ValueError, match="may not pass"):
        h.play("pass")
    h.play(rec[-1])
    assert h.result is None and h.turn == 0
    assert h.moves() == [PASS] and not h.has_move(0) and h.has_move(1)
    with pytest.raises(ValueError, match="checkerboard"):
        h.play("c2")
    h.play("pass")
    assert h.turn == 1 and h.record().split()[-1] == "pass"
    h.play("c2")
    assert h.result is not None and h.result[0] == "win"


def test_errors_change_nothing_and_the_end_is_final():
    g = random_game("quax", 5, 3)
    before = state(g)
    for bad in ("a1", "swap", "pass", "a1-b2"):
        with pytest.raises(ValueError):
            g.play(bad)
        assert state(g) == before
    with pytest.raises(ValueError):
        Game().undo()


def test_undo_restores_every_earlier_position():
    for rules in RULES:
        g = random_game(rules, 6, 11)
        seen = []
        h = Game(rules, 6)
        for t in g.record().split():
            seen.append(state(h))
            h.play(t)
        for i in range(len(seen) - 1, -1, -1):
            h.undo()
            s = state(h)
            assert s[:6] == seen[i][:6] and s[7] == seen[i][7]


# -- save / load ------------------------------------------------------------------------------
def test_save_round_trip_and_damage_at_every_byte():
    g = random_game("quax", 7, 5, upto=25)
    data = g.to_bytes()
    h = Game.from_bytes(data)
    assert state(h) == state(g) and (h.rules, h.n, h.pie) == (g.rules, g.n, g.pie)
    for i in range(len(data)):
        bad = bytearray(data)
        bad[i] ^= 0x10
        with pytest.raises(ValueError):
            Game.from_bytes(bytes(bad))
    for k in range(len(data)):
        with pytest.raises(ValueError):
            Game.from_bytes(data[:k])


# -- side by side with the brute-force reference ---------------------------------------------
def side_by_side(rules, n, seed, pie):
    g = Game(rules, n, pie)
    ref = RefGame(rules, n, pie)
    r = Rng(seed)
    while g.result is None:
        legal = sorted(format_move(m, n) for m in g.moves())
        assert legal == sorted(ref.legal()), (g.record(), rules, n)
        ms = g.moves()
        t = format_move(ms[r.below(len(ms))], n)
        g.play(t)
        ref.play(t)
        cells = bytes({"B": 1, "W": 2}.get(ref.stone.get((x % n, x // n)), 0)
                      for x in range(n * n))
        assert bytes(g.board.cells) == cells, (g.record(), rules, n)
    assert ref.over
    assert g.result[0] == "win"
    assert "BW"[g.result[1]] == ref.winner
    assert ref.connected(ref.winner) and not ref.connected(ref.other(ref.winner))
    return g


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("n", [4, 5, 6, 7, 8, 9, 11])
def test_random_games_agree_with_the_reference(rules, n):
    for seed in range(12 if n < 8 else 4):
        side_by_side(rules, n, 1000 * n + seed, seed % 2 == 0)


@pytest.mark.parametrize("rules", RULES)
def test_random_games_on_13_and_19_agree(rules):
    side_by_side(rules, 13, 7, True)
    side_by_side(rules, 19, 8, False)


# -- hypothesis properties ------------------------------------------------------------------
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["quickway", "crossway"]), st.integers(4, 11),
       st.integers(0, 2 ** 30 - 1))
def test_a_finished_board_has_exactly_one_winner(rules, n, seed):
    """Play on past any win until no stone can go down: exactly one side is joined."""
    b = Board(n, RULES.index(rules))
    r = Rng(seed)
    c = 0
    free = list(range(n * n))
    stuck = 0
    while free and stuck < 2:
        ok = [x for x in free if rules != "crossway" or b.crossway_ok(x, c)]
        if ok:
            x = ok[r.below(len(ok))]
            free.remove(x)
            b.drop(x, c)
            stuck = 0
        else:
            stuck += 1
        c ^= 1
    assert b.won(0) != b.won(1)


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(RULES), st.integers(4, 12), st.integers(0, 2 ** 30 - 1),
       st.booleans())
def test_replaying_a_record_gives_the_same_position(rules, n, seed, pie):
    g = random_game(rules, n, seed, pie)
    h = Game(rules, n, pie)
    for t in g.record().split("\n"):
        h.play(t)
    assert state(h) == state(g)
    assert state(Game.from_bytes(g.to_bytes())) == state(g)


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(RULES), st.integers(4, 9), st.integers(0, 2 ** 30 - 1))
def test_swap_and_pass_follow_the_rule_book(rules, n, seed):
    g = Game(rules, n, True)
    r = Rng(seed)
    while g.result is None:
        ms = g.moves()
        assert (SWAP in ms) == (g.plies == 1)
        assert (PASS in ms) == (ms == [PASS]) == (not g.has_move(g.turn))
        m = ms[r.below(len(ms))]
        turn, swapped = g.turn, g.swapped
        g.apply_move(m)
        if m == SWAP:
            assert g.turn == turn and g.swapped != swapped
        else:
            assert g.turn == turn ^ 1 and g.swapped == swapped
