"""Ladder of the games `quadcore/ai/other.py` plays (3-6 players, Duel, Trek, Rapid): a
level with its exact tactics (tact.py) against the same level without them (the greedy
policy it played before).

    python -m tools.lab.other_ladder --level average --variant duel --players 2 --games 100

Games come in pairs from the same start (quadcore.arena's scheme): after `--opening`
random marbles the new player takes seat 0 in one game and seat 1 in the other; every
other seat is played by the old policy. The score is the new player's (win 1, draw 1/2);
with more than two players `--baseline` gives the even score of the same seats (the
measured seat plays the old policy too).

Figures: docs/computer-player.md, "How it plays" ("Other games": the ladder).
"""

import argparse
import sys

from quadcore import ai
from quadcore.ai.other import Other
from quadcore.arena import random_turn, summary
from quadcore.game import Game
from quadcore.prng import Rng
from quadcore.rules import VARIANTS


def old_turn(g, level, seed):
    """The greedy policy's turn (the seed mixed as quadcore.ai does)."""
    rng = Rng(seed * 4099 + g.turns * 131 + g.board.empty)
    t = None
    for t in Other(g, level, rng, tactics=False).run():
        pass
    return t


def play(level, rules, new_seat, seed, opening, baseline=False):
    g = Game(**rules)
    rng = Rng(seed)
    for _ in range(opening):
        if g.result is None:
            g.play(random_turn(g, rng))
    while g.result is None:
        if g.turn == new_seat and not baseline:
            g.play(ai.choose(g, level, seed))
        else:
            g.play(old_turn(g, level, seed))
    kind, winner, _ = g.result
    if kind == "draw":
        return 0.5
    return 1 if g.rules.seat_side[winner] == g.rules.seat_side[new_seat] else 0


def run(level, rules, games, seed=0, opening=2, out=sys.stdout, baseline=False):
    res = []
    for i in range(games):
        res.append(play(level, rules, i % 2, seed + i // 2, opening, baseline))
    w, d, lo, score, low, high = summary(res)[:6]
    out.write("%s %s vs old, %s %d players: %d games, +%d =%d -%d, score %.3f "
              "(95%% %.3f .. %.3f)\n" % (level, "old" if baseline else "new",
                                         rules["variant"], rules["players"], games,
                                         w, d, lo, score, low, high))
    return res


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.lab.other_ladder",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="average", choices=("average", "expert"))
    ap.add_argument("--variant", default="duel", choices=VARIANTS)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--size", type=int, default=11)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opening", type=int, default=2)
    ap.add_argument("--baseline", action="store_true",
                    help="the measured seat plays the old policy too (the even score)")
    a = ap.parse_args(argv)
    rules = dict(size=a.size, players=a.players, variant=a.variant)
    run(a.level, rules, a.games, a.seed, a.opening, baseline=a.baseline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
