"""Winther's Quad's face (docs/shell.md): its game screen, resident while this game is
shown. Screen: taps on the 8 x 8 board and the panel, the capture choice, the computer's
turn and the hint as this game plays them, on the shell's Play (quadpocket.play:
thinking, undo, the common taps); render: what the screen shows, on the board grid and
panel quadpocket.build makes (the sprite tiles of quadpocket.view).
Loaded on demand through the shell (App.use): start (start-up, new game, saves,
statistics, the end of a game, its New game settings).

Session record: 0 b"W" (the game's id)  1 version (1)  then the shell's header
(quadpocket.play) and winquad's own save bytes.
"""

from quadpocket import view
from quadpocket.play import Play, Session as _Session, level_name


class Session(_Session):
    """The shell's Session with this game's save header."""
    magic = 0x57  # "W", the game's id (quadpocket.games)
    version = 1


class Screen(Play):
    """The shell's Play with this game's taps. sel: the counter picked to move; choice: a
    turn waiting for Take / Keep, [frm, to, flanked cells, cells chosen to take]."""

    gid = "W"
    over = "face_winther.start"
    capital = False        # its refusals name cells ("e4 cannot be taken"): as they are

    def __init__(self, app):
        Play.__init__(self, app)
        self.choice = None
        self.dests = ()
        self.conf = None        # settings and statistics (face_winther.start.conf)
        self.conf_slots = None

    # --- the shell's hooks -------------------------------------------------------------
    def player(self):
        from winquad import ai
        return ai, self.s.game.plies

    def seats(self):
        return self.game.plies, 2

    def after_change(self, sound=None):
        self.choice = None
        self.dests = ()
        Play.after_change(self, sound)

    def show_hint(self, move):
        from winquad import parse_turn
        try:
            frm, to, caps = parse_turn(move)
            self.hint = (frm, to)
        except ValueError:
            self.hint = ()
        self.msg = "Hint " + move[:8]

    def play_turn(self, move):
        return self.app.use("kit").play_turn(self, move)

    # --- taps ----------------------------------------------------------------------------
    def hit(self, x, y):
        t = self.panel.hit(x, y)
        if t is not None:
            return t
        return self.board.cell_at(x, y, self.game.board.cells)

    def modal(self, target):
        if self.choice is None:
            return False
        frm, to, caps, take = self.choice
        if target == "take" or target == "keep":
            self.turn(frm, to, take if target == "take" else ())
        elif target == "back":
            self.choice = None
            self.sel = frm if frm != to else None
            self.dests = tuple(self.game.destinations(frm)) if self.sel is not None else ()
        elif isinstance(target, int) and target in caps:
            # one of several flanked counters: tap to take it or leave it
            if target in take:
                take.remove(target)
            else:
                take.append(target)
        return True

    def tap_cell(self, x):
        g = self.game
        seat = g.turn
        v = g.at(x)
        if g.in_hand(seat) == 0 and v == seat + 1:
            # pick a counter to move; the same one again puts it back
            self.sel = None if self.sel == x else x
            self.dests = tuple(g.destinations(x)) if self.sel is not None else ()
            self.mark = None
            return
        frm = x if self.sel is None else self.sel
        if v:
            self.illegal("Cell taken")
            return
        if g.in_hand(seat) == 0 and self.sel is None:
            self.illegal("Pick a counter")
            return
        try:
            g._check_place(frm, x)
        except ValueError as e:
            self.illegal("This counter goes on an edge cell" if "rim" in str(e) else
                         "One step: up, down, left or right" if frm != x else str(e))
            return
        if not self.confirmed(x, True):
            return
        caps = g.capturable(frm, x)
        if caps:
            self.choice = [frm, x, tuple(caps), list(caps)]
            self.dests = ()
            return
        self.sel = None
        self.turn(frm, x, ())

    def turn(self, frm, to, take):
        try:
            self.game.turn_of(frm, to, take)
        except ValueError as e:
            self.choice = None
            self.illegal(str(e))
            return
        self.after_change("marble")

    def cancel(self):
        if self.choice is None and self.sel is None:
            return False
        self.choice = self.sel = None
        self.dests = ()
        return True


# --- what the game screen shows ------------------------------------------------------------
_WHO = ("White", "Black")
# Its own tiles, drawn by face_winther.start.tiles over sheet tiles this game has no use for
# (stars, the hint's star; a third marble colour's pair): where a picked counter may go (a
# green dot; also the rim cells while White's second drop is due), and per colour a counter
# at stake in a capture, kept (pink corners) or to be taken (a pink cross).
DEST = view.T_HINT_STAR
STAKE = view.T_STAR        # + colour
TAKE = view.T_MARBLE + 4   # + colour


def _tile(play, x, cells, last, rim):
    v = cells[x]
    ch = play.choice
    if ch is not None:
        frm, to = ch[0], ch[1]
        if x == to:
            return view.T_MARBLE + 2 * play.game.turn + 1  # the move: cyan, as ever
        if x == frm:
            return view.T_MARK
        if x in ch[2]:  # at stake: a cross if it goes, corners if it stays
            return (TAKE if x in ch[3] else STAKE) + v - 1
        if v:
            return view.T_MARBLE + 2 * (v - 1)
        return view.T_EMPTY
    if v:
        cur = x == play.sel or (last is not None and x == last[1]) or x in play.game.four
        return view.T_MARBLE + 2 * (v - 1) + (1 if cur else 0)
    if x == play.mark:
        return view.T_MARK  # confirm-tap: tapped once, a second tap plays there
    if x in play.hint:
        return view.T_HINT_MARBLE  # a hint's cell, or (Trainer) where you win at once
    if x in play.dests:
        return DEST
    if x in play.trainer:
        return view.T_TRAIN  # Trainer: the other side wins here next turn
    if last is not None and x == last[0] and last[0] != last[1]:
        return view.T_MARK  # where the last move came from
    if rim and (x < 8 or x > 55 or x & 7 == 0 or x & 7 == 7):
        return DEST  # White's second drop: the rim cells
    return view.T_EMPTY


def cursor_turn(play):
    """(frm, to) of the last turn when it is to be marked, else None."""
    g = play.game
    if play.sel is not None or not g.plies:
        return None
    cpu = play.s.cpu
    if cpu < 0 or g.result is not None or ((g.plies - 1) % 2 == cpu
                                           and play.app.prefs.show_move):
        return g._log[-1] & 63, (g._log[-2] << 8 | g._log[-1]) >> 6 & 63
    return None


def draw(play, last):
    """The board's tiles for play.game; last: (from, to) of the turn to frame, or None.
    True if any changed (also the tutorial's and the review's board)."""
    g = play.game
    cells = g.board.cells
    rim = g.result is None and g.turn == 0 and g.in_hand(0) == g.counters - 1
    grid = play.board.grid
    changed = False
    for x in range(64):
        t = _tile(play, x, cells, last, rim)
        i = (7 - (x >> 3)) * 8 + (x & 7)
        if grid[i] != t:
            grid[i] = t
            changed = True
    return changed


def render(play):
    if play.tutor is not None:  # the tutorial, or a finished game stepped through
        return play.tutor.render()
    g = play.game
    s = play.s
    p = play.panel
    over = g.result is not None
    changed = False
    seat = g.turn
    hand0 = g.in_hand(0)
    if not (play.thinker is not None and play.purpose == "move"):
        last = cursor_turn(play)
        if last is not None:
            last = (last[1], last[0])  # (from, to)
        changed = draw(play, last)
    if over:
        changed = p.set_info(play.result or ()) or changed
        buttons = (("new", "New"), ("undo", "Undo"), ("menu", "Menu"), ("moves", "Moves"))
    else:
        mine = s.human(seat) and play.thinker is None
        status = play.status(mine) or _WHO[seat] + " to go"
        if play.msg:
            mode = play.msg
        elif not mine:
            mode = ""
        elif play.choice is not None:
            ch = play.choice
            if len(ch[2]) > 1:
                mode = "Take %d of %d?" % (len(ch[3]), len(ch[2]))
            else:
                from winquad.notation import cell_name
                mode = "Take " + cell_name(ch[2][0]) + "?"
        elif play.mark is not None:
            mode = "Place it?"  # the confirm tap: Place, or the mark tapped again
        elif g.in_hand(seat):
            mode = "Drop on rim" if seat == 0 and hand0 == g.counters - 1 else "Drop"
        elif play.sel is not None:
            mode = "Move to?"
        else:
            mode = "Pick counter"
        lines = [status, mode] + [""] * (p.free_row - 2)
        lines.append(p.legend)  # "Hand" and "Board", each under its box
        lines.append("Turn %d" % (g.plies + 1))
        if play.choice is not None and len(play.choice[2]) > 1:
            lines.append("Tap pink ones")
            lines.append("to pick them")
        if s.cpu >= 0:
            lines.append("vs " + level_name(play.app.prefs.level))
            lines.append("You: " + _WHO[1 - s.cpu])
        if len(mode) > p.cols:  # whole, under the seat rows (never behind them)
            w = play.app.use("wrap").say(mode, p.cols)
            lines = [status] + [""] * (p.free_row - 1) + w
        changed = p.set_info(lines) or changed
        if play.choice is not None:
            buttons = (("take", "Take"), ("keep", "Keep"), ("menu", "Menu"),
                       ("back", "Back"))
        else:
            act = mine or play.purpose == "move"
            buttons = (("undo", "Undo", act and (play.sel is not None
                                                 or play.undo_count() > 0)),
                       ("hint", "Hint", mine), ("menu", "Menu", True), ("moves", "Moves", True))
    hand = (g.in_hand(0), g.in_hand(1))
    on = (g.on_board(0), g.on_board(1))
    changed = p.set_seats(hand, on, seat, False, not over) or changed
    for i in range(4):
        bt = buttons[i]
        changed = p.set_button(i, bt[0], bt[1], len(bt) < 3 or bool(bt[2])) or changed
    # the confirm tap's Place (Play.confirmed): the marked cell played
    changed = p.set_button(4, "place" if play.mark is not None else None, "Place",
                           2) or changed
    return changed
