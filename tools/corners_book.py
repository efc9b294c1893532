"""The opening books (corners/duo.book and corners/classic_2.book, read by corners/book.py):
made by asking a stronger Pentobi what to play in the positions our Expert meets against
Pentobi.

    python -m tools.corners_book --pentobi 3 --teacher 6 --games 600 --first 30000 --learn
    python -m tools.corners_book --pentobi 3 --games 600 --first 60000 --book other.book
    python -m tools.corners_book --variant classic_2 --pentobi 2 --teacher 6 --games 200 \
        --first 202800 --learn

Games of our Expert against Pentobi at --pentobi, as tools/corners_match plays them (game
k: Pentobi seeded k + 1, ours k; colours alternating). At each of our first --depth moves
the position is looked up in the book (--book, default the variant's shipped one) and its
move played when it has one. With --learn a position it lacks is put to the teacher (a
Pentobi process of its own at --teacher, told the game's moves afresh and seeded 1 for each
position, so that runs side by side answer a position alike), whose answer is played and
added; the book is written back, sorted, at the end (a move already in it is never
changed). Without --learn it is a match with that book: a position it lacks is ours to
play. The summary gives the score and, by our move's number, how often the book had the
position. With --quick a game stops at our (--depth + 1)-th move, where the book has
nothing more to learn or answer: no time goes on playing it out, and there is no score.
"""

import argparse
import struct
import sys
from pathlib import Path

from corners import ai
from corners.book import REC, key, path, step
from tools.corners_match import Tally, numbers, play_one
from tools.pentobi import Gtp


def read(p):
    """{(key, check): code} of a book file ({} if there is none); ValueError if it is
    damaged."""
    p = Path(p)
    if not p.exists():
        return {}
    data = p.read_bytes()
    if len(data) % REC:
        raise ValueError("%s: %d bytes is not a whole number of records" % (p, len(data)))
    out = {}
    last = (-1, -1)
    for i in range(0, len(data), REC):
        k, v, code = struct.unpack(">IHH", data[i:i + REC])
        if (k, v) <= last or k >= 1 << 30:
            raise ValueError("%s: record %d is out of order" % (p, i // REC))
        last = (k, v)
        out[k, v] = code
    return out


def write(p, entries):
    """The book file of {(key, check): code}, sorted."""
    Path(p).write_bytes(b"".join(struct.pack(">IHH", k, v, code)
                                 for (k, v), code in sorted(entries.items())))


def reachable(entries, variant="duo"):
    """The entries met from the variant's empty board when one player plays the book's
    moves and the other any legal move, seat by seat: {key: code}. `entries` maps a key
    to one code or a list of them (books merged from runs that answered a position
    differently): where there are several, the answer kept is the one whose line meets
    the most entries."""
    from corners import Game

    def walk(g, h, ours):
        """{key: code} of the entries met from here, player `ours` playing the book."""
        b = g.board
        if b.ply >= ai.BOOKS[variant] or g.over:
            return {}
        c = g.turn
        found = {}
        if g.player_of(c) == ours:
            codes = entries.get(h)
            if codes is None:
                return {}
            best = None
            for code in codes if isinstance(codes, list) else [codes]:
                m = g.decode(code)
                if g.why_not(m) is not None:
                    continue
                g.apply_move(m)
                sub = walk(g, step(h[0], h[1], m, c), ours)
                g.undo()
                if best is None or len(sub) >= len(best):
                    sub[h] = code
                    best = sub
            return best or {}
        for m in g.moves():
            k = step(h[0], h[1], m, c)
            if k in entries:
                g.apply_move(m)
                found.update(walk(g, k, ours))
                g.undo()
        return found

    seen = walk(Game(variant), (0, 0), 0)
    seen.update(walk(Game(variant), (0, 0), 1))
    return seen


class Enough(Exception):
    """Raised by a quick Book past its depth: the game has nothing more to give it."""


class Book:
    """play_one's book: the move text for our mine-th move (from 0), or None."""

    def __init__(self, depth, entries, teacher=None, quick=False):
        self.depth = depth
        self.quick = quick
        self.entries = entries
        self.teacher = teacher
        self.hits = [0] * depth
        self.asked = [0] * depth

    def __call__(self, g, c, mine):
        if mine >= self.depth:
            if self.quick:
                raise Enough
            return None
        k = key(g.board)
        code = self.entries.get(k)
        if code is not None:
            self.hits[mine] += 1
            return g.text_of(g.decode(code))
        if self.teacher is None:
            return None
        t = self.teacher
        t.clear()
        for i in range(g.plies):
            t.play(g.colour_at(i), g.text_of(g.move_at(i)))
        # seeded afresh for each position, so its answer there is the same in every run
        # (books learnt side by side then agree where they meet)
        t.cmd("set_random_seed 1")
        mv = t.genmove(c)
        if mv == "pass":
            return None
        self.entries[k] = g.code_of(g.parse(mv))
        self.asked[mine] += 1
        return mv


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="duo", choices=tuple(ai.BOOKS))
    ap.add_argument("--pentobi", type=int, default=3, help="the opponent's level")
    ap.add_argument("--teacher", type=int, default=6, help="the teacher's level (--learn)")
    ap.add_argument("--depth", type=int,
                    help="our first moves the book is asked for (default: all it answers)")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--first", type=int, default=0, help="number of the first game")
    ap.add_argument("--seat", default="both", choices=("both", "first", "second"))
    ap.add_argument("--book", help="the book file (default: the variant's in corners/)")
    ap.add_argument("--learn", action="store_true",
                    help="ask the teacher where the book has no move, and keep its answer")
    ap.add_argument("--quick", action="store_true",
                    help="stop each game once the book is past its depth (no score)")
    ap.add_argument("--merge", nargs="+", metavar="FILE",
                    help="no games: add these books' positions to --book (its own moves "
                         "first, then the files' in order) and keep those still met")
    a = ap.parse_args(argv)
    a.book = a.book or path(a.variant)
    a.depth = a.depth or ai.BOOKS[a.variant] // 2
    if a.merge:
        entries = {k: [v] for k, v in read(a.book).items()}
        for p in a.merge:
            for k, v in read(p).items():
                if v not in entries.setdefault(k, []):
                    entries[k].append(v)
        kept = reachable(entries, a.variant)
        write(a.book, kept)
        print("book: %d positions (%d not met dropped)" % (len(kept), len(entries) - len(kept)))
        return 0
    book = Book(a.depth, read(a.book),
                Gtp(a.variant, level=a.teacher, seed=1) if a.learn else None, a.quick)
    before = len(book.entries)
    shipped = ai.SETTINGS["expert"]["book"]
    ai.SETTINGS["expert"]["book"] = 0       # the book here is this tool's, not the file's
    tally = Tally()
    try:
        for k in numbers(a.first, a.games, a.seat):
            try:
                mine, theirs, g = play_one(a.variant, "expert", a.pentobi, k, book=book)
            except Enough:
                print("game %d: stopped at our move %d" % (k, a.depth + 1), flush=True)
                continue
            tally.add(k, mine, theirs)
            print("game %d: ours %d pentobi %d" % (k, mine, theirs), flush=True)
    finally:
        ai.SETTINGS["expert"]["book"] = shipped
        if book.teacher:
            book.teacher.close()
            write(a.book, book.entries)
    if not a.quick:
        print(tally.summary("%s expert with the book vs Pentobi level %d"
                            % (a.variant, a.pentobi)))
    print("book: %d positions (%d new); by our move, found %s, asked %s"
          % (len(book.entries), len(book.entries) - before, book.hits, book.asked))
    return 0


if __name__ == "__main__":
    sys.exit(main())
