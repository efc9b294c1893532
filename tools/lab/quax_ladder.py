"""Ladder of the Quax family's computer levels against the reference players
(tools/lab/quax_refs.py: random, greedy, MCTS with UCT + RAVE), per seat, with 95% intervals.

    python -m tools.lab.quax_ladder [--rules crossway,quax] [--size 9] [--pie on|off]
                                [--games 200] [--pairs average:greedy,expert:mcts1000]

A pair `a:b` plays `--games` games, a as the first player in the even ones and the second in
the odd ones (seats swapped); every game is deterministic (the players' seeds and the
references' quadutil.Rng depend only on the game's number). Prints, per pair, a's score as
the first player, as the second, and overall, each with its Wilson 95% interval.

Figures: docs/quax.md, "Strength".
"""

import argparse
import math
import sys

from quadutil import Rng
from quax import Game, ai
from tools.lab import quax_refs

DEFAULT_PAIRS = "greedy:random,mcts1000:greedy,average:greedy,expert:greedy,expert:mcts1000"


def player(name):
    """A function (game, rng, index) -> turn text for a level or a reference's name."""
    if name in ai.LEVELS:
        return lambda g, rng, i: ai.choose(g, name, i)
    if name == "greedy":
        return lambda g, rng, i: quax_refs.greedy(g, rng)
    if name == "random":
        return lambda g, rng, i: quax_refs.random_player(g, rng)
    if name.startswith("mcts"):
        m = quax_refs.Mcts(int(name[4:]))
        return lambda g, rng, i: m.choose(g, rng)
    raise ValueError("unknown player %r" % name)


def play_game(rules, size, pie, first, second, i):
    """Seat (0 first player, 1 second) of the winner, and the game."""
    g = Game(rules, size, pie)
    seats = (first, second)
    rngs = (Rng(10007 * i + 1), Rng(10007 * i + 2))
    while g.result is None:
        s = g.seat(g.turn)
        g.play(seats[s](g, rngs[s], i))
    if g.result[0] != "win":
        return None, g
    return g.seat(g.result[1]), g


def wilson(k, n, z=1.96):
    if not n:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def fmt(k, n):
    lo, hi = wilson(k, n)
    return "%3d/%-3d %5.1f%% [%4.1f, %5.1f]" % (k, n, 100.0 * k / max(n, 1), 100 * lo, 100 * hi)


def run_pair(rules, size, pie, a, b, games, progress=None, first=0):
    """a's wins and games as (first player, second player), games first..games-1."""
    pa, pb = player(a), player(b)
    wins = [0, 0]
    played = [0, 0]
    for i in range(first, games):
        seat_a = i % 2
        first, second = (pa, pb) if seat_a == 0 else (pb, pa)
        w, g = play_game(rules, size, pie, first, second, i)
        played[seat_a] += 1
        if w == seat_a:
            wins[seat_a] += 1
        if progress:
            progress(i, w == seat_a, g)
    return wins, played


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.lab.quax_ladder",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--rules", default="crossway,quax")
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--pie", choices=("on", "off"), default="on")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--pairs", default=DEFAULT_PAIRS)
    ap.add_argument("--first", type=int, default=0,
                    help="start at game K (to split one ladder over several processes: "
                    "every game depends only on its number)")
    ap.add_argument("--every", type=int, default=0,
                    help="also print the running score every N games")
    a = ap.parse_args(argv)
    for rules in a.rules.split(","):
        print("%s %dx%d, pie %s, %d games a pair, seats swapped" % (
            rules, a.size, a.size, a.pie, a.games), flush=True)
        for pair in a.pairs.split(","):
            x, y = pair.split(":")
            tally = [0, 0, 0]   # a's wins first, second; games played

            def progress(i, won, g, x=x, y=y, tally=tally):
                tally[i % 2] += 1 if won else 0
                tally[2] = i + 1 - a.first
                if a.every and tally[2] % a.every == 0:
                    print("    after %d: %s %d/%d first, %d/%d second" % (
                        i + 1, x, tally[0], (tally[2] + 1) // 2, tally[1], tally[2] // 2),
                        flush=True)

            wins, played = run_pair(rules, a.size, a.pie == "on", x, y, a.games, progress,
                                    a.first)
            print("  %-8s vs %-8s first %s  second %s  all %s" % (
                x, y, fmt(wins[0], played[0]), fmt(wins[1], played[1]),
                fmt(wins[0] + wins[1], played[0] + played[1])), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
