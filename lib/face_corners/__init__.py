"""The corner polyomino game's face (docs/shell.md, docs/corners.md): its game screen,
resident while shown: Screen (the shell's Play with this game's taps, computer and hint),
dots, marks, render. start builds it; act, draw, ages, record and tutorial load on demand.

Session record: 0 b"B" (the game's id)  1 version (1)  2 first computer player (255: none)
3 flags (bit 0: counted in the statistics)  4-5 AI seed  6-9 who plays each player (0 a
person, 1-4 the computer at corners.ai.LEVELS[k - 1])  then corners' own save bytes.
"""

from quadpocket.play import NO_CPU, Play, Session as _Session
from quadpocket import view

MAGIC = 0x42  # "B"
VERSION = 1
KINDS = ("Person", "Custom", "Easy", "Average", "Expert")

# Board sheet tiles (face_corners.start draws them); per colour c: T_PIECE + c, T_LAST + c
# (the last move's mark), T_GHOST + c.
T_EMPTY = 0
T_DOT = 1
T_START = 2
T_BAD = 3
T_PIECE = 4
T_LAST = 8
T_GHOST = 12
# Per cell, the bits of Screen.cm: the ghost, a dot, the last move, then (<< 4) the
# colours whose starting point it is.
M_GHOST = 1
M_DOT = 2
M_LAST = 4
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
    """piece: the piece picked or None, orient: its orientation, ghost: the cell (y * n +
    x) of its anchor or None, ok: it may go there; cm: per cell the M_ bits."""

    gid = "B"
    over = "face_corners.start"
    busy = ("undo",)
    capital = False  # its refusals start with cell names ("e10 is taken"): as they are

    def __init__(self, app):
        Play.__init__(self, app)
        self.conf = None
        self.conf_slots = None
        self.piece = None
        self.orient = 0
        self.ghost = None
        self.pivot = None
        self.ok = False
        self.cm = None
        self.trays = None

    # --- the shell's hooks
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
        if done >= ai.BOOKS.get(g.variant, 0):  # past the opening book: its reader goes
            self.app.forget("corners.book", None)
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

    def act(self):
        return self.app.use("face_corners.act")

    def after_change(self, sound=None):
        settle(self.game)
        self.piece = self.ghost = None
        marks(self)
        Play.after_change(self, sound)

    def show_hint(self, move):
        self.act().show_hint(self, move)

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

    # --- taps
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
        if self.s.human(self.game.turn):
            self.act().tap_other(self, target)

    def tap_cell(self, x):
        self.act().tap_cell(self, x)

    def cancel(self):
        if self.piece is None:
            return False
        self.piece = self.ghost = None
        dot(self)
        return True


# --- the marks on the board: the last move, the dots

def clear(cm, bit):
    keep = 255 ^ bit
    for i in range(len(cm)):
        cm[i] &= keep


def marks(play):
    """The last move's cells, the age dots (face_corners.ages) and the dots (after a
    change)."""
    g = play.game
    play.app.use("face_corners.ages").ages(play, g)
    play.app.forget("face_corners.ages")
    n = g.width
    cm = play.cm
    clear(cm, M_LAST)
    if g.plies:
        for x, y in g.cells_of(g.move_at(g.plies - 1)):
            cm[y * n + x] |= M_LAST
    dot(play)


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


# --- what the game screen shows

def _board(play, g):
    b = play.board
    grid = b.grid
    n = b.n
    cells = g.board.cells
    cm = play.cm
    show_last = g.plies and (play.app.prefs.show_move or play.s.human(g.colour_at(g.plies - 1)))
    ghost = play.ghost is not None
    gt = T_GHOST + (g.turn or 0) if play.ok else T_BAD
    open_ = 0
    for c in range(g.ncol):
        if not g.board.placed[c]:
            open_ |= 16 << c
    changed = False
    for y in range(n):
        row = g.board.index(0, y)
        for x in range(n):
            i = y * n + x
            v = cells[row + x]
            m = cm[i]
            if ghost and m & M_GHOST:
                t = gt if not v else T_BAD
            elif v:
                t = (T_LAST if show_last and m & M_LAST else T_PIECE) + v - 1
            elif m & M_DOT:
                t = T_DOT
            else:
                t = T_START if m & open_ else T_EMPTY
            j = (n - 1 - y) * n + x
            if grid[j] != t:
                grid[j] = t
                changed = True
    return changed


_PROMPT = ("Pick a piece", "Tap the board", "Tap it to place", "Cannot go there")


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
    if play.tutor is not None:
        return play.tutor.render()
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
        elif s.human(g.turn) and play.thinker is None:
            lines.append(_PROMPT[0 if play.piece is None else 1 if play.ghost is None else
                                 2 if play.ok else 3])
        p.covered = bool(msg)
    changed = p.set_info(lines) or changed
    tr = play.trays
    hide = p.covered
    if tr.group.hidden != hide:
        tr.group.hidden = hide
        changed = True
    if not hide:
        # the trays are redrawn (face_corners.draw) only when what they show changed
        seen = tr.seen
        t = g.turn if g.turn is not None else 255
        left = g.board.left
        stale = seen[9] != t or seen[10] != (255 if play.piece is None else play.piece)
        for c in range(g.ncol):
            stale = stale or seen[c] != left[c]
        if stale:  # (render runs after the loop's settle: dropped at once)
            changed = play.app.use("face_corners.draw").trays(play, g) or changed
            play.app.forget("face_corners.draw")
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
