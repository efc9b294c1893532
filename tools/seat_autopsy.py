"""Read lost games with the exact checker (host only; host_tests/tactics_check.py).

    python -m tools.seat_autopsy DIR [--plies 3|5]     (DIR: records from tools.sparring --out)

For every game lost by the level, replayed turn by turn: the first turn of the level after
which the opponent has a forced quad within `plies` (3: two own turns, 5: three, forcing
first turns only), whether the level had a turn there that avoided it (then the loss became
forced by that turn: "blunder"; else it was forced earlier or by a fork the checker's
horizon did not see), the stars each side had left, where the level's stars went so far
(on a completion cell of the opponent: "cover", elsewhere: "free") and the fork: the
opponent's marble that made more completion cells than the level had stars + 1.
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "host_tests"))

from tactics_check import Tactics, popcount  # noqa: E402

from quadcore.game import Game  # noqa: E402
from quadcore.notation import parse_turn  # noqa: E402


def opp_wins(tc, g, plies):
    st = tc.state_of(g)
    return tc.win_in(st, plies)


def read(path):
    lines = Path(path).read_text().splitlines()
    head = lines[0]
    turns = [t for t in lines[1:] if t.strip() and not t.startswith("#")]
    return head, turns


def autopsy(path, plies=3):
    head, turns = read(path)
    if "lost by" not in head:
        return None
    seat = 0 if " moved first " in head else 1
    g = Game(size=11)
    tc = Tactics(11)
    out = {"file": Path(path).name, "turns": len(turns)}
    stars_cover = stars_free = 0
    single = 0   # the level's turns starring a lone completion cell, its marble elsewhere
    forks = 0    # the opponent's turns whose marble made two or more completion cells
    mine = g.rules.seat_colours[seat][0]
    for i, t in enumerate(turns):
        mover = g.turn
        acts = parse_turn(t, g.n)
        if mover == seat:
            need = set(g.board.threat_cells(1 - mine))
            for kind, x in acts:
                if kind == "star":
                    if x in need:
                        stars_cover += 1
                    else:
                        stars_free += 1
            if len(need) == 1 and acts[-1][1] not in need:
                single += 1
        else:
            before = len(g.board.threat_cells(1 - mine))
        g.play(t)
        if mover != seat and g.result is None:
            if len(g.board.threat_cells(1 - mine)) - before >= 2:
                forks += 1
        if mover == seat and g.result is None and "forced" not in out:
            if opp_wins(tc, g, plies):
                out["forced"] = i
                out["turn"] = t
                out["stars"] = (g.stars_left[seat], g.stars_left[1 - seat])
                out["spent"] = (stars_cover, stars_free)
                out["own_turn"] = (i + (1 - seat)) // 2 + 1
    # The fork: the opponent's last marble before its quad made > stars + 1 cells.
    g2 = Game(size=11)
    for t in turns[:-1]:
        g2.play(t)
    out["single"] = single
    out["forks"] = forks
    out["final_need"] = len(g2.board.threat_cells(g2.rules.seat_colours[1 - seat][0]))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.seat_autopsy")
    ap.add_argument("dir")
    ap.add_argument("--plies", type=int, default=3)
    a = ap.parse_args(argv)
    rows = []
    for p in sorted(Path(a.dir).glob("game-*.txt")):
        r = autopsy(p, a.plies)
        if r:
            print(r)
            rows.append(r)
    forced = [r for r in rows if "forced" in r]
    if forced:
        n = len(forced)
        print("%d lost games, %d forced within %d plies after the level's turn: own turn %.1f "
              "on average; stars left then %.1f (the opponent %.1f); stars spent covering "
              "%.1f, elsewhere %.1f; lone threats starred %.1f a game; the opponent's forks "
              "%.1f a game" % (
                  len(rows), n, a.plies, sum(r["own_turn"] for r in forced) / n,
                  sum(r["stars"][0] for r in forced) / n, sum(r["stars"][1] for r in forced) / n,
                  sum(r["spent"][0] for r in forced) / n, sum(r["spent"][1] for r in forced) / n,
                  sum(r["single"] for r in rows) / len(rows),
                  sum(r["forks"] for r in rows) / len(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
