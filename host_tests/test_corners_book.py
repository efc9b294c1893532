"""The opening books of Duo and classic_2 (corners/book.py, the files corners/duo.book and
corners/classic_2.book, tools/corners_book.py): each file is whole and sorted; every
position in it is met from the empty board by its own moves and legal replies, and its move
is legal there; the lookup finds exactly the file's entries; Expert plays the book's move
and never an illegal one, whatever the file holds."""

import importlib
import struct

import pytest

from corners import Game, ai, book
from corners.pieces import NORIENT
from quadutil import Rng
from tools import corners_book, pentobi


@pytest.fixture(autouse=True)
def book_now():
    """corners.book as the player will import it: the face lets the module go after an
    opening (test_corners_app), and a later import makes a new one, which the tests'
    monkeypatching must reach."""
    global book
    book = importlib.import_module("corners.book")


def _fold(h, v, m, c):
    """The key and check after one more move: the fold written again here, apart from
    corners.book.step, so the tests check it rather than reuse it."""
    return ((h << 5 | h >> 25) & (2 ** 30 - 1)) ^ m ^ c << 16, (v * 1021 + 3 * m + c) % 65521


def slow_key(g):
    """The key and check from the game's record (Game.move_at and colour_at, not the
    board's history arrays), as the docstring of corners.book describes them."""
    h = v = 0
    for i in range(g.plies):
        h, v = _fold(h, v, g.move_at(i), g.colour_at(i))
    return h, v


def shipped(variant="duo"):
    return corners_book.read(book.path(variant))


@pytest.mark.parametrize("variant", sorted(ai.BOOKS))
def test_the_shipped_book_is_whole_and_sorted(variant):
    with open(book.path(variant), "rb") as f:
        data = f.read()
    assert data and len(data) % book.REC == 0
    recs = [struct.unpack(">IHH", data[i:i + 8]) for i in range(0, len(data), 8)]
    assert all(a[:2] < b[:2] for a, b in zip(recs, recs[1:]))
    w = Game(variant).width
    assert all(k < 2 ** 30 and v < 65521 and code < w * w * NORIENT for k, v, code in recs)


@pytest.mark.budget
@pytest.mark.parametrize("variant", sorted(ai.BOOKS))
def test_every_book_position_is_met_and_its_move_is_legal(variant):
    # A walk written apart from the tool's: the positions come from Game.moves, one seat
    # at a time, the keys folded on as slow_key folds them (and checked against it).
    entries = shipped(variant)
    met = set()

    def walk(g, k, ours):
        if g.plies >= ai.BOOKS[variant] or g.over:
            return
        if g.player_of(g.turn) == ours:
            if k not in entries:
                return
            assert k == slow_key(g)
            m = g.decode(entries[k])
            assert g.why_not(m) is None, g.record()
            met.add(k)
            c = g.turn
            g.apply_move(m)
            walk(g, _fold(k[0], k[1], m, c), ours)
            g.undo()
            return
        c = g.turn
        for m in g.moves():
            nk = _fold(k[0], k[1], m, c)
            if nk in entries:
                g.apply_move(m)
                walk(g, nk, ours)
                g.undo()

    walk(Game(variant), (0, 0), 0)
    walk(Game(variant), (0, 0), 1)
    assert met == set(entries)
    assert (0, 0) in entries     # the empty board: the first move is the book's


def test_key_equals_the_slow_key_and_stays_in_30_bits():
    rng = Rng(5)
    for variant in ("duo", "duo", "classic_2"):
        g = Game(variant)
        while not g.over:
            k, v = book.key(g.board)
            assert (k, v) == slow_key(g) and k < 2 ** 30 and v < 2 ** 16
            ms = g.moves()
            if not ms:
                break
            g.apply_move(ms[rng.below(len(ms))])


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
                g.apply_move(g.decode(entries[k]))
            else:
                ms = [m for m in g.moves() if _after(g, m) in entries]
                if not ms:
                    break
                g.apply_move(ms[rng.below(len(ms))])
    return out


def _after(g, m):
    h, v = book.key(g.board)
    return book.step(h, v, m, g.turn)


@pytest.mark.parametrize("variant", sorted(ai.BOOKS))
def test_lookup_finds_the_entries_and_nothing_else(variant):
    entries = shipped(variant)
    where = book.path(variant)
    for g, code in _lines(entries, 40, 1, variant):
        assert book.move(g.board, where) == g.decode(code)
        assert ai.choose(g, "expert", 3) == g.text_of(g.decode(code))
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


@pytest.mark.parametrize("variant", sorted(ai.BOOKS))
def test_past_its_plies_or_without_its_file_the_book_is_silent(variant, tmp_path, monkeypatch):
    g = Game(variant)
    assert book.move(g.board, book.path(variant)) != 0
    assert book.move(g.board, str(tmp_path / "none.book")) == 0
    asked = []
    real = book.move
    monkeypatch.setattr(book, "move", lambda b, where: asked.append(b.ply) or real(b, where))
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
               if g.decode(code) not in legal)
    p = tmp_path / "bad.book"
    corners_book.write(p, {k: bad})
    monkeypatch.setattr(book, "path", lambda variant: str(p))
    assert book.move(g.board, str(p)) == g.decode(bad)
    mv = ai.choose(g, "expert", 1)
    assert g.parse(mv) in legal
    p.write_bytes(b"\x00\x01\x02")
    assert book.move(g.board, str(p)) == 0
    assert g.parse(ai.choose(g, "expert", 1)) in legal


def test_only_expert_asks_and_only_its_variants_book(monkeypatch):
    asked = []
    real = book.move

    def spy(b, where):
        asked.append(where)
        return real(b, where)
    monkeypatch.setattr(book, "move", spy)
    for variant in ("duo", "classic", "classic_3", "classic_2"):
        for level in ai.LEVELS:
            ai.choose(Game(variant), level, 0)
    assert asked == [book.path("duo"), book.path("classic_2")]


def test_the_tool_reads_back_what_it_writes_and_refuses_a_damaged_file(tmp_path):
    e = {(5, 1): 17, (5, 0): 4, (2 ** 30 - 1, 65520): 3, (0, 0): 9000}
    corners_book.write(tmp_path / "b", e)
    assert corners_book.read(tmp_path / "b") == e
    (tmp_path / "c").write_bytes((tmp_path / "b").read_bytes()[:-1])
    with pytest.raises(ValueError):
        corners_book.read(tmp_path / "c")
    data = (tmp_path / "b").read_bytes()
    (tmp_path / "d").write_bytes(data[8:16] + data[:8] + data[16:])
    with pytest.raises(ValueError):
        corners_book.read(tmp_path / "d")


def test_merge_keeps_the_answer_whose_line_meets_more(tmp_path):
    g = Game("duo")
    moves = g.moves()
    a, other = moves[0], moves[1]
    # book 1: the first move a, then a reply to one of the enemy's answers after it
    g.apply_move(a)
    reply = g.moves()[0]
    g.apply_move(reply)
    k2 = book.key(g.board)
    follow = g.code_of(g.moves()[0])
    corners_book.write(tmp_path / "one", {(0, 0): g.code_of(a), k2: follow, (12345, 6): 1})
    corners_book.write(tmp_path / "two", {(0, 0): g.code_of(other)})
    corners_book.main(["--book", str(tmp_path / "two"), "--merge", str(tmp_path / "one")])
    # "two" answered the empty board first, but "one"'s answer leads on: it is kept, and
    # the entry no line meets is dropped
    assert corners_book.read(tmp_path / "two") == {(0, 0): g.code_of(a), k2: follow}


@pytest.mark.skipif(not pentobi.available(), reason=pentobi.MISSING)
@pytest.mark.parametrize("variant", sorted(ai.BOOKS))
def test_learning_adds_the_teachers_moves_and_plays_them_back(variant, tmp_path, capsys):
    p = tmp_path / "t.book"
    corners_book.main(["--variant", variant, "--pentobi", "1", "--teacher", "1", "--games",
                       "2", "--depth", "2", "--book", str(p), "--learn"])
    learnt = corners_book.read(p)
    assert len(learnt) >= 3 and (0, 0) in learnt
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
