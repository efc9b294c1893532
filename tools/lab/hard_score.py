"""How many positions of each kind in the harder tactical suite (host_tests/data/ai_hard.txt)
a level answers correctly, judged by the exact checker exactly as host_tests/test_ai_hard.py
judges them.

    python -m tools.lab.hard_score [--level average --level expert] [--kind win3]   (~1 minute)

Prints one line a kind: the positions, then each level's correct answers.

Figures: docs/computer-player.md, "How it plays" (the harder suite's table).
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "host_tests"))

KINDS = ("win2", "starboth", "win3", "def2", "quiet")


def score(levels, kinds=KINDS):
    """{kind: (positions, {level: correct answers})} over the suite."""
    import test_ai_hard as hard
    from quadcore import ai
    out = {k: [0, dict.fromkeys(levels, 0)] for k in kinds}
    for t in hard.SUITE:
        if t["kind"] not in out:
            continue
        row = out[t["kind"]]
        row[0] += 1
        g = hard.position(t)
        st = hard.TC.state_of(g)
        for lv in levels:
            if not hard.judge(t, st, ai.choose(g, lv, 0)):
                row[1][lv] += 1
    return out


def main(argv=None):
    from quadcore import ai
    ap = argparse.ArgumentParser(prog="python -m tools.lab.hard_score",
                                 description="a level's answers on the harder tactical suite")
    ap.add_argument("--level", action="append", choices=ai.LEVELS)
    ap.add_argument("--kind", action="append", choices=KINDS)
    a = ap.parse_args(argv)
    levels = a.level or ["average", "expert"]
    res = score(levels, a.kind or KINDS)
    for k, (n, ok) in res.items():
        print("%-8s %3d positions  " % (k, n)
              + "  ".join("%s %d" % (lv, ok[lv]) for lv in levels))
    return 0


if __name__ == "__main__":
    sys.exit(main())
