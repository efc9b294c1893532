"""Issue 42's fat-finger test for Still's Quad: whole games played through taps only, on
both screens, every tap a fat finger's (host_tests/fingerplay.py): the game is started
from the menus (Menu, New game, its settings, Start game), each turn is the one a seeded
computer player picks for the seat to move, and every turn the engine records equals
that turn. Each game finishes."""

import pytest

from apptools import start
from fingerplay import Player

from quadcore import ai, parse_turn

SIZES = ((320, 240), (480, 320))


def new_game_from_the_menus(pl, humans):
    """Menu, New game: Vs stepped to `humans` players (its right half) or back to the
    computer (its left half), then Start game."""
    app = pl.app
    pl.press("menu")
    pl.press("new")
    for _ in range(8):
        opp, n = app.prefs.opponent, app.prefs.humans
        if (opp == "computer" and humans == 0) or (opp == "humans" and n == humans):
            break
        pl.press("vs" if humans else "vs-")
    pl.press("start")
    assert app.mode == "play"


def play_turn(pl, text):
    """Tap one whole turn given in notation (stars, then the marble): Star, then the
    star's cell, for each star; then the marble's cell."""
    g = pl.app.play.game
    for kind, x in parse_turn(text, g.n):
        if kind == "star":
            pl.press("star")
            assert g.star_armed
        pl.put(x)


@pytest.mark.parametrize("size", SIZES)
def test_fat_finger_still_pass_and_play_game_on_both_screens(size):
    app, d, p = start(size=size, prefs={"confirm": 0, "level": "easy"})
    pl = Player(app, d, seed=size[0])
    new_game_from_the_menus(pl, 2)
    g = app.play.game
    assert g.rules.players == 2 and g.n == 11 and app.play.board.tiny
    k = 0
    while g.result is None:
        want = ai.choose(g, "easy", 100 + k)
        before = g.turns
        play_turn(pl, want)
        assert g.turns == before + 1, (want, app.play.msg)
        assert g.turn_text(g.history[-1]) == want, (k, want, g.turn_text(g.history[-1]))
        k += 1
        assert k < 60
    assert g.result[0] in ("win", "draw")
    if size[0] == 480:  # 26 px cells, 15 px misses: some taps landed on another cell,
        assert pl.misses > 0  # and the confirm tap caught every one (320x240's 20 px
        # cells hold a 10 px miss from their centre, all but their last pixel row)


@pytest.mark.parametrize("size", SIZES)
def test_fat_finger_still_against_the_computer(size):
    app, d, p = start(size=size, prefs={"confirm": 0, "opponent": "humans", "level": "trainer"})
    pl = Player(app, d, seed=7 + size[0])
    new_game_from_the_menus(pl, 0)
    g = app.play.game
    s = app.play.s
    assert s.cpu == 1
    k = 0
    while g.result is None:
        assert s.human(g.turn)
        want = ai.choose(g, "easy", 300 + k)
        before = g.turns
        play_turn(pl, want)
        d.settle()  # the computer's reply
        assert g.turn_text(g.history[before]) == want, (k, want)
        k += 1
        assert k < 40
    assert g.result is not None
