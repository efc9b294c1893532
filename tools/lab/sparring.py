"""A sparring partner for the computer player's ladder (host only; shares no code with
quadcore/ai): greedy candidates, a 2-ply search over the best of them, a star-aware
evaluation and an exact win in 2.

    python -m tools.lab.sparring --level expert --games 200 --seed 1 [--jobs 1] [--out DIR]

--out DIR writes every game as a plain record, DIR/game-NNN.txt (a comment line saying who
moved first, the seed and the result, then one turn a line); `python -m quadcore referee <
DIR/game-NNN.txt` replays one. Writing records does not change how either side plays.

One turn, two players, standard rules:
 1. a quad to complete: complete it;
 2. every turn considered covers the opponent's completion cells (a marble on one and stars
    on the others, or stars on all and the marble free); with more of them than stars + 1
    it covers what it can;
 3. exact win in 2: a covering turn whose marble leaves more distinct completion cells than
    the opponent's stars + 1 wins (they cannot cover them all) and is played at once;
 4. otherwise the K1 best turns by a one-ply greedy value are searched two plies deep: each
    answered by the opponent's K2 best covering turns (by the same greedy value), the
    position after them valued by `evaluate` for us; the turn with the best worst answer.

The evaluation (side p to move, q the other): a completion cell of p is a win; completion
cells of q beyond p's stars + 1 a loss (fewer cost p (k - 1) stars); a cell where p's marble
makes more completion cells than q's stars + 1 is nearly a win (p plays it next), such cells
of q beyond the first cost p a star or the game; then unplayed stars (they decide a full
board) and open squares by how many marbles they hold.

It beats a greedy one-ply player (quadcore's Easy) by a wide margin (README, computer player).

What more search buys (host only): `--level partner-D` (D = 3..6) plays a deeper partner
against the standard one: the same turns and evaluation, searched D turns deep (alpha-beta,
at each turn the 8 best by the one-ply evaluation, a fork the opponent cannot cover played
at once). `--count` prints the pieces it puts down per move (median, worst): the figure to
compare with the device's node budgets.

Tuning on the host (issue 45): `--set KEY=N` (or `KEY=N,N,...` for a tuple) overrides one
entry of the level's config in `quadcore/ai/two.py`'s LEVELS for this run's games only
(Master plays Expert's config; `width` and `depth` of the turn search may be set too), and
`--set turns.K=N` one of the turn search's evaluation constants (every level's); `--seat
first|second` plays only the games of that seat (the same games a run of both seats plays):

    python -m tools.lab.sparring --level expert --against plain2 --games 200 --seed 60000 \
        --seat second --set o1=3

The greedy reference (`Greedy`, `--against greedy`; issue 23): one ply, no search.
 1. a quad to complete: complete it;
 2. the opponent's completion cells: its marble on the one worth most to itself (its own
    potential, below), stars on the others while it has stars (short of stars it covers
    what it can);
 3. else the free cell maximising its own potential plus half the opponent's, ties at
    random (the game's seeded generator). A cell's potential for a colour sums, over the
    squares through it that hold nothing but that colour's marbles, 1, 4, 20 or 1000 for
    0, 1, 2 or 3 of them.

Figures: docs/computer-player-seats.md, "The yardsticks".
"""

import argparse
import math
import sys

from quadcore.board import MARBLE, STAR
from quadcore.game import Game
from quadcore.notation import format_turn
from quadcore.prng import Rng

WIN = 1_000_000
SV = 300                  # an unplayed star
OPEN = (0, 1, 6, 30)     # an open square holding 0..3 marbles of one colour
K1 = 8
K2 = 6


def counts(b, c):
    """Per empty cell: open squares holding two c marbles with the cell as an empty corner."""
    geo = b.geo
    cnt = b.cnt[c]
    corners = geo.sq_cells
    cells = b.cells
    out = {}
    for s in range(geo.nsq):
        if cnt[s] == 2:
            for j in range(4 * s, 4 * s + 4):
                e = corners[j]
                if not cells[e]:
                    out[e] = out.get(e, 0) + 1
    return out


def distinct_completions(b, c):
    return sum(1 for x in range(len(b.thr[c])) if b.thr[c][x])


def evaluate(b, p, q, sp, sq):
    if b.nopen[p][3]:
        return WIN
    kq = distinct_completions(b, q)
    if kq > sp + 1:
        return -WIN
    v = SV * (sp - sq) - SV * max(0, kq - 1)
    for k in (1, 2):
        v += OPEN[k] * (b.nopen[p][k] - b.nopen[q][k])
    fp = counts(b, p)
    if not kq and any(k > sq + 1 for k in fp.values()):
        return WIN // 2
    fq = counts(b, q)
    big = sum(1 for k in fq.values() if k > sp + 1)
    if big > 1:
        v -= WIN // 4
    v += 40 * sum(1 for k in fp.values() if k >= 2) - 40 * sum(1 for k in fq.values() if k >= 2)
    return v


def greedy(b, c, o):
    """One-ply value of every empty cell for colour c: squares it builds and squares it
    blocks (the same weights both ways), forks counted."""
    geo = b.geo
    cells = b.cells
    val = {}
    for s in range(geo.nsq):
        vc = b.cnt[c][s]
        vo = b.cnt[o][s]
        w = (OPEN[vc] * 2 + 1 if vc < 4 else 0) + (OPEN[vo] * 2 if vo < 4 else 0)
        if w:
            for j in range(4 * s, 4 * s + 4):
                e = geo.sq_cells[j]
                if not cells[e]:
                    val[e] = val.get(e, 0) + w
    for x in range(len(cells)):
        if not cells[x] and x not in val and geo.valid[x]:
            val[x] = 0
    return val


class Sparring:
    def __init__(self, k1=K1, k2=K2):
        self.k1 = k1
        self.k2 = k2

    def turns(self, b, c, o, s_c, k):
        """Covering turns of colour c (stars list, marble), the k best free marbles."""
        need = b.threat_cells(o)
        val = greedy(b, c, o)
        best = sorted((x for x in val if x not in need), key=lambda x: (-val[x], x))
        if len(need) > s_c + 1:
            return [(need[:s_c], need[s_c])]
        out = [([t for t in need if t != m], m) for m in need]
        if len(need) <= s_c:
            out += [(list(need), x) for x in best[:k]]
        return out

    def put(self, b, stars, m, c):
        for y in stars:
            b.place(y, STAR)
        b.place(m, MARBLE + c)

    def take(self, b, stars, m):
        b.remove(m)
        for y in stars:
            b.remove(y)

    def win2(self, b, c, o, s_c, s_o):
        """An exact win in 2 for colour c: a covering turn leaving > s_o + 1 completions."""
        need = b.threat_cells(o)
        if len(need) > s_c + 1:
            return None
        opts = [([t for t in need if t != m], m) for m in need]
        if len(need) <= s_c:
            for y in need:
                b.place(y, STAR)
            cand = [x for x, k in counts(b, c).items() if k > s_o + 1]
            for y in need:
                b.remove(y)
            opts += [(list(need), x) for x in cand]
        for stars, m in opts:
            self.put(b, stars, m, c)
            k = distinct_completions(b, c)
            self.take(b, stars, m)
            if k > s_o + 1:
                return stars, m
        return None

    def choose(self, game):
        b = game.board
        seat = game.turn
        c = game.rules.seat_colours[seat][0]
        o = 1 - c
        s_c = game.stars_left[seat]
        s_o = game.stars_left[1 - seat]
        mine = b.threat_cells(c)
        if mine:
            return format_turn([("marble", mine[0])], game.n)
        w = self.win2(b, c, o, s_c, s_o)
        if w is None:
            w = self.search(b, c, o, s_c, s_o)
        stars, m = w
        return format_turn([("star", y) for y in stars] + [("marble", m)], game.n)

    def search(self, b, c, o, s_c, s_o):
        opts = self.turns(b, c, o, s_c, 2 * self.k1)
        if len(opts) == 1:
            return opts[0]
        scored = []
        for stars, m in opts:
            self.put(b, stars, m, c)
            v = -evaluate(b, o, c, s_o, s_c - len(stars))
            self.take(b, stars, m)
            scored.append((-v, len(stars), m, stars))
        scored.sort()
        best = None
        best_v = -2 * WIN
        for _, _, m, stars in scored[:self.k1]:
            sc = s_c - len(stars)
            self.put(b, stars, m, c)
            worst = 2 * WIN
            if distinct_completions(b, c) > s_o + 1:
                worst = WIN
            else:
                for st2, m2 in self.turns(b, o, c, s_o, self.k2):
                    if len(st2) > s_o:
                        continue
                    self.put(b, st2, m2, o)
                    v = evaluate(b, c, o, sc, s_o - len(st2))
                    self.take(b, st2, m2)
                    worst = min(worst, v)
                    if worst <= best_v:
                        break
            self.take(b, stars, m)
            if worst > best_v:
                best_v = worst
                best = (stars, m)
        return best


class Deeper(Sparring):
    """The partner searching `depth` turns (its own and the opponent's, alternately) with
    the `width` best turns at each by the one-ply evaluation; alpha-beta."""

    def __init__(self, depth, width=K1):
        super().__init__()
        self.depth = depth
        self.width = width
        self.pieces = 0  # pieces put down (stars and marbles), for --count

    def put(self, b, stars, m, c):
        self.pieces += len(stars) + 1
        super().put(b, stars, m, c)

    def ordered(self, b, c, o, s_c, s_o):
        """(value, turn) of c's covering turns, best first, at most `width`; a turn whose
        fork the opponent cannot cover is valued WIN and ends the list."""
        scored = []
        for stars, m in self.turns(b, c, o, s_c, 2 * self.width):
            self.put(b, stars, m, c)
            if distinct_completions(b, c) > s_o + 1:
                self.take(b, stars, m)
                return [(WIN, (stars, m))]
            v = -evaluate(b, o, c, s_o, s_c - len(stars))
            self.take(b, stars, m)
            scored.append((-v, len(stars), m, stars))
        scored.sort()
        return [(-v, (stars, m)) for v, _, m, stars in scored[:self.width]]

    def value(self, b, c, o, s_c, s_o, depth, alpha, beta):
        """Negamax value for c to move, `depth` turns to search."""
        if b.nopen[c][3]:
            return WIN
        if depth == 0:
            return evaluate(b, c, o, s_c, s_o)
        if len(b.threat_cells(o)) > s_c + 1:
            return -WIN
        opts = self.ordered(b, c, o, s_c, s_o)
        if not opts:
            return evaluate(b, c, o, s_c, s_o)
        if opts[0][0] == WIN:
            return WIN
        best = -2 * WIN
        for _, (stars, m) in opts:
            self.put(b, stars, m, c)
            v = -self.value(b, o, c, s_o, s_c - len(stars), depth - 1, -beta, -alpha)
            self.take(b, stars, m)
            best = max(best, v)
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return best

    def search(self, b, c, o, s_c, s_o):
        return self.best_of(b, c, o, s_c, s_o, self.ordered(b, c, o, s_c, s_o))

    def spent(self):
        """True when no more root turns may be searched (tools/lab/expert_lab.py's cap)."""
        return False

    def best_of(self, b, c, o, s_c, s_o, opts):
        """The root: the turn of `opts` (from `ordered`) with the best searched value."""
        best, best_v = opts[0][1], -2 * WIN
        if opts[0][0] == WIN:
            return best
        for _, (stars, m) in opts:
            if self.spent():
                break
            self.put(b, stars, m, c)
            v = -self.value(b, o, c, s_o, s_c - len(stars), self.depth - 1, -2 * WIN, -best_v)
            self.take(b, stars, m)
            if v > best_v:
                best_v = v
                best = (stars, m)
        return best


def player(level, seed=0):
    """The player for `level`: None for a quadcore level (ai.choose plays it), a Deeper for
    partner-D, the plain 2-ply reference for "plain2" (its ties drawn with seed + 500000,
    not the opponent's draws: the reference's own seat split); ValueError for anything
    else."""
    if level == "plain2":
        from tools.lab.plain2 import Plain2
        return Plain2(seed + 500000)
    if level.startswith("partner-"):
        try:
            depth = int(level[8:])
        except ValueError:
            depth = 0
        if not 3 <= depth <= 6:
            raise ValueError("partner-D takes D = 3..6, not %r" % level[8:])
        return Deeper(depth)
    from quadcore import ai
    if level.startswith("master:"):
        master_times(level)  # ValueError for a bad time
        return None
    if level not in ai.LEVELS:
        raise ValueError("unknown level %r (%s, master:S, plain2, or partner-3 .. partner-6)"
                         % (level, ", ".join(ai.LEVELS)))
    return None


def master_times(level):
    """(seconds, ponder seconds or 0) of "master:S" or "master:S/P" (P: pondered on the
    opponent's time with P M4-s a likely turn); ValueError for anything else."""
    from quadcore.ai.master import master_cfg
    spec = level[7:]
    try:
        if "/" in spec:
            a, b = spec.split("/")
            s, p = int(a), int(b)
            master_cfg(p)
        else:
            s, p = int(spec), 0
    except ValueError:
        raise ValueError("master takes master:S or master:S/P (M4-seconds), not %r" % level)
    master_cfg(s)
    return s, p


def level_turn(game, level, seed, ponder=None):
    """The turn of a quadcore level ("master:S": Master at S M4-s a move)."""
    from quadcore import ai
    if level.startswith("master:"):
        return ai.choose(game, "master", seed, seconds=master_times(level)[0], ponder=ponder)
    return ai.choose(game, level, seed)


PONDER_HITS = [0, 0]  # Master's turns answered from its ponder table / all its turns


POT = (1, 4, 20, 1000)  # the greedy reference: a square through the cell holding 0..3 own


class Greedy:
    """The one-ply greedy reference of issue 23 (see the module's text). `rng` breaks ties."""

    def __init__(self, rng):
        self.rng = rng

    def potential(self, b, x, c):
        geo = b.geo
        cnt = b.cnt[c]
        v = 0
        for i in range(geo.cell_start[x], geo.cell_start[x + 1]):
            k = cnt[geo.cell_sq[i]]
            if k < 4:
                v += POT[k]
        return v

    def choose(self, game):
        b = game.board
        seat = game.turn
        c = game.rules.seat_colours[seat][0]
        o = 1 - c
        mine = b.threat_cells(c)
        if mine:
            return format_turn([("marble", mine[0])], game.n)
        need = b.threat_cells(o)
        if need:
            need = sorted(need, key=lambda x: (-self.potential(b, x, c), x))
            stars = need[1:1 + game.stars_left[seat]]
            return format_turn([("star", y) for y in stars] + [("marble", need[0])], game.n)
        best, ties = None, []
        cells = b.cells
        valid = b.geo.valid
        for x in range(len(cells)):
            if cells[x] or not valid[x]:
                continue
            # Twice (own + half the opponent's): integers, the same order.
            v = 2 * self.potential(b, x, c) + self.potential(b, x, o)
            if best is None or v > best:
                best, ties = v, [x]
            elif v == best:
                ties.append(x)
        return format_turn([("marble", ties[self.rng.below(len(ties))])], game.n)


AGAINST = ("partner", "greedy", "plain2")


def opponent(against, seed):
    """The fixed yardstick a ladder game is played against: the partner or the greedy
    reference (its ties drawn from its own generator, seeded by the game)."""
    if against == "partner":
        return Sparring()
    if against == "greedy":
        return Greedy(Rng(seed * 7919 + 17))
    if against == "plain2":
        from tools.lab.plain2 import Plain2  # the full-width 2-ply reference
        return Plain2(seed)
    raise ValueError("unknown opponent %r (%s)" % (against, ", ".join(AGAINST)))


# ----- the ladder ------------------------------------------------------------------------------

def play(level, level_first, seed, opening=2, size=11, record=None, counts_out=None,
         against="partner"):
    """One game, the level against the sparring partner (or `against` "greedy": the greedy
    reference): 1 / 0.5 / 0 for the level. Every
    turn played (opening marbles first) is appended to `record` when it is a list; a deeper
    partner's pieces put down per move to `counts_out`."""
    from quadcore.arena import random_turn
    g = Game(size=size)
    rng = Rng(seed)
    for _ in range(opening):
        t = random_turn(g, rng)
        g.play(t)
        if record is not None:
            record.append(t)
    ref = opponent(against, seed)
    me = player(level, seed)
    ponder_s = master_times(level)[1] if level.startswith("master:") else 0
    pondered = None
    lv_seat = 0 if level_first else 1
    while g.result is None:
        if g.turn == lv_seat:
            if me is None:
                t = level_turn(g, level, seed, pondered)
                if pondered is not None:
                    from quadcore.ai.ptable import answer
                    PONDER_HITS[0] += answer(pondered, g, seed, pondered.seconds) is not None
                    PONDER_HITS[1] += 1
                    pondered = None
            else:
                t = me.choose(g)
                if counts_out is not None:
                    counts_out.append(me.pieces)
                    me.pieces = 0
        else:
            if ponder_s and g.turns > opening:
                # Master thinks on the opponent's time: the whole ponder, then its move.
                from quadcore.ai.ponder import start
                from quadcore.ai.prun import run
                pondered = start(g, seed, ponder_s)
                for _ in run(pondered):
                    pass
            t = ref.choose(g)
        g.play(t)
        if record is not None:
            record.append(t)
    kind, winner, _ = g.result
    if kind == "draw":
        return 0.5
    return 1 if winner == lv_seat else 0


def settings(level, pairs):
    """Host-only tuning: {key: value} from "KEY=N" or "KEY=N,N,..." strings for the config
    of `level` (two.LEVELS; "master:S" and "partner-D": Expert's, which Master plays);
    ValueError for a key the level's config lacks or a value that is not whole numbers."""
    from quadcore.ai import two
    name = "expert" if level not in two.LEVELS else level
    cfg = two.LEVELS[name]
    out = {}
    for kv in pairs:
        key, _, val = kv.partition("=")
        if key.startswith("turns.") and key[6:] in TURNS_CONSTS:
            try:
                out[key] = int(val)
            except ValueError:
                raise ValueError("%s takes a whole number, not %r" % (key, val))
            continue
        if key in ("width", "depth") and key not in cfg:
            cfg = dict(cfg, width=3, depth=3)  # the turn search's defaults (turns.py)
        if key not in cfg:
            raise ValueError("no setting %r at level %s (%s)" % (key, name, ", ".join(sorted(cfg))))
        try:
            v = tuple(int(t) for t in val.split(","))
        except ValueError:
            raise ValueError("%s takes whole numbers (N or N,N,...), not %r" % (key, val))
        if isinstance(cfg[key], tuple) != (len(v) > 1) or (
                isinstance(cfg[key], tuple) and len(v) != len(cfg[key])):
            raise ValueError("%s is %r: give %s" % (key, cfg[key], "as many numbers"
                                                   if isinstance(cfg[key], tuple) else "one number"))
        out[key] = v if len(v) > 1 else v[0]
    return name, out


TURNS_CONSTS = ("SV", "O2", "FW", "PW", "OVER")  # turns.py's evaluation (every level's)


def apply_settings(level, over):
    """Put the overrides of `settings` into two.LEVELS ("turns.K": turns.py's module constant
    K); returns what they replaced, for apply_settings(level, old) to put back. Each game
    applies them and puts them back (a pool's workers get them with their task)."""
    from quadcore.ai import turns, two
    name = "expert" if level not in two.LEVELS else level
    old = {}
    for key, v in over.items():
        if key.startswith("turns."):
            old[key] = getattr(turns, key[6:])
            setattr(turns, key[6:], v)
        else:
            cfg = two.LEVELS[name]
            old[key] = cfg.get(key)
            if v is None:
                del cfg[key]  # (putting back a key the config did not have: width, depth)
            else:
                cfg[key] = v
    return old


def _job(args):
    i, level, seed, keep, count = args[:5]
    against = args[5] if len(args) > 5 else "partner"
    opening = args[6] if len(args) > 6 else 2
    old = apply_settings(level, args[7]) if len(args) > 7 and args[7] else None
    rec = [] if keep else None
    cnt = [] if count else None
    try:
        r = play(level, i % 2 == 0, seed + i // 2, opening=opening, record=rec,
                 counts_out=cnt, against=against)
    finally:
        if old:
            apply_settings(level, old)
    return i, r, rec, cnt


def write_record(out, i, level, seed, r, rec, against="partner"):
    import os
    who = "first" if i % 2 == 0 else "second"
    res = {1: "won", 0.5: "drawn", 0: "lost"}[r]
    path = os.path.join(out, "game-%03d.txt" % i)
    name = {"partner": "the sparring partner", "greedy": "the greedy reference",
            "plain2": "the plain 2-ply reference"}[against]
    with open(path, "w") as f:
        f.write("# %s moved %s against %s, seed %d: %s by %s\n"
                % (level, who, name, seed + i // 2, res, level))
        for t in rec:
            f.write(t + "\n")


def interval(results):
    n = len(results)
    score = sum(results) / n
    var = sum((r - score) ** 2 for r in results) / n
    half = 1.96 * math.sqrt(var / n)
    return score, max(0.0, score - half), min(1.0, score + half)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.lab.sparring",
                                 description="a level against the sparring partner")
    ap.add_argument("--level", required=True)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", metavar="DIR",
                    help="write every game as a record DIR/game-NNN.txt")
    ap.add_argument("--against", choices=AGAINST, default="partner",
                    help="the yardstick: the 2-ply partner (default), the greedy reference or "
                    "the plain full-width 2-ply reference (tools/lab/plain2.py)")
    ap.add_argument("--opening", type=int, default=2,
                    help="random marbles before the players start (default 2)")
    ap.add_argument("--count", action="store_true",
                    help="partner-D: print the pieces it puts down per move")
    ap.add_argument("--seat", choices=("both", "first", "second"), default="both",
                    help="play only the games in which the level moves first (even game "
                    "numbers) or second (odd), for tuning one seat (the same games as in a "
                    "run of both seats)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=N[,N...]",
                    help="host-only tuning: override one entry of the level's config "
                    "(two.LEVELS; Master: Expert's), e.g. --set mt=400 --set o1=4; turns.K=N sets "
                    "the turn search's evaluation constant K (%s: every level's)"
                    % ", ".join(TURNS_CONSTS))
    a = ap.parse_args(argv)
    try:
        player(a.level)
        _, over = settings(a.level, a.set)
    except ValueError as e:
        ap.error(str(e))
    if over:
        print("%s with %s" % (a.level, ", ".join("%s=%s" % kv for kv in sorted(over.items()))))
    if a.out:
        import os
        os.makedirs(a.out, exist_ok=True)
    tasks = [(i, a.level, a.seed, bool(a.out), a.count, a.against, a.opening, over)
             for i in range(a.games) if a.seat == "both" or i % 2 == (a.seat == "second")]
    res = [None] * a.games
    pieces = []

    def done(i, r, rec, cnt):
        res[i] = r
        if cnt:
            pieces.extend(cnt)
        if a.out:
            write_record(a.out, i, a.level, a.seed, r, rec, a.against)

    if a.jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(a.jobs) as pool:
            for i, r, rec, cnt in pool.imap_unordered(_job, tasks):
                done(i, r, rec, cnt)
    else:
        for t in tasks:
            done(*_job(t))
            sys.stderr.write("\r%d/%d" % (t[0] + 1, a.games))
    sys.stderr.write("\n")
    first = [r for i, r in enumerate(res) if i % 2 == 0 and r is not None]
    second = [r for i, r in enumerate(res) if i % 2 == 1 and r is not None]
    res = [r for r in res if r is not None]
    for name, rs in (("overall", res), ("first", first), ("second", second)):
        if not rs:
            continue
        w = sum(1 for r in rs if r == 1)
        d = sum(1 for r in rs if r == 0.5)
        s, lo, hi = interval(rs)
        print("%s vs %s, %s: %d games, +%d =%d -%d, score %.3f (95%% %.3f .. %.3f)"
              % (a.level, "sparring" if a.against == "partner" else a.against, name, len(rs), w, d, len(rs) - w - d, s, lo, hi))
    if pieces:
        pieces.sort()
        print("%s: pieces put down per move, median %d, worst %d (%d moves)"
              % (a.level, pieces[len(pieces) // 2], pieces[-1], len(pieces)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
