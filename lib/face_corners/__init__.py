"""The corner polyomino game's face (docs/shell.md): its game screen, resident while shown:
Screen (the shell's Play with this game's taps, computer and hint), the board's tiles and
render. start builds it; act (taps), draw (the panel and the picker), marks (the board's
marks after a change), ages, trainer, record, tutorial and pages load on demand.

Session record: 0 b"B" (the game's id)  1 version (1)  2 first computer player (255: none)
3 flags (bit 0: counted in the statistics)  4-5 AI seed  6-9 who plays each player (0 a
person, else the computer at the level KINDS names) then corners' own save bytes.
"""

from quadpocket.play import NO_CPU, Play, Session as _Session
from quadpocket import view

# Who plays a player, by its stored number; LEVEL: the computer player's level for each
# (Trainer plays as Easy and marks the board for the person: face_corners.trainer).
KINDS = ("Person", "Custom", "Easy", "Average", "Expert", "Trainer")
LEVEL = (None, "custom", "easy", "average", "expert", "easy")
TRAINER = 5

# Board sheet tiles (face_corners.build draws them); per colour c: T_PIECE + c, T_LAST + c
# (the last move's mark), T_GHOST + c (a ghost that fits: a frame in the colour).
T_EMPTY = 0
T_DOT = 1
T_START = 2
T_BAD = 3
T_PIECE = 4
T_LAST = 8
T_GHOST = 12
T_TRAIN = 16
T_GOOD = 17
# Per cell, the bits of Screen.cm: the ghost, a dot, the last move, a starting point not yet
# covered, the Trainer's warning, a good cell (the Trainer's, or the tutorial's pointer).
M_GHOST = 1
M_DOT = 2
M_LAST = 4
M_START = 8
M_TRAIN = 16
M_GOOD = 32
PIECE_T = tuple("p%d" % i for i in range(21))


class Picker:
    """The piece picker over the board and the picked piece's view in the panel
    (face_corners.build makes them, face_corners.draw draws them)."""


class Session(_Session):
    """The shell's Session with this game's header: kinds[k], who plays player k."""
    magic = 0x42  # "B", the game's id (quadpocket.games)
    version = 1

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
    x) of its anchor or None, ok: it may go there, why: else the reason; picking: the
    picker is shown; cm: per cell the M_ bits; ver: counts the changes the panel shows
    (face_corners.render redraws it when it moved)."""

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
        self.why = None
        self.picking = False
        self.hinted = False
        self.cm = None
        self.pk = None
        self.ver = 0
        self.outs = 0

    # --- the shell's hooks
    def player(self):
        from corners import ai
        return ai, self.s.game.plies

    def update_trainer(self):
        self.trainer = ()  # the Trainer's marks are the face's own (face_corners.after)

    def start_thinking(self, purpose):
        self.stop_thinking()
        self.thinker = _think(self, purpose)
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
        self.piece = self.ghost = self.pivot = None
        self.picking = self.hinted = False
        marks(self)
        Play.after_change(self, sound)

    def show_hint(self, move):
        self.act().show_hint(self, move)

    def play_turn(self, move):
        return self.app.use("kit").play_turn(self, move)

    # --- taps
    def hit(self, x, y):
        pn = self.panel
        f = pn.fills
        for i in range(4):
            r = f[i]
            if not r.hidden and r.x <= x < r.x + r.width and r.y <= y < r.y + r.height:
                return pn.names[i]
        f = pn.more
        for i in range(8):
            r = f[i]
            if not r.hidden and r.x <= x < r.x + r.width and r.y <= y < r.y + r.height:
                return pn.more_names[i]
        pk = self.pk
        if not pk.group.hidden:  # the picker: a slot, less a gap at its rim
            s = pk.s
            g = pk.gap
            dx = x - pk.x
            dy = y - pk.y
            if 0 <= dx < 24 * s and 0 <= dy < 24 * s:
                k = dy // (6 * s) * 6 + dx // (4 * s)
                if k < 21 and g <= dx % (4 * s) < 4 * s - g and g <= dy % (6 * s) < 6 * s - g:
                    return PIECE_T[pk.order[k]]
            return None
        b = self.board
        c = b.cell
        dx = x - b.bx
        dy = y - b.by
        n = b.n
        if 0 <= dx < n * c and 0 <= dy < n * c:
            return (n - 1 - dy // c) * n + dx // c
        return None

    def modal(self, target):
        return False

    def tap_other(self, target):
        if self.s.human(self.game.turn):
            if target == "lay" and self.ghost is not None:
                self.commit()
            else:
                self.act().tap_other(self, target)

    def tap_cell(self, x):
        if self.ghost is not None and self.cm[x] & M_GHOST:
            self.commit()
        else:
            self.act().tap_cell(self, x)

    def commit(self):
        """Place the ghost's piece (Place, or a tap on the ghost), or say why not. Here,
        not in face_corners.act: no module is loaded for the move the computer answers."""
        g = self.game
        self.ver += 1
        if not self.ok:
            self.illegal(self.why)
            return
        n = g.width
        g.apply_move(g.move_of(self.orient, self.ghost % n, self.ghost // n))
        self.after_change("marble")

    def cancel(self):
        if self.piece is None and not self.picking:
            return False
        self.act().put_back(self)
        return True


def _think(play, purpose):
    """The computer's search (a hint: Expert's), begun at its first step: by then the tap
    that asked for it has returned, so what it loaded goes first (App.settle) and the heap
    is packed before the player's tables are made among the blocks the tap left."""
    app = play.app
    app.settle()
    app.collect()
    ai, done = play.player()
    s = play.s
    g = s.game
    level = "expert"
    if purpose == "move":
        level = LEVEL[s.kinds[g.player_of(g.turn)]]
        if level == "custom":
            c = play.conf
            w = ai.CUSTOM
            w["size"] = c[6] - 128
            w["spaces"] = c[7] - 128
            w["enemy"] = c[8] - 128
            w["own_check"] = w["enemy_check"] = c[9]
    if done >= ai.BOOKS.get(g.variant, 0):  # past the opening book: its reader goes
        app.forget("corners.book", None)
    yield from ai.think(g, level, (s.seed + done) & 0xFFFF)


def marks(play):
    """The board's marks after a change: starting points, the last move, dots, age dots,
    the Trainer's, a colour out of moves (face_corners.after)."""
    play.app.use("face_corners.after").marks(play)
    play.app.forget("face_corners.after")


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
            elif m & M_TRAIN:
                t = T_TRAIN
            elif m & M_GOOD:
                t = T_GOOD
            elif m & M_START:
                t = T_START
            elif m & M_DOT:
                t = T_DOT
            else:
                t = T_EMPTY
            j = (n - 1 - y) * n + x
            if grid[j] != t:
                grid[j] = t
                changed = True
    return changed


def render(play):
    if play.tutor is not None:
        return play.tutor.render()
    g = play.game
    p = play.panel
    changed = False
    if not (play.thinker is not None and play.purpose == "move"):
        changed = _board(play, g)
    # the panel (its words, buttons, the picker and the piece's view) after a change
    k = play.ver * 2 + (g.result is not None)
    if k != p.key or play.msg is not p.msg:
        p.key = k
        p.msg = play.msg
        if g.result is None and not play.s.human(g.turn):
            # the computer's turn: its search starts now, among the tables of the last
            # one; no module is loaded for the panel here (face_corners.draw draws it
            # whole on a person's turn), only the face's buttons go
            p.head = g.colours[g.turn] + "'s turn"
            changed = p.set_info((p.head,)) or changed
            for f in p.more + p.more_labels + [play.pk.view, play.pk.group]:
                if not f.hidden:
                    f.hidden = changed = True
            if play.board.group.hidden:
                play.board.group.hidden = False
            changed = p.set_button(0, "hint", "Hint", False) or changed
        else:
            changed = play.app.use("face_corners.draw").panel(play) or changed
            play.app.forget("face_corners.draw")
    if play.thinker is not None:  # the first line turns while the computer thinks
        changed = view.put(p.info, 0, ("Hint " if play.purpose == "hint" else "Thinking ")
                           + "|/-\\"[play.spin % 4], p.cols) or changed
        p.spun = True
    elif p.spun:
        p.spun = False
        changed = view.put(p.info, 0, p.head, p.cols) or changed
    return changed
