"""Issue 42 item 6: after the idle minutes of Preferences' Dim the backlight dims; the next
tap brings it back and does nothing else. Driven by the simulator's fake clock (20 ms a
poll), never by wall time."""

import pytest

from apptools import start
from tools.sim import POLL_MS, screen_text

from quadcore import parse_cell

HUMANS = {"opponent": "humans", "humans": 2}
MINUTE = 60000 // POLL_MS  # polls in a minute of the fake clock


def test_the_backlight_dims_after_the_idle_minutes_and_a_tap_only_wakes_it():
    app, d, p = start(prefs=dict(HUMANS, dim=2))
    g = app.play.game
    d.ticks(2 * MINUTE - 20)
    assert p.brightness == 1.0 and not app.dark     # not yet: under two minutes
    d.ticks(30)
    assert p.brightness < 0.5 and app.dark          # two minutes without a touch
    shot = p.display.shown().get_at((5, 5))
    assert max(shot[:3]) < 40                       # the simulator shows it dark
    d.tap_cell("f6")                                # wakes it: nothing played
    assert p.brightness == 1.0 and not app.dark
    assert g.turns == 0 and g.cells[parse_cell("f6", 11)] == 0
    d.tap_cell("f6")                                # the next tap plays
    assert g.turns == 1 and g.cells[parse_cell("f6", 11)] == 2


def test_a_button_tap_that_wakes_does_not_open_the_menu():
    app, d, p = start(prefs=dict(HUMANS, dim=1))
    d.ticks(MINUTE + 10)
    assert app.dark
    d.press("menu")
    assert app.mode == "play" and not app.dark
    d.press("menu")
    assert app.mode == "menu"


def test_dim_never_keeps_the_backlight_and_the_setting_steps():
    app, d, p = start(prefs=dict(HUMANS, dim=0))
    d.ticks(11 * MINUTE)
    assert p.brightness == 1.0 and not app.dark
    d.press("menu")
    d.press("prefs")
    seen = []
    for _ in range(5):
        seen.append([line for line in screen_text(app).split("  ") if "Dim:" in line][0].strip())
        d.press("dim")
    assert seen == ["Dim: never", "Dim: after 1 min", "Dim: after 2 min", "Dim: after 5 min",
                    "Dim: after 10 min"]
    assert app.prefs.dim == 0  # round again to never


def test_no_dimming_while_the_computer_thinks():
    app, d, p = start(prefs=dict(HUMANS, dim=1))
    play = app.play

    def search():  # a search that has not answered yet (a long Master move)
        while True:
            yield None

    play.thinker = search()
    play.purpose = "hint"
    d.ticks(MINUTE + MINUTE // 4)
    assert not app.dark and p.brightness == 1.0   # a search keeps the screen lit
    play.stop_thinking()
    d.ticks(MINUTE + 10)
    assert app.dark                                # then the idle minute counts
