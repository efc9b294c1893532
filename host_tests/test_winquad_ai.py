"""Winther's Quad computer player (winquad.ai): the contract shared with quadcore.ai (think
generator, choose, hint, node budget, deterministic by seed), the frontier shortcut against
the plain search, a tactics suite answered by an exact checker on the slow reference, and a
short ladder against a simple reference player."""

import os

import pytest

from quadcore.prng import Rng
from winquad import Game, ai
from winquad.game import _decode
from winquad.notation import format_turn

from tools.lab.wq_ladder import against_reference, head_to_head
from winther_tactics import answer_sets, replay

HERE = os.path.dirname(os.path.abspath(__file__))


def state(g):
    b = g.board
    return (bytes(b.cells), bytes(b.ln), bytes(b.hand), bytes(b.on), g.turn, g.plies,
            bytes(g._log))


def random_game(seed, plies, counters=12):
    r = Rng(seed)
    g = Game(counters)
    while g.result is None and g.plies < plies:
        ms = g.moves()
        g.apply_move(ms[r.below(len(ms))])
    return g


# -- the contract ---------------------------------------------------------------------------
@pytest.mark.parametrize("level", ai.LEVELS)
def test_think_yields_ticks_then_a_legal_turn_and_leaves_the_game_as_it_was(level):
    g = random_game(3, 9)
    before = state(g)
    steps = []
    for step in ai.think(g, level, seed=1):
        assert state(g) == before       # at every yield
        steps.append(step)
    assert steps[-1] and all(s is None for s in steps[:-1]) and len(steps) > 1
    legal = {format_turn(*_decode(m)) for m in g.moves()}
    assert steps[-1] in legal
    assert ai.choose(g, level, seed=1) == steps[-1]     # deterministic by seed


def test_same_seed_same_move_other_seeds_vary_for_trainer():
    g = random_game(5, 6)
    assert len({ai.choose(g, "expert", 7) for _ in range(3)}) == 1
    assert len({ai.choose(g, "trainer", s) for s in range(12)}) > 1


def test_hint_is_experts_move_and_errors_are_clear():
    g = random_game(2, 7)
    assert ai.hint(g, 4) == ai.choose(g, "expert", 4)
    with pytest.raises(ValueError, match="unknown level"):
        ai.think(g, "grandmaster")
    g = Game(12)
    for t in "d4 a1 a2 b1 a3 c1 a4 h8 a5".split():
        g.play(t)
    with pytest.raises(ValueError, match="over"):
        ai.think(g, "easy")


def test_the_effort_is_a_node_budget():
    g = random_game(4, 10)
    for level in ai.LEVELS:
        p = ai.Player(g, level, 0)
        for _ in p.run():
            pass
        # A little over is allowed: the frontier finishes the node it is valuing. Expert
        # checks its best moves against the opponent's threats on a reserve of its own.
        depth, budget, noise, vdepth, vnodes, reserve, makers = ai.SETTINGS[level]
        assert 0 < p.nodes <= budget + reserve + 2 * 64, level


def test_trainer_highlights_are_the_cells_that_make_a_four_at_once():
    from winther_reference import RefGame
    from winquad.notation import parse_cell
    from winther_tactics import after
    seen = 0
    for seed in range(40):
        g = random_game(seed, 3 + seed * 2)
        if g.result is not None:
            continue
        ref = RefGame(12)
        for t in g.record().split():
            ref.play(t)
        me = g.turn
        want = set()
        for t in ref.legal_turns():
            if "x" in t:
                continue      # a capture cannot make one's own four
            res = after(ref, t).result
            if res == ("win", me, "four"):
                want.add(parse_cell(t.split("-")[-1]))
        assert set(ai.trainer_highlights(g, me)) == want, g.record()
        seen += bool(want)
    assert seen >= 3    # some positions do have such cells

# -- the frontier shortcut is exact ------------------------------------------------------
def plain_depth1(p, g):
    """negamax(c, depth=1) the slow way: make every move, look, evaluate, unmake."""
    c = g.turn
    b = g.board
    moves = g.moves()
    if not moves:
        return 1 - ai.WIN
    best = -ai.INF
    for m in moves:
        b.make(m, c)
        o = p.outcome(m, c)
        v = -p.evaluate(1 - c) if o is None else (ai.WIN - 1 if o > 0 else 1 - ai.WIN)
        b.unmake(m, c)
        best = max(best, v)
    return best


@pytest.mark.parametrize("phase", ["drop", "move"])
def test_frontier_equals_the_plain_depth_one_search(phase):
    r = Rng(11)
    checked = 0
    for _ in range(400):
        g = random_game(r.below(30000), (2 + r.below(20)) if phase == "drop"
                        else (24 + r.below(40)))
        if g.result is not None or (g.board.hand[g.turn] > 0) != (phase == "drop"):
            continue
        p = ai.Player(g, "expert", 0)
        p.budget = 10 ** 9
        before = state(g)
        f = p.frontier if phase == "drop" else p.frontier_steps
        assert f(g.turn, -ai.INF, ai.INF, 1) == plain_depth1(p, g)
        assert state(g) == before
        checked += 1
    assert checked > 60


def test_completion_cells_from_the_small_table_are_those_counted_cell_by_cell():
    # The player counts a side's completion cells of a line (empty cells where one more
    # counter makes an exact four) from C1, 256 bytes; here they are counted the slow way,
    # cell by cell with the board's FOUR, for every pair of disjoint 8-bit lines.
    from winquad.board import FOUR, POP
    from winquad.tables import C1
    assert len(C1) == 256
    pairs = 0
    for o in range(256):
        for q in range(256):
            if o & q:
                continue
            slow = sum(1 for t in range(8) if not (o | q) >> t & 1 and FOUR[o | 1 << t])
            assert POP[C1[o] & ~(o | q) & 255] == slow, (o, q)
            pairs += 1
    assert pairs == 6561


def test_evaluation_is_colour_symmetric():
    # The same shapes with the colours swapped and the other side to move: equal values.
    for seed in range(30):
        g = random_game(seed, 6 + seed % 30)
        h = Game(12)
        b, c = g.board, h.board
        for x in range(64):
            if b.cells[x]:
                c.put(x, 2 - b.cells[x])
        c.on[0], c.on[1] = b.on[1], b.on[0]
        c.hand[0], c.hand[1] = b.hand[1], b.hand[0]
        assert ai.Player(g, "expert", 0).evaluate(g.turn) == \
            ai.Player(h, "expert", 0).evaluate(1 - g.turn)


# -- tactics --------------------------------------------------------------------------------
def load_tactics():
    out = []
    text = open(os.path.join(HERE, "data", "winther_tactics.txt")).read()
    for block in text.split("\n\n"):
        lines = [ln.strip() for ln in block.strip().splitlines() if ln.strip()]
        if lines:
            out.append((lines[0].lstrip("# "), [ln for ln in lines[1:]]))
    return out


TACTICS = load_tactics()


@pytest.fixture(scope="module")
def answers():
    """The exact answer sets, worked out on the slow reference (not stored)."""
    return {name: answer_sets(replay(12, turns)) for name, turns in TACTICS}


def test_the_suite_holds_both_kinds_of_tactics(answers):
    kinds = [("win" if w else "defend") for w, s, a in answers.values()
             if w or (s and len(s) < len(a))]
    assert len(kinds) == len(TACTICS) >= 12
    assert kinds.count("win") >= 3 and kinds.count("defend") >= 8


@pytest.mark.parametrize("level", ["easy", "average", "expert"])
def test_easy_and_above_answer_every_tactic(level, answers):
    # Easy looks at the opponent's answer: it takes a win and blocks every three that
    # threatens a four (and sees an open three coming), whatever its noise.
    for name, turns in TACTICS:
        g = Game(12)
        for t in turns:
            g.play(t)
        wins, safe, _ = answers[name]
        for seed in (0, 1, 2):
            move = ai.choose(g, level, seed)
            assert move in (wins or safe), (name, seed, move, wins or safe)


# Move-phase positions where some steps let the opponent step into an exact four and
# others do not: seeded random games (12 counters) cut at the given turn, found by
# scanning seeds 0..22 with the exact checker below (on the slow reference).
MOVE_THREATS = ((0, 40), (1, 34), (7, 24), (10, 34), (12, 24), (13, 24), (22, 24))


def move_phase_position(seed, plies):
    r = Rng(seed)
    g = Game(12)
    while g.result is None and g.plies < plies:
        ms = g.moves()
        g.apply_move(ms[r.below(len(ms))])
    return g


def test_easy_and_above_block_threes_in_the_move_phase():
    checked = 0
    for seed, plies in MOVE_THREATS:
        g = move_phase_position(seed, plies)
        assert g.result is None and not g.board.hand[g.turn]
        wins, safe, turns = answer_sets(replay(12, g.record().split()))
        assert not wins and safe and len(safe) < len(turns), (seed, plies)
        for level in ("easy", "average", "expert"):
            move = ai.choose(g, level, seed)
            assert move in safe, (seed, plies, level, move, safe)
        checked += 1
    assert checked == len(MOVE_THREATS)


def test_every_level_takes_a_win_at_once(answers):
    for name, turns in TACTICS:
        wins = answers[name][0]
        if wins:
            g = Game(12)
            for t in turns:
                g.play(t)
            for level in ai.LEVELS:
                assert ai.choose(g, level, 3) in wins, (name, level)


# -- ladder -------------------------------------------------------------------------------
# docs/winther-computer.md gives the ladder over 200 games a pair (python -m tools.lab.wq_ladder
# --games 200: Easy-Trainer 0.760, Average-Easy 0.873, Expert-Average 0.760). Here 20
# games a pair (15 counters, seats swapped), measured 0.80, 0.85 and 0.60: the thresholds
# leave a margin below those; the games are deterministic, so a change in strength, not
# luck, is what fails them.
@pytest.mark.parametrize("a,b,least", [("easy", "trainer", 0.7), ("average", "easy", 0.75),
                                       ("expert", "average", 0.55)])
def test_ladder_each_level_beats_the_one_below(a, b, least):
    assert head_to_head(a, b, 20) >= least


@pytest.mark.parametrize("level", ["average", "expert"])
def test_ladder_average_and_expert_beat_the_reference_player(level):
    # The reference (tools.lab.wq_ladder.greedy) sees one turn ahead only (win now, do not let
    # the opponent win now, else the best simple count): it loses the open-three races of
    # the drop phase that Average and Expert see. (Measured over 8 games: 1.0 both;
    # Trainer 0.75 and Easy 0.69, which are meant to be beatable.)
    assert against_reference(level, 8) >= 0.9
