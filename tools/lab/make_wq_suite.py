"""Positions for Winther's Quad's device-cost suite (host_tests/data/winther_suite.txt):
games of Expert against Average (15 counters, seeds 1..6, two random opening drops each),
cut after turn 5 (opening), 14 (drop phase), 33 (move phase) and 3 turns before the end.

    python -m tools.lab.make_wq_suite [--out FILE]
    python -m tools.lab.make_wq_suite --heavy K    # append K positions (see below)

The stored suite was made this way by an earlier version of the player (before forced
blocks); the positions, not the games, are what the cost figures need, so it is kept as it
is for comparable figures. Writing to the stored file changes the suite.

--heavy K appends to the stored suite the K positions of Expert-Average games (15
counters, the ladder's openings of pairs 0..9) where Expert's decision used the most node
units: those where it also checks its best moves against the opponent's threats, which
the first positions seldom make it do (heavy1, heavy2, ...; already stored ones are
kept).

Figures: docs/winther-computer.md, "Cost on the device".
"""

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


def heavy(k):
    from tools.lab.wq_ladder import opening
    rows = []
    for pair in range(10):
        g = Game()
        opening(g, pair)
        while g.result is None and g.plies < 120:
            level = "expert" if g.turn == pair % 2 else "average"
            p = ai.Player(g, level, pair)
            turn = None
            for turn in p.run():
                pass
            if level == "expert":
                rows.append((p.nodes, g.record().splitlines()))
            g.play(turn)
    rows.sort(key=lambda r: -r[0])
    return [rec for _, rec in rows[:k]]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.lab.make_wq_suite")
    ap.add_argument("--out", default=str(SUITE))
    ap.add_argument("--heavy", type=int, default=0)
    a = ap.parse_args(argv)
    if a.heavy:
        from tools.wq_vm import load_suite
        have = load_suite(a.out)
        names = {n for n, _ in have}
        turns = [t for _, t in have]
        new = [r for r in heavy(a.heavy) if r not in turns]
        j = 1
        with open(a.out, "a") as f:
            for rec in new:
                while "heavy%d" % j in names:
                    j += 1
                names.add("heavy%d" % j)
                f.write("\n# heavy%d\n" % j + "\n".join(rec) + "\n")
        print(len(new), "positions appended ->", a.out)
        return 0
    out = make()
    with open(a.out, "w") as f:
        f.write("\n\n".join("# %s\n" % n + "\n".join(t) for n, t in out) + "\n")
    print(len(out), "positions ->", a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
