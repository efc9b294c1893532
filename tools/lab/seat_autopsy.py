"""Read lost games with the exact checker (host only; host_tests/tactics_check.py).

    python -m tools.lab.seat_autopsy DIR [--plies 3|5]
        (DIR: records from tools.lab.sparring --out)
    python -m tools.lab.seat_autopsy DIR --what-if [--o1 1] [--oracle plain2|master:S ...]
        (lost games against the greedy or the plain 2-ply reference)

For every game lost by the level, replayed turn by turn: the first turn of the level after
which the opponent has a forced quad within `plies` (3: two own turns, 5: three, forcing
first turns only), whether the level had a turn there that avoided it (then the loss became
forced by that turn: "blunder"; else it was forced earlier or by a fork the checker's
horizon did not see), the stars each side had left, where the level's stars went so far
(on a completion cell of the opponent: "cover", elsewhere: "free") and the fork: the
opponent's marble that made more completion cells than the level had stars + 1.

--what-if (games against the greedy reference, whose turns depend only on the position and
its seeded generator, or against the plain 2-ply reference, whose ties are drawn from the
seed and the position): at each of the level's turns from its third, a few other turns are
played instead and the game is finished by the level and the reference with the record's
seed. The latest turn where one of them wins the game names the loss's class: "fork" (the
marble on the opponent's best fork cell, the cell where its marble makes the most threes,
stars on its completion cells), "cover" (a lone completion cell starred with the marble
elsewhere: the marble on it instead), "three" (the marble where the level makes the most
threes of its own), "star" (the turn played with one star more, on the opponent's best
fork cell) or an oracle's name (`--oracle`: that player's turn in the level's seat, e.g.
plain2, the plain 2-ply reference itself, or master:10). A class says which different
turn would have won against this opponent, not that the game was won against best play.

Figures: docs/computer-player-seats.md, "Why Expert lost the second seat".
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
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


def against_of(head):
    """The reference a record's game was played against ("greedy", "plain2"), or None."""
    if "greedy" in head:
        return "greedy"
    if "plain 2-ply" in head:
        return "plain2"
    return None


def finish(level, turns, alt, seed, seat, against="greedy"):
    """1 if the level wins after `turns` and then `alt`, both sides playing on."""
    from tools.lab.sparring import level_turn, opponent
    g = Game(size=11)
    ref = opponent(against, seed)
    for t in turns:
        if g.turn != seat and against == "greedy":
            ref.choose(g)  # its generator as in the game (plain2 draws from the position)
        g.play(t)
    g.play(alt)
    while g.result is None:
        g.play(level_turn(g, level, seed) if g.turn == seat else ref.choose(g))
    kind, winner, _ = g.result
    return int(kind != "draw" and winner == seat)


def what_if(path, level="expert", oracles=()):
    """(class, [(turn index, kind, played, winning instead)]) for a game the level lost
    against the greedy or the plain 2-ply reference, or None. `oracles`: levels
    ("master:S", "plain2": the reference itself in the level's seat) whose turn is tried
    too, each a class of its own."""
    from quad_solver import bits
    head, turns = read(path)
    against = against_of(head)
    if "lost by" not in head or against is None:
        return None
    seat = 0 if " moved first " in head else 1
    seed = int(head.split("seed ")[1].split(":")[0])
    tc = Tactics(11)
    name = tc.g.name
    g = Game(size=11)
    wins = []
    for i, t in enumerate(turns):
        if g.result is not None:
            break
        if g.turn == seat and i >= 4:
            me, op, stars, s_me, s_op = tc.state_of(g)
            empty = tc.empty(me, op, stars)
            need = tc.completions(op, empty)
            cover = ["*" + name(b) for b in bits(need)]
            alts = []
            if len(cover) == 1 and t.split()[-1] != cover[0][1:] and s_me:
                alts.append(("cover", cover[0][1:]))
            if popcount(need) <= s_me:
                free = empty & ~need
                fork = None
                for kind, own in (("fork", op), ("three", me)):
                    best = max(((popcount(tc.new_completions(own, free, b)), b)
                                for b in bits(free)), default=(0, 0))
                    if best[0] >= (2 if kind == "fork" else 1):
                        alts.append((kind, " ".join(cover + [name(best[1])])))
                        if own == op:
                            fork = name(best[1])
                m = t.split()[-1]
                if popcount(need) < s_me and fork and m != fork and "*" + m not in cover:
                    # "star": a star on the opponent's best fork cell first, the level's
                    # marble as played (when it is not that cell)
                    alts.append(("star", " ".join(cover + ["*" + fork, m])))
            for o in oracles:
                if o == "plain2":
                    from tools.lab.plain2 import Plain2
                    alts.append((o, Plain2(seed).choose(g)))
                else:
                    from tools.lab.sparring import level_turn
                    alts.append((o, level_turn(g, o, seed)))
            for kind, alt in alts:
                if alt != t and finish(level, turns[:i], alt, seed, seat, against):
                    wins.append((i, kind, t, alt))
        g.play(t)
    if not wins:
        return "none", wins
    last = wins[-1][0]
    return "+".join(sorted(set(w[1] for w in wins if w[0] == last))), wins


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.lab.seat_autopsy")
    ap.add_argument("dir")
    ap.add_argument("--plies", type=int, default=3)
    ap.add_argument("--what-if", action="store_true",
                    help="classify the losses against the greedy or the plain 2-ply reference "
                    "by playing on")
    ap.add_argument("--level", default="expert", help="the level of the records (--what-if)")
    ap.add_argument("--oracle", action="append", default=[], metavar="LEVEL",
                    help="--what-if: also try this player's turn in the level's seat "
                    "(master:S, or plain2: the plain 2-ply reference itself)")
    ap.add_argument("--o1", type=int,
                    help="play on with Expert's o1 set to this (1: Expert before issue 23's "
                    "second round, to replay games recorded then)")
    a = ap.parse_args(argv)
    if a.o1 is not None:
        from quadcore.ai import two
        two.LEVELS["expert"]["o1"] = a.o1
    if a.what_if:
        classes = {}
        for p in sorted(Path(a.dir).glob("game-*.txt")):
            r = what_if(p, a.level, a.oracle)
            if r:
                print(p.name, r[0], r[1], flush=True)
                classes[r[0]] = classes.get(r[0], 0) + 1
        print("classes (the latest turn a different turn wins):", classes)
        return 0
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
