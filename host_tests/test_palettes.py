"""Issue 22 item 8: every mark on the board at least 3:1 contrast against the board
(WCAG 2 relative luminance, which colour vision does not change much: a red marble on the
board shows for a red-green colour-blind player by its brightness), in both games'
palettes, normal and high contrast, read from the board the running app built."""

import pytest

from apptools import start

from quadpocket import view

MIN = 3.0


def _lin(c):
    c /= 255.0
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb):
    return (0.2126 * _lin(rgb >> 16 & 255) + 0.7152 * _lin(rgb >> 8 & 255)
            + 0.0722 * _lin(rgb & 255))


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def test_the_contrast_formula():
    assert contrast(0x000000, 0xFFFFFF) == pytest.approx(21.0)
    assert contrast(0x777777, 0xFFFFFF) == pytest.approx(4.48, abs=0.01)
    assert contrast(0x00E8FF, 0xC89B5A) == pytest.approx(1.69, abs=0.01)  # the old frame


def _colour(pal, i):
    v = pal[i]
    if isinstance(v, (tuple, list)):
        return v[0] << 16 | v[1] << 8 | v[2]
    return int(v)


def _weak(pal, marks):
    board = _colour(pal, view.BOARD)
    out = []
    for name, roles in marks:
        best = max(contrast(_colour(pal, r), board) for r in roles)
        if best < MIN:
            out.append("%s %.2f:1" % (name, best))
    return out


def still_marks(ncolours):
    return ([("star", (view.STAR,)), ("last-move frame", (view.CURSOR,)),
             ("Trainer cell", (view.TRAIN,)), ("hint", (view.HINT,)),
             # the winning line: bright on a dark edge, one of them meets the board
             ("winning line", (view.QUAD, view.DARK))]
            + [("marble %d" % c, (view.MARBLE0 + c,)) for c in range(ncolours)])


@pytest.mark.parametrize("contrast_on", (False, True))
@pytest.mark.parametrize("size", ((320, 240), (480, 320)))
def test_still_marks_stand_out_from_the_board(contrast_on, size):
    app, d, p = start(size=size, prefs={"opponent": "humans", "humans": 6,
                                        "contrast": contrast_on})
    assert app.play.game.rules.ncolours == 6
    assert _weak(app.play.board.palette, still_marks(6)) == []


WQ_MARKS = [("White counter", (view.MARBLE0,)), ("Black counter", (view.MARBLE0 + 1,)),
            ("frame", (view.CURSOR,)), ("destination / rim cell", (view.TRAIN,)),
            ("hint", (view.HINT,))]


@pytest.mark.parametrize("contrast_on", (False, True))
def test_winther_marks_stand_out_from_the_board(contrast_on):
    from tools.shots import _wq_fresh
    from quadpocket.storage import Store
    app, d, p = _wq_fresh((320, 240), True)
    if contrast_on:  # the preference, as the menu sets it: shell colours, then the face's
        app.prefs.contrast = True
        app.use("build").colours(app, True)
        app.use("face_winther.start").recolour(app)
    assert _weak(app.play.board.palette, WQ_MARKS) == []


@pytest.mark.parametrize("contrast_on", (False, True))
@pytest.mark.parametrize("duo", (False, True))
def test_corners_age_dots_stand_out_from_every_piece_colour(contrast_on, duo):
    """The corner polyomino game's age dots: black or white ink (face_corners.ages.ages
    picks by the piece's luminance), at least 3:1 against the piece they sit on."""
    from face_corners import ages, build

    class Pal(list):
        pass
    pal = Pal([0] * 16)
    build.colours(pal, contrast_on, duo)
    for c in range(2 if duo else 4):
        piece = pal[8 + c]
        ink = 0xFFFFFF if ages.dark(piece) else 0x000000
        assert contrast(ink, piece) >= MIN, (hex(piece), hex(ink))
        # the ink is the better of the two wherever the other would fall under 3:1
        other = 0xFFFFFF ^ ink
        assert contrast(ink, piece) >= contrast(other, piece) or contrast(other, piece) >= MIN
