"""quadcore/ai/turns.py, Expert's turn search: checked against the host-only lab it was
ported from (tools/lab/expert_lab.py, dicts and lists, the sparring partner's own evaluation),
decision by decision and value by value; its pieces come off at every tick; it is what
Expert now plays."""

from pathlib import Path

from quadcore import Game, ai
from quadcore.ai import core, fast, turns, two
from quadcore.prng import Rng
from tools.lab import expert_lab, sparring

from test_ai import count_puts
from test_ai_fast import set_two_from_scratch
from test_expert_lab import old_expert, positions, snapshot


class Checked(turns.Turns):
    """Expert whose turn search is compared, at the moment it runs, with the lab's search
    (pool 3, width 3, depth 3, capped at the level's tcap) on the same position. The
    decision's budget clamp is lifted here (the lab has none); everything else is the
    shipped code."""

    seen = None  # list of (port's turn, lab's turn)

    def turn_search(self, seat):
        self.budget = 10 ** 6
        # (the lab's pool has no noise; the lab has no fork tempo and weighs a square with
        # one marble 1: both checked below)
        self.cfg = dict(self.cfg, noise=0, mt=0, o1=1)
        before = snapshot_board(self.b)
        turn = yield from turns.Turns.turn_search(self, seat)
        assert snapshot_board(self.b) == before
        c = self.colour[seat]
        lab = expert_lab.LabSearch(3, 3, self.tcap, True, True, 3)
        lab.pieces = 0
        stars, m = lab.decide(self.b, c, 1 - c, self.stars[seat], self.stars[1 - seat])
        mine = sorted(y for kind, y in turn if kind == "star"), turn[-1][1]
        self.seen.append((mine, (sorted(stars), m)))
        return turn


def snapshot_board(b):
    return bytes(b.cells), [list(c) for c in b.cnt], [list(n) for n in b.nopen]


def test_the_port_decides_as_the_lab_it_was_measured_as(monkeypatch):
    # The lab searches with the partner's evaluation: Expert's fork-tempo term (turns.MT,
    # issue 23) is off here and checked on its own below.
    monkeypatch.setattr(turns, "MT", 0)
    seen = []
    for seed in (21, 22, 23, 24, 25, 26):
        for g in positions(seed, 40):
            p = Checked(g, "expert", Rng(seed))
            p.seen = seen
            for _ in p.run():
                pass
    assert len(seen) >= 80
    assert all(a == b for a, b in seen), [x for x in seen if x[0] != x[1]][:3]


def test_evaluate_is_the_partners_evaluation_from_the_counters(monkeypatch):
    # The partner's evaluation with its own WIN, recomputed from scratch with dicts, against
    # the port's (TWO / NF / H read incrementally), for both sides and a range of stars.
    monkeypatch.setattr(turns, "WIN", sparring.WIN)
    monkeypatch.setattr(turns, "MT", 0)
    n = 0
    wins = 0
    for seed in (31, 32, 33):
        for g in positions(seed, 40):
            b = g.board
            set_two_from_scratch(b)
            for p in (0, 1):
                for sp, sq in ((0, 0), (1, 3), (3, 1), (5, 5), (2, 0)):
                    v = turns.evaluate(b, p, 1 - p, sp, sq)
                    assert v == sparring.evaluate(b, p, 1 - p, sp, sq)
                    wins += abs(v) >= sparring.WIN // 4
                    n += 1
    assert n >= 400 and wins  # and some positions hold forks and completion cells


def test_fork_tempo_term_is_the_movers_best_fork_cell(monkeypatch):
    """Expert's evaluation since issue 23 = the partner's + MT x (k - 1) for the side to
    move when its best fork cell makes k threes (k <= the other's stars + 1, no completion
    cell of the other to cover); counted here from scratch with the partner's dicts."""
    monkeypatch.setattr(turns, "WIN", sparring.WIN)
    mt = two.LEVELS["expert"]["mt"]
    assert mt > 0 and not two.LEVELS["average"].get("mt")
    monkeypatch.setattr(turns, "MT", mt)
    monkeypatch.setattr(turns, "O1", 1)  # (the partner's weight; Expert's checked below)
    n = bonus = 0
    for seed in (34, 35, 36):
        for g in positions(seed, 40):
            b = g.board
            set_two_from_scratch(b)
            for p in (0, 1):
                for sp, sq in ((0, 0), (1, 3), (3, 1), (5, 5), (2, 0)):
                    ref = sparring.evaluate(b, p, 1 - p, sp, sq)
                    got = turns.evaluate(b, p, 1 - p, sp, sq)
                    if ref in (sparring.WIN, -sparring.WIN, sparring.WIN // 2):
                        assert got == ref  # decided before any positional term
                        continue
                    k = max(sparring.counts(b, p).values(), default=0)
                    want = mt * (k - 1) if k >= 2 and not b.threat_cells(1 - p) else 0
                    assert got - ref == want
                    bonus += want > 0
                    n += 1
    assert n >= 300 and bonus >= 20


def test_single_marble_squares_weigh_the_levels_o1(monkeypatch):
    """Expert's evaluation since issue 23's second round weighs an open square holding one
    marble of a side o1 (6), not the partner's 1: the difference from the partner's value is
    (o1 - 1) x (the mover's such squares - the other's), counted here from scratch."""
    monkeypatch.setattr(turns, "WIN", sparring.WIN)
    monkeypatch.setattr(turns, "MT", 0)
    o1 = two.LEVELS["expert"]["o1"]
    assert o1 > 1 and not two.LEVELS["average"].get("o1")
    monkeypatch.setattr(turns, "O1", o1)
    n = moved = 0
    for seed in (37, 38, 39):
        for g in positions(seed, 40):
            b = g.board
            set_two_from_scratch(b)
            ones = [0, 0]
            for s in range(b.geo.nsq):
                colours = set()
                for j in range(4 * s, 4 * s + 4):
                    piece = b.cells[b.geo.sq_cells[j]]
                    if piece:
                        colours.add(piece)
                if len(colours) == 1:
                    (piece,) = colours
                    if piece >= 2 and sum(1 for j in range(4 * s, 4 * s + 4)
                                          if b.cells[b.geo.sq_cells[j]]) == 1:
                        ones[piece - 2] += 1
            for p in (0, 1):
                for sp, sq in ((0, 0), (3, 1), (5, 5)):
                    ref = sparring.evaluate(b, p, 1 - p, sp, sq)
                    got = turns.evaluate(b, p, 1 - p, sp, sq)
                    if ref in (sparring.WIN, -sparring.WIN, sparring.WIN // 2):
                        assert got == ref  # decided before any positional term
                        continue
                    assert got - ref == (o1 - 1) * (ones[p] - ones[1 - p])
                    moved += got != ref
                    n += 1
    assert n >= 150 and moved >= 75


def test_the_turn_search_sets_the_levels_terms():
    # Average's turn search keeps the partner's weights; Expert's (and Master's) its own.
    for level, mt, o1 in (("average", 0, 1), ("expert", 300, 6)):
        g = Game(size=11)
        g.play("f6")
        p = turns.Turns(g, level, Rng(1))
        gen = p.turn_search(g.turn)
        next(gen)
        gen.close()
        assert (turns.MT, turns.O1) == (mt, o1)


def test_root_pool_values_are_the_partners_greedy_scan():
    for g in positions(41, 12):
        b = g.board
        c = g.rules.seat_colours[g.turn][0]
        set_two_from_scratch(b)
        p = turns.Turns(g, "expert", Rng(1))
        p.cfg = dict(p.cfg, noise=0)  # (the partner's scan has no noise)
        gen = p.turn_search(g.turn)
        next(gen)  # the root values are filled before the first tick
        gen.close()
        ref = sparring.greedy(b, c, 1 - c)
        for x, v in ref.items():
            t = fast.TWO[x] + fast.TWO[core.MAXCELLS + x]
            assert turns.ROOT[x] + turns.PW * t == v


def test_ticks_leave_the_board_as_passed_and_come_every_few_pieces(monkeypatch):
    count = count_puts(monkeypatch)
    worst = 0
    n = 0
    searched = [0]
    # the module the player loads now: the shell's tests drop and reload the computer
    # player's modules (app.use), so this file's import may be an older copy
    import importlib
    tmod = importlib.import_module("quadcore.ai.turns")
    ts = tmod.Turns.turn_search

    def counted_search(self, seat):
        searched[0] += 1
        turn = yield from ts(self, seat)
        return turn

    monkeypatch.setattr(tmod.Turns, "turn_search", counted_search)
    for g in positions(51, 30):
        before = snapshot(g)
        last = count[0]
        for step in ai.think(g, "expert", 3):
            assert snapshot(g) == before
            worst = max(worst, count[0] - last)
            last = count[0]
            n += 1
        # Closed half-way, every piece comes off (two.Two.run's finally).
        for k in (2, 4, 7):
            gen = ai.think(g, "expert", 3)
            for _ in range(k):
                if next(gen) is not None:
                    break
            gen.close()
            assert snapshot(g) == before
    # Between two ticks: one root ranking (up to ~7 turns of up to 5 pieces) or one
    # opponent answer with our ranked replies (~15 pieces), or another phase's chunk.
    assert searched[0] >= 20 and n > 100 and worst <= 64, (worst, n)


def test_expert_plays_the_turn_search_the_old_one_below_11_and_in_team_games():
    differ = 0
    n = 0
    for g in positions(61, 30):
        t = ai.choose(g, "expert", 5)
        differ += t != old_expert(Game.from_bytes(g.to_bytes()), 5)
        n += 1
    assert n >= 15 and differ >= 3
    g = Game(size=11, variant="bridge", players=4)
    assert two.Two(g, "expert", Rng(1)).tcap == 0 and two.searcher(g, "expert") == "search"
    for n, want in ((9, "search"), (11, "turns"), (13, "turns")):
        g = Game(size=n)
        for level in ("average", "expert"):
            assert two.searcher(g, level) == want
        assert two.searcher(g, "easy") is None  # no search at all


def test_each_game_loads_only_the_search_it_plays():
    # On 11 x 11 Average and Expert import the turn search, not the old one (its code stays
    # off the device's heap); on 9 x 9 the other way round; Easy neither.
    import subprocess
    import sys
    code = ("import sys; from quadcore import Game, ai; g = Game(size=%d); g.play('f6'); "
            "[ai.choose(g, lv, 3) for lv in %r]; "
            "print(*[m in sys.modules for m in ('quadcore.ai.turns', 'quadcore.ai.search')])")
    root = str(Path(__file__).resolve().parent.parent)
    for n, levels, want in ((11, ("average", "expert"), "True False"),
                            (9, ("average", "expert"), "False True"),
                            (11, ("easy", "trainer"), "False False")):
        out = subprocess.run([sys.executable, "-c", code % (n, levels)], cwd=root,
                             capture_output=True, text=True, check=True).stdout.strip()
        assert out == want, (n, levels, out)


def test_expert_turn_search_loads_no_threat_space_search():
    # Expert on 11 x 11 plays the turn search without forcing chains, so tss.py (its code
    # ~1.4 KB off Still's Quad's device heap) is never imported; Average's chains and the old
    # search on 9 x 9 still load it. A whole game of Expert against itself, then the others.
    import subprocess
    import sys
    code = ("import sys; from quadcore import Game, ai; g = Game(size=%d); g.play('f6')\n"
            "for k in range(%d):\n"
            "    if g.result is not None: break\n"
            "    g.play(ai.choose(g, %r, k))\n"
            "print('quadcore.ai.tss' in sys.modules, g.turns > 2)")
    root = str(Path(__file__).resolve().parent.parent)
    for n, moves, level, want in ((11, 40, "expert", "False True"),
                                  (11, 1, "average", "True False"),
                                  (9, 1, "expert", "True False")):
        out = subprocess.run([sys.executable, "-c", code % (n, moves, level)], cwd=root,
                             capture_output=True, text=True, check=True).stdout.strip()
        assert out == want, (n, level, out)
