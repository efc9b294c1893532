"""Matches of the corner polyomino computer player (corners.ai) against Pentobi's GTP
engine (tools/pentobi.py): the strength table of docs/corners.md.

    python -m tools.corners_match --variant duo --level average --pentobi 1 --games 100
    python -m tools.corners_match --variant classic_2 --level expert --pentobi 2 --games 100

Colours alternate: in even games Pentobi is Black (Duo) or Blue and Red (classic_2) and
moves first, in odd games ours does. Pentobi runs with --noresign, no opening book, one
thread and --seed = the game number; ours plays with seed = the game number. A game is a
win, loss or draw by the player scores; the line per game and the summary go to stdout,
with Wilson's 95% interval of the score and our points moving first and second.

--helper L --helper-moves N is a diagnosis of where games are lost, not a match of our
player: Pentobi at level L (its own process, seed = game number + 7) plays our first N
moves, our player the rest.
"""

import argparse
import sys
import time

from corners import Game, ai
from tools.pentobi import Gtp


def play_one(variant, level, plevel, k, weights=None, helper=0, helper_moves=0):
    g = Game(variant)
    ours = k % 2            # player index Pentobi plays (0 moves first: even games)
    h = Gtp(variant, level=helper, seed=k + 7) if helper else None
    mine = 0
    try:
        with Gtp(variant, level=plevel, seed=k + 1) as p:
            while not g.over:
                c = g.turn
                if g.player_of(c) == ours:
                    mv = p.genmove(c)
                    if mv == "pass":
                        raise RuntimeError("Pentobi passed where a move exists")
                    g.play(mv)
                    if h:
                        h.play(c, mv)
                elif h and mine < helper_moves:
                    # a diagnosis, not our player: Pentobi at level `helper` plays ours
                    mv = h.genmove(c)
                    mine += 1
                    g.play(mv)
                    p.play(c, mv)
                else:
                    pl = ai.Player(g, level, k, weights)
                    mv = None
                    for mv in pl.run():
                        pass
                    mine += 1
                    g.play(mv)
                    p.play(c, mv)
                    if h:
                        h.play(c, mv)
    finally:
        if h:
            h.close()
    s = g.player_scores()
    me = 1 - ours
    return s[me], s[ours], g


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="duo", choices=("duo", "classic_2"))
    ap.add_argument("--level", default="average", choices=ai.LEVELS)
    ap.add_argument("--pentobi", type=int, default=1)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--first", type=int, default=0, help="number of the first game")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=N",
                    help="override one of the level's SETTINGS (tuning on the host)")
    ap.add_argument("--helper", type=int, default=0, metavar="LEVEL",
                    help="diagnosis: Pentobi at this level plays our first --helper-moves "
                         "moves (ours plays the rest)")
    ap.add_argument("--helper-moves", type=int, default=0, metavar="N")
    a = ap.parse_args(argv)
    for kv in a.set:
        key, val = kv.split("=")
        if key not in ai.SETTINGS[a.level]:
            raise SystemExit("no setting %r at level %s" % (key, a.level))
        ai.SETTINGS[a.level][key] = int(val)
    w = l = d = 0
    pts = [0.0, 0.0]        # our points (a draw half) moving first (odd games), second
    cnt = [0, 0]
    t0 = time.time()
    for k in range(a.first, a.first + a.games):
        mine, theirs, g = play_one(a.variant, a.level, a.pentobi, k, None, a.helper,
                                   a.helper_moves)
        if mine > theirs:
            w += 1
            pts[1 - k % 2] += 1
        elif mine < theirs:
            l += 1
        else:
            d += 1
            pts[1 - k % 2] += 0.5
        cnt[1 - k % 2] += 1
        print("game %d: ours %d pentobi %d (%d moves)" % (k, mine, theirs, g.plies), flush=True)
    n = w + l + d
    print("%s %s vs Pentobi level %d: %d games, %d won, %d lost, %d drawn: %.1f%% "
          "(draws half) [%.0f s]" % (a.variant, a.level, a.pentobi, n, w, l, d,
                                     100.0 * (w + d / 2) / n, time.time() - t0))
    lo, hi = interval(w + d / 2, n)
    print("95%% interval %.1f-%.1f%%; ours moving first %.1f/%d, second %.1f/%d"
          % (100 * lo, 100 * hi, pts[0], cnt[0], pts[1], cnt[1]))
    return 0


def interval(points, n, z=1.96):
    """Wilson's 95% score interval of a share points / n (a draw counted half)."""
    if not n:
        return 0.0, 1.0
    p = points / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


if __name__ == "__main__":
    sys.exit(main())
