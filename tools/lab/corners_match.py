"""Matches of the corner polyomino computer player (corners.ai) against Pentobi's GTP
engine (tools/pentobi.py): the strength table of docs/corners.md.

    python -m tools.lab.corners_match --variant duo --level average --pentobi 1 --games 100
    python -m tools.lab.corners_match --variant classic_2 --level expert --pentobi 2 --games 100
    python -m tools.lab.corners_match --variant classic --level expert --pentobi 2 --pbook --games 100

Colours alternate: in even games Pentobi is Black (Duo) or Blue and Red (classic_2,
Classic) and moves first, in odd games ours does. Pentobi runs with --noresign, one thread
and --seed = the game number + 1, without its opening book unless --pbook (then with its
own book of the variant, tools/pentobi.book_file: it opens in varied lines); ours plays with
seed = the game number. A game is a win, loss or draw by the player scores; in Classic
(four colours, --variant classic) each side plays two colours, every colour for itself,
and a side's score is its two colours' together. The line per game and the summary go to
stdout, with Wilson's 95% interval of the score and our points moving first and second.

--helper L --helper-moves N is a diagnosis of where games are lost, not a match of our
player: Pentobi at level L (its own process, seed = game number + 7) plays our first N
moves, our player the rest.

Expert in Duo plays its opening book's moves (corners/duo.book) as on the device;
--set book=0 plays without it.

--spread S numbers the games first, first + S, first + 2S, ... (S odd, so the seats still
alternate) instead of first, first + 1, ...: Pentobi's seed picks its book's line, and
a run of consecutive seeds meets only some of its lines (in Duo 4 of its 8 first moves,
which 4 depending on where the run starts), so a figure on consecutive numbers is of
those lines; spread numbers meet them all (docs/corners.md).

--seat first|second plays only the games in which ours moves first (odd numbers) or second
(even), for tuning what one seat does; --records FILE appends each game's number and moves
(one line a game).

--teacher L is a diagnosis that leaves the games as they are: at each of our moves Pentobi
at level L (its own process, seed = game number + 11) is asked what it would play there
(then takes it back). The summary adds, by our move's number, how often our move was the
teacher's and how often the teacher's move was among the best 5, 20, 45 and 90 of the
static look (SETTINGS of --level; all moves if fewer): the moves our judgement may choose
from.

Figures: docs/corners.md, "Strength against Pentobi: where it stands".
"""

import argparse
import sys
import time

from corners import Game, ai
from tools.pentobi import Gtp


TOPS = (5, 20, 45, 90)      # the static look's best n the teacher's move is looked for in
PHASES = ((1, 4), (5, 8), (9, 12), (13, 99))     # our moves by number


def seat(pl, c):
    """Player pl's ring and preference weight for colour c from pl.st, as Player.run sets
    them (kept out of the player: its code is heap on the device): in Duo the colour
    moving second (1) takes ring2 and pref2."""
    second = pl.b.ncol == 2 and c == 1
    pl.ring = pl.st["ring2"] if second else pl.st["ring"]
    pl.pref = pl.st["pref2"] if second else 0


def static_top(g, level, k):
    """Our colour's moves (move ints), best first by the static look of `level` (Expert's
    for Custom, which has none), at most TOPS[-1]."""
    from corners.board import MAXMOVES
    b = g.board
    c = g.turn
    pl = ai.Player(g, level if level in ai.SETTINGS else "expert", k)
    pl.st = ai.SETTINGS[pl.level]
    seat(pl, c)
    moves = ai._scratch()[0]
    n = b.gen(c, moves, 0, MAXMOVES)
    for _ in pl.rank(c, ai.enemies(g, c), n, min(TOPS[-1], ai.TOPK), 0):
        pass
    return list(ai._scratch()[1][:pl.kn])


def teacher_row(g, level, k, mine, taught, number):
    """(our move's number, ours was the teacher's, the teacher's move's place in the
    static look (TOPS[-1] when not among its best))."""
    t = g.parse(taught)
    top = static_top(g, level, k)
    return (number, t == g.parse(mine), top.index(t) if t in top else TOPS[-1])


def pentobi_plays(k, c):
    """Whether Pentobi plays colour c in game k: the colours of its player (Duo, classic_2)
    or its two (Classic: Blue and Red or Yellow and Green), the first colour in even games."""
    return c % 2 == k % 2


def sides(g, k):
    """(ours, Pentobi's) points at the end of game k: the player scores, in Classic the
    two colours' squares together."""
    s = g.scores()
    mine = sum(s[c] for c in range(g.ncol) if not pentobi_plays(k, c))
    return mine, sum(s) - mine


def play_one(variant, level, plevel, k, weights=None, helper=0, helper_moves=0, teacher=0,
             rows=None, book=None, pbook=False):
    g = Game(variant)
    h = Gtp(variant, level=helper, seed=k + 7) if helper else None
    t = Gtp(variant, level=teacher, seed=k + 11) if teacher else None
    rows = [] if rows is None else rows
    mine = 0
    try:
        with Gtp(variant, level=plevel, seed=k + 1, book=pbook) as p:
            while not g.over:
                c = g.turn
                if pentobi_plays(k, c):
                    src = p
                    mv = p.genmove(c)
                    if mv == "pass":
                        raise RuntimeError("Pentobi passed where a move exists")
                elif book and (bm := book(g, c, mine)) is not None:
                    # an opening book's move (tools/lab/corners_book.py)
                    src = None
                    mv = bm
                    mine += 1
                elif h and mine < helper_moves:
                    # a diagnosis, not our player: Pentobi at level `helper` plays ours
                    src = h
                    mv = h.genmove(c)
                    mine += 1
                else:
                    src = None
                    pl = ai.Player(g, level, k, weights)
                    mv = None
                    for mv in pl.run():
                        pass
                    mine += 1
                    if t:
                        taught = t.genmove(c)
                        t.cmd("undo")
                        rows.append(teacher_row(g, level, k, mv, taught, mine))
                g.play(mv)
                # every engine but the one that chose the move is told it
                for e in (p, h, t):
                    if e and e is not src:
                        e.play(c, mv)
    finally:
        if h:
            h.close()
        if t:
            t.close()
    mine, theirs = sides(g, k)
    return mine, theirs, g


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="duo", choices=("duo", "classic_2", "classic"))
    ap.add_argument("--level", default="average", choices=ai.LEVELS)
    ap.add_argument("--pentobi", type=int, default=1)
    ap.add_argument("--pbook", action="store_true",
                    help="Pentobi plays with its own opening book of the variant")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--first", type=int, default=0, help="number of the first game")
    add_spread(ap)
    ap.add_argument("--seat", default="both", choices=("both", "first", "second"),
                    help="play only the games in which ours moves first (odd numbers) or "
                         "second (even), for tuning what one seat does")
    ap.add_argument("--records", metavar="FILE",
                    help="append each game's record to FILE: its number, then its moves "
                         "(one line a game, moves separated by spaces)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=N",
                    help="override one of the level's SETTINGS (tuning on the host; "
                         "a pair as N,M, e.g. tempo=3,3)")
    ap.add_argument("--helper", type=int, default=0, metavar="LEVEL",
                    help="diagnosis: Pentobi at this level plays our first --helper-moves "
                         "moves (ours plays the rest)")
    ap.add_argument("--helper-moves", type=int, default=0, metavar="N")
    ap.add_argument("--teacher", type=int, default=0, metavar="LEVEL",
                    help="diagnosis: how often our moves are Pentobi's at this level, and "
                         "whether its move was among the static look's best")
    a = ap.parse_args(argv)
    for kv in a.set:
        key, val = kv.split("=")
        if key not in ai.SETTINGS[a.level]:
            raise SystemExit("no setting %r at level %s" % (key, a.level))
        # (a pair, as tempo's for colours 0 and 1, written N,M)
        new = tuple(map(int, val.split(","))) if "," in val else int(val)
        old = ai.SETTINGS[a.level][key]
        pair = isinstance(old, tuple)
        if pair != isinstance(new, tuple) or pair and len(new) != len(old):
            raise SystemExit("setting %r takes %s" % (
                key, "a pair, N,M" if pair else "one number"))
        ai.SETTINGS[a.level][key] = new
    tally = Tally()
    rows = []
    for k in numbers(a.first, a.games, a.seat, a.spread):
        mine, theirs, g = play_one(a.variant, a.level, a.pentobi, k, None, a.helper,
                                   a.helper_moves, a.teacher, rows, pbook=a.pbook)
        tally.add(k, mine, theirs)
        print("game %d: ours %d pentobi %d (%d moves)" % (k, mine, theirs, g.plies), flush=True)
        if a.records:
            with open(a.records, "a") as f:
                f.write("%d %s\n" % (k, " ".join(g.record().split("\n"))))
    print(tally.summary("%s %s vs Pentobi level %d%s" % (
        a.variant, a.level, a.pentobi, " with its book" if a.pbook else "")))
    if a.teacher:
        teacher_summary(rows, a.teacher)
    return 0


def odd(text):
    """--spread's type: a positive odd number (an even step would give one seat every game)."""
    s = int(text)
    if s < 1 or s % 2 == 0:
        raise argparse.ArgumentTypeError("must be odd and positive, so that the seats alternate")
    return s


def add_spread(ap):
    """The --spread option of this tool and tools/lab/corners_book.py, refused unless odd."""
    ap.add_argument("--spread", type=odd, default=1, metavar="S",
                    help="game numbers first + j*S (S odd: seats alternate): Pentobi's seed "
                         "picks its book's line, and a run of consecutive seeds meets only "
                         "some of them")


def numbers(first, games, seat="both", spread=1):
    """The game numbers of a match: first + j * spread for j < games, those of one seat
    only when seat is "first" (ours moves first: odd numbers) or "second" (even)."""
    return [k for k in range(first, first + games * spread, spread)
            if seat == "both" or k % 2 == (seat == "first")]


class Tally:
    """A match's games won, lost and drawn, and our points (a draw half) by seat."""

    def __init__(self):
        self.w = self.l = self.d = 0
        self.pts = [0.0, 0.0]       # moving first (odd games), second
        self.cnt = [0, 0]
        self.t0 = time.time()

    def add(self, k, mine, theirs):
        s = 1 - k % 2
        if mine > theirs:
            self.w += 1
            self.pts[s] += 1
        elif mine < theirs:
            self.l += 1
        else:
            self.d += 1
            self.pts[s] += 0.5
        self.cnt[s] += 1

    def summary(self, title):
        w, l, d = self.w, self.l, self.d
        n = w + l + d
        lo, hi = interval(w + d / 2, n)
        return ("%s: %d games, %d won, %d lost, %d drawn: %.1f%% (draws half) [%.0f s]\n"
                "95%% interval %.1f-%.1f%%; ours moving first %.1f/%d, second %.1f/%d"
                % (title, n, w, l, d, 100.0 * (w + d / 2) / n, time.time() - self.t0,
                   100 * lo, 100 * hi, self.pts[0], self.cnt[0], self.pts[1], self.cnt[1]))


def teacher_summary(rows, level):
    print("our moves against Pentobi level %d's there: the same / its move among the "
          "static look's best %s" % (level, ", ".join(str(n) for n in TOPS)))
    for lo, hi in PHASES:
        sel = [r for r in rows if lo <= r[0] <= hi]
        if not sel:
            continue
        n = len(sel)
        print("moves %d-%d (%d): same %.1f%%; %s" % (
            lo, hi, n, 100.0 * sum(r[1] for r in sel) / n,
            " ".join("%.1f%%" % (100.0 * sum(r[2] < top for r in sel) / n)
                     for top in TOPS)))


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
