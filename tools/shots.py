"""Scripted headless session that taps through real games and saves screenshots.

    .venv/bin/python tools/shots.py build/screenshots --docs docs     (make screenshots)

Every picture comes from the device app driven by synthetic taps on the simulator: a game
against the Trainer in which the player's side is chosen by the Expert level (so it wins
by a quad), a pass-and-play game on a 7x7 board filled without a quad (ends on stars),
then menus, help (the tilted-square picture, a variant, rule options and preferences on both
screens), the tutorial, the game chooser, high contrast and the 480x320 Titano layout.

Every picture has a number of its own (two screens of one scene share it, the 480x320 one
with "_titano"), and no two files may be the same picture: the run fails if they are.
With --docs DIR the README's pictures (DOCS below) are copied there from this run, so
they always show the current app; `make screenshots` does that for docs/.

Its own entry point (not an option of tools/sim.py): it uses the simulator, so the
simulator importing it back made the two a circle (host_tests/test_layers.py).
"""

import os
import random
import sys

# Run as a script: the repository root on the path (last, as tools/sim.py explains).
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)

from tools.sim import Driver, Platform, screen_text  # noqa: E402

SHOTS = []
# The README's pictures: docs/<name>.png comes from this screenshot.
DOCS = {"app_quad_win": "05_quad_win", "app_star_armed": "02_star_armed",
        "app_wq_capture": "27_wq_capture_choice"}


def _save(p, outdir, name):
    path = os.path.join(outdir, name + ".png")
    p.screenshot(path)
    SHOTS.append(path)
    print("wrote", path)


def _fresh(outdir, size, prefs):
    """A new simulated device with an in-memory NVM holding `prefs`."""
    from quadpocket.storage import Store
    p = Platform(headless=True, width=size[0], height=size[1], nvm_path=None)
    st = Store(p.nvm)
    st.prefs.confirm = 2  # off (the confirm tap's own shots set it)
    for k, v in prefs.items():
        setattr(st.prefs, k, v)
    st.save_prefs()
    from quadpocket.app import App
    app = App(p)
    return app, Driver(app), p


def _play_turn(d, turn, before_marble=None):
    """Tap one whole turn given in notation: star box + cell per star, then the marble."""
    from quadcore import parse_turn
    g = d.app.play.game
    seat = g.turn
    for a in parse_turn(turn, g.n):
        if a[0] == "star":
            d.press("star")
            d.tap_cell(a[1])
        else:
            if before_marble:
                before_marble()
            d.tap_cell(a[1])


def _tap_until_thinking(d):
    """Queue a tap and tick only until the computer has started (to catch it thinking)."""
    app = d.app
    for _ in range(200):
        app.tick()
        if app.play.thinker is not None:
            return True
        if not d.p.inject:
            return False
    return False


def _prepared(turns, prefs):
    """A device whose NVM holds a game in progress (as after a reset mid-game)."""
    from quadcore import Game
    from quadpocket.app import App
    from face_still import Session
    from quadpocket.storage import Store
    g = Game()
    for t in turns:
        g.play(t)
    p = Platform(headless=True, nvm_path=None)
    st = Store(p.nvm)
    st.prefs.confirm = 2  # off (the confirm tap's own shots set it)
    for k, v in prefs.items():
        setattr(st.prefs, k, v)
    st.save_prefs()
    st.save_game(Session(g, 1, 1).to_bytes())
    app = App(p)
    return app, Driver(app), p


def game_vs_trainer(outdir):
    """A real game against the Trainer. The player's turns come from the computer player
    itself (Easy for the first eight turns, so the Trainer gets chances to threaten,
    then Expert to finish it off), tapped in through the star box and the board."""
    from quadcore import ai, parse_turn
    from quadpocket import app as appmod
    steps = appmod.THINK_STEPS
    appmod.THINK_STEPS = 1  # a slow device: the computer's turn spans several ticks
    prefs = {"tutorial_done": True, "level": "trainer", "opponent": "computer"}
    try:
        app, d, p = _fresh(outdir, (320, 240), prefs)
        play = app.play
        got = set()
        turn = 0
        while play.game.result is None and turn < 60:
            g = play.game
            move = ai.choose(g, "easy" if turn < 8 else "expert", 7 + turn)
            fresh = False
            if "trainer" not in got and play.trainer:
                _save(p, outdir, "03_trainer_highlight")
                got.add("trainer")
                fresh = True
            if turn >= 6 and "midgame" not in got and not fresh:
                # not the very screen 03 just took (the two were once the same file)
                _save(p, outdir, "01_board_midgame")
                got.add("midgame")
            acts = parse_turn(move, g.n)
            for a in acts[:-1]:
                d.press("star")
                if "star" not in got:
                    _save(p, outdir, "02_star_armed")
                    got.add("star")
                d.tap_cell(a[1])
            if "star" not in got and turn >= 4:
                d.press("star")
                _save(p, outdir, "02_star_armed")
                d.press("star")   # changed my mind: back to marble mode
                got.add("star")
            x, y = d.cell_xy(acts[-1][1])
            p.tap(x, y, hold=3, release=9)
            if "thinking" not in got and turn >= 2 and _tap_until_thinking(d):
                _save(p, outdir, "04_computer_thinking")
                got.add("thinking")
            d.settle()
            turn += 1
        result = play.game.result
        if result == ("win", 0, "quad"):
            _save(p, outdir, "05_quad_win")
            got.add("quad")
    finally:
        appmod.THINK_STEPS = steps
    if "trainer" not in got:
        # The game gave the Trainer no threat: show one from a prepared position.
        app, d, p = _prepared(("a6", "h8", "b7", "j8", "c3", "j10"), prefs)
        _save(p, outdir, "03_trainer_highlight")
    if "quad" not in got:
        app, d, p = _prepared(("d4", "a6", "f5", "a7", "e7", "a9"), prefs)
        d.tap_cell("c6")
        _save(p, outdir, "05_quad_win")
    return result


def quad_free_fill(n=7, seed=80, tries=3000):
    """Turns of a two-player game on n x n that fills the board without a quad, seat 0
    spending one star: it ends on stars. Found by seeded random search (host only)."""
    from quadcore import Game
    for attempt in range(seed, seed + tries):
        rnd = random.Random(attempt)
        g = Game(n, 2)
        turns = []
        stars = []
        while g.result is None:
            me = g.rules.seat_colours[g.turn][0]
            bad = set(g.threats(me))
            free = [x for x in range(n * n)
                    if g.geo.valid[x] and g.cells[x] == 0 and x not in bad]
            if not free:
                break
            x = rnd.choice(free)
            if g.turn == 0 and len(g.history) == 4 and not stars:
                g.star(x)
                stars.append(x)
                continue
            g.marble(x)
            turns.append(" ".join(["*" + g.name(s) for s in stars] + [g.name(x)]))
            stars = []
        if g.result is not None and g.result[2] == "stars":
            return turns
    raise RuntimeError("no quad-free fill found")


def stars_end(outdir):
    app, d, p = _fresh(outdir, (320, 240), {"tutorial_done": True, "opponent": "humans",
                                            "humans": 2, "size": 7})
    for t in quad_free_fill():
        _play_turn(d, t)
    _save(p, outdir, "06_stars_end")
    d.press("moves")
    _save(p, outdir, "10_move_list")
    return app.play.game.result


def menus_and_help(outdir):
    app, d, p = _fresh(outdir, (320, 240), {"tutorial_done": True, "opponent": "humans"})
    d.press("menu")
    _save(p, outdir, "09_main_menu")
    d.press("prefs")
    _save(p, outdir, "07_preferences")
    d.press("back")
    d.press("help")
    d.press("topic2")
    _save(p, outdir, "08_help")


def _help_topic(d, title, find=None):
    """Open help topic `title` (found by its title among those the Help menu shows: the
    game's, then the shell's) at the first screen that shows the text `find`."""
    from quadpocket import pages
    from tools.sim import screen_text
    d.press("help")
    d.press("topic%d" % pages.text(d.app, "topics", 40)[1].index(title))
    while find and find not in screen_text(d.app):
        d.press("next")


def help_pages(outdir):
    """The help pages a new player most needs, on both screens: the tilted square picture,
    a variant (how to move a marble in Rapid), the rule options, the preferences."""
    for size, tag in (((320, 240), ""), ((480, 320), "_titano")):
        for title, find, name in (("Tilted squares", None, "14_help_tilted_square"),
                                  ("Variants", "Move to?", "15_help_variant_rapid"),
                                  ("New game", "Claim mode:", "16_help_rule_options"),
                                  ("Preferences", None, "17_help_preferences")):
            app, d, p = _fresh(outdir, size, {"tutorial_done": True, "opponent": "humans"})
            d.press("menu")
            _help_topic(d, title, find)
            _save(p, outdir, name + tag)
        d.press("back")  # the Help menu: every topic's button
        _save(p, outdir, "18_help_menu" + tag)


def chooser(outdir):
    """A first start (nothing stored yet): the game chooser, on both screens, and About
    with its list of games and inventors."""
    from quadpocket.app import App
    for size, tag in (((320, 240), ""), ((480, 320), "_titano")):
        p = Platform(headless=True, width=size[0], height=size[1], nvm_path=None)
        app = App(p)
        d = Driver(app)
        d.settle()
        _save(p, outdir, "00_game_chooser" + tag)
        d.press("game0")  # then About from the main menu lists the games and those to come
        d.press("skip")  # (its tutorial first: a first start)
        d.press("menu")
        d.press("about")
        while "Games:" not in screen_text(app):
            d.press("next")
        _save(p, outdir, "19_about_games" + tag)


def tutorial(outdir):
    app, d, p = _fresh(outdir, (320, 240), {"tutorial_done": False})
    d.press("next")
    d.press("star")
    _save(p, outdir, "11_tutorial")


def contrast_and_titano(outdir):
    app, d, p = _fresh(outdir, (320, 240), {"tutorial_done": True, "opponent": "humans",
                                            "contrast": True})
    for t in ("f6", "e5", "*g7 f5", "e6", "d4"):
        _play_turn(d, t)
    _save(p, outdir, "12_high_contrast")
    app, d, p = _fresh(outdir, (480, 320), {"tutorial_done": True, "opponent": "humans",
                                            "humans": 3})
    for t in ("f6", "e5", "g7", "*c3 f5", "e6", "d4"):
        _play_turn(d, t)
    _save(p, outdir, "13_titano_3_players")


def player_view(outdir):
    """Issue 13's screens: a Trek move with both ends framed (and its variant line), a
    long message wrapped over the seat rows, the New-game page (Bridge, its constraint
    shown), a 3-player game framing both other seats' last turns, on both screens."""
    from quadcore import Game
    from quadpocket.app import App
    from face_still import Session
    from quadpocket.storage import Store
    for size, tag in (((320, 240), ""), ((480, 320), "_titano")):
        g = Game(7, 2, None, None, False, "trek")
        for line in ("a2", "g2", "b2", "f2", "c3", "e3", "a6", "g6", "b5", "f5", "c6", "e6"):
            g.play(line)
        p = Platform(headless=True, width=size[0], height=size[1], nvm_path=None)
        st = Store(p.nvm)
        st.prefs.confirm = 2  # off (the confirm tap's own shots set it)
        st.prefs.tutorial_done = True
        st.save_prefs()
        st.save_game(Session(g, -1, 1).to_bytes())
        app = App(p)
        d = Driver(app)
        d.tap_cell("d4")
        _save(p, outdir, "20_long_message" + tag)
        d.tap_cell("c3")
        _save(p, outdir, "21_trek_selected" + tag)
        d.tap_cell("d4")
        _save(p, outdir, "22_trek_move_both_ends" + tag)
        app, d, p = _fresh(outdir, size, {"tutorial_done": True})
        d.press("menu")
        d.press("new")
        _save(p, outdir, "23_new_game" + tag)
        d.press("variant-")
        _save(p, outdir, "24_new_game_bridge" + tag)
        app, d, p = _fresh(outdir, size, {"tutorial_done": True, "opponent": "humans",
                                          "humans": 3, "size": 9, "stars": 7,
                                          "one_short": True})
        for t in ("e5", "d4", "f6", "c3", "g7"):
            _play_turn(d, t)
        _save(p, outdir, "25_three_players_framed" + tag)


def colours_and_duel(outdir):
    """Issue 22's screens: the player's colour said against a computer that moves first,
    a Duel turn after its first marble (both colours in every box, the next one ringed)
    and six seats' colours, on both screens."""
    for size, tag in (((320, 240), ""), ((480, 320), "_titano")):
        app, d, p = _fresh(outdir, size, {"tutorial_done": True, "opponent": "computer",
                                          "first": "computer", "level": "easy"})
        d.settle()
        _save(p, outdir, "40_you_blue" + tag)
        app, d, p = _fresh(outdir, size, {"tutorial_done": True, "opponent": "humans",
                                          "humans": 3, "variant": "duel", "size": 9})
        for cell in ("e5", "d4", "f6", "c3"):
            d.tap_cell(cell)
        d.tap_cell("g7")
        _save(p, outdir, "41_duel_second_marble" + tag)
        # six seats: each row shows its colour (on the Titano the icons are a column)
        app, d, p = _fresh(outdir, size, {"tutorial_done": True, "opponent": "humans",
                                          "humans": 6})
        for t in ("f6", "e5", "g7", "*c3 f5", "e6", "d4", "h8"):
            _play_turn(d, t)
        _save(p, outdir, "42_six_players" + tag)


def _wq_fresh(size, humans, counters=15, game=None, level="trainer"):
    """The app on Winther's Quad: its settings (and a prepared game) in nvm first."""
    from quadpocket.app import App
    from quadpocket.records import save_game
    from quadpocket.storage import Store
    from face_winther import Session
    from face_winther.start import CONF_OFF, CONF_SIZE, GAME_OFF, GAME_SIZE, T_CONF, T_GAME
    p = Platform(headless=True, width=size[0], height=size[1], nvm_path=None)
    st = Store(p.nvm)
    st.prefs.confirm = 2  # off (the confirm tap's own shots set it)
    st.prefs.tutorial_done = True
    st.prefs.game = "W"
    st.prefs.level = level
    st.save_prefs()
    save_game(p.nvm, [-1, 0, 0], bytes([counters, int(humans), 0] + [0] * 24), CONF_OFF,
              CONF_SIZE, T_CONF)
    if game is not None:
        save_game(p.nvm, [-1, 0, 0], Session(game, -1 if humans else 1, 1).to_bytes(),
                  GAME_OFF, GAME_SIZE, T_GAME)
    app = App(p)
    return app, Driver(app), p


def _wq_tap(d, cell):
    from winquad import parse_cell
    d.tap_xy(*d.app.play.board.centre(parse_cell(cell)))


def winther(outdir):
    """Winther's Quad: a drop (the rim marked for White's second), a capture choice, a move
    (destinations marked, then both ends of the move), a win; on both screens."""
    from winquad import Game
    from winquad import ai as wq_ai
    from winquad.notation import parse_turn
    for size, tag in (((320, 240), ""), ((480, 320), "_titano")):
        app, d, p = _wq_fresh(size, True)
        for t in ("d4", "e4"):
            _wq_tap(d, t)
        _save(p, outdir, "26_wq_drop_rim" + tag)
        for t in ("a1", "h8"):
            _wq_tap(d, t)
        _wq_tap(d, "f4")
        _save(p, outdir, "27_wq_capture_choice" + tag)
        d.press("take")
        g = Game(12)
        for t in ("b2", "g7", "a3", "g5", "d2", "e7", "f2", "c7", "b5", "h3", "d6", "e4",
                  "f6", "c4", "h6", "a8", "c2", "h8", "e2", "b8", "g2", "d8", "a5", "f8"):
            g.play(t)
        app, d, p = _wq_fresh(size, True, 12, g)
        _wq_tap(d, "d6")
        _save(p, outdir, "28_wq_move_select" + tag)
        _wq_tap(d, "d5")
        _save(p, outdir, "29_wq_move_done" + tag)
        app, d, p = _wq_fresh(size, False, 12)
        n = 0
        while app.play.game.result is None and n < 300:
            frm, to, caps = parse_turn(wq_ai.choose(app.play.game, "expert", n))
            if frm != to:
                d.tap_xy(*app.play.board.centre(frm))
            d.tap_xy(*app.play.board.centre(to))
            if app.play.choice is not None:
                d.press("take" if caps else "keep")
            n += 1
        _save(p, outdir, "30_wq_win" + tag)


def _qx_fresh(size, rules="quax", n=9, pie=True, humans=True, game=None, level="easy",
              contrast=False, confirm=0):
    """The app on the Quax family: its settings (and a prepared game) in nvm first; the
    confirm tap as it comes (Auto: on every board these shots show), unless confirm says
    otherwise (_qx_tap taps a shown stone again)."""
    from quadpocket.app import App
    from quadpocket.records import save_game
    from quadpocket.storage import Store
    from face_quax import Session
    from face_quax.start import CONF_OFF, CONF_SIZE, GAME_OFF, GAME_SIZE, T_CONF, T_GAME
    p = Platform(headless=True, width=size[0], height=size[1], nvm_path=None)
    st = Store(p.nvm)
    st.prefs.confirm = confirm
    st.prefs.tutorial_done = True
    st.prefs.game = "X"
    st.prefs.level = level
    st.prefs.contrast = contrast
    st.save_prefs()
    rule = ("quax", "link", "quickway", "crossway", "quadrex").index(rules)
    save_game(p.nvm, [-1, 0, 0], bytes([rule, n, int(pie), int(humans)] + [0] * 24),
              CONF_OFF, CONF_SIZE, T_CONF)
    if game is not None:
        save_game(p.nvm, [-1, 0, 0], Session(game, -1 if humans else 1, 1).to_bytes(),
                  GAME_OFF, GAME_SIZE, T_GAME)
    app = App(p)
    return app, Driver(app), p


def _qx_tap(d, cell, twice=True):
    """A cell tapped; where the first tap only shows the stone (the confirm tap on small
    cells), tapped again to drop it, unless twice is False."""
    from quax import parse_cell
    x = parse_cell(cell, d.app.play.game.n)
    d.tap_xy(*d.app.play.board.centre(x))
    if twice and d.app.play.tutor is None and d.app.play.mark == x:
        d.tap_xy(*d.app.play.board.centre(x))


def quax(outdir):
    """The Quax family on both screens: the swap offered, a link picked (its dot and the
    dashed links it may make), a refused link, a won Crossway game with its chain ringed
    (no links column), the tutorial's link; issue 42's: the edges in high contrast, a
    stone shown before it is dropped, a link to a White stone refused under the seat rows,
    the notices after a swap (yours, the computer's), the move list by colour and its
    Step, the tutorial's swap."""
    from quax import Game
    from quax import ai as qx_ai
    for size, tag in (((320, 240), ""), ((480, 320), "_titano")):
        app, d, p = _qx_fresh(size)
        _qx_tap(d, "e5")
        _save(p, outdir, "51_qx_swap_offered" + tag)
        d.press("swap")
        _save(p, outdir, "59_qx_swap_notice" + tag)
        g = Game("quax", 9, False)
        for t in "e5 d5 d4 e4 f5 f4 c3 c4".split():
            g.play(t)
        app, d, p = _qx_fresh(size, game=g)
        _qx_tap(d, "d4")
        _save(p, outdir, "52_qx_link_picked" + tag)
        _qx_tap(d, "e5")
        _qx_tap(d, "d5")  # White's d5 picked (its partner: c4) ...
        _qx_tap(d, "e4")  # ... and e4, across Black's new link
        _save(p, outdir, "53_qx_link_refused" + tag)
        _qx_tap(d, "b7", False)
        _save(p, outdir, "57_qx_drop_shown" + tag)
        g = Game("quax", 9, False)
        for t in "c3 d4 b4 a7".split():
            g.play(t)
        app, d, p = _qx_fresh(size, game=g)
        _qx_tap(d, "c3")
        _qx_tap(d, "d4")  # White's stone on c3's diagonal
        _save(p, outdir, "58_qx_link_to_white_refused" + tag)
        app, d, p = _qx_fresh(size, "crossway", 9, humans=False, level="average")
        k = 0
        while app.play.game.result is None and k < 200:
            turn = qx_ai.choose(app.play.game, "expert", k)
            if turn in ("swap", "pass"):
                d.press(turn)
            else:
                _qx_tap(d, turn)
            d.settle()
            k += 1
        _save(p, outdir, "54_qx_crossway_won" + tag)
        d.press("moves")
        _save(p, outdir, "59a_qx_move_list_colours" + tag)
        d.press("review")
        for _ in range(6):
            d.press("prev")
        _save(p, outdir, "59b_qx_review_step" + tag)
        g = Game("quax", 9, True)
        g.play("e5")
        app, d, p = _qx_fresh(size, game=g, humans=False)  # you first: the computer may swap
        app.play.stop_thinking()
        app.play.play_turn("swap")  # (its choice, played for it here)
        app.play.after_change("marble")
        d.settle()
        _save(p, outdir, "59c_qx_computer_swapped" + tag)
        g = Game("quax", 9, False)
        for t in "a1 b1 c9 d9 e1 f1 g9 h9 i5 a5 e9 i2".split():
            g.play(t)
        app, d, p = _qx_fresh(size, game=g, contrast=True)
        _save(p, outdir, "56_qx_edges_high_contrast" + tag)
        app, d, p = _qx_fresh(size)
        d.press("menu")
        d.press("tutorial")
        d.press("next")
        _save(p, outdir, "55a_qx_tutorial_swap" + tag)
        d.press("swap")
        _qx_tap(d, "d4")
        _qx_tap(d, "e5")
        _qx_tap(d, "d4")
        _save(p, outdir, "55_qx_tutorial_link" + tag)


def marks_and_review(outdir):
    """Issue 22's screens on both displays: a capture of two with one left out, the
    Trainer's marks (your win, the computer's) in both games, Winther's tutorial on the
    board, and a finished game's move list and its review, turn by turn."""
    from quadcore import Game as SGame
    from winquad import Game
    sys.path.insert(0, os.path.join(ROOT, "host_tests"))
    from apptools import start_with
    for size, tag in (((320, 240), ""), ((480, 320), "_titano")):
        app, d, p = _wq_fresh(size, True)
        for t in ("c4", "d4", "a1", "e5", "e6", "h8", "e4"):
            _wq_tap(d, t)
            if app.play.choice is not None and t != "e4":
                d.press("keep")
        _wq_tap(d, "e5")  # leave e5 out: pink corners; d4 keeps its cross
        _save(p, outdir, "31_wq_capture_two" + tag)
        g = SGame()
        for t in ("d4", "h8", "f5", "j8", "e7", "j10"):
            g.play(t)
        app, d, p = start_with(g, cpu=1, prefs={"level": "trainer"}, size=size)
        _save(p, outdir, "32_trainer_yours_and_its" + tag)
        d.tap_cell("c6")
        d.press("moves")
        _save(p, outdir, "35_move_list_result" + tag)
        d.press("review")
        d.press("prev")
        d.press("prev")
        _save(p, outdir, "36_review_step" + tag)
        g = Game(12)
        for t in ("a1", "c5", "a2", "d5", "a3", "e5"):
            g.play(t)
        app, d, p = _wq_fresh(size, False, 12, g)
        _save(p, outdir, "33_wq_trainer_yours_and_its" + tag)
        _wq_tap(d, "a4")
        d.press("moves")
        _save(p, outdir, "37_wq_move_list_result" + tag)
        d.press("review")
        d.press("prev")
        _save(p, outdir, "38_wq_review_step" + tag)
        app, d, p = _wq_fresh(size, False, 12)
        d.press("menu")
        d.press("tutorial")
        d.press("next")
        _wq_tap(d, "e4")
        _save(p, outdir, "34_wq_tutorial_capture" + tag)
        d.press("take")
        _wq_tap(d, "h1")
        _save(p, outdir, "39_wq_tutorial_not_there" + tag)


def _cb_cell(d, i):
    b = d.app.play.board
    n = b.n
    d.tap_xy(b.bx + (i % n) * b.cell + b.cell // 2, b.by + (n - 1 - i // n) * b.cell + b.cell // 2)


def _cb_press(d, name):
    """A button of the corner polyomino game's own (Pick, Rot, Flip, the arrows, Place)."""
    pn = d.app.play.panel
    f = pn.more[pn.more_names.index(name)]
    d.tap_xy(f.x + f.width // 2, f.y + f.height // 2)


def _cb_slot(d, piece):
    """Piece `piece`'s slot in the open picker."""
    pk = d.app.play.pk
    k = pk.order.index(piece)
    d.tap_xy(pk.x + (k % 6) * 4 * pk.s + 2 * pk.s, pk.y + (k // 6) * 6 * pk.s + 3 * pk.s)


def _cb_hinted(d):
    """A person's turn: Hint, then a tap on its ghost."""
    play = d.app.play
    d.press("hint")
    _cb_cell(d, [i for i in range(len(play.cm)) if play.cm[i] & 1][0])


def _cb_app(size, variant, kinds, contrast=False):
    """The app on the corner polyomino game (variant 0 Duo, 1 Classic; kinds: who plays
    each colour, 0 a person, 5 the Trainer), tutorial done: (platform, app, driver, play)."""
    from quadpocket.app import App
    from quadpocket.records import save_game
    from quadpocket.storage import Store
    from face_corners.start import CONF_OFF, CONF_SIZE, DEFAULT, T_CONF
    p = Platform(headless=True, width=size[0], height=size[1], nvm_path=None)
    st = Store(p.nvm)
    st.prefs.confirm = 2  # off (the confirm tap's own shots set it)
    st.prefs.tutorial_done = True
    st.prefs.game = "B"
    st.prefs.contrast = contrast
    st.save_prefs()
    c = bytearray(DEFAULT)
    c[0] = variant
    c[2:6] = bytes(kinds)
    save_game(p.nvm, [-1, 0, 0], bytes(c), CONF_OFF, CONF_SIZE, T_CONF)
    app = App(p)
    return p, app, Driver(app), app.play


def corners(outdir):
    """The corner polyomino game on both screens: Duo against the computer after a few
    turns: the picker (the pieces played dim), a piece picked (its ghost, the piece big
    beside Rot and Flip, the arrows, Place), a ghost where it cannot go (the reason said at
    once), Hint's ghost; Classic with three computer colours: its picker, a hint, its end."""
    for size, tag in (((320, 240), ""), ((480, 320), "_titano")):
        p, app, d, play = _cb_app(size, 0, (0, 2, 0, 0))
        while play.game.plies < 10:
            _cb_hinted(d)
        _cb_press(d, "pick")
        _save(p, outdir, "60_cb_duo_pick" + tag)
        _cb_slot(d, max(q for q in range(21) if play.game.board.left[0] >> q & 1))
        _cb_press(d, "rot")
        _save(p, outdir, "61_cb_duo_piece" + tag)
        _cb_cell(d, 0)
        _save(p, outdir, "68_cb_duo_refused" + tag)
        d.press("undo")
        d.press("hint")
        _save(p, outdir, "69_cb_duo_hint" + tag)
        p, app, d, play = _cb_app(size, 1, (0, 2, 2, 2))
        while play.game.plies < 16:
            if play.s.human(play.game.turn):
                _cb_hinted(d)
            else:
                d.settle()
        _cb_press(d, "pick")
        _save(p, outdir, "603_cb_classic_picker" + tag)
        _cb_press(d, "pick")
        d.press("hint")
        _save(p, outdir, "62_cb_classic_hint" + tag)
        k = 0
        while play.game.result is None and k < 400:
            if play.s.human(play.game.turn):
                _cb_hinted(d)
            else:
                d.settle()
            k += 1
        _save(p, outdir, "63_cb_classic_end" + tag)


def corners_more(outdir):
    """The corner polyomino game's age dots (Classic, high contrast: black and white ink),
    its tutorial (e10 ringed where the words point; a side touch refused), the end of a
    game in game-record mode (the .blksgf file's number), its move list (each piece's
    colour) and a review step, a colour out of moves said, the Trainer's marks, on both
    screens."""
    import tempfile
    for size, tag in (((320, 240), ""), ((480, 320), "_titano")):
        p, app, d, play = _cb_app(size, 1, (0, 0, 0, 0), contrast=True)
        for _ in range(14):  # a few rounds by Hint: every colour's age dots
            _cb_hinted(d)
        _save(p, outdir, "64_cb_classic_ages" + tag)
        p, app, d, play = _cb_app(size, 0, (0, 0, 0, 0))
        d.press("menu")
        d.press("tutorial")
        _save(p, outdir, "65_cb_tutorial_e10" + tag)
        d.press("next")
        for name in ("pick", "p11", "rot", "flip", 9 * 14 + 4, "lay", "pick", "p3", "up",
                     "lay", "pick", "p1", "lay"):
            if isinstance(name, int):
                _cb_cell(d, name)
            elif name[0] == "p" and name[1:].isdigit():
                _cb_slot(d, int(name[1:]))
            else:
                _cb_press(d, name)
        _save(p, outdir, "66_cb_tutorial_refused" + tag)
        p, app, d, play = _cb_app(size, 0, (2, 2, 0, 0))
        with tempfile.TemporaryDirectory() as tmp:  # game-record mode: a folder of its own
            p.record_file = os.path.join(tmp, "quad_games.txt")
            k = 0
            while play.game.result is None and k < 200:
                d.settle()
                k += 1
            _save(p, outdir, "67_cb_record_end" + tag)
        d.press("moves")
        _save(p, outdir, "600_cb_moves" + tag)
        d.press("review")
        d.press("prev")
        d.press("prev")
        _save(p, outdir, "601_cb_review" + tag)
        p, app, d, play = _cb_app(size, 0, (0, 0, 0, 0))
        g = play.game
        while g.result is None:
            out = g.out
            _cb_hinted(d)
            if g.out != out and g.result is None:
                _save(p, outdir, "602_cb_out" + tag)
                break
        p, app, d, play = _cb_app(size, 0, (0, 5, 0, 0))
        for _ in range(3):
            _cb_hinted(d)
        _save(p, outdir, "604_cb_trainer" + tag)


# --- issue 42, the shell's and Still's and Winther's faces (numbers 80-99) ---------------

def fingers(outdir):
    """Issue 42 for the shell, Still's and Winther's Quad, each scene on both screens: the
    panel's six buttons (Star lit, Quad! in claim mode), the confirm tap's mark with Place,
    "Whose quad?" answered by a button each, six seat rows under the buttons, New game's
    two-way settings with their dividers and First, Preferences (Confirm tap Auto, Dim,
    Calibrate touch), the calibration's cross, a refusal and where a tap lands, the dimmed
    screen, Step on a game in progress, Winther's Place, a game's tutorial offered on its
    first start, About at the menus' scale."""
    from tools.sim import SKEWED
    from quadpocket import games
    for size, tag in (((320, 240), ""), ((480, 320), "_titano")):
        human = {"tutorial_done": True, "opponent": "humans", "confirm": 0}
        app, d, p = _fresh(outdir, size, dict(human, claim=True))
        for t in ("d4", "a6", "f5"):
            _confirmed(d, t)
        d.press("star")
        _save(p, outdir, "80_panel_star_lit" + tag)
        d.press("star")
        d.tap_cell("e7")
        _save(p, outdir, "81_confirm_mark_place" + tag)
        d.press("place")
        for t in ("a8", "c6", "a9"):
            _confirmed(d, t)
        d.press("quad")
        _save(p, outdir, "82_whose_quad" + tag)
        app, d, p = _fresh(outdir, size, dict(human, humans=6))
        for t in ("f6", "e5", "g7"):
            _confirmed(d, t)
        _save(p, outdir, "83_six_seats" + tag)
        app, d, p = _fresh(outdir, size, {"tutorial_done": True, "opponent": "computer",
                                          "first": "computer", "confirm": 0})
        d.settle()
        d.press("menu")
        d.press("new")
        _save(p, outdir, "84_new_game_two_way" + tag)
        d.press("back")
        d.press("prefs")
        _save(p, outdir, "85_preferences" + tag)
        d.press("back")  # (About, with the games and the route: 19)
        d.press("resume")
        d.ticks(2 * 60000 // 20 + 20)  # two idle minutes on the fake clock
        _save(p, outdir, "87_dimmed" + tag)
        # calibration on a skewed panel: a cross, a refusal, then where a tap lands
        from tools.sim import Platform as _P
        from quadpocket.app import App
        from quadpocket.storage import Store
        p = _P(headless=True, width=size[0], height=size[1], nvm_path=None, panel=SKEWED)
        st = Store(p.nvm)
        st.prefs.tutorial_done = 255
        st.prefs.opponent = "humans"
        st.save_prefs()
        app = App(p)
        d = Driver(app)
        d.press("menu")
        d.press("prefs")
        d.tap_xy(*[r for n, r in d.app.menus.rects() if n == "calibrate"][0][:2])
        if app.menus.cal is None:  # (the skewed panel missed the button: its centre)
            d.press("calibrate")
        cal = app.menus.cal
        _save(p, outdir, "88_calibrate_cross" + tag)
        pts = cal.pts
        for pt in pts:
            d.tap_xy(*pt)
        d.tap_xy(size[0] // 3, size[1] * 3 // 4)
        _save(p, outdir, "89_calibrated_where" + tag)
        d.press("again")  # (calibrated: the press lands)
        for pt in (pts[1], pts[0], pts[3], pts[2]):
            d.tap_xy(*pt)
        _save(p, outdir, "90_calibrate_crossed" + tag)
        # Step on Winther's game in progress, and its Place
        app, d, p = _wq_fresh(size, True)
        p_app = app
        for t in ("d4", "e4", "a1"):
            _wq_tap(d, t)
        d.press("moves")
        _save(p, outdir, "91_moves_step" + tag)
        d.press("review")
        d.press("prev")
        _save(p, outdir, "92_step_in_progress" + tag)
        d.press("done")
        p_app.prefs.confirm = 0
        _wq_tap(d, "h8")
        _save(p, outdir, "93_winther_place" + tag)
        # a game's tutorial offered on its first start: Winther's, from the chooser
        app, d, p = _fresh(outdir, size, {"tutorial_done": 1, "game": "S"})
        d.press("menu")
        d.press("games")
        _save(p, outdir, "94_chooser" + tag)
        d.press("game%d" % [r[0] for r in games.GAMES].index("W"))
        _save(p, outdir, "95_first_start_tutorial" + tag)


def _confirmed(d, cell):
    """A cell played through the confirm tap: marked, then Place."""
    d.tap_cell(cell)
    if d.app.play.mark is not None:
        d.press("place")


def problems(paths):
    """What is wrong with a run's files: a number used by two scenes, or two files that
    are the same picture."""
    import hashlib
    out = []
    scene = {}
    for path in paths:
        name = os.path.basename(path)[:-len(".png")]
        number, _, rest = name.partition("_")
        rest = rest[:-len("_titano")] if rest.endswith("_titano") else rest
        if scene.setdefault(number, rest) != rest:
            out.append("number %s is used by %s and %s" % (number, scene[number], rest))
    seen = {}
    for path in paths:
        digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
        if digest in seen:
            out.append("%s and %s are the same picture" % (os.path.basename(seen[digest]),
                                                           os.path.basename(path)))
        seen.setdefault(digest, path)
    return out


def copy_docs(outdir, docs):
    import shutil
    for name, shot in sorted(DOCS.items()):
        shutil.copyfile(os.path.join(outdir, shot + ".png"), os.path.join(docs, name + ".png"))
        print("copied %s.png to %s" % (shot, os.path.join(docs, name + ".png")))


def run(outdir, width=320, height=240, docs=None):
    os.makedirs(outdir, exist_ok=True)
    del SHOTS[:]
    r = game_vs_trainer(outdir)
    print("game vs trainer:", r)
    print("pass-and-play 7x7:", stars_end(outdir))
    menus_and_help(outdir)
    help_pages(outdir)
    chooser(outdir)
    tutorial(outdir)
    contrast_and_titano(outdir)
    player_view(outdir)
    colours_and_duel(outdir)
    winther(outdir)
    quax(outdir)
    marks_and_review(outdir)
    corners(outdir)
    corners_more(outdir)
    fingers(outdir)
    print("%d screenshots in %s" % (len(SHOTS), outdir))
    bad = problems(SHOTS)
    for line in bad:
        print("tools/shots.py: " + line, file=sys.stderr)
    if bad:
        return 1
    if docs:
        copy_docs(outdir, docs)
    return 0


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="tools/shots.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir", nargs="?", default="build/screenshots")
    ap.add_argument("--docs", metavar="DIR",
                    help="also copy the README's pictures there (make screenshots: docs)")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    return run(args.outdir, docs=args.docs)


if __name__ == "__main__":
    sys.exit(main())
