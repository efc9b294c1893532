"""The Quax family's face, resident while this game is shown (docs/shell.md, docs/quax.md):
Screen, the taps (a drop; in Quax and Link an own stone, then its diagonal partner: a link;
Swap, Pass) on the shell's Play; render, the screen with the link bars and the edges in
their players' colours. start, settings, pages, over: on demand (App.use). Session: the
shell's header with the game's id "X"; the computer plays a seat, not a colour (the pie
rule's swap exchanges colours), then quax's own save bytes.
"""

from quadpocket import view
from quadpocket.play import Play, Session as _Session, level_name

CONF = (6016, 64, 0x78)  # its settings and statistics in nvm: offset, slot size, tag "x"
_QUAX = 0     # quax.board's rule numbers: links are turns in Quax and Link
_LINK = 1
_CROSSWAY = 3


class Session(_Session):
    """human(colour to move): the computer plays a seat; a swap exchanges colours."""
    magic = 0x58  # "X", the game's id (quadpocket.games)
    version = 1

    def human(self, colour):
        return self.cpu < 0 or self.game.seat(colour) != self.cpu


class Screen(Play):
    """The shell's Play with this game's taps. sel: an own stone picked to link from."""

    gid = "X"
    over = "face_quax.over"
    busy = ("undo",)
    capital = False        # its refusals are written here, whole

    def __init__(self, app):
        Play.__init__(self, app)
        self.conf = None        # settings and statistics (face_quax.start.conf)
        self.conf_slots = None
        self.links = None       # the link overlay (TileGrid over the cells' corners)
        self.last_text = ""     # the last turn in notation (note_last)
        self.counts = ([0, 0], [0, 0])  # stones and links per colour (render)

    def note_last(self):
        g = self.game
        if g.plies:
            from quax.notation import format_move
            self.last_text = format_move(g.last(), g.n)
        else:
            self.last_text = ""

    # --- the shell's hooks
    def player(self):
        from quax import ai
        return ai, self.s.game.plies

    def seats(self):
        return self.game.plies, 2

    def after_change(self, sound=None):
        self.note_last()
        Play.after_change(self, sound)

    def show_hint(self, move):
        g = self.game
        from quax.notation import parse_turn
        try:
            kind, a, b = parse_turn(move, g.n)
            self.hint = (a,) if kind == "drop" else (a, b) if kind == "link" else ()
        except ValueError:
            self.hint = ()
        self.msg = "Hint " + move[:10]

    def play_turn(self, move):
        if not self.app.use("kit").play_turn(self, move):
            return False
        g = self.game
        if g.last() == 4000:  # quax.notation's SWAP: the player's colour changed
            self.msg = "Swapped: you play " + _WHO[(1 - self.s.cpu) ^ (1 if g.swapped else 0)]
        return True

    # --- taps
    def hit(self, x, y):
        t = self.panel.hit(x, y)
        if t is not None:
            return t
        t = self.board.cell_at(x, y, self.game.board.cells)
        # a stone picked: a tap anywhere off the board and the buttons lets it go
        return "off" if t is None and self.sel is not None else t

    def modal(self, target):
        """A stone picked: a partner links (tap_cell), any other tap lets the pick go
        (a button then does what it does; Undo only that)."""
        sel = self.sel
        if sel is None or target == "undo":
            return False
        g = self.game
        if isinstance(target, int) and g.can_link(sel, target):
            return False
        self.sel = None
        if target == "off" or isinstance(target, int):
            if target != sel:  # (the picked stone again: let go, nothing to say)
                self.illegal(self.app.use("face_quax.why").refusal(self, target, sel))
            return True
        return False

    def tap_other(self, target):
        g = self.game
        if target == "swap" or target == "pass":
            try:
                g.play(target)
            except ValueError:
                self.illegal("Cannot " + target + " now")
                return
            self.after_change("marble")
            if target == "swap":  # the one who swapped took the first stone: Black
                self.msg = "Swapped: you play Black"

    def tap_cell(self, x):
        g = self.game
        own = g.turn + 1
        self.hint = ()
        sel = self.sel
        if sel is not None:  # one of its partners (modal let every other tap go)
            self.sel = None
            g.apply_move(g.link_of(sel, x))
            self.after_change("marble")
            return
        v = g.at(x)
        if v == own and (g.rule == _QUAX or g.rule == _LINK) and g.links_from(x):
            self.sel = x  # picked: its partners are shown, the next tap links
            self.mark = None
            return
        if v or g.rule == _CROSSWAY and not g.can_drop(x):
            # taken, no link to make, a checkerboard: why
            self.mark = None
            self.illegal(self.app.use("face_quax.why").refusal(self, x))
            return
        # the confirm tap (Auto: where cells are under a fingertip): the first tap shows
        # the stone, a tap on it or Place drops it, a tap elsewhere moves it
        if not self.confirmed(x, True):
            return
        g.apply_move(x)
        self.after_change("marble")

    def cancel(self):
        """Undo takes back a pick or a stone shown, and nothing else."""
        if self.sel is None and self.mark is None:
            return False
        self.sel = self.mark = None
        return True


# --- what the game screen shows
_WHO = ("Black", "White")


def last_cells(play):
    """The last turn's cells to mark now (a drop and its fills, a link's stones), or ()."""
    g = play.game
    if not g.plies or play.sel is not None:
        return ()
    cpu = play.s.cpu
    if not (cpu < 0 or g.result is not None or ((g.plies - 1) % 2 == cpu
                                                and play.app.prefs.show_move)):
        return ()
    m = g.last()
    n = g.n
    if m < 1024:
        return (m,)
    if m >= 4000:
        return ()
    k = m - 1024
    b = k >> 1
    return (b, b + n + 1) if k & 1 == 0 else (b + 1, b + n)


def draw_board(play, last):
    """The tiles, link bars and counts as the game stands, last's cells ringed; a picked
    stone's dot and a dashed bar to each partner. True if anything changed."""
    g = play.game
    b = play.board
    n = g.n
    cells = g.board.cells
    over = g.result is not None
    changed = False
    fills = g.board.fills
    nfill = g.board.nfill if last else 0
    chain = g.chain if over else ()
    grid = b.grid
    sel = play.sel
    stones, links = play.counts
    stones[0] = stones[1] = links[0] = links[1] = 0
    for x in range(n * n):
        v = cells[x]
        if v:
            stones[v - 1] += 1
            # ringed: a hinted link's stones, the last turn's, the winning chain
            ring = x in play.hint or (x in chain if over else x in last)
            if not ring and nfill and not over:
                for i in range(nfill):
                    if fills[i] == x:
                        ring = True
            t = view.T_MARBLE + 2 * (v - 1) + (1 if ring else 0)
        elif x == play.mark:
            t = view.T_MARK
        elif x in play.hint:
            t = view.T_HINT_MARBLE
        elif x in play.trainer:
            t = view.T_TRAIN
        else:
            t = view.T_EMPTY
        i = (n - 1 - x // n) * n + x % n
        if grid[i] != t:
            grid[i] = t
            changed = True
    dot = b.pick
    if sel is None:
        ghost = ()
        if not dot.hidden:
            dot.hidden = True
            changed = True
    else:
        ghost = [g.link_of(sel, y) for y in g.links_from(sel)]
        c = b.cell
        x = b.bx + (sel % n) * c + (c - dot.width) // 2
        y = b.by + (n - 1 - sel // n) * c + (c - dot.width) // 2
        if dot.hidden or dot.x != x or dot.y != y:
            dot.x = x
            dot.y = y
            dot.hidden = False
            changed = True
    # the link bars: tile 1 + 2 * colour + (diagonal - 1) over each 2 x 2 block; a link
    # the picked stone may make: tile 4 + diagonal
    lk = g.board.links
    lg = play.links
    for r in range(n - 1):
        for f in range(n - 1):
            k = r * n + f
            d = lk[k]
            t = 0
            if d:
                v = cells[k if d == 1 else k + 1] - 1
                links[v] += 1
                t = 1 + 2 * v + d - 1
            elif ghost:
                m = 1024 + 2 * k  # quax.notation's LINKBASE: the block's "/" link
                t = 5 if m in ghost else 6 if m + 1 in ghost else 0
            i = (n - 2 - r) * (n - 1) + f
            if lg[i] != t:
                lg[i] = t
                changed = True
    return changed


def render(play):
    if play.tutor is not None:
        return play.tutor.render()
    g = play.game
    s = play.s
    p = play.panel
    over = g.result is not None
    c = g.turn
    changed = False
    if not (play.thinker is not None and play.purpose == "move"):
        changed = draw_board(play, last_cells(play))
    if over:
        changed = p.set_info(play.result or ()) or changed
        buttons = (("new", "New"), ("undo", "Undo"), ("menu", "Menu"), ("moves", "Moves"),
                   (None, ""), (None, ""))
    else:
        mine = s.human(c) and play.thinker is None
        status = play.status(mine) or _WHO[c] + " to go"
        extra = ""
        if mine and g.can_swap():
            extra = "swap"
        elif mine and g.rule == _CROSSWAY and not g.has_move(c):
            extra = "pass"
        if play.msg:
            mode = play.msg
        elif not mine:
            mode = ""
        elif play.sel is not None:
            mode = "Link to?"
        elif play.mark is not None:
            mode = "Place it?"  # the confirm tap: Place, or the stone tapped again
        elif extra == "swap":
            mode = "Drop or Swap"
        elif extra == "pass":
            mode = "No drop: Pass"
        else:
            mode = "Drop or link" if g.rule == _QUAX or g.rule == _LINK else "Drop"
        cols = p.cols
        name = "%s %dx%d" % (g.name(), g.n, g.n)
        p.covered = False
        if len(mode) > cols:
            # a long message under the seat rows, until the next tap
            lines = play.app.use("wrap").panel(status, mode, p)
        else:
            lines = [status, mode] + [""] * (p.free_row - 2)
            if play.legend:  # rows too short for the boxes' icons: what they count
                lines.append(play.legend)
        # then, as the rows allow: your colour, the rule set, the last turn, the level
        if s.cpu >= 0:
            lines.append("You: " + _WHO[(1 - s.cpu) ^ (1 if g.swapped else 0)])
        lines.append(name if len(name) <= cols else g.name())
        lines.append("Last " + play.last_text if g.plies else "Turn 1")
        if s.cpu >= 0:
            lines.append("vs " + level_name(play.app.prefs.level))
        changed = p.set_info(lines) or changed
        act = mine or play.purpose == "move"
        # Swap or Pass beside Moves when due, and the confirm tap's Place
        buttons = (("undo", "Undo", act and (play.sel is not None or play.mark is not None
                                             or play.undo_count() > 0)),
                   ("hint", "Hint", mine), ("menu", "Menu", True), ("moves", "Moves", True),
                   (extra or None, extra[:1].upper() + extra[1:]),
                   ("place" if play.mark is not None else None, "Place"))
    if over:
        p.covered = False
    seats = not (over or p.covered)
    changed = p.set_seats(play.counts[0], play.counts[1], c, False, seats) or changed
    if seats and play.key < 0:  # no links in this rule set: the stones alone
        for i in range(2):
            changed = view.put(p.counts[i], 0, "%2d" % play.counts[0][i], p.gap + 2) or \
                changed
    for i in range(6):
        bt = buttons[i]
        en = len(bt) < 3 or bool(bt[2])
        changed = p.set_button(i, bt[0], bt[1], en and (2 if i == 5 else True)) or changed
    return changed
