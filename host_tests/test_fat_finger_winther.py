"""Issue 42's fat-finger test for Winther's Quad: whole games played through taps only,
on both screens, every tap a fat finger's (host_tests/fingerplay.py): chosen from the
game chooser and started from New game; drops, counters picked and moved, captures taken
or kept (and, with several at stake, the ones to leave out tapped) as a seeded computer
player picks each turn; every turn the engine records equals that turn. Each game
finishes."""

import pytest

from apptools import start
from fingerplay import Player

from winquad import ai
from winquad.notation import format_turn, parse_turn

SIZES = ((320, 240), (480, 320))


def choose_winther(pl, humans):
    """Menu, Games, Winther's Quad, then New game: Vs set, Start game."""
    from quadpocket import games
    app = pl.app
    pl.press("menu")
    pl.press("games")
    pl.press("game%d" % [r[0] for r in games.GAMES].index("W"))
    assert app.play.gid == "W"
    pl.press("menu")
    pl.press("new")
    for _ in range(3):
        if app.play.conf[1] == (1 if humans else 0):
            break
        pl.press("vs")
    pl.press("start")
    assert app.mode == "play"


def last_turn(g):
    from winquad.game import _decode
    log = g._log
    return format_turn(*_decode(log[-2] << 8 | log[-1]))


def play_turn(pl, text):
    """Tap one whole turn: a drop, or the counter then where it goes; then Take or Keep,
    with the counters to leave out tapped first when only some are taken."""
    app = pl.app
    play = app.play
    g = play.game
    frm, to, caps = parse_turn(text)
    seat = g.turn
    plies = g.plies
    for _ in range(120):
        if g.plies > plies:
            return
        ch = play.choice
        if ch is not None:
            if sorted(ch[3]) == sorted(caps) or not caps:
                pl.press("take" if caps else "keep")
            else:  # tap a counter whose state is wrong (a miss toggles another: again)
                wrong = [x for x in ch[2] if (x in ch[3]) != (x in caps)]
                pl.tap_cell(wrong[0])
            continue
        if g.in_hand(seat):
            pl.put(to)
            continue
        if play.sel != frm:
            if play.mark is not None:
                pl.press("undo")
            else:
                pl.tap_cell(frm)  # picks it (or another counter, or nothing: again)
            continue
        if play.mark == to:
            pl.press("place")
        elif play.mark is not None:
            pl.press("undo")
        else:
            pl.tap_cell(to)
    raise AssertionError("turn %s not played (%r)" % (text, play.msg))


@pytest.mark.parametrize("size", SIZES)
def test_fat_finger_winther_pass_and_play_game_on_both_screens(size):
    app, d, p = start(size=size, prefs={"confirm": 0})
    pl = Player(app, d, seed=11 + size[0])
    choose_winther(pl, True)
    g = app.play.game
    assert app.play.s.cpu < 0 and app.play.board.tiny
    k = 0
    captures = 0
    while g.result is None:
        want = ai.choose(g, "easy", 500 + k)
        play_turn(pl, want)
        assert last_turn(g) == format_turn(*parse_turn(want)), (k, want, last_turn(g))
        captures += bool(parse_turn(want)[2])
        k += 1
        assert k < 300
    assert g.result is not None and captures > 0
