"""The corner polyomino game's board marks after a change (loaded through App.use by
face_corners.marks after every move, undo and start, then dropped): the starting points
not yet covered, the last move, the dots, the age dots (face_corners.ages), the Trainer's
marks (face_corners.trainer) and the notice of a colour that is out of moves.
"""

from face_corners import (M_DOT, M_GOOD, M_LAST, M_START, M_TRAIN, TRAINER)


def clear(cm, bit):
    keep = 255 ^ bit
    for i in range(len(cm)):
        cm[i] &= keep


def marks(play):
    g = play.game
    app = play.app
    app.use("face_corners.ages").ages(play, g)
    app.forget("face_corners.ages")
    n = g.width
    cm = play.cm
    clear(cm, M_LAST | M_START | M_TRAIN | M_GOOD)
    for c in range(g.ncol):
        if not g.board.placed[c]:
            for x, y in g.starts[c]:
                cm[y * n + x] |= M_START
    if g.plies:
        for x, y in g.cells_of(g.move_at(g.plies - 1)):
            cm[y * n + x] |= M_LAST
    dot(play)
    # a colour out of moves since the last look: said once (an undo brings it back)
    new = g.out & ~play.outs
    play.outs = g.out
    if new and g.turn is not None and play.tutor is None:
        out = [g.colours[c] for c in range(g.ncol) if new >> c & 1]
        play.msg = " and ".join(out) + (" are" if len(out) > 1 else " is") + \
            " out: no piece fits"
    s = play.s
    if (g.turn is not None and s.human(g.turn) and play.tutor is None
            and TRAINER in s.kinds):
        app.use("face_corners.trainer").marks(play)
    play.ver += 1


def dot(play):
    """Dots on the mover's corner places where the piece picked, or any in hand, fits
    (each place tried on its own: no move list)."""
    g = play.game
    n = g.width
    cm = play.cm
    clear(cm, M_DOT)
    c = g.turn
    if c is None or not play.s.human(c):
        return
    from corners.pieces import FIRST, NCELL, OPEN
    b = g.board
    pieces = b.left[c] if play.piece is None else 1 << play.piece
    blk = b.blk
    cells = b.cells
    off = b.off
    dnb = b.dnb
    mask = 0xF0 | 1 << c
    v = c + 1
    cl = b.cl[c]
    for j in range(b.base(c), b.ncl[c]):
        a = cl[j]
        if blk[a] & mask:
            continue
        dirs = 0 if b.placed[c] else 16
        for d in range(4):
            if cells[a + dnb[d]] == v:
                dirs |= 1 << d
        fit = False
        for p in range(21):
            if fit or not pieces >> p & 1:
                continue
            for o in range(FIRST[p], FIRST[p + 1]):
                e = o * 5 + NCELL[o]
                for q in range(o * 5, e):
                    if OPEN[q] & dirs:
                        an = a - off[q]
                        for r in range(o * 5, e):
                            if blk[an + off[r]] & mask:
                                break
                        else:
                            fit = True
                            break
                if fit:
                    break
        if fit:
            x, y = b.xy(a)
            cm[y * n + x] |= M_DOT
