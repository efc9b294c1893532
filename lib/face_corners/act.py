"""What a tap on the corner polyomino game's screen does (loaded through App.use for the
tap or the computer's move, then dropped: the resident face keeps only its screen and
render). Pick opens the picker over the board; a piece tapped there is picked and its
ghost put on the board; Rot turns it, Flip mirrors it; a tap on the board moves the ghost,
which snaps to the nearest place where it fits (within SNAP cells of the tap, else it
stays there, red, with the reason); the arrows move it one cell; Place, or a tap on the
ghost, places it. No single tap places a piece: the cells are 2-3 mm, a fingertip 8-10.
"""

from corners.pieces import CX, CY, FIRST, NCELL, OPEN, PIECE
from face_corners import M_GHOST, PIECE_T
SNAP = 5  # twice the farthest a ghost snaps from the tap, in cells (2.5)
NUDGE = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}


def clear(cm):
    for i in range(len(cm)):
        cm[i] &= 255 ^ M_GHOST


def dot(play):
    """The dots again (where the piece picked fits: face_corners.after)."""
    play.app.use("face_corners.after").dot(play)
    play.app.forget("face_corners.after")


def ghost(play):
    """The ghost's cells in cm, from play.orient and play.ghost (its anchor)."""
    n = play.game.width
    cm = play.cm
    clear(cm)
    o = play.orient
    ax = play.ghost % n
    ay = play.ghost // n
    for j in range(o * 5, o * 5 + NCELL[o]):
        cm[(ay + CY[j] - 8) * n + ax + CX[j] - 8] |= M_GHOST


def _show(play, ax, ay):
    """The ghost with its anchor at (ax, ay) (on the board): ok, or the reason why not."""
    g = play.game
    play.ghost = ay * g.width + ax
    ghost(play)
    m = g.move_of(play.orient, ax, ay)
    why = play.why = g.why_not(m)
    play.ok = why is None
    if why is not None:  # the engine names the piece's squares: the ghost shows them
        text = g.text_of(m)
        if why[:len(text)] == text:
            play.why = "It" + why[len(text):]
    play.ver += 1


def place(play, cell, anchor=False):
    """Put the ghost of the piece picked at cell (its anchor there, or its middle square),
    moved back onto the board if it hangs over an edge; its reason if it cannot go."""
    g = play.game
    n = g.width
    o = play.orient
    k = o * 5
    nc = NCELL[o]
    mid = 0 if anchor else nc // 2
    ax = cell % n - (CX[k + mid] - 8)
    ay = cell // n - (CY[k + mid] - 8)
    lo_x = hi_x = lo_y = hi_y = 0
    for j in range(k, k + nc):
        dx = CX[j] - 8
        dy = CY[j] - 8
        lo_x = min(lo_x, ax + dx)
        hi_x = max(hi_x, ax + dx - (n - 1))
        lo_y = min(lo_y, ay + dy)
        hi_y = max(hi_y, ay + dy - (n - 1))
    _show(play, ax - lo_x - hi_x, ay - lo_y - hi_y)
    return play.why


def nearest(play, cell, lo, hi, far=SNAP):
    """The legal placement of one of orientations lo..hi - 1 whose middle is nearest the
    middle of `cell`, within far / 2 cells: (orientation, anchor x, anchor y) or None.
    Found as the engine's move generator finds moves (from each corner place of the
    colour), without a move list."""
    g = play.game
    b = g.board
    c = g.turn
    n = g.width
    tx = cell % n
    ty = cell // n
    blk = b.blk
    cells = b.cells
    off = b.off
    mask = 0xF0 | 1 << c
    v = c + 1
    first = not b.placed[c]
    best = None
    near = 0
    cl = b.cl[c]
    for j in range(b.base(c), b.ncl[c]):
        a = cl[j]
        if blk[a] & mask:
            continue
        dirs = 16 if first else 0
        for d in range(4):
            if not first and cells[a + b.dnb[d]] == v:
                dirs |= 1 << d
        for o in range(lo, hi):
            e = o * 5 + NCELL[o]
            nc = NCELL[o]
            for q in range(o * 5, e):
                if not OPEN[q] & dirs:
                    continue
                an = a - off[q]
                for r in range(o * 5, e):
                    if blk[an + off[r]] & mask:
                        break
                else:
                    x, y = b.xy(an)
                    sx = sy = 0
                    for r in range(o * 5, e):
                        sx += x + CX[r] - 8
                        sy += y + CY[r] - 8
                    # squared distance of the middles, in (cells / 2nc)^2
                    dd = (4 * (sx - nc * tx) ** 2 + 4 * (sy - nc * ty) ** 2) // (nc * nc)
                    if dd <= far * far and (best is None or dd < near):
                        best = (o, x, y)
                        near = dd
    return best


def snap(play, cell, far=SNAP):
    """The ghost at the nearest place it fits around cell (within far / 2 cells), else at
    cell (red, why)."""
    play.pivot = cell
    o = play.orient
    at = nearest(play, cell, o, o + 1, far)
    if at is None:
        place(play, cell)
    else:
        _show(play, at[1], at[2])


def put_back(play):
    """The piece picked goes back (and the picker closes)."""
    play.piece = play.ghost = None
    play.picking = play.hinted = False
    clear(play.cm)
    dot(play)
    play.ver += 1


def show_hint(play, move):
    g = play.game
    try:
        m = g.parse(move)
    except ValueError:
        play.msg = "No hint"
        return
    o = m & 127
    play.piece = PIECE[o]
    x, y = g.board.xy(m >> 7)
    play.orient = o
    play.picking = False
    play.hinted = True
    dot(play)
    _show(play, x, y)
    play.pivot = play.ghost


def _turned(o, how):
    """The orientation of o's piece turned a quarter clockwise ("rot") or mirrored left to
    right ("flip")."""
    k = o * 5
    nc = NCELL[o]
    want = 0
    lx = ly = 99
    for j in range(k, k + nc):
        x, y = CX[j] - 8, CY[j] - 8
        x, y = (y, -x) if how == "rot" else (-x, y)
        lx = min(lx, x)
        ly = min(ly, y)
    for j in range(k, k + nc):
        x, y = CX[j] - 8, CY[j] - 8
        x, y = (y, -x) if how == "rot" else (-x, y)
        want |= 1 << ((y - ly) * 9 + x - lx)
    p = PIECE[o]
    for q in range(FIRST[p], FIRST[p + 1]):
        kq = q * 5
        lx = min(CX[j] for j in range(kq, kq + nc))
        ly = min(CY[j] for j in range(kq, kq + nc))
        have = 0
        for j in range(kq, kq + nc):
            have |= 1 << ((CY[j] - ly) * 9 + CX[j] - lx)
        if have == want:
            return q
    return o


def _pick(play, p):
    """Piece p picked from the picker: its ghost where it fits nearest the last place
    tapped, else at the first place it fits."""
    g = play.game
    name = play.app.use("face_corners.draw").PLAIN[p]
    play.app.forget("face_corners.draw")
    if not g.board.left[g.turn] >> p & 1:
        play.illegal("The %s is played already" % name)
        return
    at = None
    if play.pivot is not None:
        at = nearest(play, play.pivot, FIRST[p], FIRST[p + 1])
    if at is None:
        buf = [0]  # the first place it fits (a one-slot list: no move list made)
        if g.board.gen(g.turn, buf, 0, 1, 1 << p):
            x, y = g.board.xy(buf[0] >> 7)
            at = (buf[0] & 127, x, y)
    if at is None:
        play.illegal("No room for the %s: pick another" % name)
        return
    play.piece = p
    play.orient = at[0]
    play.picking = play.hinted = False
    dot(play)
    _show(play, at[1], at[2])


def tap_other(play, target):
    g = play.game
    play.ver += 1
    if target == "pick":
        if play.picking:
            play.picking = False
        else:
            play.picking = True
        return
    if target in PIECE_T:
        if play.picking:
            _pick(play, PIECE_T.index(target))
        return
    if play.piece is None or play.ghost is None:
        play.illegal("Tap Pick first")
        return
    if target == "rot" or target == "flip":
        play.orient = _turned(play.orient, target)
        play.hinted = False
        # turned where it was: the nearest place it fits so, however far (no tap chose
        # this place), else red with the reason
        snap(play, play.pivot if play.pivot is not None else play.ghost, 99)
    elif target in NUDGE:
        dx, dy = NUDGE[target]
        n = g.width
        ax = play.ghost % n + dx
        ay = play.ghost // n + dy
        o = play.orient
        for j in range(o * 5, o * 5 + NCELL[o]):
            if not (0 <= ax + CX[j] - 8 < n and 0 <= ay + CY[j] - 8 < n):
                play.illegal("That is the edge of the board")
                return
        play.hinted = False
        _show(play, ax, ay)
        play.pivot = None


def tap_cell(play, x):
    play.ver += 1
    if play.piece is None:
        play.illegal("Tap Pick first, then a piece")
        return
    play.hinted = False
    snap(play, x)
