"""The opening books of Duo and classic_2 (corners/book.py, the files corners/duo.book and
corners/classic_2.book, tools/lab/corners_book.py): each file is whole and sorted; every
position in it is met from the empty board by its own moves and legal replies, and its move
is legal there; the lookup finds exactly the file's entries; Expert plays the book's move
and never an illegal one, whatever the file holds."""

import importlib
import struct

import pytest

from corners import Game, ai, book
from corners.pieces import NORIENT
from quadutil import Rng
from tools import pentobi
from tools.lab import corners_book


@pytest.fixture(autouse=True)
def book_now():
    """corners.book as the player will import it: the face lets the module go after an
    opening (test_corners_app), and a later import makes a new one, which the tests'
    monkeypatching must reach."""
    global book
    book = importlib.import_module("corners.book")


MASK30 = 2 ** 30 - 1


def _mix(x):
    """corners.book.mix written again with Python's long ints: two multiplies mod 2**30,
    each followed by a fold of the high bits (the module does it in 15-bit halves)."""
    for a in (0x2C1B3C6D, 0x297A2D39):
        x = x * a & MASK30
        x ^= x >> 13
    return x


def slow_keys(g, mirrored=False):
    """The position's key and check (or its mirror image's, Duo), from the game's record
    (Game.cells_of of every move, not the board's history), as corners.book's docstring
    says: every covered square with its colour, and the ply; the key the XOR of their
    hashes, the check the sum of the hashes' top 16 bits."""
    w = g.width
    h = _mix(0x3FFF0000 | g.board.ply)
    v = h >> 14
    for i in range(g.plies):
        c = g.colour_at(i)
        for x, y in g.cells_of(g.move_at(i)):
            if mirrored:
                x, y = w - 1 - y, w - 1 - x
            z = _mix((y * w + x) * 4 + c)
            h ^= z
            v += z >> 14
    return h, v % 65521


def slow_canon(g):
    """(key, check, mirrored) as corners.book.canon gives them."""
    a = slow_keys(g)
    if g.variant != "duo":
        return a + (0,)
    b = slow_keys(g, True)
    return b + (1,) if b < a else a + (2 if a == b else 0,)


def image(g, code):
    """A code's move mirrored in Duo's diagonal through e10 and j5, by its cells."""
    w = g.width
    xys = [(w - 1 - y, w - 1 - x) for x, y in g.cells_of(g.decode(code))]
    o, (x, y) = g.orientation_of(xys)
    return g.code_of(g.move_of(o, x, y))


def on_board(g, code):
    """The move int that a book code plays on g's board (mirrored where the book stores the
    other image)."""
    flip = slow_canon(g)[2]
    return g.decode(image(g, code) if flip == 1 else code)


def shipped(variant="duo"):
    return corners_book.read(book.path(variant))


@pytest.mark.parametrize("variant", sorted(ai.BOOKS))
def test_the_shipped_book_is_whole_and_sorted(variant):
    with open(book.path(variant), "rb") as f:
        data = f.read()
    assert data and len(data) % book.REC == 0
    recs = [struct.unpack(">IHH", data[i:i + 8]) for i in range(0, len(data), 8)]
    assert all(a < b for a, b in zip(recs, recs[1:]))
    w = Game(variant).width
    assert all(k < 2 ** 30 and v < 65521 and code < w * w * NORIENT for k, v, code in recs)


def test_the_mirror_maps_every_placement_by_its_cells():
    g = Game("duo")
    n = 0
    for code in range(14 * 14 * NORIENT):
        xys = g.cells_of(g.decode(code))
        if not all(0 <= x < 14 and 0 <= y < 14 for x, y in xys):
            continue
        assert book.mirror(code) == image(g, code)
        n += 1
    assert n > 10000


def test_keys_equal_the_slow_keys_and_stay_in_30_bits():
    rng = Rng(5)
    for variant in ("duo", "duo", "classic_2"):
        g = Game(variant)
        while not g.over:
            h, v, hm, vm = book.keys(g.board)
            assert (h, v) == slow_keys(g) and h < 2 ** 30 and v < 65521
            if variant == "duo":
                assert (hm, vm) == slow_keys(g, True)
            assert book.canon(g.board) == slow_canon(g)
            ms = g.moves()
            if not ms:
                break
            g.apply_move(ms[rng.below(len(ms))])


def _transposed(variant, seed):
    """Two games that reach the same squares in another order: the mover's moves A and C
    (with the others' moves between them unchanged) played as A .. C and C .. A."""
    rng = Rng(seed)
    while True:
        g = Game(variant)
        for _ in range(g.ncol):
            ms = g.moves()
            g.apply_move(ms[rng.below(len(ms))])
        # two moves of the colour to move, legal now and each after the other
        ms = g.moves()
        a = ms[rng.below(len(ms))]
        for c in ms:
            h = Game.from_bytes(g.to_bytes())
            h.apply_move(a)
            between = []
            while h.turn != g.turn and not h.over:
                between.append(h.moves()[0])
                h.apply_move(between[-1])
            if h.why_not(c) is not None:
                continue
            h.apply_move(c)
            k = Game.from_bytes(g.to_bytes())
            if k.why_not(c) is not None:
                continue
            k.apply_move(c)
            if any(k.why_not(m) is not None or k.apply_move(m) for m in between):
                continue
            if k.why_not(a) is None:
                k.apply_move(a)
                return h, k


def test_a_position_is_one_key_whatever_the_order_or_the_image():
    for variant in ("duo", "classic_2"):
        g1, g2 = _transposed(variant, 7)
        assert g1.record() != g2.record() and g1.plies == g2.plies
        assert book.key(g1.board) == book.key(g2.board)
        g2.undo()
        assert book.key(g1.board) != book.key(g2.board)
    # Duo: the mirror image of a line has the same key, and the other image
    g = Game("duo")
    m = Game("duo")
    rng = Rng(1)
    for _ in range(7):
        ms = g.moves()
        mv = ms[rng.below(len(ms))]
        m.apply_move(m.decode(image(g, g.code_of(mv))))
        g.apply_move(mv)
        assert g.record() != m.record()
        assert book.key(g.board) == book.key(m.board)
        assert {book.canon(g.board)[2], book.canon(m.board)[2]} == {0, 1}
    assert book.canon(Game("duo").board)[2] == 2     # the empty board is its own image
    assert book.canon(Game("classic_2").board)[2] == 0   # classic_2 has no mirror


_Z = {}


def _hashes(w, duo):
    """Each square's and colour's (hash, check's hash, image's hash, image's check's hash),
    by _mix as slow_keys counts them (made once a board size)."""
    if (w, duo) not in _Z:
        t = {}
        for y in range(w):
            for x in range(w):
                for c in range(4):
                    z = _mix((y * w + x) * 4 + c)
                    zm = _mix(((w - 1 - x) * w + w - 1 - y) * 4 + c) if duo else z
                    t[x, y, c] = (z, z >> 14, zm, zm >> 14)
        _Z[w, duo] = t
    return _Z[w, duo]


def _after(g, ks, m):
    """(key, check, image's key, image's check) after the colour to move plays m, from
    those before: the ply's hashes swapped, the move's squares added (as slow_keys adds
    them)."""
    t = _hashes(g.width, g.variant == "duo")
    c = g.turn
    h, v, hm, vm = ks
    p0 = _mix(0x3FFF0000 | g.board.ply)
    p1 = _mix(0x3FFF0000 | g.board.ply + 1)
    h ^= p0 ^ p1
    hm ^= p0 ^ p1
    v += (p1 >> 14) - (p0 >> 14)
    vm += (p1 >> 14) - (p0 >> 14)
    for x, y in g.cells_of(m):
        z, zv, zm, zmv = t[x, y, c]
        h ^= z
        v += zv
        hm ^= zm
        vm += zmv
    return h, v % 65521, hm, vm % 65521


def _stored(ks, duo):
    h, v, hm, vm = ks
    return (hm, vm) if duo and (hm, vm) < (h, v) else (h, v)


@pytest.mark.budget
@pytest.mark.parametrize("variant", sorted(ai.BOOKS))
def test_every_book_position_is_met_and_its_move_is_legal(variant):
    # A walk written apart from the tool's: the positions come from Game.moves, one seat
    # at a time, keyed on by _after and checked against slow_canon's recount where the
    # book has them; the book's moves played as the board shows them (mirrored where the
    # book stores the other image; both images at the empty board, its own image)
    entries = shipped(variant)
    duo = variant == "duo"
    met = set()

    def walk(g, ks, ours):
        if g.plies >= ai.BOOKS[variant] or g.over:
            return
        if g.player_of(g.turn) == ours:
            k = _stored(ks, duo)
            if k not in entries or k in met:
                return
            h, v, flip = slow_canon(g)
            assert (h, v) == k
            met.add(k)
            codes = set(entries[k])
            if flip == 2:
                codes |= {image(g, code) for code in codes}
            elif flip == 1:
                codes = {image(g, code) for code in codes}
            for code in codes:
                m = g.decode(code)
                assert g.why_not(m) is None, g.record()
                nk = _after(g, ks, m)
                g.apply_move(m)
                walk(g, nk, ours)
                g.undo()
            return
        for m in g.moves():
            nk = _after(g, ks, m)
            if _stored(nk, duo) in entries:
                g.apply_move(m)
                walk(g, nk, ours)
                g.undo()

    for ours in (0, 1):
        g = Game(variant)
        walk(g, slow_keys(g) + slow_keys(g, duo), ours)
    assert met == set(entries)
    assert book.key(Game(variant).board) in entries     # the first move is the book's


def _lines(entries, n, seed, variant):
    """n positions of the book, reached by its moves and random replies that stay in it."""
    rng = Rng(seed)
    out = []
    while len(out) < n:
        g = Game(variant)
        ours = rng.below(2)
        while g.plies < ai.BOOKS[variant]:
            if g.player_of(g.turn) == ours:
                k = book.key(g.board)
                if k not in entries:
                    break
                out.append((Game.from_bytes(g.to_bytes()), entries[k]))
                g.apply_move(on_board(g, entries[k][0]))
            else:
                ms = []
                for m in g.moves():
                    g.apply_move(m)
                    if book.key(g.board) in entries:
                        ms.append(m)
                    g.undo()
                if not ms:
                    break
                g.apply_move(ms[rng.below(len(ms))])
    return out


@pytest.mark.parametrize("variant", sorted(ai.BOOKS))
def test_lookup_finds_the_entries_and_nothing_else(variant):
    entries = shipped(variant)
    where = book.path(variant)
    for g, codes in _lines(entries, 30, 1, variant):
        if len(codes) == 1 and slow_canon(g)[2] != 2:
            assert book.move(g.board, where) == on_board(g, codes[0])
            assert ai.choose(g, "expert", 3) == g.text_of(on_board(g, codes[0]))
        # whatever the generator: one of the position's moves, as the board shows them
        want = {on_board(g, code) for code in codes}
        if slow_canon(g)[2] == 2:
            want |= {g.decode(image(g, code)) for code in codes}
        for s in range(4):
            assert book.move(g.board, where, Rng(s)) in want
    # positions not in it: after a random first move nobody's book plays
    rng = Rng(2)
    misses = 0
    for _ in range(30):
        g = Game(variant)
        ms = g.moves()
        g.apply_move(ms[rng.below(len(ms))])
        if book.key(g.board) not in entries:
            misses += 1
            assert book.move(g.board, where) == 0
    assert misses


def test_several_moves_of_a_position_are_drawn_by_the_seed(tmp_path):
    # a position with three moves: each is drawn by some seed, the same seed draws the same
    # move every time, and without a generator the first is played
    g = Game("duo")
    for mv in ("f9,e10,f10,g10,f11", "i4,h5,i5,j5,i6"):
        g.play(mv)
    k, v, flip = book.canon(g.board)
    legal = g.moves()[:3]
    codes = sorted(corners_book.stored(g, m, flip) for m in legal)
    p = tmp_path / "three.book"
    corners_book.write(p, {(k, v): codes, (k, v + 1): [5], (k - 1, v): [6]})
    assert corners_book.read(p)[k, v] == codes
    drawn = {s: book.move(g.board, str(p), Rng(s)) for s in range(40)}
    assert set(drawn.values()) == set(legal)
    assert all(book.move(g.board, str(p), Rng(s)) == m for s, m in drawn.items())
    assert book.move(g.board, str(p)) == on_board(g, codes[0])
    # the tool's own draw (corners_book.pick) is the lookup's
    for s in range(40):
        assert g.decode(corners_book.pick(codes, flip, Rng(s), 14)) == drawn[s]


def test_the_empty_duo_board_opens_in_varied_places_by_the_seed():
    # Expert's first move in Duo: the empty board is its own mirror image, so the seed draws
    # the book's move or its image (and among several moves where the book has them); the
    # same seed gives the same move
    g = Game("duo")
    firsts = {s: ai.choose(g, "expert", s) for s in range(24)}
    assert len(set(firsts.values())) >= 2
    for mv in firsts.values():
        assert g.why_not(g.parse(mv)) is None
    assert all(ai.choose(g, "expert", s) == mv for s, mv in firsts.items())


@pytest.mark.parametrize("variant", sorted(ai.BOOKS))
def test_past_its_plies_or_without_its_file_the_book_is_silent(variant, tmp_path, monkeypatch):
    g = Game(variant)
    assert book.move(g.board, book.path(variant)) != 0
    assert book.move(g.board, str(tmp_path / "none.book")) == 0
    asked = []
    real = book.move
    monkeypatch.setattr(book, "move",
                        lambda b, where, rng=None: asked.append(b.ply) or real(b, where, rng))
    rng = Rng(4)
    while g.plies < ai.BOOKS[variant] + 2:
        ai.choose(g, "expert", 0)
        ms = g.moves()
        g.apply_move(ms[rng.below(len(ms))])
    assert asked == list(range(ai.BOOKS[variant]))


def test_a_damaged_book_never_makes_expert_play_an_illegal_move(tmp_path, monkeypatch):
    g = Game("duo")
    rng = Rng(9)
    for _ in range(3):
        ms = g.moves()
        g.apply_move(ms[rng.below(len(ms))])
    # the position's key with a move that is not legal there, and a file cut short
    k = book.key(g.board)
    legal = set(g.moves())
    bad = next(code for code in range(0, 14 * 14 * NORIENT, 7)
               if on_board(g, code) not in legal)
    p = tmp_path / "bad.book"
    corners_book.write(p, {k: [bad]})
    monkeypatch.setattr(book, "path", lambda variant: str(p))
    assert book.move(g.board, str(p)) == on_board(g, bad)
    mv = ai.choose(g, "expert", 1)
    assert g.parse(mv) in legal
    p.write_bytes(b"\x00\x01\x02")
    assert book.move(g.board, str(p)) == 0
    assert g.parse(ai.choose(g, "expert", 1)) in legal


def test_only_expert_asks_and_only_its_variants_book(monkeypatch):
    asked = []
    real = book.move

    def spy(b, where, rng=None):
        asked.append(where)
        return real(b, where, rng)
    monkeypatch.setattr(book, "move", spy)
    for variant in ("duo", "classic", "classic_3", "classic_2"):
        for level in ai.LEVELS:
            ai.choose(Game(variant), level, 0)
    assert asked == [book.path("duo"), book.path("classic_2")]


def test_the_tool_reads_back_what_it_writes_and_refuses_a_damaged_file(tmp_path):
    e = {(5, 1): [17], (5, 0): [4, 9], (2 ** 30 - 1, 65520): [3], (0, 0): [9000]}
    corners_book.write(tmp_path / "b", e)
    assert corners_book.read(tmp_path / "b") == e
    (tmp_path / "c").write_bytes((tmp_path / "b").read_bytes()[:-1])
    with pytest.raises(ValueError):
        corners_book.read(tmp_path / "c")
    data = (tmp_path / "b").read_bytes()
    (tmp_path / "d").write_bytes(data[8:16] + data[:8] + data[16:])
    with pytest.raises(ValueError):
        corners_book.read(tmp_path / "d")
    # the same record twice is damage too
    (tmp_path / "e").write_bytes(data[:8] + data)
    with pytest.raises(ValueError):
        corners_book.read(tmp_path / "e")


def test_the_tools_keys_after_a_move_are_the_recount():
    rng = Rng(3)
    for variant in ("duo", "classic_2"):
        g = Game(variant)
        tab = corners_book.Tables(g.width)
        for _ in range(12):
            ks = book.keys(g.board)
            ms = g.moves()
            for m in ms[:40]:
                after = tab.after(g, ks, m)
                g.apply_move(m)
                assert after == book.keys(g.board)
                g.undo()
            g.apply_move(ms[rng.below(len(ms))])


def test_merge_keeps_the_books_own_moves_and_drops_what_no_line_meets(tmp_path):
    g = Game("duo")
    moves = g.moves()
    a, other = moves[0], moves[1]
    e = book.key(g.board)
    # book "one": the first move a, then a reply to one of the enemy's answers after it
    g.apply_move(a)
    g.apply_move(g.moves()[0])
    k2, v2, flip = book.canon(g.board)
    follow = corners_book.stored(g, g.moves()[0], flip)
    corners_book.write(tmp_path / "one", {e: [g.code_of(a)], (k2, v2): [follow],
                                          (12345, 6): [1]})
    corners_book.write(tmp_path / "two", {e: [g.code_of(other)]})
    corners_book.main(["--book", str(tmp_path / "one"), "--merge", str(tmp_path / "two")])
    # "one"'s own answers stay; the entry no line meets is dropped
    assert corners_book.read(tmp_path / "one") == {e: [g.code_of(a)], (k2, v2): [follow]}
    # merged the other way round, "two"'s first move stays and "one"'s follow-up is met no
    # more: dropped
    corners_book.main(["--book", str(tmp_path / "two"), "--merge", str(tmp_path / "one")])
    assert corners_book.read(tmp_path / "two") == {e: [g.code_of(other)]}


@pytest.mark.skipif(not pentobi.available(), reason=pentobi.MISSING)
@pytest.mark.parametrize("variant", sorted(ai.BOOKS))
def test_learning_adds_the_teachers_moves_and_plays_them_back(variant, tmp_path, capsys):
    p = tmp_path / "t.book"
    corners_book.main(["--variant", variant, "--pentobi", "1", "--teacher", "1", "--games",
                       "2", "--depth", "2", "--book", str(p), "--learn"])
    learnt = corners_book.read(p)
    assert len(learnt) >= 3 and book.key(Game(variant).board) in learnt
    capsys.readouterr()
    corners_book.main(["--variant", variant, "--pentobi", "1", "--games", "2", "--depth", "2",
                       "--book", str(p)])
    out = capsys.readouterr().out
    # the same games: every position the book was asked for is in it now
    assert "found [2, 2]" in out
    assert ai.SETTINGS["expert"]["book"] == 1     # the tool leaves the shipped setting
    # --quick stops each game past the book's depth and learns the very same book
    q = tmp_path / "q.book"
    corners_book.main(["--variant", variant, "--pentobi", "1", "--teacher", "1", "--games",
                       "2", "--depth", "2", "--book", str(q), "--learn", "--quick"])
    out = capsys.readouterr().out
    assert corners_book.read(q) == learnt
    assert "stopped at our move 3" in out and "won" not in out
    # against our own player and against itself, with Pentobi's book on: it learns more
    corners_book.main(["--variant", variant, "--against", "self", "--teacher", "1",
                       "--games", "1", "--depth", "2", "--book", str(q), "--learn", "--quick"])
    corners_book.main(["--variant", variant, "--pentobi", "1", "--pbook", "--teacher", "1",
                       "--games", "2", "--first", "5", "--depth", "2", "--book", str(q),
                       "--learn", "--quick"])
    assert len(corners_book.read(q)) > len(learnt)


def test_alternatives_keep_the_first_moves_valued_near_the_best(monkeypatch):
    # stand-in teachers: the screen values a move by its code, the teacher by the seed
    # too; the best `top` by the screen are valued again, and those within `near` of the
    # best mean stay, best first; a move and its mirror image are one choice
    from corners.pieces import PIECE, SIZE
    g = Game("duo")
    asked = []

    def value(t, g, m, seed):
        code = min(g.code_of(m), book.mirror(g.code_of(m)))
        asked.append((t, code, seed))
        v = (code % 97) / 100.0
        return v if t == "screen" else v + (0.01 if seed == 2 else 0.0)
    monkeypatch.setattr(corners_book, "value_after", value)
    lines = []
    kept = corners_book.alternatives("screen", "teacher", g, near=0.03, top=6, seeds=2,
                                     out=lines.append)
    screened = {code for t, code, _ in asked if t == "screen"}
    fives = {min(g.code_of(m), book.mirror(g.code_of(m))) for m in g.moves()
             if SIZE[PIECE[m & 127]] == 5}
    assert screened == fives            # every five-square move once, images together
    best6 = sorted(fives, key=lambda code: -(code % 97))[:6]
    assert sorted({code for t, code, _ in asked if t == "teacher"}) == sorted(best6)
    top = max(code % 97 for code in fives) / 100.0
    assert kept == [code for code in sorted(best6, key=lambda code: -(code % 97))
                    if code % 97 / 100.0 >= top - 0.03]
    assert len(lines) == 6 and sum("(kept)" in line for line in lines) == len(kept)


@pytest.mark.skipif(not pentobi.available(), reason=pentobi.MISSING)
def test_alternatives_become_the_empty_boards_moves(tmp_path, capsys):
    p = tmp_path / "a.book"
    corners_book.main(["--book", str(p), "--screen", "1", "--teacher", "1",
                       "--alternatives", "3", "--seeds", "2", "--near", "1"])
    got = corners_book.read(p)
    codes = got[book.key(Game("duo").board)]
    assert len(codes) == 3      # near 1: all three valued again are kept
    # the value is a win chance read from Pentobi's search
    g = Game("duo")
    with pentobi.Gtp("duo", level=1) as t:
        v = corners_book.value_after(t, g, g.decode(codes[0]), 1)
    assert 0 <= v <= 1


def test_a_quick_book_stops_the_game_past_its_depth_and_only_there():
    g = Game("classic_2")
    b = corners_book.Book(2, {}, quick=True)
    assert b(g, g.turn, 1) is None          # not in the book, no teacher: ours to play
    with pytest.raises(corners_book.Enough):
        b(g, g.turn, 2)
    assert corners_book.Book(2, {})(g, g.turn, 2) is None   # not quick: the game goes on


def test_the_scratch_is_made_at_the_first_decision_even_when_the_book_answers(monkeypatch):
    # Made later, after the book's moves, it would meet a fragmented heap on the device
    # (the whole game then needed 109 KB instead of 93: tools/corners_app_heap.py).
    monkeypatch.setattr(ai, "_SCR", None)
    g = Game("duo")
    assert book.move(g.board, book.path("duo"))
    ai.choose(g, "expert", 0)
    assert ai._SCR is not None


def test_the_tool_plays_spread_numbers(monkeypatch, tmp_path, capsys):
    # --spread S as corners_match has it: games first, first + S, ... (S odd, the seats
    # alternating; a seat's games are its own of those); an even S is refused unplayed
    played = []

    def fake(variant, level, plevel, k, **kw):
        played.append(k)
        return -10, -20, None
    monkeypatch.setattr(corners_book, "play_one", fake)
    p = str(tmp_path / "s.book")
    corners_book.main(["--games", "4", "--first", "100", "--spread", "20011", "--book", p])
    assert played == [100, 20111, 40122, 60133]
    assert "ours moving first 2.0/2, second 2.0/2" in capsys.readouterr().out
    played.clear()
    corners_book.main(["--games", "4", "--first", "100", "--spread", "7", "--seat", "second",
                       "--book", p])
    assert played == [100, 114]
    with pytest.raises(SystemExit):
        corners_book.main(["--games", "4", "--spread", "20014", "--book", p])
    assert played == [100, 114]
