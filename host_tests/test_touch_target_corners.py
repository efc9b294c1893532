"""Every target a finger can hit on the corner polyomino game's screens, both displays
(issue 42, item 1; host_tests/fingers.py's rule: a button or a choice holds a 30 x 30 px
square on 320x240, 40 x 40 on 480x320, with 2 / 3 px of nothing between two): the first
screen of a turn, the picker open, a piece picked with its ghost fitting and not, a hint
shown, the computer's turn, the end of a game, every step of the tutorial and a review
(Step on the move list), in Duo and in Classic. Board cells are exempt, but they are
under that size, so no single tap on them places a piece (checked here on every cell;
the fat-finger games, test_fat_finger_corners.py, play whole games so)."""

import pytest

from fingers import MIN, smallest_cell, target_faults
from test_corners_app import (cb, conf, ghost_cells, press_more, rects, tap_cell,
                              tap_piece, tap_slot)

SIZES = ((320, 240), (480, 320))


def faults(app, what):
    out = target_faults(app)
    assert not out, "%s, %dx%d: %s" % (what, app.p.width, app.p.height, "; ".join(out))


def _states(d):
    """Walk a person's turn through its screens; yield a name at each."""
    app = d.app
    play = app.play
    yield "a turn's first screen"
    press_more(d, "pick")
    yield "the picker"
    tap_slot(d, 20)
    assert play.ok
    yield "a piece picked, its ghost fitting"
    tap_cell(d, 0)
    assert not play.ok
    yield "a ghost that cannot go, with its reason"
    d.press("undo")
    if play.game.variant == "duo":  # (Classic's hint, Expert's search, is slow here: the
        d.press("hint")            # same screen as a piece picked, with its words)
        assert play.ghost is not None
        yield "a hint"
    else:
        tap_piece(d, 20)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", (0, 1))
def test_touch_target_every_corners_screen(size, variant):
    app, d, p = cb(size=size, conf_=conf(variant=variant, kinds=(0, 2, 2, 2)))
    play = app.play
    # the cells are under a finger's size: what the confirm rule is for
    assert smallest_cell(app) < MIN[size[0]]
    for what in _states(d):
        faults(app, what)
    tap_cell(d, ghost_cells(play)[0])  # the hint placed: the computer's turn
    # the computer's turn, caught while it thinks
    faults(app, "the computer's turn")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", (0, 1))
def test_touch_target_the_end_the_move_list_and_a_review(size, variant):
    # a game between computer colours (Easy) to its end
    app, d, p = cb(size=size, conf_=conf(variant=variant, kinds=(2, 2, 2, 2)))
    play = app.play
    g = play.game
    while g.result is None:
        d.settle()
    faults(app, "the end of a game")
    d.press("moves")
    assert app.mode == "text"
    faults(app, "the move list")
    while "prev" in [n for n, _ in rects(app)]:
        d.press("prev")
    d.press("review")
    assert play.tutor is not None
    faults(app, "a review")
    d.press("prev")
    faults(app, "a review, a step back")
    d.press("done")
    assert play.tutor is None


@pytest.mark.parametrize("size", SIZES)
def test_touch_target_every_step_of_the_tutorial(size):
    from face_corners import M_GHOST
    from face_corners.tutorial import STEPS
    app, d, p = cb(size=size)
    d.press("menu")
    d.press("tutorial")
    play = app.play
    tut = play.tutor
    seen = 0
    while True:
        faults(app, "tutorial step %d" % (tut.step + 1))
        seen += 1
        want = STEPS[tut.step][1]
        if not want:
            break
        if want == "next":
            d.press("next")
        elif want[0] == "p" and want[1:].isdigit():
            tap_slot(d, int(want[1:]))
        elif want in ("pick", "rot", "flip", "up"):
            press_more(d, want)
        elif want == "ghost":
            press_more(d, "lay")
        else:  # a cell
            n = play.game.width
            tap_cell(d, (int(want[1:]) - 1) * n + "abcdefghijklmn".index(want[0]))
    assert seen == len(STEPS) and M_GHOST
    d.press("done")
    assert play.tutor is None


@pytest.mark.parametrize("size", SIZES)
def test_no_single_tap_on_a_cell_places_a_piece(size):
    """With no ghost on the board a tap on any cell places nothing (it puts the ghost
    there, or asks for a piece first); only a tap on the ghost shown, or Place, does."""
    app, d, p = cb(size=size, conf_=conf(kinds=(0, 0, 0, 0)))
    play = app.play
    g = play.game
    n = g.width
    for x in range(0, n * n, 3):  # no piece picked
        tap_cell(d, x)
        assert g.plies == 0 and play.piece is None
    tap_piece(d, 18)  # the cross
    for x in range(n * n):
        play.app.use("face_corners.act").put_back(play)
        play.piece = 18
        play.orient = 0
        tap_cell(d, x)  # picked, no ghost: the tap puts it there
        assert g.plies == 0, x
