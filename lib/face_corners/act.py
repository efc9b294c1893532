"""What a tap on the corner polyomino game's screen does (loaded through App.use for the
tap or the computer's move, then dropped: the resident face keeps only its screen and
render). A piece picked from the tray, turned (Rot) and mirrored (Flip), its ghost put where
the board was tapped and the piece placed by a tap on the ghost; the hint shown as a
ghost.
"""

from corners.pieces import CX, CY, FIRST, NAMES, NCELL, PIECE
from face_corners import M_GHOST, PIECE_T, clear, dot


def ghost(play):
    """The ghost's cells in cm, from play.orient and play.ghost (its anchor)."""
    n = play.game.width
    cm = play.cm
    o = play.orient
    ax = play.ghost % n
    ay = play.ghost // n
    for j in range(o * 5, o * 5 + NCELL[o]):
        cm[(ay + CY[j] - 8) * n + ax + CX[j] - 8] |= M_GHOST


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
    ax -= lo_x + hi_x
    ay -= lo_y + hi_y
    clear(play.cm, M_GHOST)
    play.ghost = ay * n + ax
    ghost(play)
    why = g.why_not(g.move_of(o, ax, ay))
    play.ok = why is None
    return why


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
    play.pivot = y * g.width + x
    play.ghost = None
    dot(play)
    place(play, play.pivot, True)
    play.msg = "Hint: " + NAMES[play.piece]


def _turned(o, how):
    """The orientation of o's piece turned a quarter ("rot") or mirrored ("flip")."""
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


def tap_other(play, target):
    g = play.game
    if target == "rot" or target == "flip":
        if play.piece is None:
            play.illegal("Pick a piece first")
            return
        play.orient = _turned(play.orient, target)
        if play.ghost is not None:
            place(play, play.pivot)
        return
    if target not in PIECE_T:
        return
    p = PIECE_T.index(target)
    if not g.board.left[g.turn] >> p & 1:
        play.illegal("Already played")
        return
    play.ghost = None
    if p == play.piece:  # tapped again: put back
        play.piece = None
        dot(play)
        return
    play.piece = p
    play.orient = FIRST[p]
    dot(play)
    # the ghost at the first place it fits, if any (a one-slot list: no move list made)
    buf = [0]
    if g.board.gen(g.turn, buf, 0, 1, 1 << p):
        m = buf[0]
        x, y = g.board.xy(m >> 7)
        play.orient = m & 127
        play.pivot = y * g.width + x
        place(play, play.pivot, True)
    else:
        play.msg = "No room for it"


def tap_cell(play, x):
    g = play.game
    if play.piece is None:
        play.illegal("Pick a piece first")
        return
    if play.ghost is not None and play.cm[x] & M_GHOST:
        n = g.width
        m = g.move_of(play.orient, play.ghost % n, play.ghost // n)
        why = g.why_not(m)
        if why is not None:
            play.illegal(why)
            return
        g.apply_move(m)
        play.after_change("marble")
        return
    play.pivot = x
    place(play, x)  # red crosses where it cannot go; the reason on the second tap
