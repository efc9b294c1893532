"""The corner polyomino engine (corners/): the piece tables against shapes grown apart
(host_tests/corners_reference.py), legal moves and corner lists against the reference's
brute-force scan, make/unmake restoring every byte, hypothesis properties (a legal move
keeps every invariant; a replayed record gives the same board), scores, the checked API's
errors (nothing changes), saves and SGF."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples, spread  # the quick tier: a quarter of the examples

from corners import Game, sgf
from corners.board import MAXMOVES
from corners.pieces import FIRST, NAMES, NORIENT, NPIECES, SIZE, SQUARES
from corners_reference import FREE, SHAPES, Reference, free_key
from quadutil import Rng

SETUPS = [("duo", "fixed"), ("classic", "fixed"), ("classic", "any"), ("classic_2", "fixed"),
          ("classic_3", "fixed")]


def engine_shapes():
    g = Game("duo")
    out = set()
    for o in range(NORIENT):
        xys = g.cells_of(g.move_of(o, 5, 5))
        x0 = min(x for x, _ in xys)
        y0 = min(y for _, y in xys)
        out.add(frozenset((x - x0, y - y0) for x, y in xys))
    return out


def test_piece_tables():
    assert NORIENT == 91 and NPIECES == 21 and sum(SIZE) == SQUARES == 89
    assert [SIZE.count(n) for n in range(1, 6)] == [1, 1, 2, 5, 12]
    assert engine_shapes() == set(SHAPES)
    # each piece's orientations are one free shape, and the 21 are all different
    g = Game("duo")
    keys = []
    for p in range(NPIECES):
        ks = {free_key(g.cells_of(g.move_of(o, 5, 5))) for o in range(FIRST[p], FIRST[p + 1])}
        assert len(ks) == 1
        keys.append(ks.pop())
    assert sorted(keys) == FREE
    assert len(set(NAMES)) == 21


def cellset(g, m):
    return frozenset(g.cells_of(m))


def snapshot(g):
    b = g.board
    return (bytes(b.cells), bytes(b.blk), bytes(b.cm), bytes(b.done), list(b.left),
            bytes(b.placed), bytes(b.last), bytes(b.ncl),
            [bytes(b.cl[c])[:2 * b.ncl[c]] for c in range(b.ncol)], g.turn, g.out,
            bytes(g._log))


def check_against_reference(g, ref):
    b = g.board
    from array import array
    buf = array("H", bytes(2 * MAXMOVES))
    for c in range(g.ncol):
        k = b.gen(c, buf, 0, MAXMOVES)
        assert k < MAXMOVES
        mine = [cellset(g, buf[i]) for i in range(k)]
        assert len(mine) == len(set(mine)), "a placement generated twice"
        assert set(mine) == ref.legal(c)
        assert b.any_move(c) == bool(mine)
        if b.placed[c]:
            assert {b.xy(b.cl[c][j]) for j in range(b.base(c), b.ncl[c])} == \
                {b.xy(i) for i in range(b.size) if b.cm[i] >> c & 1}
            usable = {b.xy(b.cl[c][j]) for j in range(b.base(c), b.ncl[c])
                      if not b.blk[b.cl[c][j]] & (0xF0 | 1 << c)}
            assert usable == ref.corner_places(c)


def play_random(g, rng, plies, ref=None, each=None):
    while not g.over and g.plies < plies:
        ms = g.moves()
        assert ms
        m = ms[rng.below(len(ms))]
        c = g.turn
        if ref is not None:
            ref.place(c, cellset(g, m))
        g.apply_move(m)
        if each:
            each(g)


@pytest.mark.parametrize("variant,start", [("duo", "fixed"), ("classic", "any")])
def test_moves_and_corner_lists_equal_brute_force(variant, start):
    for seed in spread(range(2), 2):
        g = Game(variant, start)
        ref = Reference(g.width, g.starts)
        check_against_reference(g, ref)
        n = [0]

        def each(g):
            n[0] += 1
            if n[0] % 3 == 0 or g.over:
                check_against_reference(g, ref)
        play_random(g, Rng(seed), 200, ref, each)
        assert g.over
        last = [g.board.last[c] == 0 for c in range(g.ncol)]
        assert g.scores() == [ref.score(c, last[c]) for c in range(g.ncol)]


@pytest.mark.parametrize("variant,start", SETUPS)
def test_undo_restores_every_byte(variant, start):
    g = Game(variant, start)
    rng = Rng(7)
    snaps = [snapshot(g)]
    while not g.over:
        ms = g.moves()
        g.apply_move(ms[rng.below(len(ms))])
        snaps.append(snapshot(g))
    while g.plies:
        snaps.pop()
        g.undo()
        assert snapshot(g) == snaps[-1]
    with pytest.raises(ValueError):
        g.undo()


def invariants(g):
    """Every derived array equals a recount from the cells."""
    b = g.board
    for i in range(b.size):
        v = b.cells[i]
        if v == 255:
            assert b.blk[i] == 255
            continue
        adj = 0
        for d in b.nbr:
            if 1 <= b.cells[i + d] <= 4:
                adj |= 1 << (b.cells[i + d] - 1)
        assert b.blk[i] & 15 == adj
        assert (b.blk[i] >= 0xF0) == (v != 0)
    for c in range(g.ncol):
        cl = [b.cl[c][j] for j in range(b.base(c), b.ncl[c])]
        assert len(cl) == len(set(cl))
        assert {i for i in range(b.size) if b.cm[i] >> c & 1} == set(cl)
        used = [p for p in range(NPIECES) if not b.left[c] >> p & 1]
        assert b.placed[c] == sum(SIZE[p] for p in used)
        assert sum(1 for i in range(b.size) if b.cells[i] == c + 1) == b.placed[c]
    assert not any(b.done)
    if g.turn is not None:
        assert not g.out >> g.turn & 1 and b.any_move(g.turn)
    for c in range(g.ncol):
        if g.out >> c & 1:
            assert not b.any_move(c)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SETUPS), st.lists(st.integers(0, 10 ** 6), min_size=1, max_size=60))
def test_property_legal_moves_keep_invariants_and_replay(setup, picks):
    g = Game(*setup)
    for k in picks:
        if g.over:
            break
        ms = g.moves()
        g.apply_move(ms[k % len(ms)])
        invariants(g)
    h = Game(*setup)
    for line in g.record().split("\n") if g.plies else []:
        h.play(line)
    assert snapshot(h) == snapshot(g)
    assert Game.from_bytes(g.to_bytes()).record() == g.record()
    assert sgf.import_(sgf.export(g), setup[1]).record() == g.record()


def test_scores_and_bonus():
    g = Game("duo")
    assert g.scores() == [-89, -89]
    g.play("e10,e11,e12,f12,g12")
    assert g.scores() == [-84, -89]
    # the bonus: all pieces placed, +15, +5 more for the single square last
    b = g.board
    b.left[0] = 0
    b.placed[0] = 89
    b.last[0] = 0
    assert g.scores()[0] == 20
    b.last[0] = 5
    assert g.scores()[0] == 15


def test_checked_api_refuses_and_changes_nothing():
    g = Game("duo")
    g.play("e10,e11,e12,f12,g12")
    g.play("j5,j6")
    before = snapshot(g)
    bad = {
        "f11": "shares an edge",
        "a1": "touch a Purple piece corner to corner",
        "e10": "is taken",
        "d9,e9": "shares an edge",
        "h13,i13,j13,k13,l13,m13": "6 cells",
        "a1,c1": "not one of the 21 pieces",
        "z1": "'z1' is off the 14 x 14 board (a1 to n14)",
        "E1": "not a cell",
        "a15": "'a15' is off the 14 x 14 board (a1 to n14)",
        "e10,e10": "twice",
        "": "empty",
        "d9,e9,f9,g9,h9": "shares an edge",
    }
    for text, why in bad.items():
        with pytest.raises(ValueError) as e:
            g.play(text)
        assert why in str(e.value), (text, str(e.value))
        assert snapshot(g) == before
    g.play("d9")          # the monomino, corner to corner
    with pytest.raises(ValueError) as e:
        g.play("k7")      # Orange
        g.play("c8")      # Purple's monomino again
    assert "already played its 1 piece" in str(e.value)
    first = Game("classic")
    with pytest.raises(ValueError) as e:
        first.play("t20")
    assert "must cover a20" in str(e.value)
    anyc = Game("classic", "any")
    anyc.play("t1")
    anyc.play("t20")
    with pytest.raises(ValueError):
        anyc.play("t19")
    with pytest.raises(ValueError):
        Game("duo", "any")
    with pytest.raises(ValueError):
        Game("trigon")


def test_face_queries():
    g = Game("duo")
    places = g.corner_places()
    assert places == [(4, 9)]
    o, (x, y) = g.orientation_of([(4, 9)])
    assert g.can_place(o, 4, 9) and not g.can_place(o, 5, 9)
    assert not g.can_place(200, 4, 9) and not g.can_place(o, 40, 9)
    g.play("e10,e11,e12,f12,g12")
    g.play("j5")
    assert set(g.corner_places()) <= {xy for m in g.moves() for xy in g.cells_of(m)}
    assert all(len(g.moves(p)) for p in g.in_hand(0))


def test_passes_and_end():
    """A colour that cannot place is passed over; the game ends when none can; undo goes
    back over the passes."""
    g = Game("duo")
    rng = Rng(3)
    turns = []
    while not g.over:
        turns.append(g.turn)
        ms = g.moves()
        g.apply_move(ms[rng.below(len(ms))])
    assert g.out == 3 and g.moves() == [] and g.winners()
    assert any(turns[i] == turns[i + 1] for i in range(len(turns) - 1)), "no pass happened"
    with pytest.raises(ValueError):
        g.play("a1")
    g.undo()
    assert not g.over


def test_save_refuses_damage():
    g = Game("classic_2")
    play_random(g, Rng(1), 12)
    data = g.to_bytes()
    assert Game.from_bytes(data).record() == g.record()
    for bad in (data[:-1], b"XX" + data[2:], data[:3] + b"\x09" + data[4:],
                bytes([data[0], data[1], 9]) + data[3:]):
        with pytest.raises(ValueError):
            Game.from_bytes(bad)
    flipped = bytearray(data)
    flipped[8] ^= 1
    with pytest.raises(ValueError):
        Game.from_bytes(bytes(flipped))


def test_sgf_pentobi_files_and_errors():
    text = "(\n;GM[Blokus Two-Player]\n;1[a20]\n;2[t19,t20]\n;3[t1]\n;4[a1]\n)\n"
    g = sgf.import_(text)
    assert g.variant == "classic_2" and g.record() == "a20\nt19,t20\nt1\na1"
    assert sgf.export(g) == text
    # other properties and variations are skipped; the main line is read
    g = sgf.import_("(;FF[4]GM[Blokus Duo]CA[UTF-8]AP[Pentobi:20.0];B[e10]C[x\\]y]"
                    "(;W[j5];B[f11,g11])(;W[j6]))")
    assert g.record() == "e10\nj5\nf11,g11"
    for bad in ("", "(;GM[Go];B[e10])", "(;GM[Blokus Duo];W[j5])", "(;GM[Blokus Duo];B[e11])",
                "(;GM[Blokus Duo];B[e10]", "(;GM[Blokus Duo];1[e10])", "(;GM[Blokus];B[a20])"):
        with pytest.raises(ValueError):
            sgf.import_(bad)
