"""The opening books of Duo and classic_2: positions of the first moves, each with the move
(or the few near-equal moves) to play there.

    move(board, path(variant), rng=None) -> a move int, or 0 when the position is not in
                                            the book (or the book is missing)

A book is a file beside this module, named after its variant (duo.book, classic_2.book;
corners.ai.BOOKS): records of 8 bytes sorted by the position's key, check and move code,
big-endian: the key (4 bytes), the check (2) and the move's code (2: the anchor square's
number y * width + x, times 91, + the orientation, as Game.code_of). A position is the
squares each colour covers and the ply: two move orders that reach the same squares are one
position (a colour's squares split into its pieces one way only, as its pieces never share
an edge). keys() hashes every covered square with its colour (mix: 30 bits) and adds the
hashes up, the key by XOR and the check (16 bits) by summing their top 16 bits, so that the
order of the moves does not count (the ply is hashed in too); two positions share a key
only by a chance in 2**30, and the check makes it rarer still.

Duo's board has one symmetry that keeps both starting points (e10 and j5) and so the game:
the mirror in its diagonal through them, (x, y) -> (13 - y, 13 - x). A Duo position is
stored in the one of its two images whose key and check are the smaller (canon), and the
book's move is mirrored back where the board is the other image: a line and its mirror
image are one entry. Several records of one position are moves its maker judged about
equal (or learning runs answered differently): the lookup takes one by `rng`
(quadutil.Rng, the player's seeded generator; the first without one), and where the
position is its own mirror image (the empty board) the move or its image, so the same seed
plays the same game.

The file is searched in place, a record at a time: nothing of the book stays on the heap but
this module (with the mirror's table, a constant of 91 bytes), and a lookup
allocates only its file object, an 8-byte buffer, the file's name and its few numbers (let
go at once). Made by tools/lab/corners_book.py (docs/corners.md says how its moves were chosen).
Expert (and the hint) asks it in these variants for its first plies (corners.ai.BOOKS); a
move it gives is played only when legal there, so a stale or damaged book costs strength,
never a wrong move.
"""

from .board import PAD
from .pieces import CX, CY, NCELL, NORIENT

REC = 8
_DIR = None
# Duo's mirror: each orientation's image, the orientation of the same piece whose cells
# are its cells (x, y) -> (-y, -x). A constant: worked out at the first lookup instead,
# its lists cost ~120 KB of allocations in that move on MicroPython's WASI VM.
# host_tests/test_corners_book.py checks every placement's image against its cells.
MIR = (b"\x00\x02\x01\x04\x03\x08\x06\x07\x05\x0a\x09\x12\x10\x11\x0f\x0e\x0c\x0d\x0b\x13"
       b"\x17\x16\x15\x14\x1a\x1b\x18\x19\x23\x21\x22\x20\x1f\x1d\x1e\x1c\x25\x24\x2d\x2b"
       b"\x2c\x2a\x29\x27\x28\x26\x35\x33\x34\x32\x31\x2f\x30\x2e\x3d\x3b\x3c\x3a\x39\x37"
       b"\x38\x36\x41\x40\x3f\x3e\x45\x44\x43\x42\x49\x47\x48\x46\x4a\x4c\x4b\x4d\x4e\x56"
       b"\x54\x55\x53\x52\x50\x51\x4f\x59\x5a\x57\x58")


def mix(x):
    """A 30-bit hash of x < 2**30: twice a multiply mod 2**30 (in 15-bit halves: no value
    reaches 2**30) and a fold of the high bits into the low."""
    for a in (0x2C1B3C6D, 0x297A2D39):
        lo = x & 0x7FFF
        hi = x >> 15
        al = a & 0x7FFF
        ah = a >> 15
        t = lo * al
        x = ((((t >> 15) + (lo * ah & 0x7FFF) + (hi * al & 0x7FFF)) & 0x7FFF) << 15
             | t & 0x7FFF)
        x ^= x >> 13
    return x


def keys(b):
    """(key, check, the mirror image's key, its check) of the position on board b: its
    covered squares with their colours (read from its moves) and its ply (Duo's mirror as
    above; elsewhere the image is the position itself)."""
    w = b.width
    s = b.stride
    duo = w == 14
    h = mix(0x3FFF0000 | b.ply)
    v = h >> 14
    hm = h
    vm = v
    n = w - 1
    off = b.off
    hc = b.hc
    o0 = PAD * s + PAD
    for p in range(b.ply):
        m = b.hm[p]
        if not m:
            continue
        a = (m >> 7) - o0
        o = m & 127
        c = hc[p]
        for q in range(o * 5, o * 5 + NCELL[o]):
            t = a + off[q]
            y = t // s
            x = t - y * s
            z = mix((y * w + x) << 2 | c)
            h ^= z
            v += z >> 14
            if duo:
                z = mix(((n - x) * w + n - y) << 2 | c)
                hm ^= z
                vm += z >> 14
    if not duo:
        return h, v % 65521, h, v % 65521
    return h, v % 65521, hm, vm % 65521


def key(b):
    """(key, check) of the position as the book stores it (canon)."""
    h, v, _ = canon(b)
    return h, v


def canon(b):
    """(key, check, mirrored): the position's stored image: mirrored is 1 when it is the
    mirror image (the board and the book's moves are then each other's mirrors), 2 when the
    position is its own image (either way is the same), 0 otherwise."""
    h, v, hm, vm = keys(b)
    if (hm, vm) < (h, v):
        return hm, vm, 1
    return h, v, 2 if (hm, vm) == (h, v) and b.width == 14 else 0


def mirror(code, w=14):
    """A move's code on Duo's board mirrored in its diagonal through the starting points."""
    o = code % NORIENT
    a = code // NORIENT
    x = a % w
    y = a // w
    # the image's anchor: the image of the cell that comes first in (row, column) order
    by = bx = 99
    for q in range(o * 5, o * 5 + NCELL[o]):
        ny = w - 1 - x - CX[q] + 8
        nx = w - 1 - y - CY[q] + 8
        if ny < by or ny == by and nx < bx:
            by = ny
            bx = nx
    return (by * w + bx) * NORIENT + MIR[o]


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


def move(b, where, rng=None):
    """The move int of the book in file `where` for the position on board b, or 0; where
    it has several, the one `rng` draws (the first without it)."""
    k, v, flip = canon(b)
    try:
        f = open(where, "rb")
    except OSError:
        return 0
    buf = bytearray(REC)
    code = -1
    with f:
        # the first record not below (k, v), then the records of (k, v) from there
        lo = 0
        hi = f.seek(0, 2) // REC
        while lo < hi:
            mid = (lo + hi) // 2
            f.seek(mid * REC)
            if f.readinto(buf) != REC:
                return 0
            r = buf[0] << 24 | buf[1] << 16 | buf[2] << 8 | buf[3]
            if r < k or r == k and buf[4] << 8 | buf[5] < v:
                lo = mid + 1
            else:
                hi = mid
        f.seek(lo * REC)
        n = 0
        while f.readinto(buf) == REC and (buf[0] << 24 | buf[1] << 16 | buf[2] << 8
                                          | buf[3]) == k and buf[4] << 8 | buf[5] == v:
            n += 1
        if n:
            f.seek((lo + (rng.below(n) if rng and n > 1 else 0)) * REC)
            f.readinto(buf)
            code = buf[6] << 8 | buf[7]
    if code < 0:
        return 0
    w = b.width
    if code >= w * w * NORIENT:
        return 0
    if flip == 2 and rng:
        flip = rng.below(2)
    if flip == 1:
        code = mirror(code, w)
    a = code // NORIENT
    return b.index(a % w, a // w) << 7 | code % NORIENT
