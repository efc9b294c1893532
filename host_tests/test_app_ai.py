"""Device app against the real computer player (quadcore.ai), driven by synthetic taps."""

import sys

import pytest

from apptools import info_line, info_text, start, start_with, stats, tile

from quadcore import Game, ai, parse_cell
from quadpocket import app as appmod
from quadpocket import view
from quadpocket.storage import Store


def cells(*names):
    return [parse_cell(c, 11) for c in names]


@pytest.fixture
def slow_thinking(monkeypatch):
    """The real player's moves, but its turn spans 100+ ticks: one generator step per
    tick and 50 extra progress ticks before each real step (a slow device). Patched into
    the quadcore.ai loaded now (the app drops and reloads it around menus and game ends,
    so the module imported at the top of this file may be an older one)."""
    import importlib
    mod = importlib.import_module("quadcore.ai")
    real = mod.think

    def slow(game, level, seed=0, *master):  # master: Master's seconds and ponder
        for step in real(game, level, seed, *master):
            for _ in range(50):
                yield None
            yield step

    monkeypatch.setattr(appmod, "THINK_STEPS", 1)
    monkeypatch.setattr(mod, "think", slow)


def test_undo_against_the_computer_takes_back_both_turns():
    app, d, p = start()
    g = app.play.game
    d.tap_cell("f6")
    assert len(g.history) == 2 and g.turn == 0          # the computer answered
    d.tap_cell("e5")
    assert len(g.history) == 4
    d.press("undo")
    assert len(g.history) == 2 and g.turn == 0
    assert g.cells[parse_cell("e5", 11)] == 0
    d.press("undo")
    assert g.history == [] and g.turn == 0
    assert app.play.panel.fills[0].color_index == view.OFF  # nothing left: Undo greyed out


def test_computer_first_moves_at_once_and_its_move_is_marked():
    app, d, p = start(prefs={"first": "computer"})
    d.settle()
    g = app.play.game
    assert app.play.s.cpu == 0 and len(g.history) == 1 and g.turn == 1
    x = g.history[0][-1][1]
    assert tile(app, x) == view.T_MARBLE + 1          # colour 0 with the cursor
    # Undo cannot take back the computer's opening turn alone
    d.press("undo")
    assert len(g.history) == 1


def test_menu_answers_while_the_computer_thinks_and_board_taps_do_not(slow_thinking):
    app, d, p = start(prefs={"level": "expert"})
    d.tap_cell("f6", settle=False)
    play = app.play
    assert play.thinker is not None
    assert "Thinking" in info_line(app, 0)              # the visible indicator
    shots = p.refreshes
    d.tap_cell("a5", settle=False)                      # ignored: not the player's turn
    assert play.thinker is not None
    assert play.game.cells[parse_cell("a5", 11)] == 0
    assert p.refreshes - shots <= 4                     # only the spinner moved
    g = play.game
    s = play.s
    want = ai.choose(Game.from_bytes(g.to_bytes()), "expert", (s.seed + g.turns) & 0xFFFF)
    d.press("menu", settle=False)
    assert app.mode == "menu"
    # While the menu is open the search is stopped and the player's code unloaded (room
    # for the menu); the same position and seed give the same move when it restarts.
    assert play.thinker is None and "quadcore.ai" not in sys.modules
    d.ticks(300)
    assert len(g.history) == 1
    d.press("resume", settle=False)
    assert app.mode == "play" and play.thinker is not None
    d.settle()
    assert len(g.history) == 2 and g.cells[parse_cell("a5", 11)] == 0
    assert g.turn_text(g.history[1]) == want


def test_vs_computer_saves_once_a_round_and_a_reset_replays_the_reply(tmp_path,
                                                                     slow_thinking):
    """One nvm write per round, after the computer's reply. A power cut after the
    player's move, before that save, resumes at the previous round: the same move gets
    the same reply."""
    nvm = str(tmp_path / "nvm")
    app, d, p = start(nvm, prefs={"level": "average"})
    g = app.play.game
    w = p.nvm.writes
    d.tap_cell("f6")
    assert len(g.history) == 2 and p.nvm.writes == w + 1
    saved = g.record()
    d.press("star")
    d.tap_cell("e5")                                    # a star: nothing written
    assert p.nvm.writes == w + 1
    d.tap_cell("g7", settle=False)                      # the computer is thinking ...
    assert app.play.thinker is not None and p.nvm.writes == w + 1
    app2, d2, p2 = start(nvm, tutorial_done=None)       # ... when the power goes
    g2 = app2.play.game
    assert g2.record() == saved and app2.play.thinker is None and g2.turn == 0
    d.settle()
    d2.press("star")
    d2.tap_cell("e5")
    d2.tap_cell("g7")
    assert g2.record() == g.record()                     # the same reply
    assert p.nvm.writes == w + 2 and p2.nvm.writes == 1


def test_trainer_highlights_the_computers_threat():
    g = Game()
    for t in ("a6", "h8", "b7", "j8", "c3", "j10"):
        g.play(t)
    app, d, p = start_with(g, cpu=1, prefs={"level": "trainer"})
    expect = ai.trainer_highlights(g, 1)
    assert parse_cell("h10", 11) in expect
    for x in expect:
        assert tile(app, x) == view.T_TRAIN
    # the same position at Easy shows nothing
    app2, _, _ = start_with(g, cpu=1, prefs={"level": "easy"})
    assert tile(app2, parse_cell("h10", 11)) == view.T_EMPTY


def test_trainer_shows_your_own_win_apart_from_the_computers():
    # you hold d4 f5 e7 (c6 wins), the computer h8 j8 j10 (h10 wins): both shown, each
    # with the mark it has in Winther's Quad too (test_wq_app.py): pink the computer's,
    # the yellow ring yours
    g = Game()
    for t in ("d4", "h8", "f5", "j8", "e7", "j10"):
        g.play(t)
    app, d, p = start_with(g, cpu=1, prefs={"level": "trainer"})
    mine = ai.trainer_highlights(g, 0)
    assert parse_cell("c6", 11) in mine
    for x in mine:
        assert tile(app, x) == view.T_HINT_MARBLE
    assert tile(app, parse_cell("h10", 11)) == view.T_TRAIN
    # after a star on h10 the computer's mark goes, yours stays
    d.press("star")
    d.tap_cell("h10")
    assert tile(app, parse_cell("c6", 11)) == view.T_HINT_MARBLE
    d.tap_cell("c6")
    assert app.play.game.result is not None


def test_win_is_counted_and_auto_advance_raises_the_level(tmp_path):
    g = Game()
    for t in ("d4", "a6", "f5", "a7", "e7", "a9"):
        g.play(t)
    nvm = str(tmp_path / "nvm")
    app, d, p = start_with(g, cpu=1, prefs={"level": "easy", "auto_advance": True},
                           nvm_path=nvm)
    d.tap_cell("c6")
    g = app.play.game
    assert g.result == ("win", 0, "quad")
    st = stats(p.nvm)["easy"]
    assert (st["wins"], st["losses"], st["streak"]) == (1, 0, 1)
    assert app.prefs.level == "average"
    text = info_text(app)
    assert "You win!" in text and "by a quad" in text
    assert "vs Easy" in text and "Wins: 1" in text and "Losses: 0" in text  # level beaten
    assert app.sounds[-1] == "win"
    # a reset on the finished game does not count it twice
    app2, d2, _ = start(nvm, tutorial_done=None)
    assert app2.play.game.result is not None
    assert stats(p.nvm)["easy"]["wins"] == 1
    d2.press("new")
    d2.press("start")
    assert app2.play.game.result is None and app2.play.game.history == []


def test_loss_is_counted_and_resets_the_streak():
    g = Game()
    for t in ("a5", "h8", "a6", "j8", "a8", "j10"):
        g.play(t)
    app, d, p = start_with(g, cpu=1, prefs={"level": "easy"})
    st = Store(p.nvm)
    st.stats["easy"]["streak"] = 3
    st.save_stats()
    d.tap_cell("k4")                                   # ignores the threat at h10
    g = app.play.game
    assert g.result == ("win", 1, "quad")
    st = stats(p.nvm)["easy"]
    assert (st["losses"], st["streak"]) == (1, 0)
    assert "You lose" in info_text(app)
    d.press("undo")                                     # both turns come back
    assert g.result is None and g.turn == 0 and g.cells[parse_cell("k4", 11)] == 0


def test_hint_marks_cells_and_any_tap_clears_it():
    app, d, p = start()
    d.tap_cell("f6")
    d.press("hint")
    play = app.play
    assert play.hint, "hint found no marble cell"
    for x in play.hint:
        assert tile(app, x) == view.T_HINT_MARBLE
    assert play.msg.startswith("Hint")
    d.tap_cell(play.hint[0])
    assert not play.hint and len(play.game.history) == 4


def test_claim_mode_computer_claims_its_own_quad():
    g = Game(claim=True)
    for t in ("a5", "h8", "a6", "j8", "a8", "j10"):
        g.play(t)
    app, d, p = start_with(g, cpu=1, prefs={"claim": True})
    d.tap_cell("k4")
    g = app.play.game
    assert g.result == ("win", 1, "quad")


def test_claim_mode_player_claims_while_the_computer_answers(monkeypatch):
    monkeypatch.setattr(appmod, "THINK_STEPS", 0)  # a computer that never finishes thinking
    g = Game(claim=True)
    for t in ("c3", "k5", "c5", "k7", "e3", "j9"):
        g.play(t)
    app, d, p = start_with(g, cpu=1, prefs={"claim": True, "level": "expert"})
    play = app.play
    d.tap_cell("e5", settle=False)                        # the player's 4th corner
    d.ticks(8)
    assert play.thinker is not None and play.game.result is None
    d.press("quad")                                       # straight after the marble
    assert play.game.result == ("win", 0, "quad")


def test_undo_while_the_computer_thinks_takes_back_the_players_marble(monkeypatch):
    monkeypatch.setattr(appmod, "THINK_STEPS", 0)
    app, d, p = start(prefs={"opponent": "computer", "first": "player", "level": "expert"})
    play = app.play
    g = play.game
    d.tap_cell("f6", settle=False)
    d.ticks(8)
    assert play.thinker is not None and g.turns == 1
    d.press("undo")
    assert g.turns == 0 and g.cells[parse_cell("f6", 11)] == 0 and play.thinker is None
    assert g.turn == 0 and not g.begun


@pytest.mark.parametrize("variant,opponent", [("duel", "computer"), ("trek", "computer"),
                                              ("rapid", "computer"), ("bridge", "humans"),
                                              ("standard", "computer")])
def test_every_variant_plays_through_the_ui(variant, opponent):
    app, d, p = start(prefs={"variant": variant, "opponent": opponent, "size": 9})
    play = app.play
    g = play.game
    assert g.rules.variant == variant and g.n == 9
    if variant == "bridge":
        assert g.rules.players == 4 and len(play.panel.boxes) == 2 * 4
    free = [x for x in range(81) if g.cells[x] == 0]
    turns = 0
    while g.result is None and turns < 12:
        seat = g.turn
        mine = [x for x in range(81) if g.cells[x] - 2 in g.rules.seat_colours[seat]]
        if g.rules.moves and g.marbles_left[seat] == 0:
            d.tap_cell(mine[0])                      # pick a marble up ...
            assert play.sel == mine[0]
        before = len(g.history)
        for _ in range(g.rules.per_turn):
            x = next(c for c in free if g.cells[c] == 0)
            d.tap_cell(x)
        assert len(g.history) > before or g.result is not None
        turns += 1
    assert turns >= 6 or g.result is not None
    if variant == "trek" and g.result is None:
        assert any(a[0] == "move" for t in g.history for a in t)


def test_undo_or_quad_with_nothing_to_do_leaves_the_computer_thinking(monkeypatch):
    monkeypatch.setattr(appmod, "THINK_STEPS", 0)  # it stays in the middle of its search
    app, d, p = start(prefs={"opponent": "computer", "first": "computer", "claim": True})
    play = app.play
    assert play.thinker is not None and play.game.turns == 0
    # Nothing of the player's to take back or claim yet: both buttons are off.
    assert play.panel.names[0] is None and play.panel.names[3] is None
    for name in ("undo", "quad"):
        d.press(name, settle=False)
        d.ticks(8)
        assert play.thinker is not None and play.game.stars_left == [6, 6]
    monkeypatch.setattr(appmod, "THINK_STEPS", 64)
    d.settle()
    assert play.game.turns == 1 and play.thinker is None
    assert play.panel.names[3] == "quad"  # the player may claim (or try) now
