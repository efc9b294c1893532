"""Engine properties: undo restores every byte, counters equal a recount, illegal actions
change nothing, and the engine agrees with a slow independent referee (reference.py)."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples  # the quick tier: a quarter of the examples

from quadcore import Game, Rules, parse_cell
from reference import RefError, RefGame
from enginetools import counters, random_line, recount, snapshot

CONFIGS = st.one_of(
    st.tuples(st.integers(5, 15), st.integers(2, 6), st.just("standard")),
    st.tuples(st.integers(5, 12), st.integers(2, 3), st.sampled_from(["trek", "rapid"])),
    st.tuples(st.integers(5, 12), st.integers(2, 3), st.just("duel")),
    st.tuples(st.integers(5, 12), st.just(4), st.just("bridge")),
)


def make_pair(cfg, one_short, marbles, stars):
    n, p, v = cfg
    return (Game(n, p, marbles, stars, one_short, v),
            RefGame(n, p, marbles, stars, one_short, v))


def ref_state(rg, g):
    """The reference's position in the engine's cell encoding."""
    n = g.n
    cells = bytearray(g.cells)
    for x in range(n * n):
        if g.geo.valid[x]:
            cells[x] = 0
    for (c, r), v in rg.board.items():
        cells[r * n + c] = 1 if v == ("S",) else 2 + v[1]
    return bytes(cells), rg.stars, [min(h) for h in rg.hand], rg.seat, rg.result


def play_both(g, rg, rnd, turns, illegal_rate=0.15):
    """Feed the same random lines to both; they must agree on legality and on everything after."""
    for _ in range(turns):
        if g.result is not None:
            break
        line = random_line(g, rnd, illegal_rate)
        before = snapshot(g)
        try:
            g.play(line)
            ok = True
        except ValueError as e:
            ok = False
            assert str(e)
            assert snapshot(g) == before, "illegal %r changed the game" % line
        try:
            rg.play(line)
            rok = True
        except RefError:
            rok = False
        assert ok == rok, "engine %s, reference %s: %r after\n%s" % (
            ok, rok, line, g.record())
        assert (bytes(g.cells), g.stars_left, g.marbles_left, g.turn, g.result) == \
            ref_state(rg, g)
        if g.result and g.result[2] == "quad":
            n = g.n
            assert len(set(g.quad)) == 4
            won = g.result[1]
            cols = g.rules.seat_colours[won]
            assert len({g.cells[x] for x in g.quad}) == 1
            assert g.cells[g.quad[0]] - 2 in cols
            # the quad is a real square: same check as the reference's geometry
            assert rg.square_with((g.quad[0] % n, g.quad[0] // n), g.cells[g.quad[0]] - 2)


@settings(max_examples=examples(1500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cfg=CONFIGS, one_short=st.booleans(), seed=st.integers(0, 2 ** 32),
       marbles=st.sampled_from([None, None, 3, 8]), stars=st.sampled_from([None, None, 0, 7]))
def test_engine_agrees_with_reference(cfg, one_short, seed, marbles, stars):
    g, rg = make_pair(cfg, one_short, marbles, stars)
    play_both(g, rg, random.Random(seed), 250)


@settings(max_examples=examples(150), deadline=None)
@given(cfg=CONFIGS, seed=st.integers(0, 2 ** 32))
def test_counters_equal_recount_and_full_undo_restores_every_byte(cfg, seed):
    n, p, v = cfg
    g = Game(n, p, variant=v)
    start = snapshot(g)
    rnd = random.Random(seed)
    marks = []
    for _ in range(120):
        if g.result is not None:
            break
        marks.append(snapshot(g))
        try:
            g.play(random_line(g, rnd, illegal_rate=0))
        except ValueError:
            marks.pop()
            continue
        assert counters(g) == recount(g)
    while marks:
        g.undo()
        assert snapshot(g) == marks.pop()
    assert snapshot(g) == start
    with pytest.raises(ValueError):
        g.undo()


def test_partial_turn_undo_and_star_mode_return():
    g = Game()
    base = snapshot(g)
    g.star(parse_cell("e6", 11))
    g.star(parse_cell("e7", 11))
    assert g.pending == 2 and g.stars_left[0] == 4 and g.turn == 0
    g.undo()
    assert snapshot(g) == base


def test_standard_quad_win_example():
    g = Game()
    for line in ["c3", "b2", "c5", "b3", "e3", "b4", "e5"]:
        g.play(line)
    assert g.result == ("win", 0, "quad")
    assert sorted(g.name(x) for x in g.quad) == ["c3", "c5", "e3", "e5"]
    with pytest.raises(ValueError, match="over"):
        g.play("f6")


def test_tilted_quad_b2_e3_d6_a5():
    g = Game()
    for line in ["b2", "k5", "e3", "k6", "d6", "k7", "a5"]:
        g.play(line)
    assert g.result == ("win", 0, "quad")
    assert set(g.name(x) for x in g.quad) == {"b2", "e3", "d6", "a5"}


def test_star_blocks_a_square_for_everyone():
    g = Game()
    for line in ["c3", "b2", "c5", "*e3 b3", "e5"]:
        g.play(line)
    assert g.result is None
    assert g.threats(0) == []


@pytest.mark.parametrize("line,msg", [
    ("a1", "corner"), ("z9", "off the 11 x 11 board"), ("e6 e7", "one turn"),
    ("*e6", "must end"), ("e12", "'e12' is off the 11 x 11 board"), ("e6?", "token"), ("f6-e5", "never move"), ("*e6 *e6 f7", "already holds"),
])
def test_illegal_turns_explain_and_change_nothing(line, msg):
    g = Game()
    g.play("k6")
    before = snapshot(g)
    with pytest.raises(ValueError, match=msg):
        g.play(line)
    assert snapshot(g) == before


def test_no_stars_left_and_star_before_marble_rules():
    g = Game(stars=1)
    g.play("*e6 f7")
    g.play("g8")
    with pytest.raises(ValueError, match="no stars"):
        g.play("*c3 d4")
    g = Game(variant="duel")
    g.marble(parse_cell("e6", 11))
    with pytest.raises(ValueError, match="before your marble"):
        g.star(parse_cell("f6", 11))


def test_stars_end_most_stars_wins_and_draws():
    g = Game(size=7, marbles=2, stars=2)
    for line in ["*b2 c3", "d4", "*e5 b6", "f2"]:
        g.play(line)
    assert g.result == ("win", 1, "stars")
    g = Game(size=7, marbles=1, stars=1)
    g.play("c3")
    g.play("d4")
    assert g.result == ("draw", None, "stars")


def test_one_short_rule():
    # seat 2 (index 1) has three corners of b2 b4 d2 d4 with d4 empty when marbles run out
    g = Game(size=7, marbles=3, stars=0, one_short=True)
    for line in ["f2", "b2", "f3", "b4", "e6", "d2"]:
        g.play(line)
    # seat to move after the last marble is seat 0: it has no three-of-four, so stars decide
    assert g.result == ("draw", None, "stars")
    g = Game(size=7, marbles=3, stars=0, one_short=True)
    for line in ["b2", "f2", "b4", "f3", "d2", "e6"]:
        g.play(line)
    assert g.result == ("win", 0, "one-short")


def test_no_empty_cell_ends_the_game():
    g = Game(size=5, players=6, marbles=20, stars=0)
    cells = [x for x in range(25) if g.geo.valid[x]]
    i = 0
    while g.result is None:
        try:
            g.marble(cells[i])
        except ValueError:
            pass
        i += 1
    assert g.result[2] in ("quad", "stars")


def test_trek_moves_only_after_all_marbles_placed_and_cap():
    g = Game(size=7, variant="trek", marbles=2, stars=0)
    g.play("b2")
    with pytest.raises(ValueError, match="only once"):
        g.play("b2-c3")
    g.play("f6")
    g.play("b4")
    g.play("f5")
    with pytest.raises(ValueError, match="move one"):
        g.play("d4")
    g.play("b4-c4")
    assert g.result is None


def test_repetition_draw_in_rapid():
    g = Game(size=7, variant="rapid", marbles=1, stars=0)
    g.play("b2")
    g.play("f6")
    lines = ["b2-b3", "f6-f5", "b3-b2", "f5-f6"] * 2
    for line in lines:
        g.play(line)
        if g.result:
            break
    assert g.result == ("draw", None, "repetition")


@pytest.mark.parametrize("variant", ["trek", "rapid"])
@pytest.mark.parametrize("seed", range(6))
def test_trek_and_rapid_games_end_in_draws_like_the_reference(variant, seed):
    # Long legal random games on a board too big for chance quads: the move cap or the
    # repetition rule must end them, exactly when the reference says so.
    g, rg = make_pair((15, 2, variant), False, 2, 0)
    play_both(g, rg, random.Random(seed), 400, illegal_rate=0)
    assert g.result is not None and g.result[0] in ("draw", "win")
    if g.result[0] == "draw":
        assert g.result[2] in ("cap", "repetition")
        assert g.result[2] != "cap" or len(g.history) == 200


def test_the_record_line_by_line_is_the_record():
    # Game.record(out): each turn's line handed over in turn (the device writes the record
    # of a long game so, with no text of it all), the same lines record() joins.
    g = Game(size=7, variant="rapid", marbles=1, stars=1)
    for line in ["b2", "*d4 f6", "b2-b3", "f6-f5"]:
        g.play(line)
    got = []
    assert g.record(got.append) is None
    assert got == g.record().split("\n") == ["b2", "*d4 f6", "b2-b3", "f6-f5"]


def test_bridge_partners_share_a_colour():
    g = Game(variant="bridge", players=4)
    for line in ["c3", "k5", "c5", "k6", "e3", "k7", "f9", "k8", "e5"]:
        g.play(line)
    assert g.result == ("win", 0, "quad")  # seat 1 started it, seat 3 helped, seat 1 ends
    g = Game(variant="bridge", players=4)
    for line in ["c3", "k5", "c5", "k6", "e3", "k7", "f9", "k8", "h9", "k9", "e5"]:
        g.play(line)
    assert g.result == ("win", 2, "quad")


def test_duel_quad_must_be_one_colour():
    g = Game(variant="duel")
    g.play("c3 c5")
    g.play("k4 k5")
    g.play("e3 e5")  # c3 e3 colour A, c5 e5 colour B
    g.play("k6 k7")
    assert g.result is None
    g.play("c4 c6")
    g.play("k8 j8")
    assert g.result is None


def test_claim_mode_lets_play_go_on_until_claimed():
    g = Game(claim=True)
    for line in ["c3", "b2", "c5", "b3", "e3", "b4", "e5"]:
        g.play(line)
    assert g.result is None
    assert g.claimable(0) >= 0 and g.claimable(1) < 0
    assert g.claim(1) is False and g.result is None   # seat 2 has no quad: a star
    assert g.claim(0) is True and g.result == ("win", 0, "quad")


def test_rules_defaults_table():
    assert Rules(11, 2).stars == 6
    assert Rules(10, 2).stars == 5 and Rules(9, 2).stars == 4
    assert [Rules(11, p).stars for p in range(2, 7)] == [6, 4, 3, 2, 2]
    assert Rules(6, 2).stars == 1 and Rules(5, 2).stars == 0
    assert (Rules(variant="trek").marbles, Rules(variant="trek").stars) == (6, 6)
    assert (Rules(players=4, variant="bridge").marbles,
            Rules(players=4, variant="bridge").stars) == (10, 3)
    with pytest.raises(ValueError):
        Rules(variant="bridge", players=2)
    with pytest.raises(ValueError):
        Rules(players=7)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CONFIGS, st.integers(0, 10**6))
def test_a_recycled_board_plays_exactly_like_a_fresh_one(cfg, seed):
    """Game(..., recycle=old) takes the old game's board, cleared in place, when size and
    colours match (the device's new game: no second board while the old one may still be
    held): every byte equals a fresh game's, before and after the same random turns."""
    n, p, v = cfg
    old = Game(n, p, variant=v)
    rnd = random.Random(seed)
    for _ in range(60):
        if old.result is not None:
            break
        try:
            old.play(random_line(old, rnd, illegal_rate=0))
        except ValueError:
            continue
    board, log, starts, reps = old.board, old._log, old._starts, old._reps
    g = Game(n, p, variant=v, recycle=old)
    fresh = Game(n, p, variant=v)
    assert g.board is board and g.cells is board.cells
    assert old.board is None and old.cells is None  # the old game cannot touch it again
    # its undo stack too (the same game's sizes), cleared; the old game lets go of it
    assert g._log is log and g._starts is starts and g._reps is reps
    assert old._log is None and old._starts is None and old._reps is None
    assert bytes(g._starts) == bytes(fresh._starts) and \
        (reps is None or list(g._reps) == list(fresh._reps))
    assert snapshot(g) == snapshot(fresh)
    rnd = random.Random(seed + 1)
    for _ in range(40):
        if fresh.result is not None:
            break
        line = random_line(fresh, rnd, illegal_rate=0)
        try:
            fresh.play(line)
        except ValueError:
            continue
        g.play(line)
        assert counters(g) == recount(g)
    assert snapshot(g) == snapshot(fresh)
    while fresh.turns or fresh.pending:  # and takes every turn back alike
        fresh.undo()
        g.undo()
        assert snapshot(g) == snapshot(fresh)


def test_recycle_takes_only_a_board_of_the_same_size_and_colours():
    old = Game(11, 2)
    old.play("f6")
    board = old.board
    assert Game(11, 3, recycle=old).board is not board      # three colours
    assert old.board is board and old.cells[parse_cell("f6", 11)] == 2  # untouched
    with pytest.raises(ValueError):
        Game(11, 9, recycle=old)                            # refused: nothing changes
    assert old.board is board and old.cells[parse_cell("f6", 11)] == 2
    g = Game(11, 2, recycle=old)
    assert g.board is board and g.cells[parse_cell("f6", 11)] == 0
    # The same board, another undo stack (Trek's is longer): the board only.
    old = Game(11, 2)
    board, log = old.board, old._log
    g = Game(11, 2, variant="trek", recycle=old)
    assert g.board is board and g._log is not log and len(g._log) > len(log)
    assert g._reps is not None and old._log is log
    # Another size (its tables replace the cached ones): the board is not the new game's.
    old = Game(11, 2)
    board = old.board
    assert Game(9, 2, recycle=old).board is not board and old.board is board
