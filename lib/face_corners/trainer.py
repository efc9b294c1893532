"""The corner polyomino game's Trainer marks (loaded through App.use by face_corners.after
on a person's turn in a game with a Trainer computer, then dropped), in the shell's
meanings of the two marks (docs/app.md): a pink cell is a danger, one of your corner
places (a dot) that a computer colour can cover with its next piece, so you lose it unless
you use it now; a yellow ring is a good cell for you, a corner place of a computer colour
that your next piece can cover, taking that room from it. Both from the pieces in hand and
the rules alone: every legal placement from each corner place, as the engine's move
generator finds them, but marking the cells covered instead of listing moves.
"""

from face_corners import M_DOT, M_GOOD, M_TRAIN


def reach(b, c, mark, bit):
    """Mark `bit` on every cell some legal placement of colour c covers now."""
    from corners.pieces import FIRST, NCELL, OPEN
    blk = b.blk
    cells = b.cells
    off = b.off
    dnb = b.dnb
    mask = 0xF0 | 1 << c
    left = b.left[c]
    v = c + 1
    cl = b.cl[c]
    first = not b.placed[c]
    for j in range(b.base(c), b.ncl[c]):
        a = cl[j]
        if blk[a] & mask:
            continue
        dirs = 16 if first else 0
        for d in range(4):
            if not first and cells[a + dnb[d]] == v:
                dirs |= 1 << d
        for p in range(21):
            if not left >> p & 1:
                continue
            for o in range(FIRST[p], FIRST[p + 1]):
                e = o * 5 + NCELL[o]
                for q in range(o * 5, e):
                    if not OPEN[q] & dirs:
                        continue
                    an = a - off[q]
                    for r in range(o * 5, e):
                        if blk[an + off[r]] & mask:
                            break
                    else:
                        for r in range(o * 5, e):
                            mark[an + off[r]] |= bit


def marks(play):
    g = play.game
    s = play.s
    b = g.board
    me = g.turn
    n = g.width
    cm = play.cm
    mark = bytearray(b.size)
    reach(b, me, mark, 1)
    them = 0
    for d in range(g.ncol):
        if d != me and not g.out >> d & 1 and not s.human(d):
            reach(b, d, mark, 2)
            them |= 1 << d
    for y in range(n):
        i = b.index(0, y)
        for x in range(n):
            if mark[i + x] & 2 and cm[y * n + x] & M_DOT:
                cm[y * n + x] |= M_TRAIN
    for d in range(g.ncol):
        if not them >> d & 1:
            continue
        cl = b.cl[d]
        mask = 0xF0 | 1 << d
        for j in range(b.base(d), b.ncl[d]):
            a = cl[j]
            if not b.blk[a] & mask and mark[a] == 3:
                x, y = b.xy(a)
                cm[y * n + x] |= M_GOOD
