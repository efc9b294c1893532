"""Winther's Quad on the device, driven through the shell as a player would: the chooser,
drops, moves, the rim rule, captures taken and kept, games to the end against every level
and between two players, statistics, resume after a power cut, damaged records, help."""

import pytest
from apptools import device, info_text, pages_text, start

from quadpocket import view
from quadpocket.app import App
from quadpocket.storage import Store
from quadpocket.records import save_game
from face_winther import Session
from face_winther.start import (CONF_OFF, CONF_SIZE, GAME_OFF, GAME_SIZE, T_CONF, T_GAME,
                                 load_session)
from tools.sim import Driver, rects, screen_text
from winquad import Game, parse_cell
from winquad import ai as wq_ai
from tiers import spread  # the quick tier: a spread sample of a large sweep


def wq(prefs=None, nvm_path=None, size=(320, 240), conf=None):
    """The app started on Winther's Quad (the last game chosen); conf: its settings."""
    pr = {"game": "W", "level": "easy"}
    pr.update(prefs or {})
    p = device(nvm_path, pr, size)
    if conf is not None:
        save_game(p.nvm, [-1, 0, 0], bytes(conf), CONF_OFF, CONF_SIZE, T_CONF)
    app = App(p)
    return app, Driver(app), p


def conf(counters=15, humans=False, cpu_first=False):
    return bytes([counters, int(humans), int(cpu_first)] + [0] * 24)


def with_game(game, cpu=-1, prefs=None, nvm_path=None):
    """Start on a prepared game, saved in this game's slots first (as after a reset)."""
    pr = {"game": "W", "level": "easy"}
    pr.update(prefs or {})
    p = device(nvm_path, pr)
    save_game(p.nvm, [-1, 0, 0], Session(game, cpu, 1).to_bytes(), GAME_OFF, GAME_SIZE,
              T_GAME)
    app = App(p)
    return app, Driver(app), p


def tap(d, cell):
    x = parse_cell(cell) if isinstance(cell, str) else cell
    d.tap_xy(*d.app.play.board.centre(x))


def line(app, row):
    return info_text(app).split("\n")[row].strip()


def play_turn(d, text):
    """Play a turn written in notation through taps: a capture written is taken, a
    capture offered but not written is kept."""
    from winquad.notation import parse_turn
    frm, to, caps = parse_turn(text)
    play = d.app.play
    if frm != to:
        tap(d, frm)
        assert play.sel == frm and to in play.dests
    tap(d, to)
    if play.choice is not None:
        offered = play.choice[2]
        for y in offered:
            if y not in caps:
                tap(d, y)  # leave it out
        d.press("take" if caps else "keep")
    else:
        assert not caps


def test_chooser_lists_it_with_its_inventor_and_starts_it():
    app, d, p = start()  # Still's Quad shown; Menu, Games opens the chooser
    d.press("menu")
    d.press("games")
    assert app.mode == "menu"
    assert "Winther's Quad" in screen_text(app)
    d.press("game1")
    assert app.play.gid == "W" and app.mode == "play"
    assert app.play.game.counters == 15 and app.play.board.n == 8
    # About names it and its inventor
    d.press("menu")
    d.press("about")
    text = pages_text(app, d)
    assert "Mats Winther" in text
    # and back to Still's Quad through the chooser
    d.press("back")
    d.press("games")
    d.press("game0")
    assert app.play.gid == "S" and app.play.game.n >= 5
    # nothing of Winther's Quad stays loaded (its player's tables were kept while shown)
    import sys
    assert not [m for m in sys.modules if m.startswith(("winquad", "quadpocket.wq_"))]


def test_a_drop_and_the_rim_rule_made_visible():
    app, d, p = wq(conf=conf(humans=True))
    play = app.play
    tap(d, "d4")
    assert play.game.at(parse_cell("d4")) == 1 and line(app, 0) == "Black to go"
    tap(d, "e5")
    # White's second drop: rim cells marked, an inner cell refused with a message
    assert line(app, 1) == "Drop on rim"
    from quadpocket import view
    grid = play.board.grid
    import face_winther as fw
    assert grid[7 * 8 + 0] == fw.DEST      # a1 is marked: a green dot, not the Trainer's pink
    assert grid[(7 - 2) * 8 + 2] == view.T_EMPTY  # c3 is not
    tap(d, "c3")
    assert play.game.at(parse_cell("c3")) == 0 and "edge cell" in " ".join(info_text(app).split())
    tap(d, "a1")
    assert play.game.at(parse_cell("a1")) == 1
    assert grid[7 * 8 + 0] != fw.DEST and grid[(7 - 2) * 8 + 2] == view.T_EMPTY
    # the panel: counters in hand and on the board per colour
    assert play.panel.counts[0][0] is not None
    assert play.game.in_hand(0) == 13 and play.game.in_hand(1) == 14


def test_a_move_select_cancel_and_destinations():
    g = Game(12)
    drops = ["b2", "g7", "a3", "g5", "d2", "e7", "f2", "c7", "b5", "h3", "d6", "e4",
             "f6", "c4", "h6", "a8", "c2", "h8", "e2", "b8", "g2", "d8", "a5", "f8"]
    for t in drops:
        g.play(t)
    assert g.in_hand(0) == 0 and g.result is None
    app, d, p = with_game(g)
    play = app.play
    tap(d, "d6")
    assert play.sel == parse_cell("d6") and line(app, 1) == "Move to?"
    assert set(play.dests) == {parse_cell(c) for c in ("d5", "c6", "e6", "d7")}
    import face_winther as fw
    assert all(_tile_at(play, c) == fw.DEST for c in ("d5", "c6", "e6", "d7"))
    tap(d, "d6")  # the same counter again: cancelled
    assert play.sel is None and play.dests == ()
    tap(d, "d6")
    tap(d, "d3")  # not a step
    assert play.game.at(parse_cell("d6")) == 1 and play.game.plies == 24
    tap(d, "d5")
    assert play.game.at(parse_cell("d5")) == 1 and play.game.at(parse_cell("d6")) == 0
    # last move: both ends marked
    from quadpocket import view
    grid = play.board.grid
    assert grid[(7 - 5) * 8 + 3] == view.T_MARK
    assert grid[(7 - 4) * 8 + 3] == view.T_MARBLE + 1


def test_trainer_marks_your_win_and_the_computers_as_stills_quad_does():
    # White (you) a1 a2 a3: a4 wins; Black (the computer) c5 d5 e5: b5 and f5 win. The
    # marks mean what they mean in Still's Quad (test_app_ai.py): the yellow ring your win,
    # pink the computer's; neither is the mark of a step or of a hint's star
    g = Game(12)
    for t in ("a1", "c5", "a2", "d5", "a3", "e5"):
        g.play(t)
    app, d, p = with_game(g, cpu=1, prefs={"level": "trainer"})
    play = app.play
    assert _tile_at(play, "a4") == view.T_HINT_MARBLE
    assert _tile_at(play, "b5") == view.T_TRAIN and _tile_at(play, "f5") == view.T_TRAIN
    others = {_tile_at(play, c) for c in ("b2", "c3", "g7", "h1")}
    assert others == {view.T_EMPTY}
    import face_winther as fw
    assert fw.DEST not in (view.T_TRAIN, view.T_HINT_MARBLE)
    # at Easy no Trainer marks
    app2, d2, p2 = with_game(g, cpu=1, prefs={"level": "easy"})
    assert _tile_at(app2.play, "a4") == view.T_EMPTY
    assert _tile_at(app2.play, "b5") == view.T_EMPTY


def _capture_setup():
    app, d, p = wq(conf=conf(humans=True))
    for t in ("d4", "e4", "a1", "h8"):
        play_turn(d, t)
    tap(d, "f4")
    return app, d


def _tile_at(play, cell):
    x = parse_cell(cell)
    return play.board.grid[(7 - (x >> 3)) * 8 + (x & 7)]


def _marks_apart(play, move, take, keep):
    """The move's cells wear the move's marks; the counters to be taken, and those at
    stake but kept, each a mark of their own that no other counter or cell wears."""
    import face_winther as fw
    g = play.game
    tiles = {}
    for c in move:
        tiles.setdefault(_tile_at(play, c), set()).add("move")
    for c in take:
        t = _tile_at(play, c)
        assert t == fw.TAKE + g.at(parse_cell(c)) - 1, c
        tiles.setdefault(t, set()).add("take")
    for c in keep:
        t = _tile_at(play, c)
        assert t == fw.STAKE + g.at(parse_cell(c)) - 1, c
        tiles.setdefault(t, set()).add("keep")
    assert all(len(v) == 1 for v in tiles.values()), tiles
    marked = set(move) | set(take) | set(keep)
    for x in range(64):
        from winquad.notation import cell_name
        c = cell_name(x)
        if c not in marked:
            assert _tile_at(play, c) not in tiles, c
    # the pink of a capture is drawn in the sheet (not the counter's own pixels)
    sheet, cell = play.board.sheet, play.board.cell
    for t in (fw.TAKE, fw.TAKE + 1, fw.STAKE, fw.STAKE + 1):
        assert any(sheet[t * cell + x, y] == view.TRAIN for x in range(cell)
                   for y in range(cell)), t


def test_capture_taken():
    app, d = _capture_setup()
    play = app.play
    assert play.choice is not None and line(app, 1) == "Take e4?"
    assert {n for n, _ in rects(app)} >= {
        "take", "keep"}
    _marks_apart(play, ["f4"], ["e4"], [])
    d.press("take")
    assert play.game.at(parse_cell("e4")) == 0 and play.game.at(parse_cell("f4")) == 1
    assert play.game.record().split()[-1] == "f4xe4"


def test_capture_declined_and_cancelled():
    app, d = _capture_setup()
    play = app.play
    d.press("back")  # Cancel: nothing played
    assert play.choice is None and play.game.plies == 4 and play.game.at(parse_cell("f4")) == 0
    tap(d, "f4")
    d.press("keep")
    assert play.game.at(parse_cell("e4")) == 2 and play.game.record().split()[-1] == "f4"


def test_double_capture_one_left_out():
    app, d, p = wq(conf=conf(humans=True))
    for t in ("c4", "d4", "a1", "e5", "e6", "h8"):
        play_turn(d, t)
    tap(d, "e4")
    play = app.play
    assert sorted(play.choice[2]) == sorted([parse_cell("d4"), parse_cell("e5")])
    assert line(app, 1) == "Take 2 of 2?"
    assert "Tap pink ones" in info_text(app)
    _marks_apart(play, ["e4"], ["d4", "e5"], [])
    tap(d, "e5")  # leave e5
    assert line(app, 1) == "Take 1 of 2?"
    _marks_apart(play, ["e4"], ["d4"], ["e5"])
    tap(d, "d4")  # leave d4 too, then take e5 back in
    tap(d, "e5")
    _marks_apart(play, ["e4"], ["e5"], ["d4"])
    tap(d, "d4")
    tap(d, "e5")
    d.press("take")
    assert play.game.at(parse_cell("d4")) == 0 and play.game.at(parse_cell("e5")) == 2
    assert play.game.record().split()[-1] == "e4xd4"


def _play_out(app, d, human_level="easy", limit=400):
    play = app.play
    n = 0
    while play.game.result is None and n < limit:
        g = play.game
        assert play.s.human(g.turn)
        play_turn(d, wq_ai.choose(g, human_level, n))
        n += 1
    return play.game.result


@pytest.mark.parametrize("level", ["trainer", "easy", "average", "expert"])
def test_a_game_to_the_end_against_each_level(level):
    app, d, p = wq(prefs={"level": level}, conf=conf(counters=12))
    result = _play_out(app, d, "easy" if level != "trainer" else "average")
    assert result is not None
    assert line(app, 0) in ("You win!", "Computer wins", "Draw")
    # counted once, under this level
    from quadpocket import pages
    lines = pages.text(app, "stats", 40)[1]
    row = [s for s in lines if s.startswith(level[:1].upper() + level[1:])][0]
    assert sum(int(v) for v in row.split()[1:]) == 1
    d.press("new")
    assert app.mode == "menu" and "Counters: 12" in screen_text(app)
    d.press("start")
    assert app.play.game.plies in (0, 1) and app.play.game.result is None


def test_pass_and_play_to_the_end_and_the_computer_never_moves():
    app, d, p = wq(conf=conf(counters=12, humans=True))
    assert app.play.s.cpu == -1
    result = _play_out(app, d, "average")
    assert result is not None and (line(app, 0).endswith("wins") or line(app, 0) == "Draw")


def test_resume_after_power_off(tmp_path):
    path = str(tmp_path / "nvm.bin")
    app, d, p = wq(nvm_path=path, conf=conf(counters=20))
    for t in ("d4", "a2"):
        play_turn(d, t)
        d.settle()
    before = app.play.game.record()
    assert before.count("\n") >= 2
    app2 = App(device(path, None, tutorial_done=True))  # a reset: only nvm remains
    assert app2.play.gid == "W"
    assert app2.play.game.record() == before and app2.play.game.counters == 20


def test_settings_and_stats_survive_a_reset(tmp_path):
    path = str(tmp_path / "nvm.bin")
    app, d, p = wq(nvm_path=path)
    d.press("menu")
    d.press("new")
    d.press("counters")
    d.press("vs")
    d.press("start")
    assert app.play.game.counters == 20 and app.play.s.cpu == -1
    app2 = App(device(path, None, tutorial_done=True))
    assert app2.play.game.counters == 20 and app2.play.s.cpu == -1


def test_every_damaged_byte_of_the_newest_game_falls_back_cleanly():
    # two copies: the older one (4 turns) and the newest (6 turns)
    p0 = device(None, {"game": "W"})
    slots = [-1, 0, 0]
    g = Game(12)
    for t in ("d4", "a2", "a5", "b7"):
        g.play(t)
    save_game(p0.nvm, slots, Session(g, -1, 1).to_bytes(), GAME_OFF, GAME_SIZE, T_GAME)
    old = slots[0]
    for t in ("c6", "h5"):
        g.play(t)
    save_game(p0.nvm, slots, Session(g, -1, 1).to_bytes(), GAME_OFF, GAME_SIZE, T_GAME)
    new = slots[0]
    assert new != old
    image = bytes(p0.nvm[0:len(p0.nvm)])
    rec_len = 8 + slots[2]
    for i in range(rec_len):
        p = device(None, None, tutorial_done=True)
        p.nvm[0:len(image)] = image
        o = GAME_OFF + new * GAME_SIZE + i
        p.nvm[o] = p.nvm[o] ^ 0x5A
        app = App(p)
        assert app.play.gid == "W", i
        # the damaged copy is never used: the older copy, or a valid replay of a game
        assert app.play.game.plies in (4, 0), i


def test_damaged_session_records_are_refused_with_value_error():
    g = Game(12)
    g.play("d4")
    data = Session(g, 1, 7).to_bytes()
    assert load_session(data).game.record() == "d4"
    for i in range(len(data)):
        for flip in (1, 0x80):
            bad = bytearray(data)
            bad[i] ^= flip
            try:
                s = load_session(bytes(bad))
            except ValueError:
                continue
            # bytes the header allows (seed, recorded flag, computer seat) may change
            assert s.game.record() == "d4" and i in (2, 3, 4, 5)
    with pytest.raises(ValueError):
        load_session(b"S\x02" + data[2:])  # Still's Quad's id


def test_damaged_settings_give_defaults():
    p = device(None, {"game": "W"})
    save_game(p.nvm, [-1, 0, 0], bytes([13, 0, 0] + [0] * 24), CONF_OFF, CONF_SIZE, T_CONF)
    app = App(p)
    assert app.play.game.counters == 15


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_help_and_tutorial_pages_fit_the_screen(size):
    from quadpocket import pages
    app, d, p = wq(size=size)
    d.press("menu")
    d.press("help")
    m = app.menus
    from quadpocket import textpage
    textpage.fine(m)  # a text page's size (the Titano: its body grid at scale 1)
    width = m.fine.width if m.fine else m.cols - 1  # 76 on the Titano, 52 on the PyPortal
    titles = pages.text(app, "topics", width)[1]
    assert "Capture" in titles and "Strategy" in titles and len(titles) <= 11
    body = m.body()
    for i, t in enumerate(titles):
        assert len(t) <= 18
        lines = pages.text(app, "topic%d" % i, width)[1]
        assert lines and all(len(s) <= width for s in lines)
        # a block (lines between blank ones) never straddles two screens
        for k in range(0, len(lines), body):
            screen = lines[k:k + body]
            assert screen[0] != "" or k == 0 or all(s == "" for s in screen)
        d.press("topic%d" % i)
        assert app.mode == "text"
        d.press("back")
    # no word of the old help that named a mark the screen does not draw
    for i in range(len(titles)):
        assert "ringed" not in " ".join(pages.text(app, "topic%d" % i, width)[1])


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_tutorial_is_played_on_the_board_and_catches_wrong_taps(size):
    import face_winther as fw
    from face_winther.tutorial import STEPS
    app, d, p = wq(conf=conf(counters=12), size=size)
    play_turn(d, "d4")  # a game in progress waits for the tutorial
    saved = app.play.game.record()
    d.press("menu")
    d.press("tutorial")
    play = app.play
    assert app.mode == "play" and play.tutor is not None
    assert line(app, 0) == "Tutorial 1/%d" % len(STEPS)
    panel = play.panel
    for k, text in enumerate(STEPS):  # every step shown whole in the panel's rows
        from quadpocket.wrap import wrap
        room = panel.rows - (0 if k == 0 else panel.free_row)
        assert len(wrap(text, panel.cols)) <= room, text
    d.press("next")
    tap(d, "h8")  # not there
    assert line(app, 1) == "Not there!" and play.tutor.step == 1
    tap(d, "e4")
    assert play.tutor.step == 2 and _tile_at(play, "d4") == fw.TAKE + 1
    assert _tile_at(play, "e4") == view.T_MARBLE + 1  # the move: cyan frame
    tap(d, "a1")
    assert line(app, 1) == "Not there!" and play.tutor.step == 2
    d.press("take")
    g = play.tutor.session.game
    assert g.at(parse_cell("d4")) == 0 and g.at(parse_cell("h7")) == 2
    assert _tile_at(play, "e5") == view.T_HINT_MARBLE  # your win: the yellow ring
    tap(d, "f5")
    assert line(app, 1) == "Not there!"
    tap(d, "e5")
    assert g.result is not None and g.result[1] == 0
    assert "win" in info_text(app)
    d.press("done")
    assert play.tutor is None and app.play.game.record() == saved
    assert line(app, 0) == "Your turn"


def test_menu_moves_page_and_undo_against_the_computer():
    app, d, p = wq(conf=conf(counters=12))
    play_turn(d, "d4")
    assert app.play.game.plies == 2  # the computer answered
    d.press("moves")
    assert "1.W d4" in screen_text(app)
    d.press("back")
    d.press("undo")
    assert app.play.game.plies == 0


def test_every_damaged_byte_of_the_settings_record_gives_usable_settings():
    good = bytes([20, 1, 0] + [0, 3] + [0] * 22)
    p0 = device(None, {"game": "W"})
    slots = [-1, 0, 0]
    save_game(p0.nvm, slots, good, CONF_OFF, CONF_SIZE, T_CONF)
    image = bytes(p0.nvm[0:len(p0.nvm)])
    for i in spread(range(8 + len(good)), 3):
        p = device(None, None, tutorial_done=True)
        p.nvm[0:len(image)] = image
        p.nvm[CONF_OFF + i] ^= 0x21
        app = App(p)
        g = app.play.game
        # the damaged copy is never read: defaults (15 counters, against the computer)
        assert g.counters == 15 and app.play.s.cpu == 1, i


def test_new_game_page_steps_the_level_once_a_tap():
    app, d, p = wq()
    d.press("menu")
    d.press("new")
    assert "Level: Easy" in screen_text(app)
    d.press("level")
    assert "Level: Average" in screen_text(app) and app.prefs.level == "average"
    d.press("level-")
    d.press("level")
    assert app.prefs.level == "average"
    d.press("back")
    d.press("prefs")  # who moves first: the shared preference
    d.press("first")
    d.press("back")
    d.press("new")
    d.press("start")
    assert app.play.s.cpu == 0 and app.play.game.plies == 1  # the computer dropped first


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_a_refusal_longer_than_the_status_line_is_shown_whole(size):
    app, d, p = wq(conf=conf(humans=True), size=size)
    tap(d, "d4")
    long = "e4 cannot be taken by d4-d5"  # an engine refusal the face passes on as it is
    assert len(long) > app.play.panel.cols
    app.play.illegal(long)
    app.render(app.play)
    text = " ".join(info_text(app).split())
    assert long in text, info_text(app)


# --- the shared preferences (issue 21): honoured here as in Still's Quad ---------------------

def test_confirm_tap_marks_first_and_plays_on_the_second_tap():
    app, d, p = wq(prefs={"confirm": True}, conf=conf(humans=True))
    g = app.play.game
    tap(d, "d4")
    assert g.plies == 0 and app.play.mark == parse_cell("d4")
    assert app.play.board.grid[(7 - 3) * 8 + 3] == view.T_MARK  # d4: marked, not played
    tap(d, "d4")
    assert g.plies == 1 and app.play.mark is None


def test_first_is_the_shared_preference():
    app, d, p = wq(prefs={"first": "computer"})
    d.settle()
    assert app.play.s.cpu == 0 and app.play.game.plies >= 1  # the computer dropped first
    app, d, p = wq(prefs={"first": "player"})
    assert app.play.s.cpu == 1 and app.play.game.plies == 0


def test_auto_advance_raises_the_level_after_a_win(tmp_path):
    path = str(tmp_path / "nvm")
    for advance, want in ((True, "average"), (False, "easy")):
        app, d, p = wq(prefs={"auto_advance": advance}, nvm_path=path + str(advance))
        play = app.play
        play.game.result = ("win", 1 - play.s.cpu, "four")  # the player's four
        play.game_over(True)
        assert app.prefs.level == want
        assert Store(p.nvm).prefs.level == want  # saved at once, as Still's Quad does


def test_high_contrast_recolours_the_counters_and_show_move_marks_the_reply():
    app, d, p = wq()
    d.press("menu")
    d.press("prefs")
    d.press("contrast")
    assert app.play.board.palette[view.MARBLE0] == 0xFFFFFF  # its own white, not Still's red
    d.press("back")
    d.press("resume")
    for show in (True, False):
        app, d, p = wq(prefs={"show_move": show})
        tap(d, "a1")
        d.settle()
        assert app.play.game.plies == 2
        last = app.play.game._log[-1] & 63  # where the computer's counter went
        ringed = app.play.board.grid[(7 - last // 8) * 8 + last % 8] % 2 == 1
        assert ringed == show
