"""Per-seat ladder of the computer player (host only): every level against the greedy
reference and the sparring partner (tools/lab/sparring.py), first and second seat apart.

    python -m tools.lab.seat_ladder [--levels trainer,easy,average,expert,master:5]
                                [--against greedy,partner] [--games 200] [--seed 1]
                                [--opening 0] [--greedy-opening 0]

Games alternate seats (the level first in the even games), game i uses seed + i // 2 (the
same pairs as `python -m tools.lab.sparring`). The partner's games start with `--opening`
random marbles (2, as the README's ladder); the greedy reference's with `--greedy-opening`
(0 by default: the greedy player opens as in issue 23's measurement; its ties, drawn from
its own seeded generator, vary the games). One process, one game at a time; prints one
Markdown row per level and yardstick as it goes: +wins =draws -losses and the score with
its 95% interval, first seat, second seat, overall.

Figures: docs/computer-player-seats.md, "The ladder by seat".
"""

import argparse
import sys

from tools.lab.sparring import AGAINST, interval, play, player


def cell(rs):
    w = sum(1 for r in rs if r == 1)
    d = sum(1 for r in rs if r == 0.5)
    s, lo, hi = interval(rs)
    return "+%d =%d -%d, %.3f (%.3f .. %.3f)" % (w, d, len(rs) - w - d, s, lo, hi)


def run(level, against, games, seed, opening):
    """[result per game] for the level, game i with the level first when i is even."""
    return [play(level, i % 2 == 0, seed + i // 2, opening=opening, against=against)
            for i in range(games)]


def row(level, against, res):
    first = res[0::2]
    second = res[1::2]
    return "| %s | %s | %s | %s | %s |" % (level, against, cell(first), cell(second), cell(res))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.lab.seat_ladder",
                                 description="per-seat ladder against the yardsticks")
    ap.add_argument("--levels", default="trainer,easy,average,expert")
    ap.add_argument("--against", default="greedy,partner")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opening", type=int, default=2,
                    help="random marbles before the partner's games (default 2)")
    ap.add_argument("--greedy-opening", type=int, default=0,
                    help="random marbles before the greedy reference's games (default 0)")
    a = ap.parse_args(argv)
    levels = a.levels.split(",")
    against = a.against.split(",")
    for lv in levels:
        try:
            player(lv)
        except ValueError as e:
            ap.error(str(e))
    for x in against:
        if x not in AGAINST:
            ap.error("unknown yardstick %r (%s)" % (x, ", ".join(AGAINST)))
    if a.games < 2 or a.games % 2:
        ap.error("--games must be even and at least 2 (seats alternate)")
    print("| level | against | first seat | second seat | overall |")
    print("| --- | --- | --- | --- | --- |")
    for lv in levels:
        for x in against:
            op = a.greedy_opening if x == "greedy" else a.opening
            print(row(lv, x, run(lv, x, a.games, a.seed, op)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
