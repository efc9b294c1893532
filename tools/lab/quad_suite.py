"""Still's Quad: suites of forced wins and only-defences from fresh games, answered by an
exact checker, and a level's score on them (host only).

    python -m tools.lab.quad_suite make --seed S --games N --out FILE [--quota win2=24,...]
    python -m tools.lab.quad_suite score FILE [--level expert] [--seconds S] [--show]

`make` plays N games on the standard 11 x 11 board (two random opening marbles each, game i
seeded S + i) between players picked by the game's number from a mix that shares no code
with quadcore/ai (the sparring partner, the greedy reference, the plain 2-ply reference of
tools/lab/plain2.py) and the computer's own levels, and classifies the position before every
turn with host_tests/tactics_check.py (own bitboards, no quadcore code), never with the
player under test:

    win2   the mover forces a quad within 2 of its own turns (not in 1; stars counted: the
           fork beats the opponent's stars + 1); every winning first turn stored
    win3   no win in 2, a forced quad within 3 own turns with a forcing first turn (its
           marble makes a completion cell); the winning first turns stored
    def2   no win for the mover within 3; the opponent would win within 2 after most turns
           and at most 12 turns stop that (covering, up to 2 extra stars on the cells of the
           opponent's open squares holding two or more of its marbles): all stored
    def3   no win for the mover within 3, no def2; after a neutral turn (stars on the
           opponent's completion cells, the marble on a cell of none of the opponent's open
           twos and making no three of ours, through which fewest squares holding one
           opponent marble pass) the opponent forces a quad within 3 own turns (forcing
           first turn) but not 2; the turns that stop it among the candidates (covering
           turns with the marble on the opponent's open-two cells, its completion cells or
           our three-making cells; the neutral marble with one extra star on an opponent's
           fork cell) are stored, kept when there are 1 to 12 of them

`score` judges every position with the same checker: a win must win within its depth, a
defence must leave the opponent no forced quad within 2 (def2) or within 2 or 3 (def3)
of its turns. A position the checker cannot settle in 20 s is left out of a suite.
Positions are written as the record up to the position, headed `# q-KIND-N size 11`,
`# seed S game I`, `# turns: ...` (the format of host_tests/data/ai_hard.txt).

Figures: docs/computer-player.md, "Strength (issue 45)".
"""

import argparse
import signal
import sys
import time
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "host_tests"))
sys.path.insert(0, str(ROOT))

from quad_solver import bits  # noqa: E402
from tactics_check import Tactics, popcount  # noqa: E402

KINDS = ("win2", "win3", "def2", "def3")
QUOTA = {"win2": 24, "win3": 24, "def2": 24, "def3": 24}
PLAYERS = ("partner", "plain2", "greedy", "expert", "average", "plain2", "partner", "easy")
LIMIT = 20  # seconds the checker may spend on one question


class TooSlow(Exception):
    pass


def _alarm(*_):
    raise TooSlow


def child(state, smask, m):
    """The opponent's state after our turn (stars smask, marble m)."""
    me, op, stars, s_me, s_op = state
    return (op, me | m, stars | smask, s_op, s_me - popcount(smask))


def turn_text(g, smask, m):
    return " ".join(["*" + g.name(b) for b in sorted(bits(smask))] + [g.name(m)])


def rel_cells(tc, me, op, stars):
    """Empty cells of the squares open for `op` holding two or more of its marbles."""
    empty = tc.empty(me, op, stars)
    out = 0
    for s in tc.g.squares:
        if not s & (me | stars) and popcount(s & op) >= 2:
            out |= s & empty
    return out


def three_cells(tc, me, op, stars):
    """Empty cells where a marble of `me` makes a three (squares open for me, two mine)."""
    empty = tc.empty(me, op, stars)
    out = 0
    for s in tc.g.squares:
        if not s & (op | stars) and popcount(s & me) == 2:
            out |= s & empty
    return out


def fork_cells(tc, me, op, stars):
    """Empty cells where a marble of `me` makes two or more completion cells."""
    empty = tc.empty(me, op, stars)
    return [m for m in bits(rel_cells(tc, op, me, stars))
            if popcount(tc.new_completions(me, empty, m)) >= 2]


def safe2(tc, st):
    return not tc.win_in_3(st)


def safe3(tc, st):
    return not tc.win_in_3(st) and not tc.win_in(st, 5)


def def2_turns(tc, state, cap=12):
    """Our turns after which the opponent has no win within 2 (covering, up to 2 extra stars
    on the opponent's open-two cells); None once more than cap."""
    me, op, stars, s_me, s_op = state
    rel = rel_cells(tc, me, op, stars)
    out = []
    for smask, m in tc.covering_turns(me, op, stars, s_me):
        left = s_me - popcount(smask)
        spare = list(bits(rel & ~smask & ~m))
        for r in range(min(2, left) + 1):
            for combo in combinations(spare, r):
                e = 0
                for b in combo:
                    e |= b
                if safe2(tc, child(state, smask | e, m)):
                    out.append((smask | e, m))
                    if len(out) > cap:
                        return None
            if out and out[-1][1] == m:
                break  # fewer stars suffice with this marble
    return out


def neutral(tc, state):
    """A turn touching as little as can be: stars on the opponent's completion cells and
    the marble on the empty cell, none of its open twos' cells nor a three-making cell of
    ours, through which fewest squares holding one opponent marble (and nothing else) pass
    (a marble there blocks them); (stars, marble) or None."""
    me, op, stars, s_me, s_op = state
    empty = tc.empty(me, op, stars)
    need = tc.completions(op, empty)
    if popcount(need) > s_me:
        return None
    care = rel_cells(tc, me, op, stars) | three_cells(tc, me, op, stars) | need
    best, best_v = None, None
    for m in bits(empty & ~care):
        v = 0
        for s in tc.g.through[m]:
            if not s & (me | stars) and popcount(s & op) == 1:
                v += 1
        if best is None or v < best_v:
            best, best_v = m, v
    if best is None:
        return None
    return need, best


def def3_turns(tc, state, cap=12):
    """The candidates (see the module's text) that stop the opponent's win within 3, or
    None when the neutral turn stops it too, the opponent wins in 2 after it, or more than
    cap candidates do."""
    me, op, stars, s_me, s_op = state
    nt = neutral(tc, state)
    if nt is None:
        return None
    ns, nm = nt
    after = child(state, ns, nm)
    if tc.win_in_3(after) or not tc.win_in(after, 5):
        return None
    empty = tc.empty(me, op, stars)
    marbles = rel_cells(tc, me, op, stars) | three_cells(tc, me, op, stars) | \
        tc.completions(op, empty)
    cands = [t for t in tc.covering_turns(me, op, stars, s_me) if t[1] & marbles]
    if s_me > popcount(ns):
        for f in fork_cells(tc, op, me, stars):
            if not f & ns:
                cands.append((ns | f, nm))
    out = []
    for smask, m in cands:
        if safe3(tc, child(state, smask, m)):
            out.append((smask, m))
            if len(out) > cap:
                return None
    return out or None


def classify(tc, state, want):
    """(kind, turns) or None."""
    me, op, stars, s_me, s_op = state
    empty = tc.empty(me, op, stars)
    if tc.completions(me, empty):
        return None
    w2 = tc.win3_turns(state)
    if w2:
        return "win2", w2
    w3 = tc.win5_turns(state) if "win3" in want else []
    if w3:
        return "win3", w3
    if "win3" not in want and tc.win_in(state, 5):
        return None  # (a win in 3 we do not look for: not a defence either)
    if "def2" in want and fork_cells(tc, op, me, stars):
        t = def2_turns(tc, state)
        if t:
            return "def2", t
        if t is not None:
            return None  # lost: no turn stops the win in 2
    if "def3" in want:
        t = def3_turns(tc, state)
        if t:
            return "def3", t
    return None


def players(names, seed):
    """name -> a function(game) giving the turn."""
    from quadcore import ai
    from quadcore.prng import Rng
    from tools.lab import plain2
    from tools.lab.sparring import Greedy, Sparring

    out = {}
    for nm in names:
        if nm == "partner":
            p = Sparring()
            out[nm] = p.choose
        elif nm == "greedy":
            p = Greedy(Rng(seed * 7919 + 17))
            out[nm] = p.choose
        elif nm == "plain2":
            p = plain2.Plain2()
            out[nm] = p.choose
        else:
            out[nm] = (lambda lv: lambda g: ai.choose(g, lv, seed))(nm)
    return out


def game_records(first, count):
    """(seed, record lines) of `count` games seeded first, first + 1, ..."""
    from quadcore.arena import random_turn
    from quadcore.game import Game
    from quadcore.prng import Rng
    for s in range(first, first + count):
        a = PLAYERS[s % len(PLAYERS)]
        b = PLAYERS[(s // len(PLAYERS) + 3) % len(PLAYERS)]
        who = players({a, b}, s)
        g = Game(size=11)
        rng = Rng(s)
        for _ in range(2):
            g.play(random_turn(g, rng))
        while g.result is None:
            g.play(who[a if g.turn == 0 else b](g))
        yield s, a, b, g.record().split("\n")


def make(seed, games, out, quota):
    from quadcore.game import Game
    tc = Tactics(11)
    got = {k: [] for k in quota}
    signal.signal(signal.SIGALRM, _alarm)
    t0 = time.time()
    for s, a, b, rec in game_records(seed, games):
        for cut in range(4, len(rec)):
            want = [k for k, q in quota.items() if len(got[k]) < q]
            if not want:
                break
            g = Game(size=11)
            for line in rec[:cut]:
                g.play(line)
            st = tc.state_of(g)
            signal.alarm(LIMIT * 6)
            try:
                res = classify(tc, st, want)
            except TooSlow:
                res = None
            signal.alarm(0)
            if res is None or res[0] not in want:
                continue
            got[res[0]].append(("seed %d game %s-%s" % (s, a, b), rec[:cut], res[1]))
        write(out, tc, got)
        sys.stderr.write("seed %d: %s (%.0f s)\n" % (
            s, " ".join("%s %d" % (k, len(v)) for k, v in got.items()), time.time() - t0))
        if all(len(got[k]) >= q for k, q in quota.items()):
            break
    print("%s: %s" % (out, ", ".join("%s %d" % (k, len(v)) for k, v in got.items())))
    return 0


def write(out, tc, got):
    blocks = []
    for kind, items in got.items():
        for j, (where, rec, turns) in enumerate(items):
            head = ["# q-%s-%d size 11" % (kind, j + 1), "# " + where,
                    "# turns: " + " | ".join(turn_text(tc.g, sm, m) for sm, m in turns)]
            blocks.append("\n".join(head + rec))
    Path(out).write_text("\n\n".join(blocks) + "\n")


def load(path):
    from ai_data import blocks
    out = []
    for head, rec in blocks(path):
        name = head[0].split()[0]
        out.append(dict(name=name, kind=name.split("-")[1], record=rec))
    return out


def judge(tc, kind, st, turn):
    """'' if the turn does what the position asks, else why not."""
    from ai_data import parse_turn_text
    marble, stars = parse_turn_text(turn)
    sm = 0
    for c in stars:
        sm |= tc.g.bit_of(c)
    m = tc.g.bit_of(marble)
    if kind == "win2":
        return "" if tc.turn_wins_in(st, sm, m, 3) else "no win in 2"
    if kind == "win3":
        return "" if tc.turn_wins_in(st, sm, m, 5) else "no win in 3"
    after = child(st, sm, m)
    if tc.win_in_3(after):
        return "opponent wins in 2"
    if kind == "def3" and tc.win_in(after, 5):
        return "opponent wins in 3"
    return ""


def score(path, level="expert", seconds=None, show=False):
    """{kind: [positions, right]} for a level on a suite file."""
    from quadcore import ai
    from quadcore.game import Game
    tc = Tactics(11)
    res = {}
    for t in load(path):
        g = Game(size=11)
        for line in t["record"]:
            g.play(line)
        turn = ai.choose(g, level, 0, seconds)
        why = judge(tc, t["kind"], tc.state_of(g), turn)
        row = res.setdefault(t["kind"], [0, 0])
        row[0] += 1
        row[1] += not why
        if why and show:
            print("  %s: %s (%s)" % (t["name"], turn, why))
    return res


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.lab.quad_suite",
                                 description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    mk = sub.add_parser("make", help="build a suite from fresh games")
    mk.add_argument("--seed", type=int, required=True)
    mk.add_argument("--games", type=int, default=200)
    mk.add_argument("--out", required=True)
    mk.add_argument("--quota", default="", help="e.g. win2=24,def3=24 (default: 24 a kind)")
    sc = sub.add_parser("score", help="a level's answers on a suite")
    sc.add_argument("suite")
    sc.add_argument("--level", default="expert")
    sc.add_argument("--seconds", type=int, help="Master's time (with --level master)")
    sc.add_argument("--show", action="store_true", help="print every miss")
    a = ap.parse_args(argv)
    if a.cmd == "make":
        quota = dict(QUOTA)
        for item in filter(None, a.quota.split(",")):
            k, _, v = item.partition("=")
            if k not in KINDS:
                ap.error("unknown kind %r (%s)" % (k, ", ".join(KINDS)))
            quota[k] = int(v)
        return make(a.seed, a.games, a.out, {k: q for k, q in quota.items() if q})
    res = score(a.suite, a.level, a.seconds, a.show)
    for k in KINDS:
        if k in res:
            n, ok = res[k]
            print("%-5s %3d positions, %s right %d, missed %d" % (k, n, a.level, ok, n - ok))
    wins = [res.get(k, [0, 0]) for k in ("win2", "win3")]
    defs = [res.get(k, [0, 0]) for k in ("def2", "def3")]
    print("wins missed %d of %d, only-defences missed %d of %d" % (
        sum(n - ok for n, ok in wins), sum(n for n, _ in wins),
        sum(n - ok for n, ok in defs), sum(n for n, _ in defs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
