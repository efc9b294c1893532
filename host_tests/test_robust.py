"""Never brick, never stall: nothing stored stops the app from starting, every new-game
choice the menu offers can be drawn, and a turn the engine refuses never stops the game.

Every stored record type (preferences, statistics, the game in progress; the current
layout and version 1's) is tried damaged and "merely unusual" (a valid record whose
values the app cannot use): App() must start on the game screen, answer taps, say what
it reset when something of ours was damaged, and start again afterwards.
"""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples  # the quick tier: a quarter of the examples

import pytest

from apptools import Platform, device, screen_text, start, start_with

from quadcore import Game
from quadpocket import records
from quadpocket.records import GAME_OFF, GAME_SIZE, write
from face_still import Session
from quadpocket.storage import Store

SLOTS = {"prefs": (0, 48, 0x70), "stats": (96, 48, 0x73), "game": (GAME_OFF, GAME_SIZE, 0x67)}
FAST = settings(max_examples=examples(25), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def boots(p, taps=True):
    """App() on p starts on a game screen, draws, answers a tap; returns the app."""
    from quadpocket.app import App
    from tools.sim import Driver
    app = App(p)
    if app.mode == "menu":  # no preferences (or a game not installed): the game chooser
        assert app.menus.page == "games" and app.play.game is None
        Driver(app).press("game0")
    assert app.mode == "play"
    assert app.play.game is not None and app.play.board is not None
    if taps and app.play.tutor is None:  # (the tutorial has its own buttons)
        d = Driver(app)
        d.settle()
        g = app.play.game
        empty = [x for x in range(len(g.cells)) if g.cells[x] == 0]
        if empty and g.result is None:
            d.tap_cell(empty[len(empty) // 2])
        d.press("menu")
        assert app.mode == "menu"
        d.press("resume")
        assert app.mode == "play"
    return app


def fresh(nvm_bytes):
    p = Platform(headless=True, nvm_path=None)
    p.nvm[0:len(nvm_bytes)] = bytes(nvm_bytes)
    return p


# ----- item 1: Duel with 4-6 humans -----------------------------------------------------

@pytest.mark.parametrize("humans", [4, 5, 6])
def test_stored_duel_with_many_humans_starts(humans):
    """These preferences made App() raise "1..6 colours" at every start-up."""
    app, d, p = start(prefs=dict(opponent="humans", humans=humans, variant="duel"))
    r = app.play.game.rules
    assert app.mode == "play" and r.variant == "duel" and r.ncolours <= 6


def test_menu_offers_duel_only_up_to_three_humans():
    app, d, p = start()
    d.press("menu")
    d.press("new")
    while app.prefs.variant != "duel":
        d.press("variant")
    seen = []
    for _ in range(6):
        d.press("vs")
        seen.append((app.prefs.opponent, app.prefs.humans))
    assert ("humans", 3) in seen and ("humans", 4) not in seen
    # Cycling to Duel with 5 humans chosen first shows and plays 3; the choice of 5 is
    # kept for the variants that allow it (reversible).
    while app.prefs.variant != "standard":
        d.press("variant")
    while (app.prefs.opponent, app.prefs.humans) != ("humans", 5):
        d.press("vs")
    while app.prefs.variant != "duel":
        d.press("variant")
    assert "Vs: 3 humans" in screen_text(app) and "Duel: 3 players at most" in screen_text(app)
    d.press("start")
    assert app.mode == "play" and app.play.game.rules.players == 3
    assert Store(p.nvm).prefs.humans == 5


@pytest.mark.parametrize("players", [4, 5, 6])
def test_saved_duel_game_that_cannot_be_drawn_gives_a_new_game(players):
    app, d, p = start_with(Game(11, players, None, None, False, "duel"), cpu=-1)
    assert app.mode == "play" and app.play.game.rules.ncolours <= 6
    assert app.play.msg == "Save unusable"
    assert any("saved game ignored" in t for t in p.logs)


# ----- item 1: every stored record, damaged or unusual ----------------------------------

def populated_nvm():
    """Prefs, stats and a game in progress as the app saves them (both slots in use)."""
    p = device(None, prefs=dict(level="average", sound=0))
    st = Store(p.nvm)
    st.record_result("easy", "win")
    st.record_result("easy", "loss")
    g = Game()
    g.play("f6")
    st.save_game(Session(g, 1, 5).to_bytes())
    g.play("e5")
    g.play("*g7 g6")
    st.save_game(Session(g, 1, 5).to_bytes())
    st.prefs.sound = 1
    st.save_prefs()
    return bytes(p.nvm[0:len(p.nvm)])


BASE = None


def base():
    global BASE
    if BASE is None:
        BASE = populated_nvm()
    return BASE


@pytest.mark.parametrize("kind", sorted(SLOTS))
def test_both_copies_damaged_reset_with_a_message(kind):
    off, size, tag = SLOTS[kind]
    buf = bytearray(base())
    for s in (0, 1):
        o = off + s * size
        if buf[o] == 0x51:
            buf[o + 9] ^= 0x24  # a payload byte: the CRC no longer matches
    p = fresh(buf)
    app = boots(p, taps=False)
    want = {"prefs": "Prefs reset", "stats": "Stats reset", "game": "Save damaged"}[kind]
    assert app.play.msg == want
    assert any(want in t for t in p.logs)
    if kind == "prefs":
        assert app.prefs.sound == 2  # the default
    else:
        assert app.prefs.sound == 1
    boots(fresh(bytes(p.nvm[0:len(p.nvm)])))


@FAST
@given(kind=st.sampled_from(sorted(SLOTS)), data=st.data())
def test_damaged_records_never_stop_start_up(kind, data):
    off, size, tag = SLOTS[kind]
    buf = bytearray(base())
    how = data.draw(st.sampled_from(["flip", "bytes", "erase", "tear"]))
    slot = data.draw(st.integers(0, 1))
    o = off + slot * size
    n = data.draw(st.integers(1, size))
    if how == "flip":
        i = data.draw(st.integers(o, o + size - 1))
        buf[i] ^= 1 << data.draw(st.integers(0, 7))
    elif how == "bytes":
        buf[o:o + n] = data.draw(st.binary(min_size=n, max_size=n))
    elif how == "erase":
        buf[o:o + n] = b"\xff" * n
    else:  # the whole block rewritten, cut after k bytes (SAMD51: the rest erased)
        k = data.draw(st.integers(0, 2400))
        buf[k:] = b"\xff" * (len(buf) - k)
    p = fresh(buf)
    boots(p)
    boots(fresh(bytes(p.nvm[0:len(p.nvm)])))  # and again after what it saved


@FAST
@given(kind=st.sampled_from(sorted(SLOTS)), payload=st.binary(max_size=40),
       seq=st.integers(0, 255), both=st.booleans())
def test_valid_records_with_any_payload_never_stop_start_up(kind, payload, seq, both):
    """A record with a right CRC and anything inside (what a bug or another program
    could leave)."""
    off, size, tag = SLOTS[kind]
    p = fresh(base())
    write(p.nvm, off, tag, seq, payload)
    if both:
        write(p.nvm, off + size, tag, (seq + 1) & 255, payload[::-1])
    boots(p)


@pytest.mark.parametrize("kind,payload,note", [("prefs", b"\x01\x02", "Prefs reset"),
                                               ("stats", bytes(39), "Stats reset"),
                                               ("stats", bytes(41), "Stats reset")])
def test_valid_record_of_the_wrong_length_is_reported(kind, payload, note):
    off, size, tag = SLOTS[kind]
    p = fresh(b"\xff" * 8192)
    write(p.nvm, off, tag, 0, payload)
    app = boots(p, taps=False)
    assert note in app.notes


PREF_VALUES = st.fixed_dictionaries({
    "level": st.sampled_from(["trainer", "easy", "average", "expert"]),
    "stars": st.sampled_from([6, 7]), "one_short": st.booleans(), "claim": st.booleans(),
    "contrast": st.booleans(), "confirm": st.one_of(st.booleans(), st.integers(0, 2)),
    "dim": st.sampled_from([0, 1, 2, 5, 10]), "firsts": st.integers(0, 255),
    "cal": st.one_of(st.none(), st.tuples(st.tuples(st.integers(0, 65535),
                                                    st.integers(0, 65535)),
                                          st.tuples(st.integers(0, 65535),
                                                    st.integers(0, 65535)))),
    "opponent": st.sampled_from(["computer", "humans"]), "humans": st.integers(2, 6),
    "size": st.integers(5, 15), "first": st.sampled_from(["player", "computer"]),
    "variant": st.sampled_from(["standard", "duel", "trek", "rapid", "bridge", "chess",
                                "x", "a-b_9", "zzzzzzzzzzzzzzz"]),
})


@FAST
@given(prefs=PREF_VALUES)
def test_every_storable_preference_combination_starts(prefs):
    """Merely unusual: every combination the preference record can hold."""
    p = device(None, prefs=dict(prefs, sound=0))
    # A calibration kept on load moves every tap as it should (skewed ones included), so
    # the scripted taps run only where the platform's own mapping is in use.
    app = boots(p, taps=Store(p.nvm).prefs.cal is None)
    assert app.play.game.rules.ncolours <= 6


@pytest.mark.parametrize("cal", [((12, 0), (77, 0)), ((9000, 9100), (5000, 60000)),
                                 ((60000, 5000), (5000, 60000)), ((0, 0), (0, 0))])
def test_a_stored_calibration_the_screen_cannot_make_is_ignored(cal):
    """Crossed or narrower than an eighth of the readings' range (damage, not a player's
    calibration): the platform's own mapping, and taps land where they are aimed."""
    p = device(None, prefs={"cal": cal, "sound": 0})
    assert Store(p.nvm).prefs.cal is None
    boots(p)


def test_a_stored_calibration_is_kept():
    cal = ((5200, 59000), (5800, 57000))
    p = device(None, prefs={"cal": cal, "sound": 0})
    assert Store(p.nvm).prefs.cal == cal


RULES = st.fixed_dictionaries({
    "size": st.integers(5, 15), "players": st.integers(2, 6),
    "variant": st.sampled_from(["standard", "duel", "trek", "rapid", "bridge"]),
    "one_short": st.booleans(), "claim": st.booleans(),
    "stars": st.one_of(st.none(), st.integers(0, 9)),
    "marbles": st.one_of(st.none(), st.integers(1, 30)),
})


@FAST
@given(rules=RULES, turns=st.integers(0, 60), cpu=st.integers(-1, 7),
       recorded=st.booleans(), seed=st.integers(0, 99))
def test_every_saved_game_starts(rules, turns, cpu, recorded, seed):
    """Merely unusual: any legal game the engine can save (finished ones too, any seat
    for the computer, a result already counted or not), as a session record."""
    from quadcore.arena import random_turn
    from quadcore.prng import Rng
    if rules["variant"] == "bridge":
        rules = dict(rules, players=4)
    try:
        g = Game(**rules)
    except ValueError:
        return
    rng = Rng(seed)
    for _ in range(turns):
        if g.result is not None:
            break
        g.play(random_turn(g, rng))
    s = Session(g, cpu if cpu < 7 else 255, seed)
    s.recorded = recorded
    data = s.to_bytes()
    if cpu >= 7:
        data = data[:2] + bytes([200]) + data[3:]  # a seat the game does not have
    p = device(None, prefs=dict(sound=0))
    st_ = Store(p.nvm)
    if len(data) <= records.GAME_MAX:
        st_.save_game(data)
    boots(p)


def test_version_1_layout_is_read_and_carried_over():
    """A device that saved with the version 1 layout (prefs at 0, stats at 64, games at
    1024 / 2048, one copy each) keeps everything after the update."""
    p = Platform(headless=True, nvm_path=None)
    nvm = p.nvm
    g = Game()
    g.play("f6")
    g.play("e5")

    def v1(off, tag, seq, payload):
        write(nvm, off, tag, seq, payload)
        nvm[off + 2:off + 3] = b"\x01"  # version 1 ...
        from quadcore.crc import crc16  # ... and its CRC
        h = bytes(nvm[off:off + 8])
        c = crc16(payload, 0, len(payload), crc16(h, 0, 6))
        nvm[off + 6:off + 8] = bytes((c & 255, c >> 8))

    from quadpocket.storage import Prefs, _encode_prefs
    pr = Prefs()
    pr.level, pr.tutorial_done, pr.sound = "expert", True, 0
    v1(0, 0x70, 0, _encode_prefs(pr))
    stats = bytearray(40)
    stats[0] = 7  # trainer wins
    v1(64, 0x73, 0, bytes(stats))
    v1(1024, 0x67, 4, Session(Game(), 1, 3).to_bytes())
    v1(2048, 0x67, 5, Session(g, 1, 3).to_bytes())  # the newer one
    app = boots(p, taps=False)
    assert app.prefs.level == "expert" and app.play.game.history == g.history
    st_ = Store(nvm)
    assert st_.stats["trainer"]["wins"] == 7 and st_.prefs.level == "expert"
    assert st_.load_game() == Session(g, 1, 3).to_bytes() or st_.load_game() is not None
    assert nvm[2] == records.VERSION  # written in the new layout


# ----- item 2: a refused computer turn never stalls the game -----------------------------

@pytest.mark.parametrize("bad", ["a1", "f6", "", "zz9", None])
def test_refused_computer_turn_is_replaced_by_a_legal_one(monkeypatch, bad):
    import importlib
    mod = importlib.import_module("quadcore.ai")

    def broken(game, level, seed=0):
        yield None
        if bad is None:
            return  # the generator ends without a turn
        yield bad

    monkeypatch.setattr(mod, "think", broken)
    app, d, p = start(prefs=dict(sound=0))
    g = app.play.game
    d.tap_cell("f6")
    assert len(g.history) == 2 and g.turn == 0  # the computer's turn was played
    assert app.play.thinker is None and app.play.msg == ""
    assert any("refused" in t for t in p.logs)
    assert any(t.startswith("computer (fallback): ") for t in p.logs)
    d.tap_cell("e5")
    assert len(g.history) == 4


def test_refused_turn_in_a_claim_mode_duel_against_the_computer(monkeypatch):
    """The case of the issue: a one-marble turn where a Duel turn needs two."""
    import importlib
    mod = importlib.import_module("quadcore.ai")
    real = mod.think

    def one_marble(game, level, seed=0):
        turn = None
        for turn in real(game, level, seed):
            yield None
        yield turn.split()[-2] if len(turn.split()) >= 2 else turn  # drop the last marble

    monkeypatch.setattr(mod, "think", one_marble)
    app, d, p = start(prefs=dict(sound=0, variant="duel", claim=True))
    g = app.play.game
    assert g.rules.variant == "duel" and g.rules.claim
    d.tap_cell("f6")
    d.tap_cell("g7")
    assert len(g.history) == 2 and g.turn == 0
    assert any("refused" in t for t in p.logs)


def test_rescue_finds_a_legal_turn_in_every_variant():
    from quadcore.arena import random_turn
    from quadcore.prng import Rng
    from face_still import rescue
    for rules in (dict(), dict(variant="duel", claim=True), dict(variant="trek"),
                  dict(variant="rapid"), dict(players=5, size=7),
                  dict(variant="bridge", players=4)):
        rng = Rng(3)
        g = Game(**rules)
        logs = []
        while g.result is None and g.turns < 150:
            t = g.turns
            if rng.below(2):
                g.play(random_turn(g, rng))
            else:
                assert rescue.play_any(g, logs.append, "x", "test"), (rules, g.record())
                assert g.turns > t or g.result is not None
        assert g.result is not None or g.turns >= 150


# ----- item 6: finished games go to the game-record file ---------------------------------

def finish_a_game(p, app, d):
    from quadcore import ai
    g = app.play.game
    while g.result is None:
        turn = ai.choose(g, "average", g.turns)
        for tok in turn.split():
            if tok.startswith("*"):
                d.press("star")
                d.tap_cell(tok[1:])
            else:
                d.tap_cell(tok)
    return g


@pytest.mark.parametrize("prefs", [dict(), dict(opponent="humans", humans=3, size=9),
                                   dict(variant="duel", size=7), dict(one_short=True)])
def test_finished_games_are_appended_and_the_referee_agrees(tmp_path, prefs):
    from quadcore import cli
    path = tmp_path / "quad_games.txt"
    p = device(None, prefs=dict(prefs, sound=0))
    p.record_file = str(path)
    from quadpocket.app import App
    from tools.sim import Driver
    app = App(p)
    d = Driver(app)
    games = []
    for _ in range(2):
        games.append(finish_a_game(p, app, d))
        d.press("new")
        d.press("start")
    text = path.read_text()
    records_ = [r for r in text.split("\n\n") if r.strip()]
    assert len(records_) == 2
    for rec, g in zip(records_, games):
        lines = rec.split("\n")
        flags = lines[1].split("referee flags: ")[1].split()
        import contextlib
        import io
        import sys as _sys
        out = io.StringIO()
        old = _sys.stdin
        _sys.stdin = io.TextIOWrapper(io.BytesIO(rec.encode("ascii")))
        try:
            with contextlib.redirect_stdout(out):
                rc = cli.main(["referee"] + flags)
        finally:
            _sys.stdin = old
        assert rc == 0
        assert out.getvalue().splitlines() == cli.referee_lines(g)


def test_a_read_only_drive_never_stops_the_game(tmp_path):
    p = device(None, prefs=dict(sound=0))
    p.record_file = str(tmp_path)  # a folder: open() fails like a read-only drive
    from quadpocket.app import App
    from tools.sim import Driver
    app = App(p)
    d = Driver(app)
    finish_a_game(p, app, d)
    assert app.play.result is not None
    assert any("record not written" in t for t in p.logs)
    d.press("new")
    d.press("start")
    assert app.mode == "play" and app.play.game.result is None
