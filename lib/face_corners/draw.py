"""The corner polyomino game's trays, redrawn when what they show changed (loaded through
App.use by face_corners.render for that, then dropped): every colour's pieces in hand,
small, one box a colour (the mover's box grey), and the mover's pieces, big, to tap (the
piece picked white). Bitmap values are the board sheet's palette (face_corners.start).
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


def trays(play, g):
    """Redraw the trays whose contents changed; True if any did."""
    tr = play.trays
    seen = tr.seen
    left = g.board.left
    turn = g.turn if g.turn is not None else 255
    pick = play.piece if play.piece is not None else 255
    changed = False
    small = tr.small
    for c in range(g.ncol):
        want = left[c]
        mover = c == turn
        if seen[c] == want and seen[4 + c] == mover:
            continue
        seen[c] = want
        seen[4 + c] = mover
        changed = True
        bx = (c % tr.per) * 44
        by = (c // tr.per) * 14
        for yy in range(14):
            for xx in range(44):
                small[bx + xx, by + yy] = 3 if mover else 0
        for k in range(21):
            p = tr.order[k]
            if want >> p & 1:
                _piece(small, tr.shape[p], bx + 1 + (k % 7) * 6, by + 1 + (k // 7) * 4, 8 + c)
    want = 0 if turn == 255 else left[turn]
    if seen[8] != want or seen[9] != turn or seen[10] != pick:
        seen[8] = want
        seen[9] = turn
        seen[10] = pick
        changed = True
        big = tr.big
        w = tr.cols * 6
        for yy in range(tr.rows * 4):
            for xx in range(w):
                big[xx, yy] = 0
        for k in range(21):
            p = tr.order[k]
            if want >> p & 1:
                _piece(big, tr.shape[p], (k % tr.cols) * 6, (k // tr.cols) * 4,
                       6 if p == pick else 8 + turn)
    return changed

