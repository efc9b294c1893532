"""The opening books (corners/duo.book and corners/classic_2.book, read by corners/book.py):
made by asking a stronger Pentobi what to play in the positions our Expert meets against
many opponents.

    python -m tools.lab.corners_book --pentobi 3 --pbook --teacher 6 --games 600 --first F --learn --quick
    python -m tools.lab.corners_book --against self --teacher 6 --games 200 --first F --learn --quick
    python -m tools.lab.corners_book --pentobi 4 --games 600 --first F --book other.book
    python -m tools.lab.corners_book --seat second --games 800 --first F --spread 20011 --learn --quick
    python -m tools.lab.corners_book --book B --merge B1 B2
    python -m tools.lab.corners_book --book B --alternatives 8     # the first move's near-equal moves

Games of our Expert (the learner) against an opponent: Pentobi at --pentobi, with its own
opening book if --pbook, as tools/lab/corners_match plays them (game k: Pentobi seeded k + 1,
ours k; colours alternating; --spread S numbers them first + j * S, so that Pentobi's seeds
reach all its book's lines), or --against average|expert (our own player at that level,
seeded k + 1, playing the colours Pentobi would) or self (both sides the learner). At each of
the learner's first --depth moves the position is looked up in the book (--book, default the
variant's shipped one) and its move played when it has one, as the device picks it (of
several, the one the player's generator for game k draws; at a position that is its own
mirror image, the move or its image). With --learn a position it lacks is put to the teacher
(a Pentobi process of its own at --teacher, told the game's moves afresh and seeded 1 for
each position, so that runs side by side answer a position alike), whose answer is played and
added; the book is written back, sorted, at the end (a move already in it is never changed).
Without --learn it is a match with that book: a position it lacks is the learner's to play.
The summary gives the score and, by our move's number, how often the book had the position.
With --quick a game stops at our (--depth + 1)-th move, where the book has nothing more to
learn or answer: no time goes on playing it out, and there is no score.

Positions are keyed as corners/book.py keys them (the squares covered, not the order of the
moves; Duo's mirror image stored once), and a move is stored in the position's stored image.
--merge adds other books' positions to --book (--book's moves first where both have one) and
keeps those still met from the empty board (reachable). --alternatives N finds the first
move's near-equal choices (alternatives): every five-square first move is valued by Pentobi
at --screen (its win chance after the move, from its search of the answer), the best N again
by the teacher with --seeds seeds, and those within --near of the best join the empty
board's move already in the book; the device draws one of them (or its mirror image) by its
seed.

Figures: docs/corners.md, "Strength against Pentobi: where it stands".
"""

import argparse
import struct
import sys
from pathlib import Path

from corners import Game, ai
from corners.book import REC, canon, keys, mirror, mix, path
from quadutil import Rng
from tools.lab.corners_match import Tally, add_spread, numbers, pentobi_plays, play_one, sides
from tools.pentobi import Gtp


def read(p):
    """{(key, check): [codes]} of a book file ({} if there is none); ValueError if it is
    damaged."""
    p = Path(p)
    if not p.exists():
        return {}
    data = p.read_bytes()
    if len(data) % REC:
        raise ValueError("%s: %d bytes is not a whole number of records" % (p, len(data)))
    out = {}
    last = (-1, -1, -1)
    for i in range(0, len(data), REC):
        rec = struct.unpack(">IHH", data[i:i + REC])
        if rec <= last or rec[0] >= 1 << 30:
            raise ValueError("%s: record %d is out of order" % (p, i // REC))
        last = rec
        out.setdefault(rec[:2], []).append(rec[2])
    return out


def write(p, entries):
    """The book file of {(key, check): [codes] (or one code)}, sorted."""
    recs = sorted((k, v, code) for (k, v), codes in entries.items()
                  for code in (codes if isinstance(codes, list) else [codes]))
    Path(p).write_bytes(b"".join(struct.pack(">IHH", *r) for r in recs))


def stored(g, m, flip):
    """The code of move int m (on g's board) in the book's image of the position."""
    code = g.code_of(m)
    return mirror(code, g.width) if flip == 1 else code


def pick(codes, flip, rng, width):
    """The code (on the board as it is) that corners.book.move plays from these codes of the
    position, drawn with rng as it draws."""
    code = codes[rng.below(len(codes)) if len(codes) > 1 else 0]
    if flip == 2:
        flip = rng.below(2)
    return mirror(code, width) if flip == 1 else code


class Tables:
    """Each square's and colour's hashes as corners.book.keys adds them, for keys after a
    move without a recount: the node's keys (keys(b)) and the move's squares."""

    def __init__(self, w):
        self.w = w
        n = w - 1
        self.z = {}
        for y in range(w):
            for x in range(w):
                for c in range(4):
                    z = mix((y * w + x) << 2 | c)
                    zm = mix(((n - x) * w + n - y) << 2 | c) if w == 14 else z
                    self.z[x, y, c] = (z, z >> 14, zm, zm >> 14)

    def after(self, g, ks, m):
        """keys() of the position after the colour to move plays move int m."""
        h, v, hm, vm = ks
        ply = g.board.ply
        p0 = mix(0x3FFF0000 | ply)
        p1 = mix(0x3FFF0000 | ply + 1)
        h ^= p0 ^ p1
        hm ^= p0 ^ p1
        v += (p1 >> 14) - (p0 >> 14)
        vm += (p1 >> 14) - (p0 >> 14)
        c = g.turn
        for x, y in g.cells_of(m):
            z, zv, zm, zmv = self.z[x, y, c]
            h ^= z
            v += zv
            hm ^= zm
            vm += zmv
        return h, v % 65521, hm, vm % 65521


def canon_of(ks, duo):
    """canon's (key, check, mirrored) from keys()' four numbers."""
    h, v, hm, vm = ks
    if (hm, vm) < (h, v):
        return hm, vm, 1
    return h, v, 2 if (hm, vm) == (h, v) and duo else 0


def reachable(entries, variant="duo"):
    """The keys of the entries met from the variant's empty board when one player plays the
    book's moves (every one a position has, and at a position that is its own mirror image
    their images too) and the other any legal move, seat by seat."""
    tab = Tables(Game(variant).width)
    duo = variant == "duo"
    seen = set()
    plies = ai.BOOKS[variant]

    def walk(g, ks, ours):
        if g.plies >= plies or g.over:
            return
        k = canon_of(ks, duo)
        if g.player_of(g.turn) == ours:
            codes = entries.get(k[:2])
            if codes is None or k[:2] in seen:
                return
            seen.add(k[:2])
            todo = set()
            for code in codes:
                todo.add(mirror(code, g.width) if k[2] == 1 else code)
                if k[2] == 2:
                    todo.add(mirror(code, g.width))
            for code in todo:
                m = g.decode(code)
                if g.why_not(m) is not None:
                    continue
                nk = tab.after(g, ks, m)
                g.apply_move(m)
                walk(g, nk, ours)
                g.undo()
            return
        for m in g.moves():
            nk = tab.after(g, ks, m)
            if canon_of(nk, duo)[:2] in entries and canon_of(nk, duo)[:2] not in seen:
                g.apply_move(m)
                walk(g, nk, ours)
                g.undo()

    for ours in (0, 1):
        g = Game(variant)
        walk(g, keys(g.board), ours)
    return seen


class Enough(Exception):
    """Raised by a quick Book past its depth: the game has nothing more to give it."""


class Book:
    """play_one's book: the move text for our mine-th move (from 0), or None. `seed` is the
    game's number (the player's seed), which draws among a position's near-equal moves."""

    def __init__(self, depth, entries, teacher=None, quick=False):
        self.depth = depth
        self.quick = quick
        self.entries = entries
        self.teacher = teacher
        self.seed = 0
        self.hits = [0] * depth
        self.asked = [0] * depth

    def __call__(self, g, c, mine):
        if mine >= self.depth:
            if self.quick:
                raise Enough
            return None
        k, v, flip = canon(g.board)
        codes = self.entries.get((k, v))
        if codes is not None:
            self.hits[mine] += 1
            # as the player's book lookup draws: its generator for this seed, fresh
            rng = Rng(self.seed * 4 + ai.LEVELS.index("expert"))
            return g.text_of(g.decode(pick(codes, flip, rng, g.width)))
        if self.teacher is None:
            return None
        mv = self.ask(g, c, 1)
        if mv == "pass":
            return None
        self.entries[k, v] = [stored(g, g.parse(mv), flip)]
        self.asked[mine] += 1
        return mv

    def ask(self, g, c, seed):
        t = self.teacher
        t.clear()
        for i in range(g.plies):
            t.play(g.colour_at(i), g.text_of(g.move_at(i)))
        # seeded afresh for each position, so its answer there is the same in every run
        # (books learnt side by side then agree where they meet)
        t.cmd("set_random_seed %d" % seed)
        return t.genmove(c)


def value_after(t, g, m, seed):
    """The teacher's value of move int m at g's position for the colour that plays it: one
    less its value (a win chance, 0..1: Pentobi's move_values for its most searched move)
    for the colour that answers, from a search seeded `seed`."""
    from tools.pentobi import colour_name
    t.clear()
    for i in range(g.plies):
        t.play(g.colour_at(i), g.text_of(g.move_at(i)))
    c = g.turn
    t.play(c, g.text_of(m))
    t.cmd("set_random_seed %d" % seed)
    t.cmd("reg_genmove %s" % colour_name(g.variant, (c + 1) % g.ncol))
    return 1 - float(t.cmd("move_values").split("\n")[0].split()[2])


def alternatives(screen, teacher, g, near=0.02, top=8, seeds=3, out=print):
    """The codes (in the book's image) of the near-equal first moves at g's position: every
    five-square move (a move and its mirror image one at a position that is its own image)
    valued by the screening teacher (value_after, seed 1); the best `top` valued again by
    the teacher with `seeds` seeds; those whose mean is within `near` of the best's, best
    first."""
    _, _, flip = canon(g.board)
    from corners.pieces import PIECE, SIZE
    seen = {}
    for m in g.moves():
        if SIZE[PIECE[m & 127]] != 5:
            continue
        code = stored(g, m, flip)
        if flip == 2:
            code = min(code, mirror(code, g.width))
        seen.setdefault(code, m)
    first = sorted(((value_after(screen, g, m, 1), code) for code, m in seen.items()),
                   reverse=True)
    rows = []
    for v1, code in first[:top]:
        m = seen[code]
        vs = [value_after(teacher, g, m, s) for s in range(1, seeds + 1)]
        rows.append((sum(vs) / len(vs), code, v1, vs))
    rows.sort(reverse=True)
    best = rows[0][0]
    for mean, code, v1, vs in rows:
        out("%s: screened %.3f, valued %s, mean %.3f%s" % (
            g.text_of(seen[code]), v1, " ".join("%.3f" % v for v in vs), mean,
            " (kept)" if mean >= best - near else ""))
    return [code for mean, code, _, _ in rows if mean >= best - near]


def play_ours(variant, k, book, against):
    """A game of the learner (Expert with `book`) against our own player at level `against`
    (seeded k + 1, on the colours Pentobi would play in game k), or against itself ("self":
    both sides the learner, each counting its own moves)."""
    g = Game(variant)
    mine = [0, 0]
    while not g.over:
        c = g.turn
        side = 1 if pentobi_plays(k, c) else 0
        if side and against != "self":
            pl = ai.Player(g, against, k + 1)
        else:
            mv = book(g, c, mine[side])
            mine[side] += 1
            if mv is not None:
                g.play(mv)
                continue
            pl = ai.Player(g, "expert", k)
        mv = None
        for mv in pl.run():
            pass
        g.play(mv)
    mine, theirs = sides(g, k)
    return mine, theirs, g


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="duo", choices=tuple(ai.BOOKS))
    ap.add_argument("--pentobi", type=int, default=3, help="the opponent's level")
    ap.add_argument("--pbook", action="store_true",
                    help="the opponent Pentobi plays with its own opening book")
    ap.add_argument("--against", default="pentobi",
                    choices=("pentobi", "easy", "average", "expert", "self"),
                    help="the opponent: Pentobi (default), our own player at a level, or "
                         "the learner itself")
    ap.add_argument("--teacher", type=int, default=6, help="the teacher's level (--learn)")
    ap.add_argument("--depth", type=int,
                    help="our first moves the book is asked for (default: all it answers)")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--first", type=int, default=0, help="number of the first game")
    add_spread(ap)
    ap.add_argument("--seat", default="both", choices=("both", "first", "second"))
    ap.add_argument("--book", help="the book file (default: the variant's in corners/)")
    ap.add_argument("--learn", action="store_true",
                    help="ask the teacher where the book has no move, and keep its answer")
    ap.add_argument("--quick", action="store_true",
                    help="stop each game once the book is past its depth (no score)")
    ap.add_argument("--merge", nargs="+", metavar="FILE",
                    help="no games: add these books' positions to --book (its own moves "
                         "first, then the files' in order) and keep those still met")
    ap.add_argument("--alternatives", type=int, metavar="N",
                    help="no games: the first moves whose value by the teacher is within "
                         "--near of the best's (of the N best by the --screen level) become "
                         "the book's moves at the empty board")
    ap.add_argument("--screen", type=int, default=4,
                    help="the level that values every first move for --alternatives")
    ap.add_argument("--seeds", type=int, default=3,
                    help="--alternatives: the teacher's searches of each of the N best")
    ap.add_argument("--near", type=float, default=0.02,
                    help="--alternatives: how far below the best value a move is kept")
    a = ap.parse_args(argv)
    a.book = a.book or path(a.variant)
    a.depth = a.depth or ai.BOOKS[a.variant] // 2
    if a.merge:
        entries = read(a.book)
        for p in a.merge:
            for k, codes in read(p).items():
                entries.setdefault(k, codes)
        kept = reachable(entries, a.variant)
        write(a.book, {k: entries[k] for k in kept})
        print("book: %d positions (%d not met dropped)" % (len(kept), len(entries) - len(kept)))
        return 0
    if a.alternatives:
        entries = read(a.book)
        g = Game(a.variant)
        with Gtp(a.variant, level=a.screen, seed=1) as s, \
                Gtp(a.variant, level=a.teacher, seed=1) as t:
            codes = alternatives(s, t, g, a.near, a.alternatives, a.seeds)
        # the book's own move there stays among them (the teacher's choice when it
        # searches the position itself; the lines learnt after it stay met)
        k = canon(g.board)[:2]
        entries[k] = sorted(set(codes) | set(entries.get(k, [])))
        write(a.book, entries)
        print("the first move: %s" % ", ".join(g.text_of(g.decode(code)) for code in codes))
        return 0
    book = Book(a.depth, read(a.book),
                Gtp(a.variant, level=a.teacher, seed=1) if a.learn else None, a.quick)
    before = len(book.entries)
    shipped = ai.SETTINGS["expert"]["book"]
    ai.SETTINGS["expert"]["book"] = 0       # the book here is this tool's, not the file's
    tally = Tally()
    try:
        for k in numbers(a.first, a.games, a.seat, a.spread):
            book.seed = k
            try:
                if a.against == "pentobi":
                    mine, theirs, g = play_one(a.variant, "expert", a.pentobi, k, book=book,
                                               pbook=a.pbook)
                else:
                    mine, theirs, g = play_ours(a.variant, k, book, a.against)
            except Enough:
                print("game %d: stopped at our move %d" % (k, a.depth + 1), flush=True)
                continue
            tally.add(k, mine, theirs)
            print("game %d: ours %d theirs %d" % (k, mine, theirs), flush=True)
    finally:
        ai.SETTINGS["expert"]["book"] = shipped
        if book.teacher:
            book.teacher.close()
            write(a.book, book.entries)
    if not a.quick:
        print(tally.summary("%s expert with the book vs %s" % (
            a.variant, "Pentobi level %d%s" % (a.pentobi, " with its book" if a.pbook else "")
            if a.against == "pentobi" else a.against)))
    print("book: %d positions (%d new); by our move, found %s, asked %s"
          % (len(book.entries), len(book.entries) - before, book.hits, book.asked))
    return 0


if __name__ == "__main__":
    sys.exit(main())
