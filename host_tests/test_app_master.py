"""Master through the device app (Still's Quad): the New game level setting with its three
times, the computer's turn and the hint at Master, and Master thinking on the human's time
(the shell steps the engine's ponder between taps, keeps what it found for the computer's
turn, and drops it when a menu opens)."""

import importlib
import sys

import pytest

from apptools import screen_text, start

from quadcore import Game, ai, parse_turn
from quadpocket.storage import Store


def copy(g):
    return Game.from_bytes(g.to_bytes())


def master_reply(g, s, seconds, turn=None):
    """What Master plays in the game's position, after `turn` if given (its seed as the
    shell computes it)."""
    g = copy(g)
    if turn is not None:
        g.play(turn)
    # the quadcore.ai loaded now (the app drops and reloads it around menus)
    return importlib.import_module("quadcore.ai").choose(g, "master",
                                                         (s.seed + g.turns) & 0xFFFF, seconds)


def start_master(seconds=5):
    """The app at Master, its fake clock moving 10 ms at every reading: a tick then steps
    the ponder a few times, not its whole 64 steps (as on the device, where a tick's
    30 ms hold a few steps)."""
    app, d, p = start(prefs={"level": "expert", "master": seconds})
    real = p.ticks_ms

    def ticks_ms():
        p.advance(10)
        return real()

    p.ticks_ms = ticks_ms
    return app, d, p


def play_taps(d, g, turn):
    """The human (seat 0) plays `turn` through the screen: stars, then the marble."""
    for kind, x in parse_turn(turn, g.n):
        if kind == "star":
            d.press("star", settle=False)
        d.tap_cell(x, settle=False)


@pytest.mark.parametrize("size", [(320, 240), (480, 320)], ids=["pyportal", "titano"])
def test_the_level_setting_offers_master_at_three_times_and_stores_it(tmp_path, size):
    nvm = str(tmp_path / "nvm")
    app, d, p = start(nvm, prefs={"level": "expert"}, size=size)
    d.press("menu")
    d.press("new")
    pr = app.prefs
    seen = []
    for _ in range(7):
        d.press("level")
        seen.append((pr.level, pr.master))
        text = screen_text(app)
        assert ("Master: %d s" % pr.master if pr.master else "Level: ") in text
    assert seen == [("expert", 5), ("expert", 10), ("expert", 20), ("trainer", 0),
                    ("easy", 0), ("average", 0), ("expert", 0)]
    d.press("level")
    d.press("level")                               # Master 10 s ...
    d.press("start")
    assert (pr.level, pr.master) == ("expert", 10)
    st = Store(p.nvm)                              # ... kept in the preferences
    assert (st.prefs.level, st.prefs.master) == ("expert", 10)
    d.press("menu")
    d.press("new")
    d.press("level-")
    d.press("level-")                              # back to Expert itself
    assert (pr.level, pr.master) == ("expert", 0)


def test_a_platform_without_master_cycles_the_four_levels():
    # A platform without `master` (the device's, until Master's game fit its heap): the
    # setting skips it, and a Master preference left from elsewhere steps back into the
    # four levels.
    app, d, p = start(prefs={"level": "expert", "master": 10})
    p.master = False
    d.press("menu")
    d.press("new")
    pr = app.prefs
    d.press("level")
    assert (pr.level, pr.master) == ("trainer", 0)
    seen = []
    for _ in range(4):
        d.press("level")
        seen.append((pr.level, pr.master))
    assert seen == [("easy", 0), ("average", 0), ("expert", 0), ("trainer", 0)]
    assert "Master" not in screen_text(app)


def test_a_bad_master_preference_is_refused_and_changes_nothing():
    app, d, p = start()
    st = Store(p.nvm)
    st.prefs.level = "expert"
    st.prefs.master = 10
    st.save_prefs()
    for level, master in (("expert", 7), ("average", 10)):
        st.prefs.level, st.prefs.master = level, master
        with pytest.raises(ValueError):
            st.save_prefs()
    again = Store(p.nvm).prefs
    assert (again.level, again.master) == ("expert", 10)


def test_master_plays_the_computers_turn_and_the_hint():
    app, d, p = start(prefs={"level": "expert", "master": 5})
    play = app.play
    g = play.game
    s = play.s
    d.press("hint")                                # the hint is Master's
    want = master_reply(g, s, 5)
    cells = [x for _, x in parse_turn(want, g.n)]
    assert sorted(play.hint + play.hint_stars) == sorted(cells)
    want = master_reply(g, s, 5, "f6")
    d.tap_cell("f6")
    assert len(g.history) == 2 and g.turn_text(g.history[1]) == want
    # Expert itself (master 0) plays its own turn, not Master's
    app2, d2, _ = start(prefs={"level": "expert"})
    g2 = app2.play.game
    g3 = copy(g2)
    g3.play("e6")
    want = ai.choose(g3, "expert", (app2.play.s.seed + 1) & 0xFFFF)
    assert want != master_reply(g2, app2.play.s, 5, "e6")  # (the two differ here)
    d2.tap_cell("e6")
    assert g2.turn_text(g2.history[1]) == want


def test_master_ponders_on_the_humans_time_and_answers_at_once_from_it():
    app, d, p = start_master()
    play = app.play
    g = play.game
    s = play.s
    d.tap_cell("f6")                               # the computer answers (Master)
    assert len(g.history) == 2 and g.turn == 0
    record = g.record()
    d.ticks(1)
    pd = play.pondering
    assert pd is not None and not pd.finished      # started, a tick's worth done
    assert g.record() == record                    # the game as the human left it
    for _ in range(3000):
        if pd.finished:
            break
        d.ticks(1)
        assert play.pondering is pd and g.record() == record
    assert pd.finished and len(pd.table) == 2 * len(pd.likely) >= 4
    guess = pd.likely[0]                           # the human plays the likeliest turn
    want = master_reply(g, s, 5, guess)
    assert pd.table[1] == want                     # its stored answer is Master's own
    # Another legal turn put in its place shows the computer's turn comes from the table.
    g.play(guess)
    alt = next(g.name(x) for x in range(len(g.cells))
               if g.board.cells[x] == 0 and g.geo.valid[x] and g.name(x) != want)
    g.undo()
    pd.table[1] = alt
    play_taps(d, g, guess)
    d.settle()
    assert len(g.history) == 4 and g.turn_text(g.history[3]) == alt
    d.ticks(2)
    assert play.pondering is not pd                # the next position: a new ponder


def test_no_ponder_step_between_the_steps_of_a_search(monkeypatch):
    # One search step a tick (a slow device): a hint at Master spans many ticks, and the
    # ponder (which shares the player's scratch) must not run in between, or the hint's
    # search reads scratch the ponder changed (on CircuitPython's VM: an OverflowError).
    from quadpocket import app as appmod
    monkeypatch.setattr(appmod, "THINK_STEPS", 1)
    app, d, p = start_master()
    play = app.play
    g = play.game
    s = play.s
    d.tap_cell("f6")
    d.ticks(3)
    pd = play.pondering
    assert pd is not None and not pd.finished
    want = master_reply(g, s, 5)
    d.press("hint", settle=False)
    ticks = 0
    while play.thinker is not None:
        # nothing pondered meanwhile: the ponder is kept, its own search dropped
        assert play.pondering is pd and pd.gen is None
        d.ticks(1)
        ticks += 1
    assert ticks > 5 and "Hint" in play.msg
    cells = [x for _, x in parse_turn(want, g.n)]
    assert sorted(play.hint + play.hint_stars) == sorted(cells)


def after_a_first_turn():
    """The app at Master once the human has played f6 and the computer answered: app,
    driver, play screen, game, session, the game's record then."""
    app, d, _ = start_master()
    d.tap_cell("f6")
    play = app.play
    return app, d, play, play.game, play.s, play.game.record()


def test_a_menu_stops_the_ponder_cleanly_and_play_goes_on():
    app, d, play, g, s, record = after_a_first_turn()
    d.ticks(3)
    assert play.pondering is not None and not play.pondering.finished
    d.press("menu", settle=False)                  # in the middle of its search
    assert app.mode == "menu" and play.pondering is None
    assert "quadcore.ai" not in sys.modules        # the player's code dropped for the menu
    assert g.record() == record and not g.begun    # the position untouched
    d.ticks(50)                                    # no pondering in the menus
    assert play.pondering is None and "quadcore.ai" not in sys.modules
    d.press("resume")
    d.ticks(2)
    assert play.pondering is not None              # pondering again, from the start
    want = master_reply(g, s, 5, "e5")
    d.tap_cell("e5")                               # a turn nobody pondered: searched
    assert len(g.history) == 4 and g.turn_text(g.history[3]) == want


class Counted:
    """A search generator whose steps are counted (the ponder steps it with next())."""
    def __init__(self, gen, log):
        self.gen, self.log = gen, log

    def __next__(self):
        self.log.append(1)
        return next(self.gen)

    def close(self):
        self.gen.close()


def test_a_piece_put_down_pauses_the_ponder_and_an_undo_restarts_it():
    app, d, p = start_master()
    play = app.play
    g = play.game
    d.tap_cell("f6")
    d.ticks(2)
    pd = play.pondering
    d.press("star", settle=False)
    d.tap_cell("a5", settle=False)                 # a star: the turn has begun
    assert g.begun
    stepped = []
    if pd.gen is not None:  # its search, counted when stepped
        inner = pd.gen
        pd.gen = Counted(inner, stepped)
    state = (pd.gen, pd.got, list(pd.likely), list(pd.table))
    d.ticks(20)
    assert play.pondering is pd and g.begun
    assert (pd.gen, pd.got, pd.likely, pd.table) == state and not stepped  # nothing stepped
    d.press("undo")                                # the star off (Undo stops any search:
    assert not g.begun                             # the ponder starts again, same position)
    d.ticks(2)
    assert play.pondering is not None and play.pondering.start == pd.start
    d.press("undo")                                # both turns back: the game's first
    d.ticks(2)                                     # turn, which is never pondered
    assert len(g.history) == 0 and play.pondering is None
    d.tap_cell("f6")                               # the human and the computer again
    d.ticks(2)
    assert len(g.history) == 2 and play.pondering.start[-1] == 2



def test_a_platform_without_a_ponder_plays_master_and_never_thinks_on_the_humans_time():
    # A platform without `ponder` (no room for the ponder's table and searches, like the
    # device's; the VM harness's `--level master-noponder`): Master plays its own turn, the
    # same as where it ponders, and nothing runs or stays loaded while the human thinks.
    app, d, p = start_master()
    del p.ponder
    play = app.play
    g = play.game
    s = play.s
    want = master_reply(g, s, 5, "f6")
    d.tap_cell("f6")                               # the computer answers (Master)
    assert len(g.history) == 2 and g.turn_text(g.history[1]) == want
    record = g.record()
    d.ticks(50)
    assert play.pondering is None and play.thinker is None and g.record() == record
    assert "quadpocket.master" not in sys.modules  # not even loaded at a tick
    p.ponder = True                                # the same app where it may ponder
    d.ticks(1)
    assert play.pondering is not None



def test_a_ponder_with_no_room_stops_for_the_turn_and_the_game_goes_on(monkeypatch):
    # On the device a ponder's search may find no room (MemoryError): the ponder stops for
    # the rest of the human's turn, the computer player is dropped whole (nothing half-made
    # kept), the game is untouched and the computer still plays Master's own answer.
    app, d, play, g, s, record = after_a_first_turn()
    qai = importlib.import_module("quadcore.ai")  # the one the app loaded
    real = qai.ponder_tick
    calls = []

    def no_room(*args):
        calls.append(1)
        raise MemoryError("memory allocation failed, allocating 133 bytes")

    monkeypatch.setattr(qai, "ponder_tick", no_room)
    d.ticks(1)
    assert calls == [1] and play.pondering is None and play.rest == g.turns
    assert "quadcore.ai" not in sys.modules                 # the player dropped whole
    assert g.record() == record and not g.begun
    d.ticks(20)
    assert calls == [1] and play.pondering is None           # no retry on this turn
    monkeypatch.setattr(qai, "ponder_tick", real)
    turn = "d4"
    want = master_reply(g, s, 5, turn)
    d.tap_cell(turn)                                        # the human plays; Master answers
    assert len(g.history) == 4 and g.turn_text(g.history[3]) == want
    d.ticks(2)
    assert play.pondering is not None                        # the next turn ponders again


def test_a_stored_master_level_plays_expert_where_the_platform_has_no_master():
    """A device on the .mpy route offers no Master (its heap); preferences stored with
    Master (by the firmware route, say) play Expert there and the Level setting offers up
    to Expert."""
    from apptools import device
    from quadpocket.app import App
    from tools.sim import Driver
    p = device(prefs={"level": "expert", "master": 10})
    p.master = False
    app = App(p)
    assert app.prefs.master == 0 and app.prefs.level == "expert"
    d = Driver(app)
    d.press("menu")
    d.press("new")
    assert "Level: Expert" in screen_text(app) and "Master" not in screen_text(app)
    for _ in range(5):
        d.press("level")
        assert "Master" not in screen_text(app)
    p = device(prefs={"level": "expert", "master": 10})
    app = App(p)  # the simulator offers Master: kept
    assert app.prefs.master == 10
