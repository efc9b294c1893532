"""tools/lab/corners_match.py's accounting: Pentobi moves first in the even games, ours in the
odd ones, and the points per seat are printed for the right seat (no Pentobi needed: the
games are stood in for)."""

import pytest

from tools.lab import corners_match


class _G:
    plies = 30


def test_points_per_seat(monkeypatch, capsys):
    # game k: ours wins the games where it moves first (odd k), loses the others
    def fake(variant, level, plevel, k, *rest, **kw):
        return (-10, -20, _G()) if k % 2 else (-20, -10, _G())
    monkeypatch.setattr(corners_match, "play_one", fake)
    corners_match.main(["--games", "4"])
    out = capsys.readouterr().out
    assert "4 games, 2 won, 2 lost, 0 drawn: 50.0%" in out
    assert "ours moving first 2.0/2, second 0.0/2" in out


def test_a_draw_counts_half_for_its_seat(monkeypatch, capsys):
    monkeypatch.setattr(corners_match, "play_one",
                        lambda *a, **k: (-5, -5, _G()) if a[3] == 0 else (-20, -10, _G()))
    corners_match.main(["--games", "2"])
    out = capsys.readouterr().out
    assert "ours moving first 0.0/1, second 0.5/1" in out


def test_who_moves_first(monkeypatch):
    # the real play_one: Pentobi's player index is k % 2 and Duo's colour 0 moves first
    seen = []

    class FakeGtp:
        def __init__(self, variant, level=1, seed=None, book=False):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            pass

        def close(self):
            pass

        def genmove(self, c):
            seen.append(c)
            raise StopIteration

        def play(self, c, mv):
            pass

    monkeypatch.setattr(corners_match, "Gtp", FakeGtp)
    for k, first in ((0, True), (1, False)):
        seen.clear()
        try:
            corners_match.play_one("duo", "easy", 1, k)
        except StopIteration:
            pass
        # Pentobi is asked for colour 0 (the first move) only in even games
        assert (seen[:1] == [0]) == first, (k, seen)


def test_teacher_row_finds_the_teachers_move_in_the_static_look():
    from corners import Game, ai
    from corners.board import MAXMOVES
    g = Game("duo")
    for mv in ("e9,d10,e10,f10,e11", "j4,i5,j5,k5,j6"):
        g.play(mv)
    top = corners_match.static_top(g, "expert", 0)
    assert len(top) == 90 and len(set(top)) == 90
    # the same move in another cell order is the same move
    third = ",".join(reversed(g.text_of(top[3]).split(",")))
    assert third != g.text_of(top[3])
    ours = g.text_of(top[0])
    assert corners_match.teacher_row(g, "expert", 0, ours, third, 2) == (2, False, 3)
    assert corners_match.teacher_row(g, "average", 0, third, third, 2)[1]
    # a legal move the static look ranks below its best 90 is placed at 90
    moves = ai._scratch()[0]
    n = g.board.gen(g.turn, moves, 0, MAXMOVES)
    out = g.text_of(next(m for m in moves[:n] if m not in top))
    assert corners_match.teacher_row(g, "expert", 0, ours, out, 2) == (2, False, 90)


def test_teacher_summary_by_our_move_number(capsys):
    rows = [(1, True, 0), (3, False, 30), (5, False, 90), (6, True, 4), (14, False, 19)]
    corners_match.teacher_summary(rows, 6)
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "moves 1-4 (2): same 50.0%; 50.0% 50.0% 100.0% 100.0%"
    assert out[2] == "moves 5-8 (2): same 50.0%; 50.0% 50.0% 50.0% 50.0%"
    assert out[3] == "moves 13-99 (1): same 0.0%; 0.0% 100.0% 100.0% 100.0%"
    assert len(out) == 4    # no line for moves 9-12: none were played


def test_one_seat_and_the_records(monkeypatch, capsys, tmp_path):
    # --seat second plays only the even games (Pentobi first), --seat first the odd ones;
    # --records writes each game's number and moves on a line
    played = []

    class G(_G):
        def record(self):
            return "a1\nb2,b3"

    def fake(variant, level, plevel, k, *rest, **kw):
        played.append(k)
        return (-10, -20, G())
    monkeypatch.setattr(corners_match, "play_one", fake)
    rec = tmp_path / "r.txt"
    corners_match.main(["--games", "5", "--first", "10", "--seat", "second",
                        "--records", str(rec)])
    assert played == [10, 12, 14]
    assert rec.read_text() == "10 a1 b2,b3\n12 a1 b2,b3\n14 a1 b2,b3\n"
    assert "ours moving first 0.0/0, second 3.0/3" in capsys.readouterr().out
    played.clear()
    corners_match.main(["--games", "5", "--first", "10", "--seat", "first"])
    assert played == [11, 13]


def test_classic_sides_are_two_colours_each():
    # Classic (four colours): Pentobi plays Blue and Red in even games, Yellow and Green in
    # odd ones; a side's points are its two colours' squares together
    class G:
        ncol = 4

        def scores(self):
            return [-10, -20, -30, -1]
    assert [corners_match.pentobi_plays(0, c) for c in range(4)] == [True, False, True, False]
    assert [corners_match.pentobi_plays(7, c) for c in range(4)] == [False, True, False, True]
    assert corners_match.sides(G(), 0) == (-21, -40)
    assert corners_match.sides(G(), 1) == (-40, -21)


def test_classic_duo_and_classic_2_sides_are_the_player_scores():
    from corners import Game
    for variant in ("duo", "classic_2"):
        g = Game(variant)
        for _ in range(6):
            g.apply_move(g.moves()[0])
        ps = g.player_scores()
        assert corners_match.sides(g, 0) == (ps[1], ps[0])
        assert corners_match.sides(g, 1) == (ps[0], ps[1])


def test_pbook_reaches_pentobi(monkeypatch, tmp_path):
    # --pbook: Pentobi is started with its own book of the variant (--book FILE), never
    # with --nobook; without it, --nobook
    from tools import pentobi
    started = []

    class P:
        def __init__(self, args, **kw):
            started.append(args)
    monkeypatch.setattr(pentobi, "find", lambda: "/x/bin/pentobi-gtp")
    monkeypatch.setattr(pentobi.subprocess, "Popen", P)
    (tmp_path / "book_classic_2.blksgf").write_text("(;GM[Blokus Two-Player])")
    monkeypatch.setenv("PENTOBI_BOOKS", str(tmp_path))
    pentobi.Gtp("classic_2", level=2, book=True)
    pentobi.Gtp("classic_2", level=2)
    assert "--nobook" not in started[0]
    assert started[0][started[0].index("--book") + 1] == str(tmp_path / "book_classic_2.blksgf")
    assert "--nobook" in started[1] and "--book" not in started[1]
    # a missing book is a clear error, not a Pentobi that quietly plays without it
    import pytest
    with pytest.raises(pentobi.Missing, match="book_duo.blksgf"):
        pentobi.Gtp("duo", level=2, book=True)


def test_pbook_option_reaches_play_one(monkeypatch, capsys):
    seen = []

    def fake(variant, level, plevel, k, *rest, **kw):
        seen.append((variant, kw.get("pbook")))
        return (-10, -20, _G())
    monkeypatch.setattr(corners_match, "play_one", fake)
    corners_match.main(["--variant", "classic", "--games", "2", "--pbook"])
    assert seen == [("classic", True)] * 2
    assert "classic average vs Pentobi level 1 with its book: 2 games" in capsys.readouterr().out


def test_spread_numbers_alternate_the_seats(monkeypatch, capsys):
    # --spread S: games first, first + S, ... (S odd keeps the seats alternating); an even
    # S is refused before any game is played
    played = []

    def fake(variant, level, plevel, k, *rest, **kw):
        played.append(k)
        return (-10, -20, _G())
    monkeypatch.setattr(corners_match, "play_one", fake)
    corners_match.main(["--games", "4", "--first", "100", "--spread", "20011"])
    assert played == [100, 20111, 40122, 60133]
    assert "ours moving first 2.0/2, second 2.0/2" in capsys.readouterr().out
    played.clear()
    corners_match.main(["--games", "4", "--first", "100", "--spread", "7", "--seat", "first"])
    assert played == [107, 121]
    with pytest.raises(SystemExit):
        corners_match.main(["--games", "4", "--spread", "20014"])
    assert played == [107, 121]


def test_set_takes_a_pair_where_the_setting_is_one(monkeypatch):
    # --set tempo=N,M sets Duo's head start for both colours; a single number there, a
    # pair where the setting is one number, or three numbers are refused before any game
    from corners import ai
    played = []

    def fake(variant, level, plevel, k, *rest, **kw):
        played.append(k)
        return (-10, -20, _G())
    monkeypatch.setattr(corners_match, "play_one", fake)
    monkeypatch.setitem(ai.SETTINGS, "expert", dict(ai.SETTINGS["expert"]))
    corners_match.main(["--games", "1", "--level", "expert", "--set", "tempo=3,7",
                        "--set", "terr=25"])
    assert ai.SETTINGS["expert"]["tempo"] == (3, 7)
    assert ai.SETTINGS["expert"]["terr"] == 25
    for bad, says in (("tempo=4", "takes a pair"), ("tempo=4,5,6", "takes a pair"),
                      ("terr=3,4", "takes one number")):
        with pytest.raises(SystemExit, match=says):
            corners_match.main(["--games", "1", "--level", "expert", "--set", bad])
    assert played == [0]
    assert ai.SETTINGS["expert"]["tempo"] == (3, 7)
