"""Build the harder tactical suite (host_tests/data/ai_hard.txt) from real games.

    python -m tools.lab.make_hard_tactics [--games 60] [--out FILE]     (~20-40 minutes)

Positions come from games on the standard 11 x 11 board between the computer player's
levels and the sparring partner (tools/lab/sparring.py), two random opening marbles each. Every
position before a turn is classified, and answered, by the exact checker of
host_tests/tactics_check.py (own bitboards; it shares no code with quadcore), never by the
computer player:

    win2      the mover forces a quad within 2 of its own turns (not in 1); every winning
              first turn is stored (stars and marble)
    starboth  a win2 in which every winning turn stars all of the opponent's completion
              cells (two or more) and puts the marble elsewhere
    win3      a forced quad within 3 own turns whose first turn makes a completion cell (no
              win in 2); every such winning first turn that covers with stars only where
              it must is stored
    def2      no win for the mover within 2, the opponent would win within 2 after most
              turns, and at most 12 turns (stars up to 2 beyond covering, on cells of the
              opponent's squares holding two or more of its marbles) stop that: all stored
    quiet     nothing to cover and nothing to stop: no star may be spent

Figures: docs/computer-player.md, "How it plays" (the harder suite,
host_tests/data/ai_hard.txt).
"""

import argparse
import sys
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "host_tests"))
sys.path.insert(0, str(ROOT))

from quad_solver import bits  # noqa: E402
from tactics_check import Tactics, popcount  # noqa: E402

from quadcore.arena import random_turn  # noqa: E402
from quadcore.game import Game  # noqa: E402
from quadcore.prng import Rng  # noqa: E402

OUT = ROOT / "host_tests" / "data" / "ai_hard.txt"
QUOTA = {"win2": 30, "starboth": 8, "win3": 26, "def2": 30, "quiet": 12}


def child(state, smask, m):
    """The opponent's state after our turn (stars smask, marble m)."""
    me, op, stars, s_me, s_op = state
    return (op, me | m, stars | smask, s_op, s_me - popcount(smask))


def turn_text(g, smask, m):
    return " ".join(["*" + g.name(b) for b in sorted(bits(smask))] + [g.name(m)])


def safe_turns(tc, state, cap):
    """Our turns (covering, plus up to 2 stars on cells of the opponent's squares holding two
    or more of its marbles) after which the opponent has no win within 2 own turns; None once
    more than `cap` are found."""
    me, op, stars, s_me, s_op = state
    empty = tc.empty(me, op, stars)
    rel = 0
    for s in tc.g.squares:
        if not s & (me | stars) and popcount(s & op) >= 2:
            rel |= s & empty
    out = []
    for smask, m in tc.covering_turns(me, op, stars, s_me):
        left = s_me - popcount(smask)
        spare = list(bits(rel & ~smask & ~m))
        for r in range(min(2, left) + 1):
            for combo in combinations(spare, r):
                e = 0
                for b in combo:
                    e |= b
                if not tc.win_in_3(child(state, smask | e, m)):
                    out.append((smask | e, m))
                    if len(out) > cap:
                        return None
            if out and out[-1][1] == m:
                break  # fewer stars suffice with this marble
    return out


def classify(tc, state, want=None):
    """(kind, turns) or None; kinds not in `want` (when given) are not looked for beyond
    what telling the others apart needs."""
    me, op, stars, s_me, s_op = state
    empty = tc.empty(me, op, stars)
    if tc.completions(me, empty):
        return None
    w2 = tc.win3_turns(state)
    if w2:
        oc = tc.completions(op, empty)
        kind = "win2"
        if popcount(oc) >= 2 and all(sm == oc and not m & oc for sm, m in w2):
            kind = "starboth"
        return kind, w2
    if want is None or "win3" in want:
        w3 = tc.win5_turns(state)
        if w3:
            return "win3", w3
    # (Without the win-in-3 check a def2 position may hold a win in 3 for the mover: its
    # winning turn leaves the opponent no win in 2 either, so the answer stands.)
    if not threatened(tc, state):
        # No fork cell of the opponent: no win in 2 for it whatever we play.
        return ("quiet", []) if not tc.completions(op, empty) else None
    safe = safe_turns(tc, state, 12)
    if safe is None:
        return None
    if safe:
        return "def2", safe
    return None


def threatened(tc, state):
    """Does some marble of the opponent make two or more completion cells now?"""
    me, op, stars, s_me, s_op = state
    empty = tc.empty(me, op, stars)
    for m in bits(empty):
        if popcount(tc.new_completions(op, empty, m)) >= 2:
            return True
    return False


def games(n_games, seed):
    """Records (lists of turn lines) of real games: levels against the sparring partner."""
    from quadcore import ai
    from tools.lab.sparring import Sparring
    levels = ("expert", "average", "sparring", "easy")
    for i in range(n_games):
        a = levels[i % 4]
        b = levels[(i // 4) % 4]
        g = Game(size=11)
        rng = Rng(seed + i)
        for _ in range(2):
            g.play(random_turn(g, rng))
        ref = Sparring()
        while g.result is None:
            who = a if g.turn == 0 else b
            g.play(ref.choose(g) if who == "sparring" else ai.choose(g, who, seed + i))
        yield g.record().split("\n")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.lab.make_hard_tactics")
    ap.add_argument("--games", type=int, default=80)
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--quota", default="", help="e.g. win2=30,def2=30 (default: QUOTA)")
    ap.add_argument("--merge", nargs="+", help="files of earlier runs to merge into --out "
                    "(duplicates dropped, at most MERGED of a kind, renumbered)")
    a = ap.parse_args(argv)
    if a.merge:
        return merge(a.merge, a.out)
    for item in filter(None, a.quota.split(",")):
        k, _, v = item.partition("=")
        QUOTA[k] = int(v)
    tc = Tactics(11)
    got = {k: [] for k in QUOTA}
    import signal

    def too_slow(*_):
        raise TimeoutError

    # A position the checker cannot settle in 20 s (extra stars of the defender on 11 x 11
    # can run to millions of combinations) is left out; the rest are exact.
    signal.signal(signal.SIGALRM, too_slow)
    for rec in games(a.games, a.seed):
        for cut in range(4, len(rec)):
            if all(len(got[k]) >= q for k, q in QUOTA.items()):
                break
            g = Game(size=11)
            for line in rec[:cut]:
                g.play(line)
            st = tc.state_of(g)
            signal.alarm(20)
            try:
                res = classify(tc, st, [k for k, q in QUOTA.items() if len(got[k]) < q])
            except TimeoutError:
                res = None
            signal.alarm(0)
            if res is None or len(got[res[0]]) >= QUOTA[res[0]]:
                continue
            got[res[0]].append((rec[:cut], res[1]))
        sys.stderr.write("\r" + " ".join("%s %d" % (k, len(v)) for k, v in got.items()))
        write(a.out, tc, got)
        if all(len(got[k]) >= q for k, q in QUOTA.items()):
            break
    sys.stderr.write("\n")
    print("%d positions: %s" % (sum(len(v) for v in got.values()),
                                ", ".join("%s %d" % (k, len(v)) for k, v in got.items())))
    return 0


MERGED = {"win2": 30, "starboth": 8, "win3": 26, "def2": 40, "quiet": 12}


def merge(paths, out):
    from ai_data import blocks
    got = {k: [] for k in MERGED}
    seen = set()
    for path in paths:
        for head, rec in blocks(path):
            kind = head[0].split()[0].split("-")[1]
            if tuple(rec) in seen or len(got[kind]) >= MERGED[kind]:
                continue
            seen.add(tuple(rec))
            got[kind].append(["# " + h for h in head[1:]] + rec)
    text = []
    for kind, items in got.items():
        for j, lines in enumerate(items):
            text.append("\n".join(["# hard-%s-%d size 11" % (kind, j + 1)] + lines))
    Path(out).write_text("\n\n".join(text) + "\n")
    print(", ".join("%s %d" % (k, len(v)) for k, v in got.items()))
    return 0


def write(out, tc, got):
    blocks = []
    for kind, items in got.items():
        for j, (rec, turns) in enumerate(items):
            head = ["# hard-%s-%d size 11" % (kind, j + 1)]
            if turns:
                head.append("# turns: " + " | ".join(turn_text(tc.g, sm, m) for sm, m in turns))
            blocks.append("\n".join(head + rec))
    Path(out).write_text("\n\n".join(blocks) + "\n")


if __name__ == "__main__":
    sys.exit(main())
