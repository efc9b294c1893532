"""The largest board New game offers is the platform's: a PyPortal's heap holds the whole
game up to 11x11 (12x12 needs 103.8 KB free on CircuitPython's VM, over the 100 KB budget;
`tools/app_heap.py`), the desktop's up to 15x15."""

from apptools import device
from test_hw_pyportal import device as pyportal  # noqa: F401  (the PyPortal's fakes)


def _app(prefs, max_board):
    from quadpocket.app import App
    from tools.sim import Driver
    p = device(prefs=prefs)
    p.max_board = max_board
    app = App(p)
    return app, Driver(app), p


def test_the_pyportal_declares_the_board_its_heap_holds(pyportal):
    assert pyportal.make().max_board == 11


def test_new_game_steps_through_the_boards_the_platform_holds():
    app, d, p = _app({"size": 9}, 11)
    d.press("menu")
    d.press("new")
    seen = []
    for _ in range(8):
        d.press("size")
        seen.append(app.prefs.size)
    assert seen == [10, 11, 5, 6, 7, 8, 9, 10]
    d.press("size-")   # backwards from 10: 9, ... 5, then round to the top
    for _ in range(5):
        d.press("size-")
    assert app.prefs.size == 11


def test_the_desktop_offers_up_to_15():
    app, d, p = _app({"size": 14}, 15)
    d.press("menu")
    d.press("new")
    d.press("size")
    assert app.prefs.size == 15
    d.press("size")
    assert app.prefs.size == 5


def test_a_stored_bigger_board_starts_the_biggest_that_fits_and_says_so():
    app, d, p = _app({"size": 13}, 11)
    d.press("menu")
    d.press("new")
    d.press("start")
    assert app.play.game.n == 11
    assert app.prefs.size == 11


def test_a_game_the_platform_cannot_hold_is_shown_not_started():
    """Winther's Quad needs 128 KB free on CircuitPython's VM: on a platform whose heap holds
    Still's Quad only (the PyPortal's games = "S") the chooser names it as not fitting and
    About says why; a stored "last game W" opens the chooser instead of running out of
    memory at every start."""
    from quadpocket.app import App
    from tools.sim import Driver, rects, screen_text
    p = device(prefs={"game": "W"})
    p.games = "S"
    app = App(p)
    d = Driver(app)
    assert app.mode == "menu" and type(app.play).__name__ == "Play"
    names = [n for n, _ in rects(app)]
    assert "game1" not in names and "room1" in names
    assert "Winther: no room" in screen_text(app)
    d.press("room1")
    text = screen_text(app)
    while "next" in [n for n, _ in rects(app)]:
        d.press("next")
        text += screen_text(app)
    assert "needs more memory" in " ".join(text.split())
    d.press("back")
    d.press("game0")
    assert type(app.play).__name__ == "Play" and app.mode == "play"


def test_the_pyportal_holds_stills_quad_only_for_now(pyportal):
    assert pyportal.make().games == "S"
