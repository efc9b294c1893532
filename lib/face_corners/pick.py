"""The corner polyomino game's piece picker and the picked piece's view, drawn (loaded
through App.use by face_corners.draw while they show, then dropped): the mover's 21
pieces in the picker's slots (those in hand in its colour, those played dim, the one
picked white) and the piece picked, big, as it is turned now. Bitmap values are the board
sheet's palette (face_corners.build).
"""

from corners.pieces import CX, CY, NCELL


def _piece(bmp, o, x0, y0, v):
    """Orientation o's squares in bitmap bmp, its box's corner at (x0, y0) (y grows down)."""
    k = o * 5
    top = 0
    left = 99
    for j in range(k, k + NCELL[o]):
        top = max(top, CY[j])
        left = min(left, CX[j])
    for j in range(k, k + NCELL[o]):
        bmp[x0 + CX[j] - left, y0 + top - CY[j]] = v


def _box(o):
    """(width, height) of orientation o in squares."""
    k = o * 5
    xs = [CX[j] for j in range(k, k + NCELL[o])]
    ys = [CY[j] for j in range(k, k + NCELL[o])]
    return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def picker(play, g):
    """The mover's 21 pieces in the picker's slots: in hand in its colour, played dim, the
    one picked white."""
    pk = play.pk
    c = g.turn
    left = g.board.left[c]
    pick = 255 if play.piece is None else play.piece
    if pk.seen[0] == c and pk.seen[1] == left and pk.seen[2] == pick:
        return False
    pk.seen[0] = c
    pk.seen[1] = left
    pk.seen[2] = pick
    bmp = pk.bmp
    bmp.fill(0)
    for k in range(21):
        p = pk.order[k]
        o = pk.shape[p]
        w, h = _box(o)
        _piece(bmp, o, (k % 6) * 4 + (4 - w) // 2, (k // 6) * 6 + (6 - h) // 2,
               6 if p == pick else 8 + c if left >> p & 1 else 7)
    return True


def piece_view(play, g):
    """The picked piece, big, as it is turned now."""
    pk = play.pk
    key = play.orient * 4 + g.turn
    if pk.seen[3] == key:
        return False
    pk.seen[3] = key
    bmp = pk.vbmp
    bmp.fill(0)
    w, h = _box(play.orient)
    _piece(bmp, play.orient, (5 - w) // 2, (5 - h) // 2, 8 + g.turn)
    return True
