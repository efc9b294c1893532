"""Master (Expert with a time in M4-seconds mapped to nodes) and its pondering
(quadcore/ai/ponder.py): the pondered answer is the un-pondered one for the same time, a
longer ponder answers with the longer search, and stopping at any tick leaves the game as
it was."""

import pytest

from quadcore import Game, ai
from quadcore.ai import core
from quadcore.ai.ponder import start
from quadcore.ai.prun import run
from quadcore.ai.ptable import answer
from quadcore.ai.master import master_cfg
from quadcore.ai.two import NPS

from test_ai import TURN, snapshot


def middle_game(seed=1, turns=8, size=11):
    g = Game(size=size)
    while g.turns < turns and g.result is None:
        g.play(ai.choose(g, "expert", seed + g.turns))
    return g


def test_master_time_is_checked_and_only_master_takes_one():
    g = middle_game()
    before = snapshot(g)
    for bad in (None, 0, 1, 61, 2.5, "5"):
        with pytest.raises(ValueError):
            ai.think(g, "master", 0, seconds=bad)
    with pytest.raises(ValueError):
        ai.think(g, "expert", 0, seconds=5)
    with pytest.raises(ValueError):
        ai.think(g, "wizard", 0)
    with pytest.raises(ValueError):
        start(g, 0, seconds=1)
    with pytest.raises(ValueError):
        start(g, 0, seconds=5, width=0)
    assert snapshot(g) == before
    assert "master" not in ai.LEVELS  # the four device levels are unchanged
    assert set(ai.MASTER_TIMES) == {5, 10, 20}


def test_master_budget_scales_with_its_time():
    for s in ai.MASTER_TIMES:
        cfg = master_cfg(s)
        assert cfg["budget"] == NPS * s and cfg["tcap"] == NPS * s
    # Nodes really spent: Master at 10 s searches more than Expert on a middle game.
    g = middle_game(3, 10)
    spent = {}
    for lv, sec in (("expert", None), ("master", 10)):
        t = ai.choose(g, lv, 0, seconds=sec)
        assert TURN.match(t)
        spent[lv] = core.LAST[0]
    assert spent["master"] > spent["expert"]
    assert spent["master"] <= NPS * 10 + 30  # the guard's overrun at most


def test_master_moves_are_legal_and_leave_the_game_unchanged():
    for seed in range(3):
        g = middle_game(seed, 6 + 2 * seed)
        before = snapshot(g)
        gen = ai.think(g, "master", seed, seconds=5)
        turn = None
        for step in gen:
            assert snapshot(g) == before
            turn = step
        g.play(turn)  # legal


def pondered(g, seed, seconds, width=3):
    p = start(g, seed, seconds, width)
    before = snapshot(g)
    ticks = 0
    for _ in run(p):
        ticks += 1
        assert snapshot(g) == before  # the shell's game at every tick
    assert snapshot(g) == before
    return p, ticks


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_pondered_answer_is_the_unpondered_one(seed):
    g = middle_game(seed, 7)
    p, ticks = pondered(g, seed, 5)
    assert ticks > 3 and p.finished
    assert len(p.likely) == 3 and len(set(p.likely)) == 3
    assert p.likely[0] == ai.choose(g, "expert", seed)  # Expert's guess comes first
    assert len(p.table) == 6  # key, answer for each likely turn
    for t in p.likely:
        g.play(t)
        plain = ai.choose(g, "master", seed, seconds=5)
        assert answer(p, g, seed, 5) == plain
        # think with the ponder answers at once (one step: the turn).
        steps = list(ai.think(g, "master", seed, seconds=5, ponder=p))
        assert steps == [plain]
        # Another seed or a longer time than pondered: not from the table.
        assert answer(p, g, seed + 1, 5) is None
        assert answer(p, g, seed, 10) is None
        g.undo()


def test_a_turn_not_pondered_is_searched_as_usual():
    g = middle_game(4, 7)
    p, _ = pondered(g, 4, 5, width=1)
    cells = [x for x in range(len(g.cells)) if g.board.cells[x] == 0 and g.geo.valid[x]]
    for x in cells:
        t = g.name(x)
        if t in p.likely or g.board.threat_cells(g.rules.seat_colours[1 - g.turn][0]):
            continue
        g.play(t)
        if g.result is None:
            assert answer(p, g, 4, 5) is None
            assert ai.choose(g, "master", 4, seconds=5, ponder=p) == \
                ai.choose(g, "master", 4, seconds=5)
            g.undo()
            break
        g.undo()


def test_a_longer_ponder_answers_with_the_longer_search():
    g = middle_game(6, 9)
    p, _ = pondered(g, 6, 10, width=2)
    t = p.likely[0]
    g.play(t)
    assert ai.choose(g, "master", 6, seconds=5, ponder=p) == ai.choose(g, "master", 6,
                                                                         seconds=10)
    g.undo()


@pytest.mark.parametrize("stop", [0, 1, 2, 7, 20, 60])
def test_stopping_mid_ponder_leaves_the_game_unchanged(stop):
    g = middle_game(2, 8)
    before = snapshot(g)
    rec = g.record()
    p = start(g, 2, 5)
    gen = run(p)
    for i, _ in enumerate(gen):
        if i == stop:
            break
    gen.close()
    assert snapshot(g) == before and g.record() == rec
    # The game goes on normally, and what was finished stays right.
    t = ai.choose(g, "expert", 0)
    g.play(t)
    if g.result is None:
        got = answer(p, g, 2, 5)
        assert got is None or got == ai.choose(g, "master", 2, seconds=5)


def test_ponder_refuses_what_it_cannot_do():
    g = middle_game(1, 4)
    p = start(g, 1, 5)
    g.play(ai.choose(g, "expert", 1))
    with pytest.raises(ValueError):
        next(run(p))  # the game moved on
    with pytest.raises(ValueError):
        start(Game(players=3), 0, 5)
    done = Game(size=11)
    for t in ("a2", "f6", "a3", "g7", "b2", "h8", "b3"):
        done.play(t)
    assert done.result is not None
    with pytest.raises(ValueError):
        start(done, 0, 5)


def test_hint_at_master():
    g = middle_game(5, 6)
    assert ai.hint(g, 5) == ai.choose(g, "expert", 5)
    assert ai.hint(g, 5, "master", 5) == ai.choose(g, "master", 5, seconds=5)
    assert ai.hint(g, 5, "average") == ai.choose(g, "expert", 5)  # hint is Expert below


def test_master_plays_the_other_games_as_expert():
    g = Game(players=3, size=9)
    g.play("e5")
    assert ai.choose(g, "master", 0, seconds=5) == ai.choose(g, "expert", 0)


@pytest.mark.parametrize("seconds", [5, 10, 20])
def test_master_ticks_stay_close_together(seconds):
    """The shell may stop Master at any tick: the pieces tried between two ticks stay few
    (Expert's ~60; Master's deeper search ticks only between first-reply answers)."""
    from quadcore.ai import _player
    worst = 0
    for seed in range(4):
        g = middle_game(seed, 8 + 2 * seed)
        if g.result is not None:
            continue
        pl = _player(g, "master", seed, master_cfg(seconds))
        last = 0
        for step in pl.run():
            if step is not None:
                break  # the turn (the attack's nodes are added back to the count then)
            n = pl.nodes
            if n >= last:
                worst = max(worst, n - last)
            last = n
    assert 0 < worst <= 100, worst


def test_a_closed_ponder_goes_on_where_it_stopped():
    g = middle_game(7, 8)
    whole, _ = pondered(g, 7, 5)
    p = start(g, 7, 5)
    before = snapshot(g)
    runs = 0
    while not p.finished:
        gen = run(p)
        for i, _ in enumerate(gen):
            if i == 9:
                break
        gen.close()
        assert snapshot(g) == before
        runs += 1
    assert runs >= 3
    assert p.likely == whole.likely and p.table == whole.table


def test_no_ponder_once_the_human_has_put_a_piece():
    g = middle_game(8, 8)
    p = start(g, 8, 5)
    x = [y for y in range(len(g.cells)) if g.board.cells[y] == 0 and g.geo.valid[y]][0]
    g.star(x)
    with pytest.raises(ValueError):
        next(run(p))
    with pytest.raises(ValueError):
        start(g, 8, 5)
    g.undo()
    assert sum(1 for _ in run(p)) > 0  # back where it started: it runs


def test_a_hint_between_two_steps_does_not_spoil_the_ponder():
    g = middle_game(9, 8)
    whole, _ = pondered(g, 9, 5)
    p = start(g, 9, 5)
    for i, _ in enumerate(run(p)):
        if i in (7, 40):
            ai.hint(g, 3)  # the shell asks for a hint mid-ponder (shared scratch buffers)
    assert p.finished and p.table == whole.table


def test_a_deeper_turn_search_ticks_and_leaves_the_board():
    """turns.Turns searches 4 turns deep when a config asks (not shipped: an even horizon
    played worse); its ticks stay close and the board is as passed at each."""
    from quadcore.ai.turns import Turns
    from quadutil import Rng
    for seed in range(3):
        g = middle_game(seed, 8 + 2 * seed)
        if g.result is not None:
            continue
        before = snapshot(g)
        pl = Turns(g, "master", Rng(seed), dict(master_cfg(10), depth=4, width=4))
        last = worst = 0
        turn = None
        for step in pl.run():
            assert snapshot(g) == before
            if step is not None:
                turn = step
                break
            if pl.nodes >= last:
                worst = max(worst, pl.nodes - last)
            last = pl.nodes
        g.play(turn)
        assert 0 < worst <= 100, worst


@pytest.mark.parametrize("stop", [0, 3, 30])
def test_a_ponder_closed_after_the_game_moved_on_takes_nothing_back(stop):
    # The shell drops a ponder when the human has played: the game then holds the human's
    # turn (and maybe the computer's). Closing the ponder at that point (CPython also runs
    # its clean-up when it collects the generator) must not undo the shell's turns.
    g = middle_game(3, 8)
    p = start(g, 3, 5)
    gen = run(p)
    n = 0
    for _ in gen:
        if p.likely:  # answering the likely turns: stop `stop` steps into it
            if n == stop:
                break
            n += 1
    assert not p.finished
    t = ai.choose(g, "expert", 0)
    g.play(t)
    rec = g.record()
    gen.close()
    assert g.record() == rec
