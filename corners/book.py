"""The opening books of Duo and classic_2: positions of the first moves, each with the move
to play there.

    move(board, path(variant)) -> a move int, or 0 when the position is not in the book
                                  (or the book is missing)

A book is a file beside this module, named after its variant (duo.book, classic_2.book;
corners.ai.BOOKS): records of 8 bytes sorted by the position's key and check, big-endian:
the key (4 bytes), the check (2) and the move's code (2: Game.code_of's anchor square x 91
+ orientation). key() folds a position's moves, in order, into a 30-bit key and, another
way, a 16-bit check: two positions share both only by a chance in 2**46. The file is
searched in place, a record at a time: nothing of the book stays on the heap but this
module, and a lookup allocates only its file object, an 8-byte buffer, the file's name
and the key (~150-350 B, let go at once). Made by tools/corners_book.py (docs/corners.md
says how its moves were chosen). Expert (and the hint) asks it in these variants for its
first plies (corners.ai.BOOKS); a move it gives is played only when legal there, so a
stale or damaged book costs strength, never a wrong move.
"""

from .pieces import NORIENT

REC = 8
_DIR = None


def step(h, v, m, c):
    """The key and check (h, v) of a position followed by move int m of colour c."""
    return ((h & 0x1FFFFFF) << 5 | h >> 25) ^ m ^ c << 16, (v * 1021 + m * 3 + c) % 65521


def key(b):
    """The position's key and check: its moves (and passes) in order, folded."""
    h = v = 0
    hm = b.hm
    hc = b.hc
    for i in range(b.ply):
        h, v = step(h, v, hm[i], hc[i])
    return h, v


def path(variant):
    """The file of the variant's book (beside this module)."""
    global _DIR
    if _DIR is None:
        here = __file__
        if here[:1] not in "/\\" and ":" not in here:
            here = "lib/" + here  # frozen in the firmware: the book is in the drive's lib/
        cut = max(here.rfind("/"), here.rfind("\\"))
        _DIR = here[:cut + 1] if cut >= 0 else ""
    return _DIR + variant + ".book"


def move(b, where):
    """The move int of the book in file `where` for the position on board b, or 0."""
    k, v = key(b)
    try:
        f = open(where, "rb")
    except OSError:
        return 0
    buf = bytearray(REC)
    code = -1
    with f:
        lo = 0
        hi = f.seek(0, 2) // REC
        while lo < hi:
            mid = (lo + hi) // 2
            f.seek(mid * REC)
            if f.readinto(buf) != REC:
                return 0
            r = buf[0] << 24 | buf[1] << 16 | buf[2] << 8 | buf[3]
            if r == k:
                r = buf[4] << 8 | buf[5]
                if r == v:
                    code = buf[6] << 8 | buf[7]
                    break
                r = r < v
            else:
                r = r < k
            if r:
                lo = mid + 1
            else:
                hi = mid
    if code < 0:
        return 0
    a = code // NORIENT
    w = b.width
    if a >= w * w:
        return 0
    return b.index(a % w, a // w) << 7 | code % NORIENT
