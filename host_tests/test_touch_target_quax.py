"""Issue 42, item 1, for the Quax family: every button of every state of its game screen
a fingertip can hit on both screens (host_tests/fingers.py: a hit area holding a 30 x 30
px square on 320x240, 40 x 40 on 480x320, and nothing within 2 / 3 px of another
target), measured through the screen's own hit(); and where the board's cells are
smaller than that, no single tap on a cell plays a move.

The states: a game against the computer, a stone picked to link (and its partners
shown), a stone shown where a drop would go (the confirm tap), a refusal, the swap
offered, a forced pass in Crossway (no links column), the end of a game, the tutorial's
steps (Next, Swap, a link, Done) and the review of a finished game (Step)."""

import pytest
from fingers import MIN, smallest_cell, target_faults

from quax import Game, parse_cell
from test_fat_finger_quax import blind
from test_quax_app import _forced_pass_position, conf, game_of, qx as _qx, tap, tap_once
from test_quax_app import with_game as _with_game

SIZES = ((320, 240), (480, 320))


AUTO = {"confirm": 0}  # the confirm tap as it comes: Auto (the tests' apptools: off)


def qx(**kw):
    app, d, p = _qx(prefs=AUTO, **kw)
    return blind(app), d, p


def with_game(g, **kw):
    app, d, p = _with_game(g, prefs=AUTO, **kw)
    return blind(app), d, p


def states(size):
    """(name, app) for each state of the Quax family's game screen on this screen."""
    from face_quax.start import max_size
    app, d, p = qx(size=size, conf=conf("quax", 7, True))
    top = max_size(app)
    app, d, p = qx(size=size, conf=conf("quax", top, False))
    tap(d, "e5")
    d.settle()
    yield "against the computer, %dx%d" % (top, top), app
    tap_once(d, "b2")
    assert app.play.mark is not None
    yield "a drop shown, not played", app
    app, d, p = with_game(game_of("quax", 9, "c3 d3 d4 c4"), size=size)
    tap(d, "c3")
    assert app.play.sel is not None
    yield "a stone picked to link", app
    tap_once(d, "a9")
    assert app.play.msg == "Link cancelled" and app.play.sel is None
    yield "a refusal", app
    app, d, p = qx(size=size, conf=conf("quax", 9, True, humans=True))
    tap(d, "e5")
    assert app.play.game.can_swap()
    yield "the swap offered", app
    d.press("swap")
    yield "after the swap", app
    app, d, p = with_game(_forced_pass_position(), size=size)
    yield "a forced pass in Crossway", app
    g = game_of("quax", 5, "c1 swap a1 c2 a2 c3 a3 c4 a4 c5", pie=True)
    app, d, p = with_game(g, size=size)
    assert app.play.game.result is not None
    yield "the end of a game", app
    d.press("moves")
    d.press("review")
    yield "the review of a finished game", app
    d.press("prev")
    yield "the review, a turn back", app
    app, d, p = qx(size=size, conf=conf("quax", 9))
    d.press("menu")
    d.press("tutorial")
    yield "the tutorial: its first step", app
    d.press("next")
    yield "the tutorial: Swap", app
    d.press("swap")
    tap(d, "d4")
    tap(d, "e5")
    tap(d, "d4")
    yield "the tutorial: a link picked", app
    tap(d, "e5")
    tap(d, "e6")
    tap(d, "e7")
    assert app.play.game.result is not None
    yield "the tutorial: Done", app


@pytest.mark.parametrize("size", SIZES)
def test_touch_target_every_quax_button_a_finger_hits(size):
    faults = []
    seen = 0
    for name, app in states(size):
        seen += 1
        assert app.mode == "play", name
        faults += ["%s: %s" % (name, f) for f in target_faults(app)]
    assert seen == 14
    assert faults == []


@pytest.mark.parametrize("size", SIZES)
def test_touch_target_small_cells_never_play_on_one_tap(size):
    """Every board the screen offers whose cells are under a fingertip's size: one tap on
    an empty cell shows the stone and plays nothing; a tap on another cell moves it; the
    second tap on it drops it."""
    from face_quax.start import max_size
    app, d, p = qx(size=size, conf=conf("quax", 5, humans=True))
    small = 0
    for n in (5, 9, max_size(app)):
        app, d, p = with_game(Game("quax", n, False), size=size)
        if smallest_cell(app) >= MIN[size[0]]:
            continue
        small += 1
        g = app.play.game
        tap_once(d, "b2")
        assert g.plies == 0 and app.play.mark == parse_cell("b2", n), n
        tap_once(d, "c2")
        assert g.plies == 0 and app.play.mark == parse_cell("c2", n), n
        tap_once(d, "c2")
        assert g.plies == 1 and g.at(parse_cell("c2", n)) == 1, n
    assert small >= 1
