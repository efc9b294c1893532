"""The Quax family on the device, driven through the shell as a player would: the chooser,
drops, links by two taps (and links refused, with the reason), the swap and the pass as
buttons, every rule set to the end against the computer and between two players, the
winning chain, statistics, resume after a power cut, damaged records, settings, the shared
preferences, help."""

import pytest
from apptools import device, info_text, pages_text, start

from quadpocket import view
from quadpocket.app import App
from quadpocket.records import save_game
from quadpocket.storage import Store
from face_quax import Session
from face_quax.start import (CONF_OFF, CONF_SIZE, GAME_OFF, GAME_SIZE, T_CONF, T_GAME,
                             load_session, max_size)
from tools.sim import Driver, rects, screen_text
from quax import Game, parse_cell, parse_turn
from quax import ai as qx_ai
from tiers import spread  # the quick tier: a spread sample of a large sweep

RULES = ("quax", "link", "quickway", "crossway", "quadrex")


def conf(rules="quax", n=7, pie=True, humans=False):
    return bytes([RULES.index(rules), n, int(pie), int(humans)] + [0] * 24)


def qx(prefs=None, nvm_path=None, size=(320, 240), conf=None):
    """The app started on the Quax family (the last game chosen); conf: its settings."""
    pr = {"game": "X", "level": "easy"}
    pr.update(prefs or {})
    p = device(nvm_path, pr, size)
    if conf is not None:
        save_game(p.nvm, [-1, 0, 0], bytes(conf), CONF_OFF, CONF_SIZE, T_CONF)
    app = App(p)
    return app, Driver(app), p


def with_game(game, cpu=-1, prefs=None, nvm_path=None, size=(320, 240)):
    """Start on a prepared game, saved in this game's slots first (as after a reset)."""
    pr = {"game": "X", "level": "easy"}
    pr.update(prefs or {})
    p = device(nvm_path, pr, size)
    save_game(p.nvm, [-1, 0, 0], Session(game, cpu, 1).to_bytes(), GAME_OFF, GAME_SIZE,
              T_GAME)
    app = App(p)
    return app, Driver(app), p


def game_of(rules, n, turns, pie=False):
    g = Game(rules, n, pie)
    for t in turns.split():
        g.play(t)
    return g


def tap(d, cell):
    """A tap on a cell; where it only shows a stone there (the confirm tap: cells
    under a fingertip's size, or the preference), a second one drops it."""
    n = d.app.play.game.n
    x = parse_cell(cell, n) if isinstance(cell, str) else cell
    d.tap_xy(*d.app.play.board.centre(x))
    if d.app.mode == "play" and d.app.play.tutor is None and d.app.play.mark == x:
        d.tap_xy(*d.app.play.board.centre(x))


def tap_once(d, cell):
    n = d.app.play.game.n
    d.tap_xy(*d.app.play.board.centre(parse_cell(cell, n) if isinstance(cell, str)
                                      else cell))


def line(app, row):
    return info_text(app).split("\n")[row].strip()


def info(app):
    return " ".join(info_text(app).split())


def play_turn(d, text):
    """Play a turn written in notation through taps: a drop its cell, a link its two
    stones, swap and pass their buttons."""
    play = d.app.play
    kind, a, b = parse_turn(text, play.game.n)
    if kind in ("swap", "pass"):
        assert kind in [n for n, _ in rects(d.app)], (kind, info(d.app))
        d.press(kind)
        return
    tap(d, a)
    if kind == "link":
        assert play.sel == a, info(d.app)
        tap(d, b)


def link_tile(app, a, b):
    """The overlay tile over the block of the diagonal pair a, b."""
    play = app.play
    n = play.game.n
    lo = min(a, b)
    blk = lo if abs(a - b) == n + 1 else lo - 1
    return play.links[(n - 2 - blk // n) * (n - 1) + blk % n]


def test_chooser_lists_it_with_its_inventors_and_starts_it():
    app, d, p = start()  # Still's Quad shown; Menu, Games opens the chooser
    d.press("menu")
    d.press("games")
    assert "Quax family" in screen_text(app)
    d.press("game2")
    assert app.play.gid == "X" and app.mode == "play"
    assert app.play.game.rules == "quax" and app.play.board.n == 11
    d.press("menu")
    d.press("about")
    text = pages_text(app, d)
    assert "Taylor" in text and "Steere" in text
    assert "Quax, Quickway, Crossway" not in text  # no longer among the games coming
    d.press("back")
    d.press("games")
    d.press("game0")
    assert app.play.gid == "S"
    import sys
    assert not [m for m in sys.modules  # (host_tests' own quax_reference is no game module)
                if m.split(".")[0] in ("quax", "face_quax")]


def test_a_drop_the_last_turn_and_whose_turn():
    app, d, p = qx(conf=conf(humans=True, pie=False))
    play = app.play
    assert line(app, 0) == "Black to go" and "Turn 1" in info(app)
    tap(d, "d4")
    assert play.game.at(parse_cell("d4", 7)) == 1 and line(app, 0) == "White to go"
    assert "Last d4" in info(app)
    x = parse_cell("d4", 7)
    assert play.board.grid[(6 - x // 7) * 7 + x % 7] == view.T_MARBLE + 1  # ringed
    tap(d, "d4")
    # an occupied cell: whose stone is there, by the colour drawn
    assert line(app, 1) == "Taken by Black" and play.game.plies == 1
    assert "Quax 7x7" in info(app)  # the rule set, named while playing


def test_a_link_by_two_taps_drawn_as_a_bar():
    g = game_of("quax", 7, "c3 d3 d4 c4")  # Black c3, d4; White d3, c4: a crosscut
    app, d, p = with_game(g)
    play = app.play
    c3, d4 = parse_cell("c3", 7), parse_cell("d4", 7)
    assert link_tile(app, c3, d4) == 0
    tap(d, "c3")
    assert play.sel == c3 and line(app, 1) == "Link to?"
    # picked: a dot on it, not the last turn's frame
    assert play.board.grid[(6 - c3 // 7) * 7 + c3 % 7] == view.T_MARBLE
    dot = play.board.pick
    cx, cy = play.board.centre(c3)
    assert not dot.hidden
    assert abs(dot.x + dot.width // 2 - cx) <= 1 and abs(dot.y + dot.width // 2 - cy) <= 1
    tap(d, "d4")
    assert play.game.record().split()[-1] == "c3-d4" and play.sel is None
    assert link_tile(app, c3, d4) == 1  # Black's "/" bar
    assert "Last c3-d4" in info(app)
    # White's crossing link is refused, and says why
    tap(d, "d3")
    tap(d, "c4")
    assert "cross a link" in info(app) and play.game.plies == 5
    assert link_tile(app, c3, d4) == 1
    # a stone with no diagonal partner: nothing to pick
    tap(d, "a1")  # White
    tap(d, "g7")  # Black
    assert play.game.plies == 7
    tap(d, "a1")  # White's a1: no White stone on b2
    assert "None of yours on a diagonal" in info(app) and play.sel is None
    # the same pair again: linked already
    tap(d, "f6")  # White
    tap(d, "c3")
    tap(d, "d4")
    assert "Already linked" in info(app) and play.game.plies == 8


def test_a_hinted_link_rings_its_two_stones():
    g = game_of("quax", 7, "c3 d3 d4 c4")
    app, d, p = with_game(g)
    play = app.play
    play.show_hint("c3-d4")
    app.render(play)
    for c in ("c3", "d4"):
        x = parse_cell(c, 7)
        assert play.board.grid[(6 - x // 7) * 7 + x % 7] == view.T_MARBLE + 1, c
    assert "Hint c3-d4" in info(app)
    play.show_hint("swap")
    app.render(play)
    assert play.hint == () and "Hint swap" in info(app)


def test_picking_again_cancels_and_undo_drops_the_pick():
    g = game_of("link", 8, "c3 d3 d4 c4")
    app, d, p = with_game(g)
    play = app.play
    tap(d, "c3")
    tap(d, "c3")
    assert play.sel is None
    tap(d, "c3")
    d.press("undo")
    assert play.sel is None and play.game.plies == 4
    tap(d, "c3")
    tap_once(d, "e5")  # an empty cell: the pick let go, no stone dropped
    assert play.game.plies == 4 and play.sel is None and "Link cancelled" in info(app)
    tap(d, "e5")
    assert play.game.record().split()[-1] == "e5" and play.sel is None


def test_links_are_no_turns_in_quickway_and_bars_appear_by_themselves():
    g = game_of("quickway", 7, "c3 d3 d4")
    app, d, p = with_game(g)
    play = app.play
    assert link_tile(app, parse_cell("c3", 7), parse_cell("d4", 7)) == 1
    tap(d, "d3")
    assert "Taken by White" in info(app) and play.sel is None


def test_crossway_refuses_a_checkerboard_in_plain_words():
    g = game_of("crossway", 7, "c3 d3 d4")
    app, d, p = with_game(g)
    tap(d, "c4")
    assert "Checkerboard: not allowed" in info(app) and app.play.game.plies == 3


def _forced_pass_position():
    """A 4 x 4 Crossway game where Black has no legal drop (the engine's tests' position:
    c2, the one empty cell, would make a checkerboard)."""
    return game_of("crossway", 4, "a1 d2 b3 b1 d3 c3 a3 d4 a4 c4 c1 a2 d1 b4")


def test_pass_is_a_button_when_crossway_leaves_no_drop():
    g = _forced_pass_position()
    app, d, p = with_game(g)
    assert "pass" in [n for n, _ in rects(app)] and "No drop: Pass" in info(app)
    plies = g.plies
    d.press("pass")
    assert app.play.game.plies == plies + 1 and app.play.game.record().split()[-1] == "pass"
    # a game with drops left offers no Pass
    app, d, p = with_game(game_of("crossway", 7, "c3"))
    assert "pass" not in [n for n, _ in rects(app)]


def test_swap_at_the_second_turn_only():
    app, d, p = qx(conf=conf(humans=True, pie=True))
    tap(d, "d4")
    assert "swap" in [n for n, _ in rects(app)] and "Swap" in info(app)
    d.press("swap")
    g = app.play.game
    assert g.swapped and g.plies == 2 and g.record().split()[-1] == "swap"
    assert line(app, 0) == "White to go"  # the first player now plays White, and moves
    assert "Swapped: you play Black" in info(app)  # whoever tapped Swap
    assert "swap" not in [n for n, _ in rects(app)]
    # without the swap rule there is no button
    app, d, p = qx(conf=conf(humans=True, pie=False))
    tap(d, "d4")
    assert "swap" not in [n for n, _ in rects(app)]


def test_swap_against_the_computer_changes_your_colour():
    app, d, p = qx(conf=conf(pie=True), prefs={"first": "computer"})
    d.settle()
    g = app.play.game
    assert g.plies == 1 and "You: White" in info(app)
    d.press("swap")
    d.settle()
    assert g.swapped and "You: Black" in info(app) and g.plies == 3
    assert "Swapped: you play Black" in info(app)
    # the computer's swap: the player told which colour is now theirs
    app, d, p = qx(conf=conf(pie=True))
    tap(d, "a1")
    d.settle()
    play = app.play
    g = play.game
    if not g.swapped:  # the computer answered with a stone: its swap, played for it
        g.undo()
        assert g.plies == 1 and play.play_turn("swap")
        play.after_change("marble")
        d.settle()
    assert g.swapped and "You: White" in info(app)
    assert "Swapped: you play White" in info(app)


def _play_out(app, d, level="easy", limit=400):
    play = app.play
    k = 0
    while play.game.result is None and k < limit:
        g = play.game
        assert play.s.human(g.turn)
        play_turn(d, qx_ai.choose(g, level, k))
        d.settle()
        k += 1
    return play.game.result


@pytest.mark.parametrize("rules", RULES)
def test_each_rule_set_to_the_end_against_the_computer(rules):
    n = 8 if rules == "link" else 7
    app, d, p = qx(prefs={"level": "average"}, conf=conf(rules, n, rules != "link"))
    assert app.play.game.rules == rules and app.play.game.n == n
    result = _play_out(app, d, "expert")
    assert result is not None and result[0] == "win"
    assert line(app, 0) in ("You win!", "Computer wins")
    # the winning chain is ringed, the rest not
    play = app.play
    g = play.game
    grid = play.board.grid
    for x in range(n * n):
        v = g.at(x)
        t = grid[(n - 1 - x // n) * n + x % n]
        if v:
            assert t == view.T_MARBLE + 2 * (v - 1) + (1 if x in g.chain else 0), x
    assert g.chain and all(g.at(x) == result[1] + 1 for x in g.chain)
    # counted once, under this level
    from quadpocket import pages
    lines = pages.text(app, "stats", 40)[1]
    row = [s for s in lines if s.startswith("Average")][0]
    assert sum(int(v) for v in row.split()[1:]) == 1
    d.press("new")
    assert "Rules: " + rules[:1].upper() + rules[1:] in screen_text(app)
    d.press("start")
    assert app.play.game.result is None and app.play.game.plies in (0, 1, 2)


@pytest.mark.parametrize("rules", RULES)
def test_each_rule_set_to_the_end_between_two_players(rules):
    app, d, p = qx(conf=conf(rules, 6, True, humans=True))
    assert app.play.s.cpu == -1
    result = _play_out(app, d, "average")
    assert result is not None and line(app, 0).endswith("wins")
    assert app.play.thinker is None


def test_resume_after_power_off(tmp_path):
    path = str(tmp_path / "nvm.bin")
    app, d, p = qx(nvm_path=path, conf=conf("quax", 9))
    for t in ("e5", "c3"):
        tap(d, t)
        d.settle()
    before = app.play.game.record()
    assert before.count("\n") >= 2
    app2 = App(device(path, None, tutorial_done=True))  # a reset: only nvm remains
    assert app2.play.gid == "X"
    assert app2.play.game.record() == before and app2.play.game.n == 9


def test_settings_and_stats_survive_a_reset(tmp_path):
    path = str(tmp_path / "nvm.bin")
    app, d, p = qx(nvm_path=path)
    d.press("menu")
    d.press("new")
    assert "Rules: Quax" in screen_text(app) and "Board: 11x11" in screen_text(app)
    d.press("rules")
    assert "Rules: Link" in screen_text(app) and "Board: 8x8" in screen_text(app)
    assert "Swap rule: off" in screen_text(app)
    d.press("rules")
    d.press("rules")
    assert "Rules: Crossway" in screen_text(app) and "Swap rule: on" in screen_text(app)
    d.press("rules-")
    d.press("rules")
    d.press("size")
    assert "Board: 10x10" in screen_text(app)
    d.press("size-")
    d.press("size-")
    assert "Board: 8x8" in screen_text(app)
    d.press("pie")
    assert "Swap rule: off" in screen_text(app)
    d.press("vs")
    assert "Vs: 2 players" in screen_text(app)
    d.press("start")
    g = app.play.game
    assert (g.rules, g.n, g.pie, app.play.s.cpu) == ("crossway", 8, False, -1)
    app2 = App(device(path, None, tutorial_done=True))
    g = app2.play.game
    assert (g.rules, g.n, g.pie, app2.play.s.cpu) == ("crossway", 8, False, -1)


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_board_sizes_keep_a_cell_of_12_px_and_wrap_around(size):
    app, d, p = qx(size=size, conf=conf("quax", 5))
    from face_quax.start import HEAP_MAX, cell_px
    top = max_size(app)
    assert top == dict(HEAP_MAX)[size[0]] and cell_px(size[0], size[1], top) >= 12
    d.press("menu")
    d.press("new")
    d.press("size-")
    assert "Board: %dx%d" % (top, top) in screen_text(app)
    d.press("start")
    assert app.play.board.cell >= 12 and app.play.game.n == top
    d.press("menu")
    d.press("new")
    d.press("size")
    assert "Board: 5x5" in screen_text(app)


def test_the_cell_size_decides_the_largest_board_as_build_would():
    """cell_px (worked out without loading build) is build's cell before build fits the
    Still's seat boxes (which only ever makes a small board's cells smaller): never below
    build's, and on the same side of the 12 px minimum for every size."""
    from quadpocket import build
    from face_quax.start import MARGIN, MIN_CELL, cell_px
    for w, h in ((320, 240), (480, 320)):
        for n in range(4, 20):
            ts = 2 if w == 480 else 1
            got, real = cell_px(w, h, n), build.sizes(w, h, n, 2, MARGIN * ts)[1]
            assert real <= got and (got >= MIN_CELL) == (real >= MIN_CELL), (w, h, n)


def test_every_damaged_byte_of_the_newest_game_falls_back_cleanly():
    p0 = device(None, {"game": "X"})
    slots = [-1, 0, 0]
    g = Game("quax", 7)
    for t in ("d4", "c3", "e5", "d3"):
        g.play(t)
    save_game(p0.nvm, slots, Session(g, -1, 1).to_bytes(), GAME_OFF, GAME_SIZE, T_GAME)
    old = slots[0]
    for t in ("c4", "d3-c4" if False else "b2"):
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
        assert app.play.gid == "X", i
        # the damaged copy is never used: the older copy, or a new game
        assert app.play.game.plies in (4, 0), i


def test_damaged_session_records_are_refused_with_value_error():
    g = Game("quax", 7)
    g.play("d4")
    g.play("c3")
    data = Session(g, 1, 7).to_bytes()
    assert load_session(data).game.record() == "d4\nc3"
    for i in range(len(data)):
        for flip in (1, 0x80):
            bad = bytearray(data)
            bad[i] ^= flip
            try:
                s = load_session(bytes(bad))
            except ValueError:
                continue
            # bytes the header allows (seed, recorded flag, computer seat) may change
            assert s.game.record() == "d4\nc3" and i in (2, 3, 4, 5), i
    with pytest.raises(ValueError):
        load_session(b"W\x01" + data[2:])  # Winther's Quad's id
    with pytest.raises(ValueError):
        load_session(data[:-1])


def test_a_save_of_a_board_larger_than_the_screen_offers_is_refused():
    g = Game("crossway", 19)
    g.play("j10")
    app, d, p = with_game(g)
    assert app.play.game.n != 19 and "Save unusable" in info(app)


def test_every_damaged_byte_of_the_settings_record_gives_usable_settings():
    good = conf("crossway", 9, False, True)
    p0 = device(None, {"game": "X"})
    slots = [-1, 0, 0]
    save_game(p0.nvm, slots, good, CONF_OFF, CONF_SIZE, T_CONF)
    image = bytes(p0.nvm[0:len(p0.nvm)])
    for i in spread(range(8 + len(good)), 3):
        p = device(None, None, tutorial_done=True)
        p.nvm[0:len(image)] = image
        p.nvm[CONF_OFF + i] ^= 0x21
        app = App(p)
        g = app.play.game
        # the damaged copy is never read: defaults (Quax 11x11, against the computer)
        assert (g.rules, g.n, app.play.s.cpu) == ("quax", 11, 1), i
    p = device(None, {"game": "X"})
    save_game(p.nvm, [-1, 0, 0], bytes([7, 9, 1, 0] + [0] * 24), CONF_OFF, CONF_SIZE, T_CONF)
    assert App(p).play.game.rules == "quax"  # no rule set 7: defaults


def test_new_game_page_steps_the_level_both_ways():
    app, d, p = qx()
    d.press("menu")
    d.press("new")
    assert "Level: Easy" in screen_text(app)
    d.press("level")
    assert "Level: Average" in screen_text(app) and app.prefs.level == "average"
    d.press("level-")
    d.press("level-")
    assert app.prefs.level == "trainer"
    d.press("level-")
    assert app.prefs.level == "expert"


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_help_and_tutorial_pages_fit_the_screen(size):
    from quadpocket import pages
    app, d, p = qx(size=size)
    d.press("menu")
    d.press("help")
    m = app.menus
    from quadpocket import textpage
    textpage.fine(m)  # a text page's size (the Titano: its body grid at scale 1)
    width = m.fine.width if m.fine else m.cols - 1  # 76 on the Titano, 52 on the PyPortal
    titles = pages.text(app, "topics", width)[1]
    for t in ("Quax", "Link and Quickway", "Crossway", "Quadrex", "Tutorial",
              "Skill levels", "On this screen", "Preferences"):
        assert t in titles
    assert len(titles) <= 11
    body = m.body()
    for i, t in enumerate(titles):
        assert len(t) <= 18
        lines = pages.text(app, "topic%d" % i, width)[1]
        assert lines and all(len(s) <= width for s in lines)
        for k in range(0, len(lines), body):
            screen = lines[k:k + body]
            assert screen[0] != "" or k == 0 or all(s == "" for s in screen)
        d.press("topic%d" % i)
        assert app.mode == "text"
        d.press("back")

def _tutorial_taps(d, wrong=False):
    """Every step of the tutorial by taps (a wrong tap first when asked)."""
    from face_quax import tutorial
    app = d.app
    for k, (text, cells, reply) in enumerate(tutorial.STEPS):
        tut = app.play.tutor
        assert tut.step == k and "Tutorial %d/" % (k + 1) in info(app)
        if k == 0:
            d.press("next")
            continue
        if not cells:
            break
        if wrong:
            plies = app.play.game.plies
            tap(d, "g1")
            assert "Not there!" in info(app) and app.play.game.plies == plies
            assert tut.step == k
        if cells == "swap":  # the other player's opening taken over: you are Black
            assert "swap" in [n for n, _ in rects(app)] and app.play.game.can_swap()
            d.press("swap")
            assert app.play.game.swapped and "You: " not in info(app)
            continue
        for c in cells:
            tap(d, c)
    return app.play.tutor


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_the_tutorial_catches_wrong_taps_and_ends_in_a_win(size):
    from face_quax import tutorial
    app, d, p = qx(conf=conf("crossway", 9, humans=True), size=size)
    tap(d, "e5")
    before = app.play.game.record()
    d.press("menu")
    d.press("tutorial")
    assert app.mode == "play" and app.play.tutor is not None and app.play.game.n == 7
    rows = app.play.panel.rows
    for text, cells, reply in tutorial.STEPS:  # every step whole on the panel
        assert len(app.use("wrap").wrap(text, app.play.panel.cols)) <= rows - 2, text
    tut = _tutorial_taps(d, wrong=True)
    g = app.play.game
    assert g.result is not None and g.result[1] == 0
    assert "done" in [n for n, _ in rects(app)] and "you win" in info(app)
    assert tut.step == len(tutorial.STEPS) - 1
    d.press("done")
    # back to the game in progress, as it was; the tutorial's game was never saved
    assert app.play.tutor is None and app.play.game.record() == before
    assert app.play.game.n == 9
    from face_quax.start import load_session
    from quadpocket import games as _g
    data = _g.saved(app)
    assert load_session(data).game.record() == before


def test_the_tutorial_can_be_skipped_and_the_guided_text_is_in_help():
    app, d, p = qx(conf=conf("quax", 9))
    d.press("menu")
    d.press("tutorial")
    assert app.play.tutor is not None
    d.press("skip")
    assert app.play.tutor is None and app.play.game.n == 9 and app.mode == "play"
    d.press("menu")
    d.press("help")
    from quadpocket import pages
    titles = pages.text(app, "topics", app.menus.cols - 1)[1]
    d.press("topic%d" % titles.index("Tutorial"))
    assert "Diagonals" in pages_text(app, d)


def test_menu_moves_page_hint_and_undo_against_the_computer():
    app, d, p = qx(conf=conf("quax", 7, False))
    tap(d, "d4")
    d.settle()
    assert app.play.game.plies == 2  # the computer answered
    d.press("moves")
    assert "1.B d4" in screen_text(app) and "Moves, Quax" in screen_text(app)
    d.press("back")
    d.press("hint")
    d.settle()
    assert app.play.hint and "Hint" in info(app)
    d.press("undo")
    assert app.play.game.plies == 0


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_a_refusal_longer_than_the_status_line_is_shown_whole(size):
    app, d, p = with_game(game_of("crossway", 7, "c3 d3 d4"), size=size)
    tap(d, "c4")
    long = "Checkerboard: not allowed"
    assert len(long) > app.play.panel.cols
    assert long in info(app), info_text(app)
    # under the seat rows, which stay with their counts
    assert not app.play.panel.seats.hidden and not app.play.panel.covered


def _ghosts(app):
    """{move int: overlay tile} of the link overlay's dashed bars (tiles 5, 6)."""
    play = app.play
    n = play.game.n
    out = {}
    for r in range(n - 1):
        for f in range(n - 1):
            t = play.links[(n - 2 - r) * (n - 1) + f]
            if t in (5, 6):
                out[1024 + 2 * (r * n + f) + t - 5] = t
    return out


def test_a_picked_stone_shows_its_partners_and_any_other_tap_lets_it_go():
    # Black c3, d4, e5, b4; White d3, c4, f5: c3's partners d4 and b4 (b2 empty), d4's
    # c3 and e5
    app, d, p = with_game(game_of("quax", 7, "c3 d3 d4 c4 e5 f5 b4 a7"))
    play = app.play
    g = play.game
    c3, d4 = parse_cell("c3", 7), parse_cell("d4", 7)
    assert _ghosts(app) == {}
    tap(d, "c3")
    assert play.sel == c3
    want = sorted(g.link_of(c3, y) for y in g.links_from(c3))
    assert len(want) == 2 and sorted(_ghosts(app)) == want
    tap(d, "c3")  # the picked stone again: let go, silently
    assert play.sel is None and _ghosts(app) == {} and play.msg == ""
    assert play.board.pick.hidden
    # an empty cell: let go, nothing dropped
    tap(d, "c3")
    tap_once(d, "a1")
    assert play.sel is None and g.plies == 8 and "Link cancelled" in info(app)
    assert play.game.at(parse_cell("a1", 7)) == 0
    # off the board (the captions' corner): let go too
    tap(d, "c3")
    d.tap_xy(2, app.p.height - 3)
    assert play.sel is None and "Link cancelled" in info(app) and g.plies == 8
    # Hint: let go, and the hint asked for
    tap(d, "d4")
    assert play.sel == d4 and len(_ghosts(app)) == 2
    d.press("hint")
    d.settle()
    assert play.sel is None and "Hint" in info(app)
    # a partner: linked
    tap(d, "d4")
    tap(d, "e5")
    assert g.record().split()[-1] == "d4-e5" and play.sel is None and _ghosts(app) == {}


def test_linking_to_the_other_colour_says_so_not_cell_taken():
    g = game_of("quax", 7, "c3 d4 c5 a7")  # Black c3, c5; White d4 on c3's diagonal
    app, d, p = with_game(g)
    play = app.play
    tap(d, "c3")  # c3's one partner: none (b4, b2, d2 empty; d4 White's): no pick
    assert play.sel is None and "None of yours on a diagonal" in info(app)
    g.play("b4")  # Black b4: now c3 and c5 have a partner
    g.play("a6")
    app, d, p = with_game(g)
    play = app.play
    g = play.game
    tap(d, "c3")
    assert play.sel == parse_cell("c3", 7)
    tap(d, "d4")  # White's stone on its diagonal
    assert play.sel is None and g.plies == 6
    assert "Link your own stones only" in info(app) and "taken" not in info(app)
    tap(d, "d4")  # with nothing picked: whose stone it is
    assert "Taken by White" in info(app)


@pytest.mark.parametrize("rules", RULES)
def test_a_links_column_only_where_the_rule_set_has_links(rules):
    linked = rules in ("quax", "link", "quickway")
    g = game_of(rules, 7, "c3 d3 d4 c4" if linked else "a1 g7 b1 g6")
    app, d, p = with_game(g)
    pn = app.play.panel
    assert [pn.boxes[i].hidden for i in (1, 3)] == [not linked] * 2
    # the links box's icon: a link bar of the row's colour (tiles 1, 3 of the link layer's
    # sheet), where the star's would be
    bars = [tg for tg in pn.seats if getattr(tg, "tile_width", 0)
            and tg.pixel_shader is app.play.board.lpal]
    assert [tg[0] for tg in bars] == [1, 3]
    assert [tg.hidden for tg in bars] == [not linked] * 2
    assert not [tg for tg in pn.seats if getattr(tg, "tile_width", 0) and not tg.hidden
                and tg[0] == view.T_STAR]
    from tools.sim import grid_text
    row = grid_text(pn.counts[0], pn.gap + 2, 1)
    assert row.split() == (["2", "0"] if linked else ["2"]) or (
        rules == "quickway" and row.split() == ["2", "1"])


def test_the_trainer_rings_the_cells_that_win_at_once():
    g = game_of("quax", 5, "c1 a3 c2 b3 c3 d3 c4")
    app, d, p = with_game(g, cpu=0, prefs={"level": "trainer"})
    play = app.play
    c5 = parse_cell("c5", 5)
    assert c5 in play.trainer
    assert play.board.grid[(4 - c5 // 5) * 5 + c5 % 5] == view.T_TRAIN


def test_the_game_record_is_written_at_the_end(tmp_path):
    app, d, p = qx(conf=conf("crossway", 5, False, humans=True))
    p.record_file = str(tmp_path / "games.txt")
    _play_out(app, d, "average")
    text = open(p.record_file).read()
    assert text.startswith("# Quad Pocket game: Crossway 5x5")
    assert "--rules crossway --size 5 --pie off" in text
    from quax.cli import main
    import io
    body = "\n".join(s for s in text.splitlines() if s and not s.startswith("#"))
    out = io.StringIO()
    rc = main(["referee", "--rules", "crossway", "--size", "5", "--pie", "off"],
              stdin=io.StringIO(body + "\n"), stdout=out, stderr=io.StringIO())
    assert rc == 0 and "result: win" in out.getvalue()


# --- the shared preferences: honoured here as in the other games -----------------------------

def test_confirm_tap_marks_first_and_plays_on_the_second_tap():
    app, d, p = qx(prefs={"confirm": True}, conf=conf(humans=True))
    g = app.play.game
    tap_once(d, "d4")
    x = parse_cell("d4", 7)
    assert g.plies == 0 and app.play.mark == x
    assert app.play.board.grid[(6 - x // 7) * 7 + x % 7] == view.T_MARK
    tap_once(d, "d4")
    assert g.plies == 1 and app.play.mark is None


def test_first_is_the_shared_preference():
    app, d, p = qx(prefs={"first": "computer"}, conf=conf(pie=False))
    d.settle()
    assert app.play.s.cpu == 0 and app.play.game.plies >= 1 and "You: White" in info(app)
    app, d, p = qx(prefs={"first": "player"}, conf=conf(pie=False))
    assert app.play.s.cpu == 1 and app.play.game.plies == 0 and "You: Black" in info(app)


def test_auto_advance_raises_the_level_after_a_win(tmp_path):
    path = str(tmp_path / "nvm")
    for advance, want in ((True, "average"), (False, "easy")):
        app, d, p = qx(prefs={"auto_advance": advance}, nvm_path=path + str(advance))
        play = app.play
        play.game.result = ("win", 1 - play.s.cpu, "chain")  # the player's chain
        play.game_over(True)
        assert app.prefs.level == want
        assert Store(p.nvm).prefs.level == want


def test_high_contrast_recolours_the_stones_and_show_move_marks_the_reply():
    app, d, p = qx()
    d.press("menu")
    d.press("prefs")
    d.press("contrast")
    pal = app.play.board.palette
    assert pal[view.MARBLE0 + 1] == 0xFFFFFF and pal[view.BOARD] == 0x8C8C8C
    d.press("back")
    d.press("resume")
    for show in (True, False):
        app, d, p = qx(prefs={"show_move": show}, conf=conf(pie=False))
        tap(d, "a1")
        d.settle()
        g = app.play.game
        assert g.plies == 2
        last = g.last()
        ringed = app.play.board.grid[(6 - last // 7) * 7 + last % 7] % 2 == 1
        assert ringed == show
        assert "Last " in info(app)  # the last turn is written either way


@pytest.mark.parametrize("rules", ["quax", "link", "quickway", "crossway"])
def test_trainer_highlights_are_exactly_the_cells_that_win_at_once(rules):
    """quax.ai.trainer_highlights (one colour's winning cells) against a plain check on the
    engine's own core: a stone of either colour on each empty cell (where the rule set lets it go), then is that
    colour joined? (Quadrex, whose fills the Trainer does not play out, is left out.)"""
    import random
    from quax.board import Board
    rng = random.Random(rules)
    seen = 0
    for game_no in range(6):
        g = Game(rules, 6, False)
        while g.result is None:
            want = (set(), set())
            for c in (0, 1):
                for x in range(36):
                    if g.at(x) or (rules == "crossway" and not g.board.crossway_ok(x, c)):
                        continue
                    # the position as it stands: stones without the rule set's own
                    # joins (Quax's), its links and Crossway's diagonals added as they are
                    b = Board(6, 0)
                    for y in range(36):
                        if g.at(y):
                            b._stone(y, g.at(y) - 1)
                    for k in range(36):
                        if g.board.links[k]:
                            b.link(k, g.board.links[k])
                    b.rule = g.rule
                    if rules == "crossway":
                        for y in range(36):
                            if g.at(y):
                                for z in range(36):
                                    if g.at(z) == g.at(y) and abs(z % 6 - y % 6) == 1 \
                                            and abs(z // 6 - y // 6) == 1:
                                        b.union(y, z)
                    b.drop(x, c)
                    if b.won(c):
                        want[c].add(x)
            for c in (0, 1):  # asked per colour: the shell marks the two apart
                got = qx_ai.trainer_highlights(g, c)
                assert sorted(got) == sorted(want[c]), (g.record(), c, got, want[c])
                seen += len(want[c])
            g.apply_move(rng.choice(g.moves()))
    assert seen > 0


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_the_move_list_names_whose_turn_and_steps_through_a_finished_game(size):
    """Each turn marked with the colour that played it (after the swap White moves
    again, now by the first player's hand); a finished game's list has Step, which shows
    the board turn by turn (quadpocket.review with this face's review_board)."""
    g = game_of("quax", 5, "c1 swap a1 c2 a2 c3 a3 c4 a4 c5", pie=True)
    assert g.result is not None and g.result[1] == 0
    app, d, p = with_game(g, size=size)
    from face_quax import pages as qpages
    items = qpages.move_items(app)
    assert items[:5] == ["1.B c1", "2.W swap", "3.W a1", "4.B c2", "5.W a2"]
    assert items[-1] == "10.B c5"
    d.press("moves")
    text = screen_text(app)
    assert "Moves, Quax: B Black, W White" in text and "2.W swap" in text
    assert "Black wins" in text  # the list ends with the result
    d.press("review")
    play = app.play
    assert app.mode == "play" and play.tutor is not None and play.game.plies == 10
    c5, a4 = parse_cell("c5", 5), parse_cell("a4", 5)
    grid = play.board.grid
    assert grid[(4 - c5 // 5) * 5 + c5 % 5] == view.T_MARBLE + 1  # the last turn framed
    d.press("prev")
    assert play.game.plies == 9 and play.game.result is None
    assert grid[(4 - c5 // 5) * 5 + c5 % 5] == view.T_EMPTY
    assert grid[(4 - a4 // 5) * 5 + a4 % 5] == view.T_MARBLE + 2 + 1  # White's a4 framed
    assert "W a4" in info(app)
    d.press("first")
    assert play.game.plies == 0
    d.press("done")
    assert play.tutor is None and play.game.plies == 10 and play.game.result is not None
    assert line(app, 0) == "Black wins"


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_every_message_of_the_face_fits_under_the_seat_rows(size):
    """Every text the face writes as a message (its refusals in face_quax.why, the swap
    notices, the mode lines) read from its sources, wrapped as the panel wraps it: whole
    in the rows under the seat rows."""
    import re
    import os
    from quadpocket import wrap
    root = os.path.join(os.path.dirname(__file__), "..", "lib", "face_quax")
    texts = set()
    for name in ("why.py", "__init__.py"):
        src = open(os.path.join(root, name)).read()
        texts.update(t for t in re.findall(r'(?<!")"([A-Z][^"\n]{4,})"(?!")', src) if " " in t)
    # the texts finished at run time: a colour, a button's name
    texts = {t + ("pass now" if t == "Cannot " else "White") if t.endswith(" ") else t
             for t in texts}
    assert "Link your own stones only" in texts and "Taken by White" in texts
    assert "Swapped: you play White" in texts
    app, d, p = qx(size=size, conf=conf(pie=False))
    pn = app.play.panel
    for t in sorted(texts):
        lines = wrap.say(t, pn.cols)
        assert pn.free_row + len(lines) <= pn.rows, (t, lines, pn.free_row, pn.rows)
