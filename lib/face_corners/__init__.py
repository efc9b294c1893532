"""The corner polyomino game's face (docs/shell.md): its game screen, resident while this
game is shown. Screen: a piece picked from the tray, turned and flipped, shown on the board
as a ghost where the board was tapped (see-through red where it cannot go) and placed by a
second tap on it; the computer's turn and the hint as this game plays them, on the shell's
Play. render: the board (one TileGrid over a 16-tile sheet), the two trays (small bitmaps
written in place), the panel's text and buttons. Built by face_corners.start; everything
else (settings, pages, the end of a game) is loaded on demand.

Session record: 0 b"B" (the game's id)  1 version (1)  2 first computer player (255: none)
3 flags (bit 0: counted in the statistics)  4-5 AI seed  6-9 who plays each player (0 a
person, 1-4 the computer at corners.ai.LEVELS[k - 1])  then corners' own save bytes.
"""

from quadpocket.play import NO_CPU, Play, Session as _Session
from quadpocket import view

MAGIC = 0x42  # "B"
VERSION = 1
KINDS = ("Person", "Custom", "Easy", "Average", "Expert")

# Board sheet tiles (face_corners.start draws them): empty, dot (a piece can go here),
# a colour's starting point, a red cross (the ghost where it cannot go); per colour c:
# T_PIECE + c, with the last move's mark T_LAST + c, the ghost T_GHOST + c.
T_EMPTY = 0
T_DOT = 1
T_START = 2
T_BAD = 3
T_PIECE = 4
T_LAST = 8
T_GHOST = 12
# Tray bitmaps' values (the board sheet's palette): 0 background, 3 the mover's box, 6
# the piece picked, 8 + c colour c.
PIECE_T = tuple("p%d" % i for i in range(21))


class Trays:
    """The two tray bitmaps and where they are (face_corners.start builds them)."""


class Session(_Session):
    """The shell's Session with this game's header: kinds[k], who plays player k."""
    magic = MAGIC
    version = VERSION

    def __init__(self, game, kinds, seed=0):
        comp = [k for k in range(4) if kinds[k]]
        _Session.__init__(self, game, comp[0] if comp else -1, seed)
        self.kinds = bytes(kinds)

    def human(self, colour):
        g = self.game
        if colour is None:
            return True
        return not self.kinds[g.player_of(colour)]

    def to_bytes(self):
        out = bytearray((self.magic, self.version, NO_CPU if self.cpu < 0 else self.cpu,
                         1 if self.recorded else 0, self.seed >> 8, self.seed & 255))
        out.extend(self.kinds)
        out.extend(self.game.to_bytes())
        return bytes(out)


def settle(g):
    """The game's `result` (what the shell reads): None while it goes on, else the
    winners."""
    g.result = None if g.turn is not None else g.winners()


class Screen(Play):
    """piece: the piece picked (None), orient: its orientation (corners.pieces), ghost: the
    board cell (y * n + x) under its anchor or None; gmask / dots / lastm: per cell, set
    where the ghost, a dot, the last move is (made when they change, read by render)."""

    gid = "B"
    over = "face_corners.start"
    busy = ("undo",)

    def __init__(self, app):
        Play.__init__(self, app)
        self.conf = None
        self.conf_slots = None
        self.piece = None
        self.orient = 0
        self.ghost = None
        self.pivot = None
        self.ok = False
        self.gmask = self.dots = self.lastm = self.startm = None
        self.trays = None
        self.seen = None     # what the trays show: per colour its hand, then pick, mover
        self.weights = None  # Custom's weights while its move is searched

    # --- the shell's hooks -------------------------------------------------------------------
    def player(self):
        from corners import ai
        return ai, self.s.game.plies

    def update_trainer(self):
        self.trainer = ()

    def start_thinking(self, purpose):
        ai, done = self.player()
        self.stop_thinking()
        s = self.s
        g = s.game
        level = "expert"
        if purpose == "move":
            level = ai.LEVELS[s.kinds[g.player_of(g.turn)] - 1]
            if level == "custom":
                c = self.conf
                w = ai.CUSTOM
                w["size"] = c[6] - 128
                w["spaces"] = c[7] - 128
                w["enemy"] = c[8] - 128
                w["own_check"] = w["enemy_check"] = c[9]
        self.thinker = ai.think(g, level, (s.seed + done) & 0xFFFF)
        self.purpose = purpose
        self.spin = 0
        self.spin_at = self.app.p.ticks_ms()

    def undo_count(self):
        g = self.game
        s = self.s
        n = g.plies
        while n > 0:
            n -= 1
            if s.human(g.colour_at(n)):
                return g.plies - n
        return 0

    def after_change(self, sound=None):
        settle(self.game)
        self.piece = self.ghost = None
        self.marks()
        Play.after_change(self, sound)

    def marks(self):
        """The last move's cells and the dots for the colour to move (after a change)."""
        g = self.game
        n = g.width
        lm = self.lastm
        for i in range(n * n):
            lm[i] = 0
        if g.plies:
            for x, y in g.cells_of(g.move_at(g.plies - 1)):
                lm[y * n + x] = 1
        self.dot()

    def dot(self):
        """Dots on the corner places where the piece picked (or any piece) can go."""
        g = self.game
        n = g.width
        d = self.dots
        for i in range(n * n):
            d[i] = 0
        c = g.turn
        if c is None or not self.s.human(c):
            return
        from corners.game import _scratch
        b = g.board
        buf = _scratch()
        k = b.gen(c, buf, 0, len(buf), -1 if self.piece is None else 1 << self.piece)
        bit = 1 << c
        for j in range(k):
            for i in b.move_cells(buf[j]):
                if b.cm[i] & bit:
                    x, y = b.xy(i)
                    d[y * n + x] = 1

    def show_hint(self, move):
        g = self.game
        try:
            m = g.parse(move)
        except ValueError:
            self.msg = "No hint"
            return
        from corners.pieces import NAMES, PIECE
        o = m & 127
        self.piece = PIECE[o]
        x, y = g.board.xy(m >> 7)
        self.orient = o
        self.pivot = y * g.width + x
        self.place(self.pivot, True)
        self.dot()
        self.msg = "Hint: " + NAMES[self.piece]

    def play_turn(self, move):
        p = self.app.p
        g = self.game
        try:
            g.play(move)
            p.log("computer: " + move)
        except ValueError as e:  # a bug in the player must not stop the game
            p.log("computer's %r refused: %s" % (move, e))
            ms = g.moves()
            if not ms:
                return False
            g.apply_move(ms[0])
        return True

    # --- the ghost -----------------------------------------------------------------------------
    def place(self, cell, anchor=False):
        """Put the ghost of the piece picked at cell (its anchor there, or its middle
        square), moved back onto the board if it hangs over an edge."""
        from corners.pieces import CX, CY, NCELL
        g = self.game
        n = g.width
        o = self.orient
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
        gm = self.gmask
        for i in range(n * n):
            gm[i] = 0
        for j in range(k, k + nc):
            gm[(ay + CY[j] - 8) * n + ax + CX[j] - 8] = 1
        self.ghost = ay * n + ax
        m = g.move_of(o, ax, ay)
        why = g.why_not(m)
        self.ok = why is None
        return why

    # --- taps ----------------------------------------------------------------------------------
    def hit(self, x, y):
        pn = self.panel
        t = pn.hit(x, y)
        if t is not None:
            return t
        for i in range(2):
            f = pn.more[i]
            if not f.hidden and f.x <= x < f.x + f.width and f.y <= y < f.y + f.height:
                return pn.more_names[i]
        b = self.board
        c = b.cell
        dx = x - b.bx
        dy = y - b.by
        n = b.n
        if 0 <= dx < n * c and 0 <= dy < n * c:
            return (n - 1 - dy // c) * n + dx // c
        tr = self.trays
        u = tr.u
        dx = x - tr.x
        dy = y - tr.y
        if 0 <= dx < tr.w and 0 <= dy < tr.h:
            k = (dy // (4 * u)) * tr.cols + dx // (6 * u)
            if k < 21:
                return PIECE_T[tr.order[k]]
        return None

    def modal(self, target):
        return False

    def tap_other(self, target):
        g = self.game
        if not self.s.human(g.turn):
            return
        if target == "rot" or target == "flip":
            if self.piece is None:
                self.illegal("Pick a piece first")
                return
            from corners.pieces import CX, CY, FIRST, NCELL
            o = self.orient
            k = o * 5
            nc = NCELL[o]
            # the turned shape's cells, as a bit per cell of a 9 x 9 box
            want = 0
            lx = ly = 99
            for j in range(k, k + nc):
                x, y = CX[j] - 8, CY[j] - 8
                x, y = (y, -x) if target == "rot" else (-x, y)
                lx = min(lx, x)
                ly = min(ly, y)
            for j in range(k, k + nc):
                x, y = CX[j] - 8, CY[j] - 8
                x, y = (y, -x) if target == "rot" else (-x, y)
                want |= 1 << ((y - ly) * 9 + x - lx)
            p = self.piece
            for q in range(FIRST[p], FIRST[p + 1]):
                have = 0
                kq = q * 5
                lx = ly = 99
                for j in range(kq, kq + nc):
                    lx = min(lx, CX[j])
                    ly = min(ly, CY[j])
                for j in range(kq, kq + nc):
                    have |= 1 << ((CY[j] - ly) * 9 + CX[j] - lx)
                if have == want:
                    self.orient = q
                    break
            if self.ghost is not None:
                why = self.place(self.pivot)
                if why:
                    self.msg = why[:1].upper() + why[1:]
            return
        if target in PIECE_T:
            p = PIECE_T.index(target)
            if not g.board.left[g.turn] >> p & 1:
                self.illegal("Already played")
                return
            if p == self.piece:
                self.piece = self.ghost = None
                self.dot()
                return
            self.piece = p
            self.ghost = None
            from corners.pieces import FIRST
            self.orient = FIRST[p]
            self.dot()
            # the ghost at the first place it fits, if any
            from corners.game import _scratch
            buf = _scratch()
            if g.board.gen(g.turn, buf, 0, len(buf), 1 << p):
                m = buf[0]
                x, y = g.board.xy(m >> 7)
                self.orient = m & 127
                self.pivot = y * g.width + x
                self.place(self.pivot, True)
            else:
                self.msg = "No room for it"

    def tap_cell(self, x):
        g = self.game
        if self.piece is None:
            self.illegal("Pick a piece first")
            return
        if self.ghost is not None and self.gmask[x]:
            n = g.width
            m = g.move_of(self.orient, self.ghost % n, self.ghost // n)
            why = g.why_not(m)
            if why is not None:
                self.illegal(why)
                return
            g.apply_move(m)
            self.after_change("marble")
            return
        self.pivot = x
        why = self.place(x)
        if why:
            self.msg = why[:1].upper() + why[1:]

    def cancel(self):
        if self.piece is None:
            return False
        self.piece = self.ghost = None
        self.dot()
        return True


# --- what the game screen shows ----------------------------------------------------------------

def _board(play, g):
    b = play.board
    grid = b.grid
    n = b.n
    cells = g.board.cells
    idx = g.board.index
    gm = play.gmask
    dots = play.dots
    lastm = play.lastm
    show_last = g.plies and (play.app.prefs.show_move or play.s.human(g.colour_at(g.plies - 1)))
    ghost = play.ghost is not None
    gt = T_GHOST + (g.turn or 0) if play.ok else T_BAD
    startm = play.startm
    open_ = 0
    for c in range(g.ncol):
        if not g.board.placed[c]:
            open_ |= 1 << c
    changed = False
    for y in range(n):
        for x in range(n):
            i = y * n + x
            v = cells[idx(x, y)]
            if ghost and gm[i]:
                t = gt if not v else T_BAD
            elif v:
                t = (T_LAST if show_last and lastm[i] else T_PIECE) + v - 1
            elif dots[i]:
                t = T_DOT
            else:
                t = T_START if startm[i] & open_ else T_EMPTY
            j = (n - 1 - y) * n + x
            if grid[j] != t:
                grid[j] = t
                changed = True
    return changed


def _piece(bmp, o, x0, y0, v):
    """Orientation o's squares in bitmap bmp, its box's corner at (x0, y0) (y grows down)."""
    from corners.pieces import CX, CY, NCELL
    k = o * 5
    top = 0
    left = 99
    for j in range(k, k + NCELL[o]):
        top = max(top, CY[j])
        left = min(left, CX[j])
    for j in range(k, k + NCELL[o]):
        bmp[x0 + CX[j] - left, y0 + top - CY[j]] = v


def _trays(play, g):
    """Redraw the trays whose contents changed (every colour's hand small, the mover's
    big); True if any did."""
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
        bx = (c % 2) * 44
        by = (c // 2) * 14
        for yy in range(14):
            for xx in range(44):
                small[bx + xx, by + yy] = 3 if mover else 0
        for k in range(21):
            p = tr.order[k]
            if want >> p & 1:
                _piece(small, tr.shape[p], bx + 1 + (k % 7) * 6, by + 1 + (k // 7) * 4, 8 + c)
    if turn == 255:
        want = 0
    else:
        want = left[turn]
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


def status(play, g, s):
    """The panel's first two lines: whose turn (or the search), the last move."""
    if play.thinker is not None:
        a = ("Hint " if play.purpose == "hint" else "Thinking ") + "|/-\\"[play.spin % 4]
    elif g.turn is None:
        a = "Game over"
    else:
        a = g.colours[g.turn] + (" to go" if s.human(g.turn) else ": CPU")
    if g.plies:
        from corners.pieces import NAMES, PIECE
        i = g.plies - 1
        b = "Last: %s %s" % (g.colours[g.colour_at(i)], NAMES[PIECE[g.move_at(i) & 127]])
    else:
        b = "First move"
    return a, b


def render(play):
    g = play.game
    s = play.s
    p = play.panel
    over = g.result is not None
    changed = False
    if not (play.thinker is not None and play.purpose == "move"):
        changed = _board(play, g)
    msg = play.msg
    if over:
        lines = play.result or ()
        p.covered = True
    else:
        a, b = status(play, g, s)
        lines = [a, b]
        if msg:
            lines = lines + play.app.use("wrap").say(msg, p.cols)
        p.covered = bool(msg)
    changed = p.set_info(lines) or changed
    tr = play.trays
    hide = p.covered
    if tr.group.hidden != hide:
        tr.group.hidden = hide
        changed = True
    if not hide:
        changed = _trays(play, g) or changed
    if over:
        buttons = (("new", "New", True), ("undo", "Undo", True), ("menu", "Menu", True),
                   ("moves", "Moves", True))
        more = False
    else:
        mine = s.human(g.turn) and play.thinker is None
        act = mine or play.purpose == "move"
        buttons = (("menu", "Menu", True), ("undo", "Undo", act and (
            play.piece is not None or play.undo_count() > 0)), ("hint", "Hint", mine),
            ("moves", "Moves", True))
        more = mine and play.piece is not None
    for i in range(4):
        bt = buttons[i]
        changed = p.set_button(i, bt[0], bt[1], bt[2]) or changed
    for i in range(2):
        f = p.more[i]
        lab = p.more_labels[i]
        if f.hidden == more:
            f.hidden = lab.hidden = not more
            changed = True
    return changed
