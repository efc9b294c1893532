"""A finished game looked at again, in both games: the move list ends with the result,
says who played each turn, and Step shows the game on the board turn by turn (back,
forward, to the start); Done puts the finished game back as it was. The stepping code is
an on-demand module (quadpocket.review), not in the resident game screen."""

import sys

import pytest
from apptools import info_text, screen_text, start_with, tile

from quadcore import Game, parse_cell
from tools.sim import rects
from winquad import Game as WGame

import test_wq_app as wqt


def names(app):
    return [n for n, _ in rects(app)]


def _still_won():
    # you (seat 0) play d4 f5 e7; the computer h8 j8 j10; c6 makes the tilted quad
    g = Game()
    for t in ("d4", "h8", "f5", "j8", "e7", "j10"):
        g.play(t)
    app, d, p = start_with(g, cpu=1, prefs={"level": "easy"})
    d.tap_cell("c6")
    assert app.play.game.result is not None
    return app, d


def test_still_move_list_ends_with_the_result_and_steps_through_the_game():
    app, d = _still_won()
    play = app.play
    end_cells = bytes(play.game.cells)
    d.press("moves")
    text = screen_text(app)
    assert "1.You d4" in text and "2.CPU h8" in text and "7.You c6" in text
    assert "Result: You win!" in text
    assert "quadpocket.review" not in sys.modules
    d.press("review")
    assert app.mode == "play" and play.tutor is not None
    assert "Turn 7 of 7" in info_text(app) and "You c6" in info_text(app)
    assert "You win!" in info_text(app)
    c6, e7 = parse_cell("c6", 11), parse_cell("e7", 11)
    d.press("prev")
    assert "Turn 6 of 7" in info_text(app) and "CPU j10" in info_text(app)
    assert play.game.cells[c6] == 0 and tile(app, c6) != tile(app, e7)
    d.press("prev")
    d.press("prev")
    assert play.game.cells[e7] == 0 and "Turn 4 of 7" in info_text(app)
    d.press("next")
    assert play.game.cells[e7] != 0 and "You e7" in info_text(app)
    d.press("first")
    assert not any(v >= 1 and v != 255 for v in play.game.cells) and "Start" in info_text(app)
    assert play.panel.names[0] is None and play.panel.names[1] == "next"  # Back is off
    d.tap_cell("e5")  # the board does not take a marble while reviewing
    assert not any(v >= 1 and v != 255 for v in play.game.cells)
    d.press("done")
    assert play.tutor is None and bytes(play.game.cells) == end_cells
    assert play.game.result is not None and "You win!" in info_text(app)
    assert play.board.outline is not None  # the winning square drawn again
    assert "new" in play.panel.names and "undo" in play.panel.names


def _wq_won():
    g = WGame(12)
    for t in ("a1", "c5", "a2", "d5", "a3", "e5"):
        g.play(t)
    app, d, p = wqt.with_game(g, cpu=1, prefs={"level": "easy"})
    wqt.tap(d, "a4")
    assert app.play.game.result is not None
    return app, d


def test_winther_move_list_says_who_played_and_ends_with_the_result():
    app, d = _wq_won()
    play = app.play
    d.press("moves")
    text = screen_text(app)
    assert "W: White" in text and "1.W a1" in text and "2.B c5" in text and "7.W a4" in text
    assert "Result: You win! (four in a row)" in text
    d.press("review")
    assert "Turn 7 of 7" in info_text(app) and "W a4" in info_text(app)
    d.press("prev")
    assert play.game.at(parse_cell_w("a4")) == 0 and "B e5" in info_text(app)
    d.press("first")
    assert play.game.plies == 0
    d.press("next")
    assert play.game.plies == 1 and play.game.at(parse_cell_w("a1")) == 1
    d.press("done")
    assert play.tutor is None and play.game.plies == 7 and play.game.result is not None
    assert "You win!" in info_text(app)


def parse_cell_w(c):
    from winquad import parse_cell as pc
    return pc(c)


def test_step_is_offered_for_a_game_in_progress_and_done_gives_it_back():
    """Issue 42: Step on every move list with a turn in it, finished or not; Done gives
    the game in progress back as it was (a counter picked: taken back, then restored
    from the game's bytes)."""
    g = WGame(12)
    g.play("a1")
    g.play("h8")
    app, d, p = wqt.with_game(g, cpu=-1)
    d.press("moves")
    assert "review" in names(app)
    assert "Result" not in screen_text(app)
    d.press("review")
    assert "Turn 2 of 2" in info_text(app)
    d.press("prev")
    assert app.play.game.plies == 1 and "Turn 1 of 2" in info_text(app)
    d.press("done")
    assert app.play.tutor is None and app.play.game.plies == 2
    assert app.play.game.record() == g.record()


def test_no_step_before_the_first_turn():
    app, d, p = wqt.with_game(WGame(12), cpu=-1)
    d.press("moves")
    assert "review" not in names(app)


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_review_panel_fits(size):
    app, d = _wq_won()
    d.press("moves")
    d.press("review")
    p = app.play.panel
    for _ in range(8):
        lines = info_text(app).split("\n")
        assert all(len(s.rstrip()) <= p.cols for s in lines)
        d.press("prev")
