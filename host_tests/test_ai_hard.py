"""The harder tactical suite: positions from real games (tools/lab/make_hard_tactics.py),
answered by the exact checker host_tests/tactics_check.py (independent of quadcore).

What each level promises, and is held to here with no miss (Average and Expert alike): a
forced win within 2 own turns is played (win2, starboth); no star is spent where nothing
needs covering or stopping (quiet). Best effort on the device's node budget, each held to a
floor at what is measured: a turn that leaves the opponent a forced win within 2 is not
played when one turn prevents it (def2: the exact test of one turn costs 4-30 nodes and a
rescue may have to try 30 turns); Expert plays a forced win within 3 own turns (win3: a proof
takes 50-200 nodes since issue 45's zone, and gets most of the decision's budget once a
first turn has passed its quick refutation).
Every turn is judged by the checker itself (a winning turn outside the stored set, e.g.
with a spare star, is re-checked exactly); the stored sets are what the checker says now.
"""

import pytest

from ai_data import DATA, blocks, parse_turn_text
from tactics_check import Tactics, popcount

from quadcore import Game, ai
from tiers import spread  # the quick tier: a spread sample of a large sweep

PATH = DATA / "ai_hard.txt"


def suite():
    out = []
    for head, rec in blocks(PATH):
        name = head[0].split()[0]
        turns = []
        for h in head[1:]:
            key, _, val = h.partition(":")
            if key == "turns":
                turns = [t.strip() for t in val.split("|")]
        out.append(dict(name=name, kind=name.split("-")[1], record=rec, turns=turns))
    return out


SUITE = suite()
TC = Tactics(11)


def position(t):
    g = Game(size=11)
    for line in t["record"]:
        g.play(line)
    return g


def masks(turn):
    marble, stars = parse_turn_text(turn)
    sm = 0
    for s in stars:
        sm |= TC.g.bit_of(s)
    return sm, TC.g.bit_of(marble)


def child(state, sm, m):
    me, op, stars, s_me, s_op = state
    return (op, me | m, stars | sm, s_op, s_me - popcount(sm))


def judge(t, st, turn):
    """'' if the turn does what the position asks, else why not."""
    sm, m = masks(turn)
    kind = t["kind"]
    if kind in ("win2", "starboth"):
        return "" if TC.turn_wins_in(st, sm, m, 3) else "no win in 2"
    if kind == "win3":
        return "" if TC.turn_wins_in(st, sm, m, 5) else "no win in 3"
    if TC.win_in_3(child(st, sm, m)):
        return "opponent wins in 2"
    if kind == "quiet" and sm:
        return "star spent"
    return ""


def test_suite_is_big_and_has_every_kind():
    kinds = {}
    for t in SUITE:
        kinds[t["kind"]] = kinds.get(t["kind"], 0) + 1
    assert len(SUITE) >= 100, kinds
    for k, n in (("win2", 20), ("starboth", 3), ("win3", 20), ("def2", 20), ("quiet", 10)):
        assert kinds.get(k, 0) >= n, kinds


PROMISES = ("win2", "starboth", "quiet")
DEF2_FLOOR = 0.95  # measured: Average 40 of 40, Expert 39 of 40 (40 before the fork-tempo term)


@pytest.mark.parametrize("level", ["average", "expert"])
def test_level_misses_nothing_it_promises(level):
    missed = []
    for t in SUITE:
        if t["kind"] not in PROMISES:
            continue
        g = position(t)
        turn = ai.choose(g, level, 0)
        why = judge(t, TC.state_of(g), turn)
        if why:
            missed.append("%s: %s (%s)" % (t["name"], turn, why))
    assert not missed, missed


# A game of the sparring partner against the plain 2-ply reference (tools.lab.quad_suite,
# seed 970006): the second player, to move, faces a win in 3 that only its marble on c7
# stops.
ONLY_DEFENCE = ("d2", "e1", "e5", "h4", "c4", "*f3 e4", "*h1 b6", "*a3 *d7 b4", "*b1 e7",
                "h10", "*b10 c5")


def test_guard_keeps_the_only_defence_it_proved():
    """Expert's guard tries other turns when the search's turn loses in 3; one it proved
    safe against the win in 3 is not given up for a better-scored one it could check only
    against the win in 2 (issue 45: here it found c7, then played d6, checked less)."""
    g = Game(size=11)
    for line in ONLY_DEFENCE:
        g.play(line)
    st = TC.state_of(g)
    turn = ai.choose(g, "expert", 0)
    sm, m = masks(turn)
    after = child(st, sm, m)
    assert not TC.win_in_3(after) and not TC.win_in(after, 5), turn


@pytest.mark.parametrize("level", ["average", "expert"])
def test_level_stops_nearly_every_win_in_2_of_the_opponent(level):
    items = [t for t in SUITE if t["kind"] == "def2"]
    missed = []
    for t in items:
        g = position(t)
        turn = ai.choose(g, level, 0)
        if judge(t, TC.state_of(g), turn):
            missed.append("%s: %s" % (t["name"], turn))
    assert len(missed) <= (1 - DEF2_FLOOR) * len(items), missed


@pytest.mark.budget
def test_expert_finds_most_wins_in_3():
    """Measured: Expert plays a winning turn in WIN3_FLOOR or more of the suite's wins in 3
    (README: the share and what it costs); Average in fewer (it has no win3 of its own)."""
    found = {"average": 0, "expert": 0}
    items = [t for t in SUITE if t["kind"] == "win3"]
    for t in items:
        g = position(t)
        st = TC.state_of(g)
        for level in found:
            if not judge(t, st, ai.choose(g, level, 0)):
                found[level] += 1
    assert found["expert"] >= WIN3_FLOOR * len(items), (found, len(items))
    assert found["expert"] >= found["average"], found


WIN3_FLOOR = 0.9  # measured: 25 of 26 (19 before issue 45's proofs: solve.zone, prove3)


def test_proofs_tick_and_leave_the_board_as_it_came(monkeypatch):
    """A win in 3 is proved answer by answer (guard.prove3), each step taken back before
    the UI's tick: at every tick the board is the game's own, and ticks come at most ~64
    pieces apart, as everywhere else (test_ai.py)."""
    from quadcore.ai import two
    count = [0]
    real = two.Two.put

    def counting(self, x, piece):
        count[0] += 1
        real(self, x, piece)

    monkeypatch.setattr(two.Two, "put", counting)
    worst = 0
    for t in SUITE:
        if t["kind"] != "win3":
            continue
        g = position(t)
        before = (bytes(g.board.cells), list(g.stars_left), list(g.marbles_left))
        last = count[0]
        for step in ai.think(g, "expert", 0):
            assert (bytes(g.board.cells), list(g.stars_left), list(g.marbles_left)) == before
            worst = max(worst, count[0] - last)
            last = count[0]
    assert 10 < worst <= 64, worst


def test_stored_answers_are_the_checkers():
    """Each stored turn does what its kind says (and, for the wins in 2, the set is the
    checker's whole answer), so the data cannot drift from the checker."""
    for t in spread(SUITE, 3):
        g = position(t)
        st = TC.state_of(g)
        if t["kind"] == "quiet":
            assert not t["turns"]
            continue
        assert t["turns"], t["name"]
        for turn in t["turns"]:
            assert not judge(t, st, turn), (t["name"], turn)
        if t["kind"] in ("win2", "starboth"):
            assert set(TC.win3_turns(st)) == {masks(x) for x in t["turns"]}, t["name"]


def test_hard_score_counts_what_the_judge_counts():
    """tools/lab/hard_score.py (the README's per-kind table) counts with this file's judge: a
    level that passes the tests above has every promised kind whole, and the wins in 3
    it prints agree with a count made here."""
    from tools.lab import hard_score
    res = hard_score.score(["average", "expert"])
    for kind in PROMISES:
        n, ok = res[kind]
        assert n and ok == {"average": n, "expert": n}, (kind, res[kind])
    items = [t for t in SUITE if t["kind"] == "win3"]
    here = sum(1 for t in items
               if not judge(t, TC.state_of(position(t)), ai.choose(position(t), "expert", 0)))
    assert res["win3"][0] == len(items) and res["win3"][1]["expert"] == here
