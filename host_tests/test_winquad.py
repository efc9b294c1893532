"""Winther's Quad engine (winquad): notation, every rule of docs/winther-rules.md with its
edge cases, checked API (errors change nothing), make/unmake, save/load damaged at every
byte, and random games played side by side with the slow reference
(host_tests/winther_reference.py)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples  # the quick tier: a quarter of the examples

from winquad import COUNTERS, Game, cell_name, format_turn, parse_cell, parse_turn
from winquad.board import FOUR
from winquad.game import _decode

from winther_reference import RefGame
from winther_setup import position


def state(g):
    b = g.board
    return (bytes(b.cells), bytes(b.ln), bytes(b.hand), bytes(b.on), g.turn, g.plies,
            g.result, g.four, bytes(g._log), bytes(g._snap))


def turns(g):
    return sorted(format_turn(*_decode(m)) for m in g.moves())


def play_all(g, text):
    for t in text.split():
        g.play(t)
    return g


# -- notation -----------------------------------------------------------------------------
def test_every_cell_round_trips():
    assert [parse_cell(cell_name(x)) for x in range(64)] == list(range(64))
    assert cell_name(0) == "a1" and cell_name(7) == "h1" and cell_name(63) == "h8"
    assert parse_cell("D4") == 27


@pytest.mark.parametrize("bad", ["i1", "a0", "a9", "d10", "", "4d", "dd", "a01"])
def test_bad_cells_are_refused(bad):
    with pytest.raises(ValueError):
        parse_cell(bad)


def test_turn_syntax():
    assert parse_turn("d4") == (27, 27, [])
    assert parse_turn("d4-d5") == (27, 35, [])
    assert parse_turn("E3xD3xE4") == (20, 20, [19, 28])
    for bad in ["d4-d4", "d4-", "d4xd5xd5", "d4 d5", "d4+", "xd4", "d4-d5-d6", "d4xd5-d6"]:
        with pytest.raises(ValueError):
            parse_turn(bad)
    assert format_turn(20, 20, [28, 19]) == "e3xd3xe4"


# -- the drop phase and the rim rule --------------------------------------------------------
def test_whites_second_counter_goes_on_the_rim():
    g = play_all(Game(), "d4 e5")
    before = state(g)
    for bad in ("c3", "d5", "g7"):
        with pytest.raises(ValueError, match="rim"):
            g.play(bad)
        assert state(g) == before
    rim = turns(g)
    assert len(rim) == 28 and all(t[0] in "ah" or t[1] in "18" for t in rim)
    g.play("h4")
    g.play("c3")          # Black's second: anywhere
    g.play("d5")          # White's third: anywhere again
    assert g.record().split() == ["d4", "e5", "h4", "c3", "d5"]


def test_drop_errors_change_nothing():
    g = play_all(Game(12), "d4 e5 a1")
    before = state(g)
    for bad in ("d4", "e5", "d4-d5", "e5-e6", "c3xd3", "e4xe5", "z9", "", "d4 d5"):
        with pytest.raises(ValueError):
            g.play(bad)
        assert state(g) == before


def test_moves_start_only_when_both_have_dropped_everything():
    g = Game(12)
    cells = ["b2", "a8", "h1", "g7", "d2", "f6", "b5", "g4", "e7", "c4", "f2", "a5",
             "h6", "c7", "d8", "h3", "a3", "e1", "c1", "g2", "f8", "b7", "e4", "d6"]
    for i, x in enumerate(cells):
        assert g.in_hand(i & 1) == 12 - i // 2
        g.play(x)
    assert g.result is None and g.in_hand(0) == g.in_hand(1) == 0
    with pytest.raises(ValueError, match="no counters left"):
        g.play("c3")
    g.play("b2-c2")
    with pytest.raises(ValueError, match="not one step"):
        g.play("a8-a6")
    with pytest.raises(ValueError, match="holds no Black"):
        g.play("c2-c3")


def test_a_move_before_the_hand_is_empty_is_refused():
    g = play_all(Game(12), "d4 e5 a1")
    with pytest.raises(ValueError, match="still has 11 counters"):
        g.play("e5-e6")


# -- fours and overlines ------------------------------------------------------------------
def test_four_table_counts_exact_runs_only():
    assert FOUR[0b1111] and FOUR[0b11110000] and FOUR[0b10111101]
    assert not FOUR[0b11111] and not FOUR[0b111] and not FOUR[0b11111111]
    assert FOUR[0b01111010] and not FOUR[0b11101110]
    for m in range(256):
        runs = [len(r) for r in bin(m)[2:].split("0") if r]
        assert FOUR[m] == (4 in runs)


def test_exact_four_wins_overline_does_not():
    # White a1 b1 c1 e1 f1 then d1: six in a row, no win; Black scattered meanwhile.
    g = play_all(Game(12), "a1 h8 b1 f6 c1 d6 e1 b4 f1 h5")
    g.play("d1")
    assert g.result is None
    g.play("b6")
    g.play("a2")
    g.play("c6")     # Black: b6 c6 d6 ... f6 with e6 empty
    g.play("a3")
    g.play("e6")     # b6 c6 d6 e6 f6: an overline, no win for Black
    assert g.result is None
    g.play("a4")     # a1 a2 a3 a4 (a5 empty): an exact four
    assert g.result == ("win", 0, "four")
    assert g.four == tuple(parse_cell(c) for c in ("a1", "a2", "a3", "a4"))
    with pytest.raises(ValueError, match="over"):
        g.play("h1")


def test_stepping_out_of_a_five_leaves_an_exact_four_and_wins():
    g, ref = position(["a3", "b3", "c3", "d3", "e3"], ["h8", "h6"])
    g.play("e3-e4")
    ref.play("e3-e4")
    assert g.result == ref.result == ("win", 0, "four")


# -- captures ------------------------------------------------------------------------------
def test_capture_is_optional():
    g, ref = position(["c3", "h8"], ["d3", "a8"], hands=(1, 1))
    assert g.capturable(parse_cell("e3"), parse_cell("e3")) == [parse_cell("d3")]
    assert set(turns(g)) == ref.legal_turns()
    assert "e3" in turns(g) and "e3xd3" in turns(g)
    g.play("e3")                  # declined: d3 stays
    assert g.at(parse_cell("d3")) == 2 and g.on_board(1) == 2
    g.undo()
    g.play("e3xd3")
    assert g.at(parse_cell("d3")) == 0 and g.on_board(1) == 1
    g.undo()
    with pytest.raises(ValueError, match="cannot be taken"):
        g.play("e3xa8")


def test_double_capture_each_one_optional():
    g, ref = position(["c3", "e5", "h8"], ["d3", "e4", "a8"], hands=(1, 1))
    opts = [t for t in turns(g) if t.startswith("e3")]
    assert opts == ["e3", "e3xd3", "e3xd3xe4", "e3xe4"]
    assert set(turns(g)) == ref.legal_turns()
    g.play("e3xe4xd3")            # any order in the text
    assert g.on_board(1) == 1 and g.last() == (20, 20, [19, 28])
    assert g.record() == "e3xd3xe4"


def test_a_counter_placed_between_two_enemies_is_safe():
    g, ref = position(["c3", "e3", "h8"], ["a8", "h1"], turn=1, hands=(1, 1))
    g.play("d3")
    ref.play("d3")
    assert g.at(parse_cell("d3")) == 2 and ref.grid[3][2] == "B"
    # Only the counter that arrives takes: White's drop elsewhere does not.
    g.play("a1")
    assert g.at(parse_cell("d3")) == 2


def test_a_move_captures_with_the_counter_that_moved():
    g, ref = position(["c4", "e3", "h8", "a1"], ["d3", "a8", "h1"])
    assert "c4-c3xd3" in turns(g) and "c4-c3" in turns(g)
    assert set(turns(g)) == ref.legal_turns()


def test_wipe_out_wins_but_not_while_counters_are_in_hand():
    g, ref = position(["c3", "e4"], ["d3"])
    g.play("e4-e3xd3")
    ref.play("e4-e3xd3")
    assert g.result == ref.result == ("win", 0, "wipe-out")
    g, ref = position(["c3", "h8"], ["d3"], hands=(1, 1))
    g.play("e3xd3")
    assert g.result is None and g.on_board(1) == 0 and g.in_hand(1) == 1


def test_a_capture_that_leaves_the_enemy_an_exact_four_loses():
    black = ["a3", "b3", "c3", "d3", "e3"]
    g, ref = position(["a2", "b5", "h8"], black)
    assert "b5-a5" in turns(g)
    g2, _ = position(["a2", "a5", "h8"], black)
    g2.play("a5-a4xa3")           # takes a3: b3..e3 is an exact four for Black
    assert g2.result == ("win", 1, "four")
    g3, ref3 = position(["a2", "a5", "h8"], black)
    g3.play("a5-a4")              # declined: still a five, no win
    ref3.play("a5-a4")
    assert g3.result is None and ref3.result is None


# -- stalemate and repetition ------------------------------------------------------------
def test_stalemate_wins():
    g, ref = position(["a1"], ["b1", "a2", "h8"], turn=1)
    g.play("h8-h7")
    ref.play("h8-h7")
    assert g.result == ref.result == ("win", 1, "stalemate")


def test_fewer_than_four_each_plays_on():
    g, _ = position(["a1", "c5"], ["h8", "f2"])
    for t in ("a1-a2", "h8-h7", "c5-c6", "f2-f3"):
        g.play(t)
    assert g.result is None


def test_threefold_repetition_is_a_draw():
    g, ref = position(["a1", "c5"], ["h8", "f2"])
    cycle = ["a1-a2", "h8-h7", "a2-a1", "h7-h8"]
    # The position after turn 1 (a2, h8, Black to move) stands again after turns 5 and 9:
    # the third time is the draw, not before. (The set-up position is not part of a
    # record; in a real game the empty board never comes back.)
    for i in range(9):
        assert g.result is None and ref.result is None, i
        g.play(cycle[i % 4])
        ref.play(cycle[i % 4])
    assert g.result == ref.result == ("draw", None, "repetition")
    g.undo()
    assert g.result is None
    g.play("a1-b1")                   # another move instead: play goes on
    assert g.result is None


def test_repetition_counts_from_the_record():
    g = Game(12)
    cells = ["b2", "a8", "h1", "g7", "d2", "f6", "b5", "g4", "e7", "c4", "f2", "a5",
             "h6", "c7", "d8", "h3", "a3", "e1", "c1", "g2", "f8", "b7", "e4", "d6"]
    play_all(g, " ".join(cells))
    cycle = ["b2-c2", "a8-b8", "c2-b2", "b8-a8"]
    for i in range(8):
        assert g.result is None
        g.play(cycle[i % 4])
    # After turns 4 and 8 the position after the drops is back (it stood after turn 0
    # too): the third time is a draw.
    assert g.result == ("draw", None, "repetition")


# -- undo, save ---------------------------------------------------------------------------
def random_game(seed, counters=12, limit=200):
    from quadcore.prng import Rng
    r = Rng(seed)
    g = Game(counters)
    while g.result is None and g.plies < limit:
        ms = g.moves()
        g.apply_move(ms[r.below(len(ms))])
    return g


@pytest.mark.parametrize("seed", range(6))
def test_undo_to_the_start_restores_every_byte(seed):
    g = random_game(seed)
    start = state(Game(12))
    snaps = []
    h = Game(12)
    for t in g.record().split():
        snaps.append(state(h))
        h.play(t)
    assert state(h) == state(g)
    while g.plies:
        g.undo()
        assert state(g) == snaps[g.plies]
    assert state(g) == start
    with pytest.raises(ValueError):
        g.undo()


@pytest.mark.parametrize("seed", range(4))
def test_save_round_trip_and_every_damaged_byte_refused(seed):
    g = random_game(seed, counters=COUNTERS[seed % 4], limit=60)
    data = g.to_bytes()
    h = Game.from_bytes(data)
    assert h.record() == g.record() and h.result == g.result and state(h) == state(g)
    for i in range(len(data)):
        for flip in (1, 0x80):
            bad = bytearray(data)
            bad[i] ^= flip
            with pytest.raises(ValueError):
                Game.from_bytes(bytes(bad))
    for n in range(len(data)):
        with pytest.raises(ValueError):
            Game.from_bytes(data[:n])
    with pytest.raises(ValueError):
        Game.from_bytes(data + b"\x00")


def test_save_that_replays_an_illegal_game_is_refused():
    from quadcore.crc import crc16
    g = play_all(Game(12), "d4 e5")
    data = bytearray(g.to_bytes()[:-2])
    data[-1] = 27   # Black drops on d4, which is taken
    data[-2] = 27 >> 8 | 0
    c = crc16(data)
    data += bytes((c >> 8, c & 255))
    with pytest.raises(ValueError, match="damaged"):
        Game.from_bytes(bytes(data))
    with pytest.raises(ValueError, match="version"):
        Game.from_bytes(b"WQ\x02" + bytes(data[3:]))


def test_counters_setting():
    for n in COUNTERS:
        assert Game(n).in_hand(0) == n
    for bad in (0, 11, 16, 26, "15", None):
        with pytest.raises(ValueError):
            Game(bad)
    assert Game().in_hand(1) == 15


# -- differential: the engine against the slow reference -------------------------------
@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(COUNTERS), st.lists(st.integers(0, 10 ** 6), min_size=1,
                                           max_size=160))
def test_random_games_agree_with_the_reference(counters, picks):
    g = Game(counters)
    ref = RefGame(counters)
    for p in picks:
        legal = turns(g)
        assert set(legal) == ref.legal_turns()
        if not legal:
            break
        t = legal[p % len(legal)]
        g.play(t)
        ref.play(t)
        assert g.result == ref.result
    assert Game.from_bytes(g.to_bytes()).record() == g.record()


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(0, 40), st.text(alphabet="abcdefghijx12345678-9 ", min_size=1,
                                   max_size=9))
def test_any_text_is_accepted_exactly_when_the_reference_accepts_it(n, text):
    g = random_game(n, limit=n)
    ref = RefGame(12)
    for t in g.record().split():
        ref.play(t)
    before = state(g)
    try:
        ref.play(text)
        ok = True
    except ValueError:
        ok = False
    try:
        g.play(text)
        assert ok, text
    except ValueError:
        assert not ok, text
        assert state(g) == before
