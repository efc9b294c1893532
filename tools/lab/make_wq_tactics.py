"""Collect tactics positions of Winther's Quad from computer games (Easy and Average against
each other, seeds 1..N) for host_tests/data/winther_tactics.txt: a position goes in when the
side to move can win at once, or when some of its turns leave the opponent a winning answer
and others do not (host_tests/winther_tactics.py decides, on the slow reference).

    python -m tools.lab.make_wq_tactics [--games N] [--max K]

Figures: docs/winquad.md, "The second game: Winther's Quad" (its tests: the tactics suite).
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.append(str(ROOT / "host_tests"))

from winquad import Game, ai  # noqa: E402
from winther_tactics import answer_sets, replay  # noqa: E402

OUT = ROOT / "host_tests" / "data" / "winther_tactics.txt"


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.lab.make_wq_tactics")
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--max", type=int, default=16)
    a = ap.parse_args(argv)
    found = []
    for seed in range(1, a.games + 1):
        g = Game(12)
        levels = ("easy", "average") if seed % 2 else ("average", "easy")
        while g.result is None and g.plies < 80 and len(found) < a.max:
            rec = g.record().split()
            if g.plies >= 4:
                wins, safe, turns = answer_sets(replay(12, rec))
                kind = "win" if wins else "defend" if safe and len(safe) < len(turns) else None
                if kind and not any(f[1] == rec for f in found):
                    found.append(("%s-%d-%d" % (kind, seed, g.plies), rec))
                    print(found[-1][0], flush=True)
            g.play(ai.choose(g, levels[g.turn], seed))
    OUT.write_text("\n\n".join("# %s\n" % n + "\n".join(t) for n, t in found) + "\n")
    print(len(found), "positions ->", OUT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
