"""Issue 42 item 1: every button and every choice a finger can hit, on both screens.

Each screen of the shell (the game screen's panel, every menu page and text page, the
chooser, New game's two-way settings, a review's Step) and of Still's and Winther's faces
(2-player and many-player Still's, claim mode and its "Whose quad?", Duel, a Trek pick,
Winther's capture choice, both tutorials, the end of a game) is measured through the app's
own hit() by host_tests/fingers.py's target_faults: a hit area of at least 30 x 30 px on
320x240 (40 x 40 on 480x320, ~6 mm on both panels) and 2 (3) px of nothing between two
targets. Board cells are the board's rule (the confirm tap, test_fat_finger_*.py).
The Quax family's and the corner polyominoes' own screens have their own tests
(test_touch_target_quax.py, test_touch_target_corners.py).
"""

import pytest

from apptools import start, start_with
from fingers import target_faults
from tools.sim import rects

from quadcore import Game

SIZES = ((320, 240), (480, 320))
HUMANS = {"opponent": "humans", "humans": 2}


class Visit:
    """Collects target_faults of each screen visited, named."""

    def __init__(self, size):
        self.size = size
        self.faults = []
        self.seen = []

    def __call__(self, app, name):
        app.tick()  # the render of the last tap
        self.seen.append(name)
        self.faults += ["%s %dx%d: %s" % (name, self.size[0], self.size[1], f)
                        for f in target_faults(app)]

    def check(self, least):
        assert len(self.seen) >= least, self.seen
        assert not self.faults, "\n".join(self.faults)


def _pages(app, d, visit, name):
    """A text page and each page after it (Next), then back."""
    k = 0
    while True:
        visit(app, "%s page %d" % (name, k))
        if "next" not in [n for n, _ in rects(app)]:
            break
        d.press("next")
        k += 1


def _menus(app, d, visit, game, pages=("new", "prefs", "help", "games")):
    """Every menu page of the shown game, from the game screen and back to it."""
    d.press("menu")
    visit(app, game + " main menu")
    for page in pages:
        d.press(page)
        visit(app, game + " " + page)
        if page == "help":
            d.press("topic0")
            _pages(app, d, visit, game + " help topic")
            d.press("back")
        d.press("back")
    for page in ("stats", "about", "moves") if len(pages) > 1 else ("moves",):
        d.press(page)
        _pages(app, d, visit, game + " " + page)
        d.press("back")
    d.press("resume")


@pytest.mark.parametrize("size", SIZES)
def test_still_touch_targets_against_the_computer_and_every_menu(size):
    visit = Visit(size)
    app, d, p = start(size=size)
    visit(app, "vs computer")
    d.tap_cell("f6")
    visit(app, "after a turn")
    d.press("hint")
    visit(app, "hint")
    d.press("star")
    visit(app, "star armed")
    _menus(app, d, visit, "Still's")
    visit.check(13)


@pytest.mark.parametrize("size", SIZES)
def test_still_touch_targets_with_two_to_six_players_duel_and_trek(size):
    visit = Visit(size)
    for humans in range(2, 7):
        app, d, p = start(size=size, prefs=dict(HUMANS, humans=humans))
        visit(app, "%d players" % humans)
        d.tap_cell("f6")
        visit(app, "%d players, a turn on" % humans)
    for humans in (2, 3):
        app, d, p = start(size=size, prefs=dict(HUMANS, humans=humans, variant="duel"))
        visit(app, "Duel, %d players" % humans)
    g = Game(7, 2, None, None, False, "trek")
    for line in ("a2", "g2", "b2", "f2", "c3", "e3", "a6", "g6", "b5", "f5", "c6", "e6"):
        g.play(line)
    app, d, p = start_with(g, cpu=-1, size=size)
    d.tap_cell("a2")
    visit(app, "Trek, a marble picked")
    visit.check(13)


@pytest.mark.parametrize("size", SIZES)
def test_still_touch_targets_in_claim_mode_and_whose_quad(size):
    visit = Visit(size)
    app, d, p = start(size=size, prefs=dict(HUMANS, claim=True))
    visit(app, "claim mode")
    for cell in ("d4", "a6", "f5", "a7", "e7", "a8", "c6", "a9"):
        d.tap_cell(cell)
    d.press("quad")
    assert app.play.asking is not None
    visit(app, "whose quad")
    d.press("seat0")
    assert app.play.game.result is not None
    visit(app, "claimed: game over")
    visit.check(3)


@pytest.mark.parametrize("size", SIZES)
def test_still_touch_targets_at_the_end_and_in_its_review(size):
    from tools.shots import quad_free_fill
    visit = Visit(size)
    g = Game(7, 2)
    for t in quad_free_fill():
        g.play(t)
    app, d, p = start_with(g, cpu=-1, size=size)
    visit(app, "game over")
    d.press("moves")
    _pages(app, d, visit, "finished game's moves")
    while "review" not in [n for n, _ in rects(app)]:
        d.press("prev")
    d.press("review")
    visit(app, "review, last turn")
    d.press("prev")
    visit(app, "review, a turn back")
    d.press("first")
    visit(app, "review, the start")
    d.press("done")
    visit(app, "after the review")
    visit.check(5)


@pytest.mark.parametrize("size", SIZES)
def test_still_touch_targets_in_the_tutorial(size):
    visit = Visit(size)
    app, d, p = start(size=size)
    d.press("menu")
    d.press("tutorial")
    for tap in ("next", "star", "h10", "c6", "done"):
        visit(app, "tutorial before " + tap)
        if len(tap) > 3:
            d.press(tap)
        else:
            d.tap_cell(tap)
    assert app.play.tutor is None
    visit.check(5)


def _winther(size, humans, game=None, counters=15):
    from tools.shots import _wq_fresh
    return _wq_fresh(size, humans, counters, game)


def _wq(d, cell):
    from winquad import parse_cell
    d.tap_xy(*d.app.play.board.centre(parse_cell(cell)))


@pytest.mark.parametrize("size", SIZES)
def test_winther_touch_targets_in_play_capture_and_menus(size):
    visit = Visit(size)
    app, d, p = _winther(size, True)
    visit(app, "Winther's drop")
    for t in ("d4", "e4", "a1", "h8"):
        _wq(d, t)
    _wq(d, "f4")
    assert app.play.choice is not None
    visit(app, "Winther's capture choice")
    d.press("take")
    visit(app, "Winther's after a capture")
    _menus(app, d, visit, "Winther's", ("new",))  # (the other pages: the shell's)
    from winquad import Game as WGame
    g = WGame(12)
    for t in ("b2", "g7", "a3", "g5", "d2", "e7", "f2", "c7", "b5", "h3", "d6", "e4",
              "f6", "c4", "h6", "a8", "c2", "h8", "e2", "b8", "g2", "d8", "a5", "f8"):
        g.play(t)
    app, d, p = _winther(size, True, g, 12)
    _wq(d, "d6")
    visit(app, "Winther's counter picked")
    app, d, p = _winther(size, False)
    visit(app, "Winther's vs computer")
    visit.check(8)


@pytest.mark.parametrize("size", SIZES)
def test_winther_touch_targets_in_its_tutorial_end_and_review(size):
    from winquad import ai as wq_ai
    from winquad.notation import parse_turn
    visit = Visit(size)
    app, d, p = _winther(size, True)
    d.press("menu")
    d.press("tutorial")
    k = 0
    while app.play.tutor is not None and k < 12:
        visit(app, "Winther's tutorial %d" % k)
        names = [n for n, _ in rects(app)]
        tut = app.play.tutor
        want = [n for n in ("next", "take", "keep", "done") if n in names]
        if want:
            d.press(want[0])
        else:  # a board step: the cell it asks for
            cell = {1: tut.drop, 2: tut.win}.get(tut.step, tut.win)
            d.tap_xy(*app.play.board.centre(cell))
        k += 1
    assert app.play.tutor is None, k
    app, d, p = _winther(size, True, counters=12)
    n = 0
    while app.play.game.result is None and n < 300:
        frm, to, caps = parse_turn(wq_ai.choose(app.play.game, "expert", n))
        if frm != to:
            d.tap_xy(*app.play.board.centre(frm))
        d.tap_xy(*app.play.board.centre(to))
        if app.play.choice is not None:
            d.press("take" if caps else "keep")
        n += 1
    visit(app, "Winther's game over")
    d.press("moves")
    while "review" not in [n for n, _ in rects(app)]:
        d.press("next" if "next" in [n for n, _ in rects(app)] else "prev")
    d.press("review")
    visit(app, "Winther's review")
    d.press("prev")
    visit(app, "Winther's review, a turn back")
    visit.check(5)


@pytest.mark.parametrize("size", SIZES)
def test_the_chooser_on_a_first_start(size):
    visit = Visit(size)
    app, d, p = start(size=size, tutorial_done=False)
    visit(app, "chooser on a first start")
    visit.check(1)


def test_new_game_labels_clear_their_arrows_in_every_game():
    """Every face's New game labels fit between "<" and ">" with a space each side on
    both screens (the Titano's 40 columns leave 16 characters)."""
    from quadpocket import games
    bad = []
    for size in SIZES:
        for row in games.GAMES:
            app, d, p = start(size=size)
            if app.play.gid != row[0]:
                d.press("menu")
                d.press("games")
                d.press("game%d" % games.GAMES.index(row))
                if app.play.tutor is not None:
                    d.press("skip")
            w = app.p.width // (6 * (2 if size[0] >= 440 else 1)) // 2 - 4
            for name, text in app.use(row[4] + ".settings").settings(app):
                if len(text) > w:
                    bad.append("%s %s: %r is %d characters, %d fit" % (row[1], size, text,
                                                                        len(text), w))
    assert not bad, "\n".join(bad)
