"""Positions for Winther's Quad's device-cost suite (host_tests/data/winther_suite.txt):
games of Expert against Average (15 counters, seeds 1..6, two random opening drops each),
cut after turn 5 (opening), 14 (drop phase), 33 (move phase) and 3 turns before the end.

    python -m tools.make_wq_suite [--out FILE]

The stored suite was made this way by an earlier version of the player (before forced
blocks); the positions, not the games, are what the cost figures need, so it is kept as it
is for comparable figures. Writing to the stored file changes the suite."""

import argparse
import sys

from quadcore.prng import Rng
from winquad import Game, ai

from tools.wq_vm import SUITE


def make():
    out = []
    for seed in range(1, 7):
        g = Game()
        r = Rng(seed)
        while g.plies < 2:
            ms = g.moves()
            g.apply_move(ms[r.below(len(ms))])
        while g.result is None and g.plies < 120:
            level = "expert" if (g.turn + seed) % 2 == 0 else "average"
            g.play(ai.choose(g, level, seed))
        rec = g.record().splitlines()
        for name, p in (("open", 5), ("drop", 14), ("move", 33), ("late", len(rec) - 3)):
            if 0 < p < len(rec) and not any(x[1] == rec[:p] for x in out):
                out.append(("%s%d" % (name, seed), rec[:p]))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.make_wq_suite")
    ap.add_argument("--out", default=str(SUITE))
    a = ap.parse_args(argv)
    out = make()
    with open(a.out, "w") as f:
        f.write("\n\n".join("# %s\n" % n + "\n".join(t) for n, t in out) + "\n")
    print(len(out), "positions ->", a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
