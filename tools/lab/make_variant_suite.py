"""Write host_tests/data/ai_variant_suite.txt: for each game other.py plays, the position of
a few seeded games of Expert against Easy (whose slips leave forks, so the guard works) (11 x 11, two random opening turns) where Expert's
exact tactics (quadcore/ai/tact.py) did the most work. tools/ai_vm.py --variants measures
them on the MicroPython VM (host_tests/test_ai_other_vm.py holds them to the budgets).

    python -m tools.lab.make_variant_suite [--games 3]

Figures: docs/computer-player.md, "How it plays" ("Other games": the cost suite).
"""

import argparse
import sys
from pathlib import Path

from quadcore import Game, ai
from quadcore.ai import tact
from quadcore.arena import random_turn
from quadcore.prng import Rng

OUT = Path(__file__).resolve().parents[2] / "host_tests" / "data" / "ai_variant_suite.txt"
SETUPS = (("duel", 2), ("duel", 3), ("standard", 3), ("standard", 6), ("trek", 2),
          ("rapid", 2))


def worst(variant, players, games):
    """(work, record lines) of the costliest Expert decision over `games` games."""
    best = (-1, None)
    for seed in range(1, games + 1):
        g = Game(11, players, variant=variant)
        rng = Rng(seed)
        for _ in range(2):
            g.play(random_turn(g, rng))
        while g.result is None and g.turns < 160:
            level = "expert" if g.turn == 0 else "easy"
            before = g.record().splitlines()
            t = ai.choose(g, level, seed)
            if level == "expert" and tact.WORK[0] >= best[0]:
                best = (tact.WORK[0], before)
            g.play(t)
    return best


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.lab.make_variant_suite")
    ap.add_argument("--games", type=int, default=3)
    a = ap.parse_args(argv)
    blocks = []
    for variant, players in SETUPS:
        work, lines = worst(variant, players, a.games)
        blocks.append("# %s-%d variant=%s players=%d (Expert's tactics work %d)\n%s"
                      % (variant, players, variant, players, work, "\n".join(lines)))
        print(variant, players, work, len(lines), "turns")
    OUT.write_text("\n\n".join(blocks) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
