"""Winther's Quad's game screen (the second face, docs/shell.md): taps on the 8 x 8 board
and the panel, the capture choice, the computer's turn (winquad.ai stepped between touch
polls), undo, hint; the session as saved. What it shows: wq_view.render. Both are resident
while this game is shown.
Loaded on demand through the shell: wq_start (start-up, new game, saves, statistics, the
end of a game), build (the screen).

Session record: 0 b"W" (the game's id)  1 version (1)  2 computer seat (255: none)
3 flags (bit 0: result counted)  4-5 AI seed  then winquad's own save bytes.
"""

from winquad import parse_turn
from quadpocket.play import NO_CPU, Play, Session as _Session  # noqa: F401  (NO_CPU: for wq_start)
from quadpocket.wq_view import render

MAGIC = 0x57  # "W"
VERSION = 1


class Session(_Session):
    """Play's Session with this game's save header."""
    magic = MAGIC
    version = VERSION


class WQPlay(Play):
    """Play's attributes (the shell reads s, game, board, panel, group, thinker, tutor,
    msg) with this game's taps. sel: the counter picked to move; choice: a turn waiting
    for Take / Keep, [frm, to, flanked cells, cells chosen to take]."""

    gid = "W"

    def __init__(self, app):
        Play.__init__(self, app)
        self.choice = None
        self.dests = ()
        self.render = render

    # --- state changes -------------------------------------------------------------------
    def after_change(self, sound=None):
        app = self.app
        g = self.game
        s = self.s
        self.hint = ()
        self.sel = self.choice = None
        self.dests = ()
        if sound:
            app.sound(sound)
        self.update_trainer()
        if g.result is not None:
            self.game_over(True)
        else:
            self.result = None
            if s.human(g.turn):
                self.save()
            else:
                app.dirty = render(self) or app.dirty
                self.start_thinking("move")
        app.changed()

    def save(self):
        self.app.use("wq_start").save(self.app, self.s)

    def ended(self):
        self.result = None

    def update_trainer(self):
        s = self.s
        g = s.game
        self.trainer = ()
        if (s.cpu >= 0 and g.result is None and s.human(g.turn)
                and self.app.prefs.level == "trainer"):
            from winquad import ai
            self.trainer = tuple(ai.trainer_highlights(g, g.turn))

    def game_over(self, fresh):
        self.app.drop_ai()
        self.app.use("wq_start").game_over(self, fresh)

    # --- the computer --------------------------------------------------------------------
    def player(self):  # Play.start_thinking's computer player: this game's
        from winquad import ai
        return ai, self.s.game.plies

    def thought(self, purpose, move):
        """The search's answer (App.think steps it): a hint, or the computer's turn."""
        p = self.app.p
        g = self.game
        if purpose == "hint":
            try:
                frm, to, caps = parse_turn(move)
                self.hint = (frm, to)
            except ValueError:
                self.hint = ()
            self.msg = "Hint " + move[:8]
            return render(self)
        try:
            g.play(move)
            p.log("computer: " + move)
        except ValueError as e:  # a bug in the player must not stop the game
            p.log("computer's %r refused: %s" % (move, e))
            ms = g.moves()
            if not ms:
                self.msg = "CPU: no move"
                return render(self)
            g.apply_move(ms[0])
        self.after_change("marble")
        return True

    # --- taps ----------------------------------------------------------------------------
    def hit(self, x, y):
        t = self.panel.hit(x, y)
        if t is not None:
            # the seat rows' boxes ("marble0", "star1") only show counts here
            return None if t.startswith("marble") or t.startswith("star") else t
        return self.board.cell_at(x, y, self.game.board.cells)

    def tap(self, target):
        app = self.app
        if target == "menu":
            app.go("main")
            return
        if self.purpose == "move":
            if target != "undo":
                return  # only Menu and Undo answer while the computer moves
        elif self.thinker is not None:
            self.stop_thinking()  # any tap cancels a hint search
        self.msg = ""
        g = self.game
        if self.choice is not None:
            self.tap_choice(target)
        elif target == "moves":
            app.go("moves")
        elif target == "new":
            app.go("new")
        elif target == "undo":
            self.undo()
        elif g.result is not None:
            pass
        elif target == "hint":
            self.start_thinking("hint")
        elif isinstance(target, int):
            self.tap_cell(target)
        app.changed()

    def tap_cell(self, x):
        g = self.game
        seat = g.turn
        if not self.s.human(seat):
            return
        self.hint = ()
        v = g.at(x)
        if g.in_hand(seat) == 0 and v == seat + 1:
            # pick a counter to move; the same one again puts it back
            self.sel = None if self.sel == x else x
            self.dests = tuple(g.destinations(x)) if self.sel is not None else ()
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
            self.illegal("Rim only" if "rim" in str(e) else "Not a step"
                         if frm != x else str(e))
            return
        caps = g.capturable(frm, x)
        if caps:
            self.choice = [frm, x, tuple(caps), list(caps)]
            self.dests = ()
            return
        self.sel = None
        self.turn(frm, x, ())

    def tap_choice(self, target):
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

    def turn(self, frm, to, take):
        try:
            self.game.turn_of(frm, to, take)
        except ValueError as e:
            self.choice = None
            self.illegal(str(e))
            return
        self.after_change("marble")

    def illegal(self, text):
        self.msg = text  # shown whole (wq_view wraps a long one)
        self.app.sound("illegal")

    def undo_count(self):
        g = self.game
        cpu = self.s.cpu
        if cpu < 0:
            return 1 if g.plies else 0
        n = g.plies
        while n > 0:
            n -= 1
            if n % 2 != cpu:
                return g.plies - n
        return 0

    def undo(self):
        g = self.game
        if self.choice is not None or self.sel is not None:
            self.choice = self.sel = None
            self.dests = ()
            return
        k = self.undo_count()
        if k == 0:
            self.illegal("Nothing to undo")
            return
        self.stop_thinking()
        for _ in range(k):
            g.undo()
        self.after_change(None)
