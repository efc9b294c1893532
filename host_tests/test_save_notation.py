"""Save format (round trip, size, rejection of damage) and notation round trips."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples  # the quick tier: a quarter of the examples

from quadcore import Game, Rng, cell_name, format_turn, parse_cell, parse_turn
from enginetools import random_line, snapshot


def random_game(seed, n=11, players=2, variant="standard", turns=60):
    g = Game(n, players, variant=variant)
    rnd = random.Random(seed)
    for _ in range(turns):
        if g.result:
            break
        try:
            g.play(random_line(g, rnd, illegal_rate=0))
        except ValueError:
            pass
    if g.result is None and g.stars_left[g.turn] and rnd.random() < 0.5:
        free = [x for x in range(n * n) if g.cells[x] == 0]
        g.star(rnd.choice(free))  # an unfinished turn is saved too
    g.star_armed = rnd.random() < 0.5
    return g


@settings(max_examples=examples(200), deadline=None)
@given(seed=st.integers(0, 2 ** 32), cfg=st.sampled_from(
    [(11, 2, "standard"), (9, 3, "standard"), (7, 2, "trek"), (7, 2, "rapid"),
     (11, 2, "duel"), (11, 4, "bridge"), (15, 6, "standard")]))
def test_save_round_trip(seed, cfg):
    g = random_game(seed, *cfg)
    data = g.to_bytes()
    h = Game.from_bytes(data)
    assert snapshot(h) == snapshot(g)
    assert h.star_armed == g.star_armed
    assert h.to_bytes() == data


def test_full_standard_game_save_fits_nvm_budget():
    # Longest standard game: every marble and every star played.
    g = Game()
    free = [x for x in range(121) if g.geo.valid[x]]
    rnd = random.Random(5)
    while g.result is None:
        seat = g.turn
        while g.stars_left[seat]:
            g.star(free.pop(rnd.randrange(len(free))))
        while True:
            x = free.pop(rnd.randrange(len(free)))
            g.marble(x)
            break
    assert len(g.history) >= 2
    assert len(g.to_bytes()) <= 512


@pytest.mark.parametrize("seed", range(3))
def test_every_truncation_and_single_byte_change_is_rejected(seed):
    g = random_game(seed)
    data = g.to_bytes()
    before = snapshot(g)
    for k in range(len(data)):
        with pytest.raises(ValueError):
            Game.from_bytes(data[:k])
    rnd = random.Random(seed)
    for i in range(len(data)):
        for flip in (1, 0x80, 0xFF, rnd.randrange(1, 256)):
            bad = bytearray(data)
            bad[i] ^= flip
            with pytest.raises(ValueError):
                Game.from_bytes(bytes(bad))
    assert snapshot(g) == before


def test_foreign_and_other_version_data_rejected_with_clear_messages():
    data = bytearray(Game().to_bytes())
    with pytest.raises(ValueError, match="not a Quad Pocket save"):
        Game.from_bytes(b"hello world, not a save")
    data[2] = 9
    with pytest.raises(ValueError, match="version"):
        Game.from_bytes(bytes(data))


def test_consistent_checksum_but_illegal_history_rejected():
    from quadcore.crc import crc16
    g = Game()
    g.play("e6")
    g.play("f6")
    data = bytearray(g.to_bytes()[:-2])
    data[-1] = data[-3]  # second marble on the first marble's cell
    c = crc16(data)
    data += bytes((c >> 8, c & 255))
    with pytest.raises(ValueError, match="damaged"):
        Game.from_bytes(bytes(data))


@pytest.mark.parametrize("n", range(5, 16))
def test_cell_names_round_trip(n):
    for x in range(n * n):
        col, row = x % n, x // n
        corner = col in (0, n - 1) and row in (0, n - 1)
        name = cell_name(x, n)
        if corner:
            with pytest.raises(ValueError):
                parse_cell(name, n)
        else:
            assert parse_cell(name, n) == x
            assert parse_cell(name.upper(), n) == x


@pytest.mark.parametrize("text", ["", "e", "5e", "e0", "e05", "p3", "e-1", "ee", "*"])
def test_bad_cells_rejected(text):
    with pytest.raises(ValueError):
        parse_cell(text, 11)


@settings(max_examples=examples(300), deadline=None)
@given(seed=st.integers(0, 2 ** 32))
def test_turn_and_record_round_trip(seed):
    g = random_game(seed, variant=["standard", "rapid", "duel"][seed % 3],
                    n=11 if seed % 3 != 1 else 7)
    for turn in g.history:
        assert parse_turn(format_turn(turn, g.n), g.n) == turn
    if g.current:
        g.undo()  # the record holds complete turns only
    h = Game(g.n, 2, variant=g.rules.variant)
    for line in g.record().splitlines():
        h.play(line)
    assert h.record() == g.record()
    assert snapshot(h) == snapshot(g)
    assert "#" not in g.record()
    assert parse_turn("*e6 *f7 g5  # comment", 11) == [("star", 59), ("star", 71), ("marble", 50)]
    assert parse_turn("g5-c3", 11) == [("move", 50, 24)]


def test_rng_is_deterministic_in_range_and_spread():
    a, b = Rng(42), Rng(42)
    seq = [a.below(100) for _ in range(2000)]
    assert seq == [b.below(100) for _ in range(2000)]
    assert all(0 <= v < 100 for v in seq)
    assert len(set(seq)) == 100
    assert Rng(1).below(1000) != Rng(2).below(1000) or Rng(1).next15() != Rng(2).next15()
    counts = [seq.count(k) for k in range(10)]
    assert min(counts) > 0
    r = Rng(7)
    for _ in range(5000):
        assert 0 <= r.state < 2 ** 30
        r.next15()


def test_crc16_check_value_and_window():
    from quadcore.crc import crc16
    assert crc16(b"123456789") == 0x29B1  # the CRC-16/CCITT-FALSE check value
    assert crc16(b"xx123456789yy", 2, 11) == 0x29B1
    assert crc16(b"") == 0xFFFF
