"""tools/lab/expert_lab.py: Expert with the partner's deeper search swapped in (host-only
experiment). Its figures mean something only if the swap is the only difference: with
nothing swapped it must play exactly as shipped Expert; its turns must be legal and leave
the game as it was; its cap must bound the search; its root pool must be the partner's."""

import subprocess
import sys
from pathlib import Path

from quadcore import Game
from quadcore.ai import search
from quadcore.arena import random_turn
from quadcore.prng import Rng
from tools.lab import expert_lab, sparring

ROOT = Path(__file__).resolve().parent.parent


def positions(seed, turns=14):
    """Positions along a partner-against-partner game (2 random opening marbles)."""
    g = Game(size=11)
    rng = Rng(seed)
    for _ in range(2):
        g.play(random_turn(g, rng))
    ref = sparring.Sparring()
    k = 0
    while g.result is None and k < turns:
        k += 1
        yield g
        g.play(ref.choose(g))


def snapshot(g):
    b = g.board
    return (bytes(b.cells), [list(c) for c in b.cnt], [list(n) for n in b.nopen],
            list(g.stars_left), list(g.marbles_left), g.turn)


def old_expert(g, seed, level="expert"):
    """The level's turn with the old search, as Expert played before the turn search
    (search.Search made directly: the same pipeline, `search_root` and `search_blocks`),
    seeded as `quadcore.ai` seeds."""
    p = search.Search(g, level, Rng(seed * 4099 + g.turns * 131 + g.board.empty))
    turn = None
    for step in p.run():
        turn = step
    return turn


def test_nothing_swapped_plays_as_expert_before_the_turn_search():
    # The lab swaps the search of Expert as it was before quadcore/ai/turns.py (the old
    # search's class); the port itself is compared with the lab in test_ai_turns.py.
    settings = dict(lab=expert_lab.LabSearch(), where="none")
    n = 0
    for seed in (11, 12):
        for g in positions(seed):
            if g.result is not None:
                break
            assert expert_lab.lab_choose(g, seed, settings) == old_expert(g, seed)
            n += 1
    assert n >= 20


def test_swapped_turns_are_legal_and_change_nothing():
    pieces = []
    settings = dict(lab=expert_lab.LabSearch(cap=120), where="both", pieces=pieces)
    differ = 0
    for g in positions(13):
        before = snapshot(g)
        t = expert_lab.lab_choose(g, 13, settings)
        assert snapshot(g) == before
        if t != old_expert(g, 13):
            differ += 1
        copy = Game.from_bytes(g.to_bytes())
        copy.play(t)  # the rules accept it (Game.play raises on an illegal turn)
        assert copy.turns == g.turns + 1
    assert pieces  # the swapped search decided some turns
    assert differ  # and it is not Expert's own search under another name


class Watched(expert_lab.LabSearch):
    """Records every node expanded (one-ply ranking of its turns) past the cap."""

    late = 0

    def ordered(self, b, c, o, s_c, s_o):
        if self.limit is not None and self.pieces >= self.limit:
            self.late += 1
        return super().ordered(b, c, o, s_c, s_o)


def test_cap_bounds_the_search():
    capped = []
    free = []
    lab = Watched(cap=20)
    for cap, out in ((20, capped), (0, free)):
        settings = dict(lab=lab if cap else Watched(), where="both", pieces=out)
        for g in positions(14, turns=16):
            expert_lab.lab_choose(g, 14, settings)
    # Past the cap no node is expanded: it is valued by the evaluation; the nodes already
    # open put down their remaining turns (at most 2 levels x 2 more turns x 7 pieces, plus
    # one ranking begun under the cap, 6 turns).
    assert lab.late == 0
    assert max(capped) <= 20 + 28 + 42
    assert max(free) > 100 and sorted(capped)[len(capped) // 2] < 30


def test_the_last_turn_shortcut_changes_no_decision():
    fast = []
    slow = []
    for last, out in ((True, fast), (False, slow)):
        settings = dict(lab=expert_lab.LabSearch(last=last), where="both", pieces=out)
        turns = [expert_lab.lab_choose(g, 16, settings) for g in positions(16, turns=16)]
        out.append(turns)
    assert fast[-1] == slow[-1]
    assert sum(fast[:-1]) < 0.9 * sum(slow[:-1])


def test_the_root_pool_is_the_partners_scan():
    lab = expert_lab.LabSearch()
    ref = sparring.Sparring()
    n = 0
    for g in positions(15, turns=10):
        b = g.board
        seat = g.turn
        c = g.rules.seat_colours[seat][0]
        lab.root_val = sparring.greedy(b, c, 1 - c)
        lab.root_two = (sparring.counts(b, 0), sparring.counts(b, 1))
        s = g.stars_left[seat]
        assert lab.turns(b, c, 1 - c, s, 6) == ref.turns(b, c, 1 - c, s, 6)
        n += 1
    assert n == 10


def test_bad_arguments_are_refused():
    for args in (["--depth", "1"], ["--width", "0"], ["--cap", "-1"], ["--where", "x"]):
        p = subprocess.run([sys.executable, "-m", "tools.lab.expert_lab", "--games", "2"] + args,
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert p.returncode == 2 and "error" in p.stderr
