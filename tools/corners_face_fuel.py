"""CPU cost, on the device's scale, of the corner polyomino face's own searches: the
Trainer's marks (face_corners.trainer.reach, every colour's legal placements marked cell by
cell, once a person's turn against a Trainer) in positions reached by Easy's moves, on
MicroPython's WASI VM (tools/mpvm.py: fuel, ~117 M a second of the PyPortal's SAMD51).

    .venv/bin/python -m tools.corners_face_fuel
"""

import sys

from corners import Game, ai
from tools import mpvm

POSITIONS = (("duo", 0), ("duo", 8), ("duo", 16), ("classic", 0), ("classic", 16),
             ("classic", 32))


def record(variant, plies, seed=3):
    g = Game(variant)
    for i in range(plies):
        if g.turn is None:
            break
        g.play(ai.choose(g, "easy", seed + i))
    return g.record()


def main(argv=None):
    src = open(mpvm.REPO_ROOT / "lib" / "face_corners" / "trainer.py").read().replace(
        "from face_corners import M_DOT, M_GOOD, M_TRAIN", "M_DOT, M_GOOD, M_TRAIN = 2, 32, 16")
    for variant, plies in POSITIONS:
        setup = ("from corners import Game\ng = Game(%r)\nfor m in %r.split('\\n'):\n"
                 "    if m: g.play(m)\nb = g.board\nmark = bytearray(b.size)\n"
                 % (variant, record(variant, plies))) + src
        stmt = ";".join("reach(b, %d, mark, 1)" % c for c in range(2 if variant == "duo"
                                                                     else 4))
        nbytes, fuel = mpvm.measure(setup, stmt)
        print("%s after %d plies: every colour's reach %d fuel (%.2f M4-s), %d B allocated"
              % (variant, plies, fuel, mpvm.fuel_to_m4_seconds(fuel), nbytes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
