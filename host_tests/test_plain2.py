"""The plain 2-ply reference (tools/lab/plain2.py), a yardstick written apart from quadcore/ai:
its two-counts are what a recount from the squares says, its choice is what plain minimax
over the same turns says (alpha-beta and the killer answer change no value), it plays a
win in one, covers every completion cell it can, and its games are legal and repeatable."""

from quadcore import Game
from quadcore.arena import random_turn
from quadcore.board import MARBLE, STAR
from quadcore.notation import format_turn
from quadcore.prng import Rng
from tools.lab import plain2


def positions(n, count, seed, stars=None):
    rng = Rng(seed)
    out = []
    while len(out) < count:
        g = Game(size=n, stars=stars)
        for _ in range(4 + rng.below(2 * n)):
            if g.result is not None:
                break
            if g.stars_left[g.turn] and rng.below(5) == 0:
                cells = [x for x in range(len(g.cells)) if g.cells[x] == 0]
                g.star(cells[rng.below(len(cells))])
            g.play(random_turn(g, rng))
        if g.result is None:
            out.append(g)
    return out


def recount(pos, c):
    geo = pos.geo
    b = pos.b
    two = [0] * len(b.cells)
    for s in range(geo.nsq):
        if b.cnt[c][s] == 2:
            for e in geo.corners(s):
                if not b.cells[e]:
                    two[e] += 1
    return two


def test_two_counts_follow_every_piece():
    for g in positions(7, 6, 1):
        pos = plain2.Pos(g)
        rng = Rng(g.board.empty)
        put = []
        for k in range(6):
            empty = pos.empties()
            x = empty[rng.below(len(empty))]
            pos.put(x, STAR if k % 3 == 2 else MARBLE + k % 2)
            put.append(x)
            for c in (0, 1):
                assert pos.two[c] == recount(pos, c)
                h = [0] * 64
                for x2 in pos.empties():
                    v = pos.two[c][x2]
                    if v:
                        h[min(v, 63)] += 1
                assert pos.hist[c] == h
        for x in reversed(put):
            pos.take(x)
        fresh = plain2.Pos(g)
        assert pos.two == fresh.two and pos.hist == fresh.hist


def minimax(g):
    """Every turn's value by plain minimax over plain2's own turns (no pruning)."""
    seat = g.turn
    c = g.rules.seat_colours[seat][0]
    o = 1 - c
    sc, so = g.stars_left[seat], g.stars_left[1 - seat]
    pos = plain2.Pos(g)
    out = {}
    for stars, m in plain2.turns(pos, c, o, sc):
        plain2.Plain2._put(pos, stars, m, c)
        s1 = sc - len(stars)
        if pos.b.nopen[c][3] and len(pos.completion_cells(c)) > so + 1:
            v = plain2.WIN
        else:
            v = 2 * plain2.WIN
            for st2, m2 in plain2.turns(pos, o, c, so):
                plain2.Plain2._put(pos, st2, m2, o)
                v = min(v, plain2.evaluate(pos, c, o, s1, so - len(st2)))
                plain2.Plain2._take(pos, st2, m2)
        plain2.Plain2._take(pos, stars, m)
        out[format_turn([("star", y) for y in stars] + [("marble", m)], g.n)] = v
    return out


def test_choice_is_a_best_turn_of_plain_minimax():
    for g in positions(7, 10, 7, stars=2):
        if g.board.nopen[g.turn][3]:
            continue
        vals = minimax(g)
        turn = plain2.Plain2(3).choose(g)
        assert vals[turn] == max(vals.values()), (g.record(), turn)


def test_wins_in_one_and_covers():
    g = Game(size=11)
    for t in ("e5", "a2", "e7", "a4", "g5", "a6"):
        g.play(t)
    assert plain2.Plain2().choose(g) == "g7"  # its fourth corner
    # The opponent's completion cell (g7 of e5 g5 e7) must be covered.
    g2 = Game(size=11)
    for t in ("e5", "b2", "g5", "b4", "e7"):
        g2.play(t)
    turn = plain2.Plain2().choose(g2)
    g2.play(turn)
    assert not g2.board.threat_cells(0)


def test_games_are_legal_and_repeatable():
    for seed in (1, 2):
        recs = []
        for _ in range(2):
            g = Game(size=9)
            rng = Rng(seed)
            for _ in range(2):
                g.play(random_turn(g, rng))
            a, b = plain2.Plain2(seed), plain2.Plain2(seed + 1)
            while g.result is None:
                g.play((a if g.turn == 0 else b).choose(g))
            recs.append(g.record())
        assert recs[0] == recs[1]
