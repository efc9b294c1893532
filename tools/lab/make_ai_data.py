"""Regenerate the small-board ground truth the computer player is tested against.

    python -m tools.lab.make_ai_data [--out host_tests/data/ai_small_boards.txt]

Positions on 5 x 5 and 6 x 6 boards (corners removed), reached by random legal marbles from a
fixed seed, that the exact solver (host_tests/quad_solver.py) says the side to move wins. For
each: the board, stars per seat, the quickest win in plies, and every winning turn. Takes a few
minutes; the tests read the file and never run the slow solves themselves.

Figures: docs/computer-player.md, "How it plays" (the small boards,
host_tests/data/ai_small_boards.txt).
"""

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "host_tests"))

from quad_solver import Solver, bits, distance, turn_text  # noqa: E402

OUT = ROOT / "host_tests" / "data" / "ai_small_boards.txt"

# (board size, stars a seat, plies of random play before the position, how many positions)
PLAN = ((5, 0, (2, 9), 12), (5, 1, (8, 12), 6), (6, 0, (6, 13), 10), (6, 1, (13, 17), 4))


def random_position(sv, rnd, plies, stars):
    """A record of `plies` random marbles (no stars) that ends nobody's game; None if the
    game ended or the mover already faces a completion cell."""
    g = sv.g
    side = [0, 0]
    record = []
    empty_cells = list(g.bit.values())
    rnd.shuffle(empty_cells)
    for p in range(plies):
        b = empty_cells.pop()
        me = side[p % 2]
        if sv.wins_with(me, b):
            return None
        side[p % 2] = me | b
        record.append(g.name(b))
    turn = plies % 2
    state = (side[turn], side[1 - turn], 0, stars, stars, 20 - (plies + 1 - turn) // 2,
             20 - (plies + turn) // 2)
    return record, state


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(OUT))
    a = ap.parse_args(argv)
    rnd = random.Random(20240229)
    blocks = []
    for n, stars, (lo, hi), want in PLAN:
        sv = Solver(n)
        found = 0
        tries = 0
        while found < want and tries < 500:
            tries += 1
            pos = random_position(sv, rnd, rnd.randint(lo, hi), stars)
            if pos is None:
                continue
            record, state = pos
            if sv.value(*state) != 1:
                continue
            # Shortest win in plies (not with stars: every star subset is a turn there, and
            # the depth-limited searches grow too fast; the value itself is exact).
            cap = 11
            d = distance(sv, state, cap=cap) if not stars else None
            if d is not None and d < 3:
                continue
            wins = sorted(turn_text(sv.g, s, m) for s, m in sv.winning_turns(*state))
            blocks.append("# size %d stars %d win-in %s\n# winning: %s\n%s\n"
                          % (n, stars, d or ("won" if stars else ">%d" % cap), " | ".join(wins),
                             "\n".join(record)))
            found += 1
            print("size %d stars %d: %d/%d (win in %s, %d winning turns)"
                  % (n, stars, found, want, d or "?", len(wins)), flush=True)
    Path(a.out).write_text("\n".join(blocks))
    return 0


if __name__ == "__main__":
    sys.exit(main())
