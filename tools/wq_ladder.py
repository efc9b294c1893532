"""Ladder of Winther's Quad's computer levels: head-to-head scores and scores against a
simple reference player (deterministic: seeded openings, our PRNG).

    python -m tools.wq_ladder [--games N] [--counters C]

The reference player is independent of the search: it wins at once if it can, else plays a
turn after which the opponent cannot win at once, else any turn; random among equals."""

import argparse
import sys

from quadcore.prng import Rng
from winquad import Game, ai

PAIRS = (("expert", "trainer"), ("average", "trainer"), ("easy", "trainer"),
         ("expert", "average"), ("expert", "easy"), ("average", "easy"))


def _score(g, me):
    if g.result is None or g.result[0] == "draw":
        return 0.5
    return 1.0 if g.result[1] == me else 0.0


def head_to_head(a, b, games, counters=12):
    """Score of level a against level b (a draw is half): colours alternate, and each pair
    of games opens with the same two random drops so the players do not repeat one game."""
    score = 0.0
    for i in range(games):
        g = Game(counters)
        me = i % 2
        r = Rng(500 + i // 2)
        while g.plies < 2:
            ms = g.moves()
            g.apply_move(ms[r.below(len(ms))])
        while g.result is None and g.plies < 160:
            g.play(ai.choose(g, a if g.turn == me else b, i))
        score += _score(g, me)
    return score / games


def _wins(g, m):
    who = g.turn
    g.apply_move(m)
    w = g.result is not None and g.result[0] == "win" and g.result[1] == who
    g.undo()
    return w


def reference_player(g, rng):
    moves = g.moves()
    me = g.turn
    safe = []
    for m in moves:
        g.apply_move(m)
        if g.result is not None and g.result[1] == me:
            g.undo()
            return m
        ok = g.result is None and not any(_wins(g, u) for u in g.moves())
        g.undo()
        if ok:
            safe.append(m)
    pool = safe or moves
    return pool[rng.below(len(pool))]


def against_reference(level, games, counters=12):
    score = 0.0
    for i in range(games):
        g = Game(counters)
        rng = Rng(1000 + i)
        me = i % 2
        while g.result is None and g.plies < 160:
            if g.turn == me:
                g.play(ai.choose(g, level, i))
            else:
                g.apply_move(reference_player(g, rng))
        score += _score(g, me)
    return score / games


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.wq_ladder")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--counters", type=int, default=12)
    a = ap.parse_args(argv)
    for x, y in PAIRS:
        print("%-8s vs %-8s %.3f" % (x, y, head_to_head(x, y, a.games, a.counters)),
              flush=True)
    for lv in ai.LEVELS:
        print("%-8s vs reference %.3f" % (lv, against_reference(lv, a.games, a.counters)),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
