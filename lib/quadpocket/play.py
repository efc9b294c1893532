"""The game screen's behaviour: taps on the board and panel, the computer's turn (stepped
between touch polls), undo, hint, claims, game over. Drawing is boardview/panel's job;
this module decides what they show.
"""

import displayio

from quadcore import parse_turn
from quadpocket import playview, sprites
from quadpocket.boardview import BoardView
from quadpocket.panel import Panel
from quadpocket.playview import LEVELS
from quadpocket.touch import ticks_diff

HINT_LEVEL = "expert"  # a hint is what the strongest level would play


class Play:
    def __init__(self, app):
        self.app = app
        self.s = None           # Session
        self.board = None
        self.panel = None
        self.group = displayio.Group()
        self._key = None        # (n, ncolours, seats) the views were built for
        self.thinker = None
        self.purpose = None     # "move" or "hint" while thinking
        self.spin = 0
        self.spin_at = 0
        self.msg = ""
        self.hint = ()
        self.hint_stars = ()
        self.mark = None        # confirm-tap: the first tap's cell
        self.sel = None         # Trek/Rapid: the marble picked to move
        self.trainer = ()
        self.tutor = None       # tutorial driver while the tutorial runs
        self.level_played = None  # level of the game that just ended (before auto-advance)

    # --- set-up ---------------------------------------------------------------------
    @property
    def game(self):
        return self.s.game

    def start(self, session):
        """Show a session (new or loaded); the computer starts thinking if it moves."""
        self.stop_thinking()
        self.s = session
        g = session.game
        r = g.rules
        key = (g.n, r.ncolours, r.players)
        if key != self._key:
            self._build(key)
        self.hint = self.hint_stars = ()
        self.mark = self.sel = None
        self.msg = ""
        self.level_played = None
        self.update_trainer()
        if g.result is None and not session.human(g.turn):
            self.app.dirty = self.render() or self.app.dirty
            self.start_thinking("move")
        self.app.changed()

    def _build(self, key):
        app = self.app
        n, ncolours, players = key
        while len(self.group):
            self.group.pop()
        self.board = self.panel = None  # free the old sheet before building the new one
        app.collect()
        lay = app.layout(n)
        self.board = BoardView(lay, ncolours, app.store.prefs.contrast)
        g = self.s.game
        icons = [sprites.t_marble(g.rules.seat_colours[s][0]) for s in range(players)]
        self.panel = Panel(lay, app.theme, self.board.sheet, self.board.palette, icons,
                           sprites.T_STAR)
        self.group.append(self.board.group)
        self.group.append(self.panel.group)
        self._key = key

    def set_contrast(self, contrast):
        if self.board:
            self.board.set_contrast(contrast)

    def render(self):
        return playview.render(self)

    # --- state changes -------------------------------------------------------------------
    def after_change(self, sound=None):
        """Call after every move or undo: saves, detects the end, starts the computer."""
        app = self.app
        g = self.game
        s = self.s
        self.hint = self.hint_stars = ()
        self.mark = None
        if self.tutor is None:
            app.save_session()
        if sound:
            app.sound(sound)
        self.update_trainer()
        if g.result is not None:
            self.game_over()
        elif not s.human(g.turn):
            # Draw the player's move now: once the computer starts, the picture is frozen
            # until its reply (see playview.render).
            app.dirty = self.render() or app.dirty
            self.start_thinking("move")
        app.changed()

    def update_trainer(self):
        s = self.s
        g = s.game
        self.trainer = ()
        if (self.tutor is None and s.cpu >= 0 and g.result is None and s.human(g.turn)
                and self.app.store.prefs.level == "trainer"):
            from quadcore import ai
            self.trainer = tuple(ai.trainer_highlights(g, s.cpu))

    def game_over(self):
        app = self.app
        s = self.s
        g = s.game
        kind, seat, why = g.result
        if self.tutor is not None:
            app.sound("win")
            return
        if s.cpu >= 0:
            outcome = "draw" if kind == "draw" else ("loss" if seat == s.cpu else "win")
            app.sound("loss" if outcome == "loss" else "win")
            prefs = app.store.prefs
            self.level_played = prefs.level  # the panel's record shows this level
            if not s.recorded:
                s.recorded = True
                app.store.record_result(prefs.level, outcome)
                if outcome == "win" and prefs.auto_advance and prefs.level != "expert":
                    prefs.level = LEVELS[LEVELS.index(prefs.level) + 1]
                    app.store.save_prefs()
                app.save_session()
        else:
            app.sound("win" if kind == "win" else "loss")
        app.log_game()

    # --- the computer --------------------------------------------------------------------
    def start_thinking(self, purpose):
        from quadcore import ai
        self.stop_thinking()
        s = self.s
        level = self.app.store.prefs.level if purpose == "move" else HINT_LEVEL
        seed = (s.seed + s.game.turns) & 0xFFFF
        self.thinker = ai.think(s.game, level, seed)
        self.purpose = purpose
        self.spin = 0
        self.spin_at = self.app.p.ticks_ms()

    def stop_thinking(self):
        t = self.thinker
        self.thinker = None
        self.purpose = None
        if t is not None:
            t.close()

    def step(self, max_steps, deadline):
        """Advance the computer by at most max_steps generator steps (or until ticks_ms
        reaches deadline); True if the screen needs a redraw."""
        if self.thinker is None:
            return False
        p = self.app.p
        move = None
        for _ in range(max_steps):
            try:
                move = next(self.thinker)
            except StopIteration:
                self.app.p.log("computer player stopped without a move")
                self.stop_thinking()
                return True
            if move is not None or ticks_diff(p.ticks_ms(), deadline) >= 0:
                break
        if move is None:
            if ticks_diff(p.ticks_ms(), self.spin_at) >= 250:  # indicator: 4 frames a second
                self.spin_at = p.ticks_ms()
                self.spin += 1
                return self.render()
            return False
        purpose = self.purpose
        self.stop_thinking()
        g = self.game
        if purpose == "hint":
            acts = parse_turn(move, g.n)
            self.hint = tuple(a[-1] for a in acts if a[0] != "star")
            self.hint_stars = tuple(a[1] for a in acts if a[0] == "star")
            self.msg = "Hint: " + move
            return self.render()
        seat = g.turn
        g.star_armed = False
        try:
            g.play(move)
        except ValueError as e:  # a bug in the player must not stop the device
            p.log("computer move %r refused: %s" % (move, e))
            self.msg = "CPU error"
            return self.render()
        p.log("computer: " + move)
        if g.rules.claim and g.result is None and self.s.fresh_square(seat) >= 0:
            self.s.claim(seat)
        self.after_change("marble")
        return True

    # --- taps ----------------------------------------------------------------------------
    def hit(self, x, y):
        t = self.panel.hit(x, y)
        if t is not None:
            return t
        return self.board.cell_at(x, y, self.game.cells)

    def tap(self, target):
        if self.tutor is not None and self.tutor.tap(target):
            return
        if target == "menu":
            self.app.open_menu("main")
            return
        if self.thinker is not None and self.purpose == "move":
            return  # only Menu answers while the computer moves
        if self.thinker is not None:
            self.stop_thinking()  # any tap cancels a hint search
        self.msg = ""
        g = self.game
        if target == "moves":
            self.app.open_moves()
        elif target == "new":
            self.app.open_menu("new")
        elif target == "undo":
            self.undo()
        elif g.result is not None:
            pass
        elif target == "hint":
            self.start_thinking("hint")
        elif target == "quad":
            self.claim()
        elif isinstance(target, int):
            self.tap_cell(target)
        elif target.startswith("star") or target.startswith("marble"):
            self.tap_box(target)
        self.app.changed()

    def tap_box(self, target):
        g = self.game
        seat = int(target[-1])
        if seat != g.turn or not self.s.human(seat):
            return
        want = target.startswith("star")
        if want and g.stars_left[seat] <= 0:
            self.illegal("No stars left")
            return
        if want and g.current and g.current[-1][0] != "star":
            self.illegal("Stars go first")
            return
        armed = want and not g.star_armed
        if armed != g.star_armed:
            g.star_armed = armed
            self.app.save_session()  # star mode is part of the saved game
        self.mark = None

    def tap_cell(self, x):
        g = self.game
        s = self.s
        seat = g.turn
        if not s.human(seat):
            return
        prefs = self.app.store.prefs
        v = g.cells[x]
        r = g.rules
        can_move = r.moves and not g.star_armed and (r.variant == "rapid"
                                                     or g.marbles_left[seat] == 0)
        if can_move and v >= 2 and (v - 2) in r.seat_colours[seat]:
            self.sel = None if self.sel == x else x
            return
        if prefs.confirm and self.mark != x:
            self.mark = x if v == 0 else None
            if v != 0:
                self.illegal("Cell taken")
            return
        self.mark = None
        s.close_window(seat)
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

    def illegal(self, text):
        self.msg = text[:13]
        self.app.sound("illegal")

    def claim(self):
        g = self.game
        seat = g.turn
        if not self.s.human(seat) or g.pending:
            return
        if self.s.claim(seat):
            self.after_change(None)
        else:
            self.illegal("No quad! -1*")
            self.app.save_session()

    def undo_count(self):
        """Complete turns an Undo takes back now (0: nothing of the player's to undo)."""
        g = self.game
        s = self.s
        if s.cpu < 0:
            return 1 if g.turns else 0
        n = g.turns
        k = 0
        seat = g.turn
        while n > 0:
            n -= 1
            k += 1
            seat = n % g.rules.players
            if seat != s.cpu:
                return k
        return 0  # only computer turns before: taking them back would replay them

    def undo(self):
        g = self.game
        if g.pending:
            g.undo()
        else:
            k = self.undo_count()
            if k == 0:
                self.illegal("Nothing to undo")
                return
            for _ in range(k):
                g.undo()
        g.star_armed = False
        self.sel = None
        self.after_change(None)
