"""tools/corners_match.py's accounting: Pentobi moves first in the even games, ours in the
odd ones, and the points per seat are printed for the right seat (no Pentobi needed: the
games are stood in for)."""

from tools import corners_match


class _G:
    plies = 30


def test_points_per_seat(monkeypatch, capsys):
    # game k: ours wins the games where it moves first (odd k), loses the others
    def fake(variant, level, plevel, k, weights=None, helper=0, helper_moves=0):
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
        def __init__(self, variant, level=1, seed=None):
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
