"""Device app driven through the desktop simulator with synthetic touch samples:
assertions on game state, on NVM contents and on rendered pixels (pass-and-play games, so
no computer player is involved; see test_app_ai.py for games against the computer)."""

import pygame
import pytest

from apptools import (close, device, info_line, info_text, inner_point, rgb, screen_text,
                      start, start_with, stats, tile)

from quadcore import Game, parse_cell
from quadpocket import view
from quadpocket.build import CONTRAST, NORMAL, UI_NORMAL
from tools.sim import rects

HUMANS = {"opponent": "humans", "humans": 2}


def state(app):
    g = app.play.game
    return (bytes(g.cells), g.turn, len(g.history), g.pending, g.star_armed, g.result)


def screen_bytes(p):
    return pygame.image.tostring(p.display.surface(), "RGB")


def test_first_start_runs_the_tutorial_through_a_star_and_a_quad(tmp_path):
    app, d, p = start(str(tmp_path / "nvm"), tutorial_done=False)
    play = app.play
    # a first start (no preferences yet) shows the game chooser, then the chosen game's
    # tutorial; the choice is remembered
    assert app.mode == "menu" and app.menus.page == "games" and play.s is None
    from quadpocket import games
    # installed games only (the simulator's platform holds them all)
    assert [n for n, _ in app.menus.rects()] == ["game%d" % i for i in range(len(games.GAMES))]
    d.press("game0")
    play = app.play  # the chosen game's screen (quadpocket.games.install)
    assert play.tutor is not None and app.mode == "play"
    assert app.prefs.game == "S"
    d.press("next")
    threat = parse_cell("h10", 11)
    assert tile(app, threat) == view.T_TRAIN
    d.tap_cell("a5")                                  # not what the tutorial asked
    assert play.game.stars_left[0] == 6 and "Not there" in info_text(app)
    d.press("star")
    assert play.game.star_armed
    d.tap_cell("h10")
    assert play.game.cells[threat] == 1 and play.game.stars_left[0] == 5
    d.tap_cell("c6")
    g = play.game
    assert g.result == ("win", 0, "quad")
    assert play.board.outline is not None               # the quad's outline is drawn
    d.press("done")
    assert play.tutor is None
    # the tutorial is not shown again after a reset, and its game was not saved
    app2, _, _ = start(str(tmp_path / "nvm"), tutorial_done=None)
    assert app2.play.tutor is None and app2.mode == "play" and app2.prefs.game == "S"
    assert app2.play.game.history == []


def test_armed_star_box_changes_colour_and_returns_to_marble_mode(tmp_path):
    app, d, p = start(prefs=HUMANS)
    b = app.play.panel.boxes[1]                         # seat 0's star box
    xy = inner_point((b.x, b.y, b.width, b.height))
    assert close(p.pixel(*xy), rgb(UI_NORMAL[view.FILL]))
    d.press("star")
    assert app.play.game.star_armed
    assert close(p.pixel(*xy), rgb(UI_NORMAL[view.ARMED]))
    assert info_line(app, 1) == "Place a star"
    d.tap_cell("f6")
    g = app.play.game
    assert g.cells[parse_cell("f6", 11)] == 1 and g.pending == 1
    assert not g.star_armed                              # back to marble mode by itself
    assert close(p.pixel(*xy), rgb(UI_NORMAL[view.FILL]))
    d.press("star")
    d.press("star")                                      # Star again disarms
    assert not app.play.game.star_armed
    d.tap_cell("g6")
    assert g.cells[parse_cell("g6", 11)] == 2 and g.turn == 1


def test_tap_outside_every_target_changes_nothing():
    app, d, p = start(prefs=HUMANS)
    d.tap_cell("e5")
    before = state(app)
    shot = screen_bytes(p)
    refreshes = p.refreshes
    b = app.play.board
    for x, y in ((3, 120), (b.bx + 30, p.height - 4), (app.play.panel.x + 20, 2 + 12 * 6)):
        d.tap_xy(x, y)
    assert state(app) == before
    assert p.refreshes == refreshes
    assert screen_bytes(p) == shot
    # a removed corner cell changes nothing but says why (test_app_ui.py)
    d.tap_xy(b.bx + 3, b.by + 3)
    assert state(app) == before and "corner" in info_text(app)


def test_noisy_touch_places_exactly_one_marble():
    app, d, p = start(prefs=HUMANS)
    x, y = d.cell_xy("f6")
    x2, y2 = d.cell_xy("g6")
    # a spike elsewhere, jitter, a one-poll dropout mid-press, then a slow release
    p.inject.extend([(x2, y2), (x, y), (x + 1, y - 1), (x2, y2), (x, y), None, (x, y),
                     (x - 1, y), (x, y), None, None, None, None])
    d.settle()
    g = app.play.game
    assert len(g.history) == 1
    assert g.history[0] == [("marble", parse_cell("f6", 11))]
    assert app.sounds.count("marble") == 1


def test_one_refresh_per_move():
    app, d, p = start(prefs=HUMANS)
    for cell in ("e5", "f5", "e6"):
        r = p.refreshes
        d.tap_cell(cell)
        assert p.refreshes == r + 1


def test_pass_and_play_saves_once_a_turn_and_resumes_after_reset(tmp_path):
    """Each save is an nvm erase cycle: one per completed turn, none for a star placed
    before the marble or for arming one."""
    nvm = str(tmp_path / "nvm.bin")
    app, d, p = start(nvm, prefs=HUMANS)
    w = p.nvm.writes
    d.tap_cell("e5")
    d.tap_cell("f5")
    assert p.nvm.writes == w + 2
    d.press("star")
    d.tap_cell("g7")                                     # a star: the turn goes on
    assert p.nvm.writes == w + 2
    d.tap_cell("h8")                                     # the marble ends it
    assert p.nvm.writes == w + 3
    before = state(app)
    record = app.play.game.record()
    d.press("star")                                     # armed when the power goes
    assert p.nvm.writes == w + 3
    # reset: a new device on the same NVM file resumes after the last whole turn
    app2, d2, p2 = start(nvm, tutorial_done=None)
    assert state(app2) == before
    assert app2.play.game.record() == record
    assert tile(app2, parse_cell("g7", 11)) in (view.T_STAR, view.T_STAR_CUR)
    d2.tap_cell("c3")
    assert app2.play.game.cells[parse_cell("c3", 11)] == 3  # seat 1's marble


@pytest.mark.parametrize("garbage", [b"\x00" * 8192, bytes(range(256)) * 32])
def test_corrupt_nvm_gives_defaults_and_the_app_still_starts(tmp_path, garbage):
    path = tmp_path / "nvm.bin"
    path.write_bytes(garbage)
    p = device(str(path), tutorial_done=None)
    from quadpocket.app import App
    app = App(p)
    prefs = app.prefs
    assert (prefs.level, prefs.sound, prefs.opponent, prefs.tutorial_done) == \
        ("easy", 2, "computer", False)
    assert app.menus.page == "games"                     # defaults: first run, chooser
    assert p.refreshes >= 1
    from tools.sim import Driver
    Driver(app).press("game0")
    assert app.play.tutor is not None                    # ... then the tutorial


def test_corrupt_game_record_starts_a_new_game(tmp_path):
    nvm = str(tmp_path / "nvm.bin")
    app, d, p = start(nvm, prefs=HUMANS)
    d.tap_cell("e5")
    # damage one byte of the saved game's payload in the newest slot
    slot = app.games[0]
    from quadpocket.records import GAME_OFF, GAME_SIZE
    off = GAME_OFF + slot * GAME_SIZE + 8 + 20
    p.nvm[off:off + 1] = bytes([p.nvm[off] ^ 0x55])
    app2, _, p2 = start(nvm, tutorial_done=None)
    assert app2.play.game.history == []
    assert app2.mode == "play"


def test_a_version_1_session_record_still_resumes(tmp_path):
    from quadcore import Game
    from quadpocket.storage import Store
    g = Game()
    g.play("*c3 e5")
    g.play("f6")
    # version 1: magic, version, cpu, flags, seed, 6 claim penalties, 0 missed squares
    old = bytes((0x53, 1, 1, 0, 0, 7)) + bytes(6) + bytes((0,)) + g.to_bytes()
    nvm = str(tmp_path / "nvm")
    p = device(nvm, {"opponent": "computer"})
    Store(p.nvm).save_game(old)
    app, d, p2 = start(nvm, tutorial_done=None)
    assert app.play.game.record() == "*c3 e5\nf6" and app.session.cpu == 1


def test_a_saved_game_of_another_game_is_refused_with_a_message(tmp_path):
    """Byte 0 of a saved game is its game's id (quadpocket.games): Still's Quad does not
    read a save whose id is another game's, says so, and starts its own game."""
    from quadcore import Game
    from face_still import Session
    from quadpocket.storage import Store
    g = Game()
    g.play("*c3 e5")
    data = bytearray(Session(g, 1, 7).to_bytes())
    assert data[0] == ord("S")
    nvm = str(tmp_path / "nvm")
    p = device(nvm, {"opponent": "computer"})
    data[0] = ord("W")
    Store(p.nvm).save_game(bytes(data))
    app, d, p2 = start(nvm, tutorial_done=None)
    assert app.mode == "play" and app.play.game.history == []
    assert app.play.msg == "Save unusable"
    assert any("another game (W)" in line for line in p2.logs)
    data[0] = ord("S")  # the same bytes under Still's id resume
    Store(p2.nvm).save_game(bytes(data))
    app, d, p3 = start(nvm, tutorial_done=None)
    assert app.play.game.record() == "*c3 e5"


def test_undo_pass_and_play_takes_back_one_turn_then_pending_stars():
    app, d, p = start(prefs=HUMANS)
    d.tap_cell("e5")
    d.tap_cell("f5")
    d.press("undo")
    g = app.play.game
    assert len(g.history) == 1 and g.turn == 1
    d.press("star")
    d.tap_cell("c3")
    assert g.pending == 1
    d.press("undo")
    assert g.pending == 0 and g.stars_left[1] == 6 and len(g.history) == 1


def test_confirm_tap_needs_a_second_tap_on_the_same_cell():
    app, d, p = start(prefs=dict(HUMANS, confirm=True))
    g = app.play.game
    d.tap_cell("e5")
    assert not g.history and tile(app, parse_cell("e5", 11)) == view.T_MARK
    d.tap_cell("f5")                                      # moves the mark
    assert not g.history and app.play.mark == parse_cell("f5", 11)
    d.tap_cell("f5")
    assert g.history == [[("marble", parse_cell("f5", 11))]]


def test_illegal_tap_buzzes_and_changes_nothing():
    app, d, p = start(prefs=HUMANS)
    d.tap_cell("e5")
    before = state(app)
    d.tap_cell("e5")                                      # occupied
    assert state(app) == before
    assert app.sounds[-1] == "illegal"
    assert "holds" in info_line(app, 1) or app.play.msg


def test_sound_goes_to_the_platform_and_off_means_silence():
    app, d, p = start(prefs=HUMANS)
    d.tap_cell("e5")
    assert p.sounds and p.sounds[-1][2] == 8000
    app2, d2, p2 = start(prefs=dict(HUMANS, sound=0))
    d2.tap_cell("e5")
    assert p2.sounds == [] and app2.sounds == ["marble"]


def test_turn_sounds_are_built_at_start_and_kept_and_the_sound_code_is_not():
    import sys
    app, d, p = start(prefs=HUMANS)
    level, face, kept = app.kept
    assert level == app.prefs.sound and face == ("star", "marble") and sorted(kept) == ["marble", "star"]
    marble, star = kept["marble"], kept["star"]
    d.tap_cell("e5")
    d.press("star")
    d.tap_cell("f6")                                      # the star sound: kept, played
    d.tap_cell("g7")
    assert app.sounds[-3:] == ["marble", "star", "marble"]
    assert app.kept[2]["marble"] is marble and app.kept[2]["star"] is star  # not rebuilt
    assert [s[1] for s in p.sounds] == [320, 480, 320]
    assert "quadpocket.sound" not in sys.modules
    d.tap_cell("g7")                                      # taken: the buzz, built and dropped
    assert app.sounds[-1] == "illegal" and p.sounds[-1][1] == 640
    assert "quadpocket.sound" not in sys.modules


def test_a_sound_with_no_room_is_skipped_not_fatal(monkeypatch):
    app, d, p = start(prefs=HUMANS)
    import quadpocket.sound as snd

    def no_room(name, level):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(snd, "build", no_room)
    n = len(p.sounds)
    d.tap_cell("e5")
    d.tap_cell("e5")                                      # taken: the buzz finds no room
    assert app.sounds[-1] == "illegal" and len(p.sounds) == n + 1  # only the marble played
    from quadcore import parse_cell
    g = app.play.game
    assert g.cells[parse_cell("e5", g.n)] != 0 and g.turn == 1  # the game goes on


def test_pass_and_play_quad_ends_the_game_and_logs_the_record():
    app, d, p = start(prefs=HUMANS)
    for cell in ("d4", "a6", "f5", "a7", "e7", "a8", "c6"):
        d.tap_cell(cell)
    g = app.play.game
    assert g.result == ("win", 0, "quad")
    assert "Player 1 wins" in info_text(app)
    assert app.play.board.outline is not None
    # the quad's line runs through the marbles' centres: the middle of the edge d4-f5
    # is bright green (over.outline)
    bd = app.play.board
    pts = [bd.centre(parse_cell(c, 11)) for c in ("d4", "f5", "e7", "c6")]
    mid = ((pts[0][0] + pts[1][0]) // 2, (pts[0][1] + pts[1][1]) // 2)
    assert close(p.pixel(*mid), rgb(NORMAL[view.QUAD]))
    assert "d4" in p.logs and "c6" in p.logs
    assert any(line.startswith("# result: win seat 1") for line in p.logs)
    # taps on the board do nothing now; Undo takes the winning marble back
    d.tap_cell("k5")
    assert g.result is not None
    d.press("undo")
    assert g.result is None and app.play.board.outline is None


def test_claim_mode_needs_a_claim_and_punishes_a_wrong_one():
    app, d, p = start(prefs=dict(HUMANS, claim=True))
    g = app.play.game
    d.press("quad")                                       # nothing to claim: costs a star
    assert g.stars_left[0] == 5 and g.result is None
    for cell in ("d4", "a6", "f5", "a7", "e7", "a8", "c6"):
        d.tap_cell(cell)
    assert g.result is None                               # not announced
    d.tap_cell("a9")                                      # player 2 moves on
    d.press("quad")
    # Two may claim now (player 1 at the start of a turn, player 2 straight after one):
    assert app.play.msg.startswith("Whose")
    d.press("seat0")                                      # player 1 claims in time
    assert g.result == ("win", 0, "quad")
    assert sorted(g.quad) == sorted(parse_cell(c, 11) for c in ("d4", "f5", "e7", "c6"))


def test_claim_straight_after_your_marble_in_pass_and_play():
    app, d, p = start(prefs=dict(HUMANS, claim=True))
    g = app.play.game
    for cell in ("d4", "a6", "f5", "a7", "e7", "a8", "c6"):
        d.tap_cell(cell)
    d.press("quad")
    d.press("seat1")                                      # "whose?" player 2: no quad
    assert g.result is None and g.stars_left == [6, 5]
    d.press("quad")
    d.tap_cell("k6")                                      # a tap elsewhere cancels the question
    assert app.play.msg == "" and g.stars_left == [6, 5] and g.turn == 1
    d.press("quad")
    d.press("seat0")
    assert g.result == ("win", 0, "quad")


def test_a_missed_claim_is_gone_and_the_penalty_survives_a_reset(tmp_path):
    nvm = str(tmp_path / "nvm")
    app, d, p = start(nvm, prefs=dict(HUMANS, claim=True, stars=6))
    g = app.play.game
    for cell in ("d4", "a6", "f5", "a7", "e7", "a8", "c6", "a9", "k5", "b9"):
        d.tap_cell(cell)                                  # player 1 placed k5 unclaimed
    app2, d2, p2 = start(nvm, tutorial_done=None)         # a reset
    g2 = app2.play.game
    assert g2.turns == 10 and g2.claimable(0) < 0
    d2.press("quad")
    d2.press("seat0")                                     # too late: a wrong claim
    assert g2.result is None and g2.stars_left[0] == 5
    app3, d3, p3 = start(nvm, tutorial_done=None)
    assert app3.play.game.stars_left[0] == 5 and g.stars_left[0] == 6


def test_a_wrong_claim_with_no_star_left_passes_the_turn():
    app, d, p = start(prefs=dict(HUMANS, claim=True, size=5, variant="standard"))
    g = app.play.game
    assert g.n == 5 and g.stars_left == [0, 0]
    d.press("quad")                                       # player 1, first turn: no quad
    assert g.turn == 1 and g.turns == 1 and g.history == [[]]
    assert "you lose the turn" in app.play.msg
    d.press("undo")
    assert g.turn == 0 and g.turns == 0


def test_a_wrong_claim_whose_pass_ends_the_game_shows_the_end():
    # Player 1 has played its last marble and owes its next turn; player 2, with a marble
    # still in hand, claims wrongly and passes: player 1's turn comes with no marble left,
    # so the stars decide (test_claim.py has the engine side).
    g = Game(5, 2, 3, 0, claim=True)
    g.play("b2")
    g.claim(1)
    for line in ("b4", "d2", "d4"):
        g.play(line)
    g.claim(0)
    app, d, p = start_with(g, cpu=-1, prefs=dict(HUMANS, claim=True))
    d.press("quad")
    assert app.play.msg.startswith("Whose")
    d.press("seat1")
    g = app.play.game
    assert g.result == ("draw", None, "stars") and g.turns == 6
    assert "you lose the turn" in app.play.msg and "Draw" in info_text(app)


def test_menus_preferences_help_and_about(tmp_path):
    app, d, p = start(str(tmp_path / "nvm"), prefs=HUMANS)
    d.press("menu")
    assert app.mode == "menu"
    d.press("new")
    d.press("level")  # a game's own setting: on its New game page
    d.press("back")
    d.press("prefs")
    assert "level" not in [n for n, _ in app.menus.rects()]
    d.press("sound")
    d.press("contrast")
    prefs = app.prefs
    assert (prefs.level, prefs.sound, prefs.contrast) == ("average", 3, True)
    assert app.play.board.palette[view.HOLE] == CONTRAST[view.HOLE]
    d.press("back")
    d.press("help")
    d.press("topic0")
    assert app.mode == "text" and "square" in screen_text(app)
    d.press("back")
    d.press("back")
    d.press("about")
    assert p.version in screen_text(app)
    d.press("back")
    d.press("resume")
    assert app.mode == "play"
    # prefs survive a reset
    app2, _, _ = start(str(tmp_path / "nvm"), tutorial_done=None)
    assert app2.prefs.level == "average" and app2.prefs.contrast


def test_move_list_shows_the_game(tmp_path):
    app, d, p = start(prefs=HUMANS)
    d.tap_cell("e5")
    d.press("star")
    d.tap_cell("f6")
    d.tap_cell("g7")
    d.press("moves")
    body = screen_text(app)
    assert "1.P1 e5" in body and "2.P2 *f6 g7" in body     # who played each line
    d.press("back")
    assert app.mode == "play"


def test_new_game_menu_builds_the_chosen_game():
    app, d, p = start(prefs=HUMANS)
    d.press("menu")
    d.press("new")
    d.press("vs")                                          # 3 humans
    for _ in range(9):                                    # 11 -> 15, wraps to 5 -> 9
        d.press("size")
    d.press("start")
    g = app.play.game
    assert (g.rules.players, g.n) == (3, 9)
    assert len(app.play.panel.boxes) == 2 * 3
    assert app.play.board.n == 9


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_layout_fits_the_display(size):
    app, d, p = start(prefs=dict(HUMANS, humans=6), size=size)
    b = app.play.board
    panel = app.play.panel
    assert b.bx + b.n * b.cell <= panel.x and b.by + b.n * b.cell + 12 <= size[1]
    boxes = dict(rects(app))
    for x, y, w, h in boxes.values():
        assert panel.x <= x and x + w <= size[0] and 0 <= y and y + h <= size[1]
    # seat rows never overlap the buttons
    last = panel.boxes[-1]
    assert last.y + last.height <= boxes["undo"][1]
    if size == (480, 320):
        # six seat rows a cell high each (their icons) above three rows of 40 px buttons
        assert b.ts == 2 and b.cell >= 22
    d.tap_cell("f6")
    assert app.play.game.history


def caption_rows(app, p):
    """Pixel rows under the board holding caption ink, and the ink's pixel count."""
    b = app.play.board
    surf = p.display.surface()
    top = b.by + b.n * b.cell
    rows = set()
    ink = 0
    for y in range(top, surf.get_height()):
        for x in range(b.bx, b.bx + b.n * b.cell):
            if close(surf.get_at((x, y))[:3], rgb(0xA0A0A0)):
                rows.add(y)
                ink += 1
    return len(rows), ink


def test_board_captions_scale_with_the_display():
    small = start(prefs=HUMANS, size=(320, 240))
    large = start(prefs=HUMANS, size=(480, 320))
    (h1, ink1), (h2, ink2) = caption_rows(small[0], small[2]), caption_rows(large[0], large[2])
    assert h2 >= 2 * h1 - 1 and ink2 >= 3.5 * ink1, (h1, ink1, h2, ink2)
    # the letters stay centred under their columns: "a" under the first, "k" the last
    b = large[0].play.board
    assert b.bx % 2 == 0 and b.by % 2 == 0 and b.cell % 2 == 0


@pytest.mark.parametrize("prefs,size,budget", [
    (dict(opponent="computer"), (320, 240), 11000),   # measured 7,344 + 2,736 B
    (dict(HUMANS, humans=6), (320, 240), 14500),       # 11,200 -> 10,464 + 2,736 B (rings)
    (dict(HUMANS, humans=6), (480, 320), 14000),       # 12,304 -> 10,736 + 2,192 B (rings)
    (dict(opponent="computer"), (480, 320), 12500),   # 8,704 + 2,192 B
])
def test_ui_heap_estimate_stays_within_budget(prefs, size, budget):
    """displayio objects of the game screen and the menu screen, as the device would hold
    them (bitmaps by the row-padding formula, CircuitPython's object sizes: tools.sim);
    the terminal font sheet is in the device firmware."""
    from tools.sim import ui_heap
    app, d, p = start(prefs=prefs, size=size)
    d.press("menu")
    est = ui_heap([app.play.group, app.menus.group],
                  skip_bitmaps=(app.play.panel.info.bitmap,))
    assert est["total"] <= budget, est
    # the board sheet is the largest bitmap: 4 bits a pixel, rows padded to 32 bits; a
    # colour's ringed tile only on a board of two colours (more: the ring layer)
    b = app.play.board
    ncolours = app.play.game.rules.ncolours
    assert (b.step, b.ring is None) == ((2, True) if ncolours == 2 else (1, False))
    tiles = view.T_MARBLE + b.step * ncolours
    assert b.sheet.width == b.cell * tiles
    assert est["bitmaps"] >= (b.cell * tiles * 4 + 31) // 32 * 4 * b.cell


def test_mouse_in_the_scaled_window_is_the_finger(monkeypatch):
    """The non-headless simulator: a 2x window, the left button held = finger down."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from tools.sim import Platform, Driver
    from quadpocket.app import App
    from quadpocket.storage import Store
    p = Platform(scale=2, headless=False, nvm_path=None, fake_clock=True, audio=False)
    st = Store(p.nvm)
    st.prefs.tutorial_done = True
    st.prefs.opponent = "humans"
    st.prefs.confirm = 2  # off: one click plays
    st.save_prefs()
    app = App(p)
    assert pygame.display.get_surface().get_size() == (640, 480)
    x, y = Driver(app).cell_xy("f6")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(2 * x, 2 * y), button=1))
    for _ in range(4):
        app.tick()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(2 * x, 2 * y), button=1))
    for _ in range(4):
        app.tick()
    assert app.play.game.history == [[("marble", parse_cell("f6", 11))]]
    # the window shows the native picture scaled up: the new marble's centre pixel
    c = pygame.display.get_surface().get_at((2 * x, 2 * y))
    assert close((c[0], c[1], c[2]), rgb(NORMAL[view.MARBLE0]))
    assert not p.should_quit()


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_text_pages_show_every_row_above_the_buttons(size):
    """The button band of a text page never covers a text row (it did on the Titano: the
    last of 10 rows, so Statistics and the move list lost one), and no line is skipped
    between two screens of a long page."""
    app, d, p = start(prefs=HUMANS, size=size)
    d.press("menu")
    d.press("stats")
    m = app.menus
    tops = [b[1] for _, b in m.rects()]
    body = m.body()
    assert body == (19 if size[1] == 320 else 16)  # the Titano's body at text scale 1
    f = m.fine  # the Titano's body grid: 12 px rows from its y
    assert (f.y + body * 12 if f else (body + 1) * m.ch) <= min(tops)  # above every button
    shown = screen_text(app)
    assert all(line.strip() in shown for line in m.lines[:body])
    # a page longer than one screen: Next shows the next line, none is lost
    m.lines = ["line %d" % i for i in range(2 * body + 3)]
    m.at = 0
    m.render_text()
    seen = []
    while True:
        seen += [s.strip() for s in screen_text(app).split("\n") if s.strip().startswith("line")]
        if "next" not in [n for n, _ in m.rects()]:
            break
        d.press("next")
    assert seen == m.lines


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_the_chooser_shows_every_label_whole_and_remembers_the_game(size, tmp_path):
    from quadpocket import games
    from tools.sim import Driver
    nvm = str(tmp_path / "nvm")
    p = device(nvm, size=size, tutorial_done=False)  # nothing stored: a first start
    from quadpocket.app import App
    app = App(p)
    assert app.mode == "menu" and app.menus.page == "games"
    text = screen_text(app)
    # every installed game: its name on its button, its line beside it, both whole
    for g in games.GAMES:
        assert g[1] in text and g[3] in text, g
    for g in games.COMING:  # games to come are no buttons (About names them)
        assert g[0] not in text
    assert [n for n, _ in app.menus.rects()] == ["game%d" % i for i in range(len(games.GAMES))]
    d = Driver(app)
    d.press("game0")
    assert app.play.tutor is not None  # first run: Still's Quad's tutorial
    d.press("skip")
    assert app.mode == "play" and app.play.tutor is None
    d.press("menu")
    d.press("games")  # the chooser from the main menu has Back; the game goes on
    assert "back" in [n for n, _ in app.menus.rects()]
    d.press("game0")
    assert app.mode == "play"
    app2 = App(device(nvm, size=size, tutorial_done=None))
    assert app2.mode == "play" and app2.prefs.game == "S"  # remembered: no chooser


def test_a_game_record_with_no_room_is_skipped_and_the_game_ends_normally(monkeypatch):
    """The record is written line by line when a game ends; on a full heap (a long Trek
    game on the Titano, CircuitPython's VM) a MemoryError there must not stop the program:
    the save holds the game, the end screen and statistics go on, the log says what was
    skipped."""
    from face_still import over

    def no_room(g, out):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(over, "record", no_room)
    app, d, p = start(prefs=HUMANS)
    for cell in ("d4", "a6", "f5", "a7", "e7", "a8", "c6"):
        d.tap_cell(cell)
    assert app.play.game.result == ("win", 0, "quad")
    assert "Player 1 wins" in info_text(app)
    assert "record skipped: no room" in p.logs
    assert not any(line.startswith("# result:") for line in p.logs)
