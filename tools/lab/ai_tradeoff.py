"""What Expert's node budget buys: score against Average and worst-case device cost.

    python -m tools.lab.ai_tradeoff [--budgets 50,100,200,400,800] [--games 400] [--jobs 2]

For each budget (nodes a decision may use on 11 x 11; the threat-space search keeps its
share, 60 of 200), Expert plays Average over --games games (both colours, as
`python -m quadcore arena`), and the worst move over the three heaviest positions of the VM
suite is measured on the MicroPython VM (fuel; 117 M fuel ~= 1 M4-second).

Figures: docs/computer-player-history.md, "Still's Quad's computer player: the earlier rounds"
("What more effort buys").
"""

import argparse
import io
import sys

from tools import ai_vm, mpvm

HEAVY = ("middle-1", "middle-6", "middle-7")  # the suite's costliest Expert moves


def set_budget(budget):
    from quadcore.ai import two
    base = dict(two.LEVELS["expert"])
    base["budget"] = budget
    base["tssn"] = max(1, 60 * budget // 200)
    two.LEVELS["expert"] = base
    return "\ntwo.LEVELS['expert'] = dict(two.LEVELS['expert'], budget=%d, tssn=%d)\n" % (
        budget, base["tssn"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--budgets", default="50,100,200,400,800")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-vm", action="store_true")
    a = ap.parse_args(argv)
    from quadcore import arena
    suite = dict(ai_vm.load_suite())
    print("| Expert nodes | worst move (M fuel) | M4-s | score vs Average | 95% interval | Elo |")
    print("| --- | --- | --- | --- | --- | --- |")
    for budget in (int(b) for b in a.budgets.split(",")):
        patch = set_budget(budget)
        worst = 0
        if not a.no_vm:
            for name in HEAVY:
                r = ai_vm.measure_position(suite[name], ("expert",), patch=patch)
                worst = max(worst, r["expert"][0])
        res = arena.run("expert", "average", a.games, a.seed, a.jobs, out=io.StringIO(),
                        err=io.StringIO())
        w, d, lo, score, low, high, e, _, _ = arena.summary(res)
        print("| %d | %s | %s | %.3f | %.3f .. %.3f | %+.0f |" % (
            budget, "%.0f" % (worst / 1e6) if worst else "-",
            "%.2f" % mpvm.fuel_to_m4_seconds(worst) if worst else "-", score, low, high, e),
            flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
