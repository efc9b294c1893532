"""Still's Quad's face (docs/shell.md): its game screen, resident while this game is shown.
Screen: taps on the board and panel (stars, marbles, Trek and Rapid moves, Quad! in claim
mode), the computer's turn and the hint as this game plays them, on the shell's Play
(quadpocket.play: thinking, undo, the common taps); render: what the screen shows. One
module, not two: a module costs its own object and tables on the device (docs/layers.md).
Loaded on demand through the shell (App.use): start (start-up, new game), settings (its
New game settings), pages (statistics, move list), answer (the search's answer: a hint
shown, the computer's turn played; loaded once the search has ended, so never at its
peak), over (the end of a game), claims (claim mode), tutorial, rescue.

Session record: 0 b"S" (the game's id, quadpocket.games), 1 version (2), then the shell's
header (quadpocket.play) and quadcore's Game.to_bytes() bytes, which hold claims too.
(Version 1 had claim data after the seed; face_still.start still reads it.)
"""

from quadpocket.play import Play, Session as _Session, level_name


class Session(_Session):
    magic = 0x53  # "S", the game's id (quadpocket.games)
    version = 2


class Screen(Play):
    gid = "S"
    sounds = ("star", "marble")  # kept built: played every turn
    over = "face_still.over"
    busy = ("undo", "quad")  # while the computer moves: a claim straight after a turn

    def __init__(self, app):
        Play.__init__(self, app)
        self.asking = None      # claim mode: seats asked "whose quad?" (face_still.claims)
        self.rules_lines = [""]  # face_still.start.show

    # --- the shell's hooks -------------------------------------------------------------
    def player(self):
        from quadcore import ai
        return ai, self.s.game.turns

    def seats(self):
        g = self.game
        return g.turns, g.rules.players

    def show_hint(self, move):
        self.app.use("face_still.answer").show_hint(self, move)

    def play_turn(self, move):
        return self.app.use("face_still.answer").play_turn(self, move)

    # --- taps ----------------------------------------------------------------------------
    def hit(self, x, y):
        t = self.panel.hit(x, y)
        if t is not None:
            return t
        return self.board.cell_at(x, y, self.game.cells)

    def modal(self, target):
        if self.asking is None:
            return False
        self.app.use("face_still.claims").answer(self, target)
        return True

    def tap_other(self, target):
        g = self.game
        if target == "star":
            # Star arms one star for the next tap on the board, tapped again it disarms
            # (kept here: loading code at every star would cost a block at the heap's
            # fullest moments)
            seat = g.turn
            if g.star_armed:
                g.star_armed = False
            elif g.stars_left[seat] <= 0:
                self.illegal("No stars left")
            elif g.current and g.current[-1][0] != "star":
                self.illegal("Stars go first")
            else:
                g.star_armed = True
                self.mark = None
        else:
            self.app.use("face_still.boxes").tap(self, target)

    def tap_cell(self, x):
        g = self.game
        seat = g.turn
        v = g.cells[x]
        r = g.rules
        can_move = r.moves and not g.star_armed and (r.variant == "rapid"
                                                     or g.marbles_left[seat] == 0)
        if can_move and v >= 2 and (v - 2) in r.seat_colours[seat]:
            self.sel = None if self.sel == x else x
            return
        if not self.confirmed(x, v == 0):
            return
        try:
            if self.sel is not None:
                frm = self.sel
                self.sel = None
                g.move(frm, x)
                sound = "marble"
            elif g.star_armed:
                g.star(x)
                g.star_armed = False
                sound = "star"
            else:
                g.marble(x)
                sound = "marble"
        except ValueError as e:
            self.illegal(str(e))
            return
        self.after_change(sound)

    def cancel(self):
        g = self.game
        g.star_armed = False
        if not g.begun:  # nothing of this turn: whole turns go (Play.undo)
            return False
        self.stop_thinking()
        g.undo()  # pieces of this turn, or a claim
        return True



def _ends(acts):
    """The cells a turn's actions touched: each piece placed, and both ends of a move."""
    out = []
    for a in acts:
        out.append(a[-1])
        if a[0] == "move":
            out.append(a[1])
    return out


def cursor(play):
    """Cells marked as the last moves (or the marble picked to move)."""
    g = play.game
    if play.sel is not None:
        return (play.sel,)
    if g.current:
        return tuple(_ends(g.current))
    t = g.turns
    if t == 0:
        return ()
    if g.quad and g.result is not None:  # won by a quad: its four marbles, nothing else
        return g.quad
    # Against the computer its move is marked if "show move" is on; pass-and-play
    # marks every other seat's last turn (the next player saw none of them made).
    cpu = play.s.cpu
    if cpu < 0 or g.result is not None:
        out = []
        for i in range(max(0, t - g.rules.players + 1), t):
            # turn i alone (g.history decodes every turn; ~100 B of engine code saved)
            out.extend(_ends(g._actions(g._starts[i], g._starts[i + 1])))
        return tuple(out)
    if (t - 1) % g.rules.players == cpu and play.app.prefs.show_move:
        return tuple(_ends(g.last_turn()))
    return ()


def render(play):
    """Update board and panel from play's state (quadpocket.play); True if anything
    changed on screen."""
    g = play.game
    s = play.s
    p = play.panel
    over = g.result is not None
    if play.tutor is not None:
        return play.tutor.render()
    changed = False
    if not (play.thinker is not None and play.purpose == "move"):
        # While the computer thinks it may try moves on the game's own board: the
        # picture keeps the position it had when the computer started.
        changed = play.board.update(g.cells, cursor(play), play.trainer, play.hint,
                                    play.hint_stars, play.mark)
    if over:
        # who won and why, the seat rows staying: face_still.over (loaded while a finished
        # game is shown: the computer player is not)
        changed, buttons = play.app.use("face_still.over").panel(play, changed)
    else:
        seat = g.turn
        mine = s.human(seat) and play.thinker is None
        status = play.status(mine) or "Player %d" % (seat + 1)
        if play.msg:
            mode = play.msg
        elif not mine:
            mode = ""
        elif play.mark is not None:
            mode = "Place it?"  # the confirm tap: Place, or the mark tapped again
        elif g.star_armed:
            mode = "Place a star"
        elif play.sel is not None:
            mode = "Move to?"
        elif g.rules.per_turn > 1:
            placed = sum(1 for a in g.current if a[0] == "marble")
            mode = "Marble %d of %d" % (placed + 1, g.rules.per_turn)
        elif g.rules.moves and g.marbles_left[seat] == 0:
            mode = "Move a marble"
        else:
            mode = "Place marble"
        ln = play.rules_lines  # the variant, your colour, the options (face_still.start)
        # under the seat rows, as many as there is room for, what matters most first:
        # your colour against the computer and the options, its level, the variant, the
        # round (the Titano's 2 seats leave two rows)
        lines = [status, mode] + [""] * (p.free_row - 2) + ln[1:]
        if s.cpu >= 0:
            lines.append("vs " + level_name(play.app.prefs.level))
        lines.append(ln[0])
        lines.append("Round %d" % (g.turns // g.rules.players + 1))
        # A long message is wrapped under the seat rows, or over them (quadpocket.wrap)
        p.covered = False
        if len(mode) > p.cols:
            lines = play.app.use("wrap").panel(status, mode, p)
        changed = p.set_info(lines) or changed
        changed = p.set_seats(g.marbles_left, g.stars_left, seat,
                              g.star_armed and mine, not p.covered) or changed
        # While the computer answers, Undo (of the marble just played) and Quad! (a
        # claim straight after it) still work.
        act = mine or play.purpose == "move"
        buttons = (("undo", "Undo", act and (g.begun or play.undo_count() > 0)),
                   ("hint", "Hint", mine), ("menu", "Menu", True), ("moves", "Moves", True),
                   ("place", "Place") if play.mark is not None else
                   ("star", "Star", mine and (g.star_armed or g.stars_left[seat] > 0)),
                   ("quad", "Quad!", g.pending == 0 and (mine or act and g.turns > 0))
                   if g.rules.claim else (None, ""))
        if play.asking is not None:  # "Whose quad?": a button each (face_still.claims)
            buttons = buttons[:4] + tuple([("seat%d" % k, "P%d" % (k + 1))
                                           for k in play.asking])
    for i in range(6):
        b = buttons[i]
        changed = p.set_button(i, b[0], b[1], 2 if i == 4 and (
            g.star_armed or play.mark is not None) else len(b) < 3 or bool(b[2])) or changed
    if g.rules.per_turn > 1:  # Duel: both colours of every seat, the next one ringed
        changed = play.app.use("face_still.boxes").icons(play) or changed
    return changed
