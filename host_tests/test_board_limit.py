"""The largest board New game offers is the platform's: a PyPortal's heap holds the whole
game up to 11x11 (12x12 needs 103.8 KB free on CircuitPython's VM, over the 100 KB budget;
`tools/app_heap.py`), the desktop's up to 15x15."""

from apptools import device, info_text, pages_text, start
from tools.sim import rects, screen_text
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
    """On a platform whose heap holds Still's Quad only (games = "S"; the PyPortal's was,
    while Winther's Quad needed 128 KB free) the chooser names the other as not fitting and
    About says why; a stored "last game W" opens the chooser instead of running out of
    memory at every start."""
    from quadpocket.app import App
    from tools.sim import Driver, rects, screen_text
    p = device(prefs={"game": "W"})
    p.games = "S"
    app = App(p)
    d = Driver(app)
    assert app.mode == "menu" and app.play.gid is None  # no game installed yet
    names = [n for n, _ in rects(app)]
    assert names == ["game0"]  # only what this platform holds is offered
    assert "Winther" not in screen_text(app)
    d.press("game0")
    assert app.play.gid == "S" and app.mode == "play"
    d.press("menu")
    d.press("about")  # About says why the other is missing
    text = pages_text(app, d)
    assert "Winther's Quad, by Mats Winther (needs more memory)" in " ".join(text.split())


def test_the_pyportal_offers_every_game(pyportal):
    """Winther's Quad's whole game needs 98.7 KB free on CircuitPython's VM (480x320:
    94.0; tools/wq_app_heap.py --smallest, host_tests/test_wq_app_vm.py), the Quax
    family's on its largest boards and the corner polyomino game's less (tools/quax_app_heap.py --smallest,
    host_tests/test_quax_app_vm.py, tools/corners_app_heap.py), inside the 100 KB budget: the PyPortal and Titano
    offer them."""
    assert pyportal.make().games == "SWXB"


def test_winther_plays_to_the_end_from_the_pyportals_chooser():
    """With the PyPortal's games ("SWXB", above) the chooser starts Winther's Quad and a game
    is played to its end (the player's turns by taps, Easy's choice; the computer at
    Easy)."""
    from test_wq_app import play_turn

    from winquad import ai as wq_ai
    app, d, p = start(prefs={"level": "easy"})
    p.games = "SWXB"
    d.press("menu")
    d.press("games")
    names = [n for n, _ in rects(app)]
    assert "game0" in names and "game1" in names
    d.press("game1")
    play = app.play
    assert play.gid == "W" and app.mode == "play"
    n = 0
    while play.game.result is None and n < 400:
        assert play.s.human(play.game.turn)
        play_turn(d, wq_ai.choose(play.game, "easy", n))
        n += 1
    assert play.game.result is not None
    assert info_text(app).split("\n")[0].strip() in ("You win!", "Computer wins", "Draw")
    # About lists every game, none as needing more memory
    d.press("menu")
    d.press("about")
    text = pages_text(app, d)
    assert "Mats Winther" in text and "needs more memory" not in " ".join(text.split())
