"""The game screen's behaviour: taps on the board and panel, the computer's turn (a
generator stepped between touch polls), undo, hint; and the Session, the game in progress
as saved. What the screen shows: view.render. Imported only when needed: building the
screen (build), the end of a game (over), claim mode (claims), loading a session
(startup), each through the shell (App.use).

Session record (then quadcore's Game.to_bytes() bytes, which hold claims too): 0 b"S"
(the game's id, quadpocket.games), 1 version (2), 2 computer seat (255: all human),
3 flags (bit 0: result counted in the statistics), 4-5 AI seed.
(Version 1 had claim data after the seed; quadpocket.startup still reads it.)
"""

import displayio

from quadpocket import view

LEVELS = ("trainer", "easy", "average", "expert")
MAGIC = 0x53
VERSION = 2
NO_CPU = 255


class Session:
    """The game in progress as the save holds it; a face's Session sets its own header."""
    magic = MAGIC
    version = VERSION

    def __init__(self, game, cpu=-1, seed=0):
        self.game = game
        self.cpu = cpu          # seat played by the computer, -1 for pass-and-play
        self.seed = seed & 0xFFFF
        self.recorded = False   # statistics already updated for this game's result

    def human(self, seat):
        return self.cpu < 0 or seat != self.cpu

    def to_bytes(self):
        out = bytearray((self.magic, self.version, NO_CPU if self.cpu < 0 else self.cpu,
                         1 if self.recorded else 0, self.seed >> 8, self.seed & 255))
        out.extend(self.game.to_bytes())
        return bytes(out)


def level_name(level):
    """"expert" -> "Expert" (MicroPython's str has no capitalize)."""
    return level[:1].upper() + level[1:]


def ticks_diff(a, b):
    """a - b for millisecond tick counts that wrap at 2**29 (CircuitPython's
    supervisor.ticks_ms); plain difference for smaller spans."""
    d = (a - b) & 0x1FFFFFFF
    return d - 0x20000000 if d & 0x10000000 else d


class Play:
    def __init__(self, app):
        self.app = app
        self.s = None           # Session shown
        self.game = None        # its game (self.s.game)
        self.board = None       # view.Board
        self.panel = None       # view.Panel
        self.group = displayio.Group()
        self.key = None         # the views' (n, ncolours, seats, moves)
        self.thinker = None
        self.purpose = None     # "move" or "hint" while thinking
        self.spin = 0
        self.spin_at = 0
        self.msg = ""
        self.hint = ()
        self.hint_stars = ()
        self.mark = None        # confirm-tap: the first tap's cell
        self.sel = None         # Trek/Rapid: the marble picked to move
        self.asking = None      # claim mode: seats asked "whose quad?" (quadpocket.claims)
        self.trainer = ()
        self.tutor = None       # tutorial driver while the tutorial runs
        self.result = None      # game-over panel lines (quadpocket.over)
        self.rules_lines = [""]  # startup.show

    # --- state changes -------------------------------------------------------------------
    def after_change(self, sound=None):
        """Call after every move or undo: saves, detects the end, starts the computer.

        Saving costs an nvm erase cycle, so it happens once a round: in pass-and-play
        after each turn, against the computer when the player is to move again (after
        its reply, or an undo). A power cut in between resumes at the last round: the
        player taps the move again and the computer, which depends only on position,
        level and seed, answers as before."""
        app = self.app
        g = self.game
        s = self.s
        self.hint = self.hint_stars = ()
        self.mark = None
        if sound:
            app.sound(sound)
        self.update_trainer()
        if g.result is not None:
            self.game_over(True)
        else:
            self.ended()  # undone from the end: result lines and outline go
            if g.pending == 0 and s.human(g.turn):
                app.save_session()
            if not s.human(g.turn):
                # Draw the player's move now: once the computer starts, the picture is
                # frozen until its reply (see render).
                app.dirty = view.render(self) or app.dirty
                self.start_thinking("move")
        app.changed()

    def ended(self):
        """Forget the shown end of a game (result lines, the quad's outline)."""
        self.result = None
        b = self.board
        if b.outline is not None:
            b.group.remove(b.outline)
            b.outline = None

    def update_trainer(self):
        s = self.s
        g = s.game
        self.trainer = ()
        if (self.tutor is None and s.cpu >= 0 and g.result is None and s.human(g.turn)
                and self.app.prefs.level == "trainer"):
            from quadcore import ai
            self.trainer = tuple(ai.trainer_highlights(g, s.cpu))

    def game_over(self, fresh):
        """The end: result lines, statistics, outline (quadpocket.over, then dropped)."""
        self.app.drop_ai()  # not needed until an undo or a new game: room for the rest
        self.app.use("over").game_over(self, fresh)

    # --- the computer --------------------------------------------------------------------
    def player(self):
        """The face's computer player and the game's count of moves (steps the seed)."""
        from quadcore import ai
        return ai, self.s.game.turns

    def start_thinking(self, purpose):
        ai, done = self.player()
        self.stop_thinking()
        s = self.s
        # a hint is what the strongest level would play
        level = self.app.prefs.level if purpose == "move" else "expert"
        # The same position and seed give the same move: a resumed game replays it.
        self.thinker = ai.think(s.game, level, (s.seed + done) & 0xFFFF)
        self.purpose = purpose
        self.spin = 0
        self.spin_at = self.app.p.ticks_ms()

    def stop_thinking(self):
        t = self.thinker
        self.thinker = None
        self.purpose = None
        if t is not None:
            t.close()

    def thought(self, purpose, move):
        """The search's answer (App.think steps it): a hint shown, or the computer's turn
        played; True if the screen needs a redraw."""
        p = self.app.p
        g = self.game
        if purpose == "hint":
            # imported here, not at the top: Winther's face (a Play too) then never loads
            # quadcore's package (~12 KB of Still's engine on CircuitPython's VM)
            from quadcore import parse_turn
            acts = parse_turn(move, g.n)
            if not acts:  # "# MemoryError()": failed
                p.log(move)
                move = "none"
            # a move's both ends: the view rings the marble to move, marks where it goes
            self.hint = tuple(c for a in acts if a[0] != "star" for c in a[1:])
            self.hint_stars = tuple(a[1] for a in acts if a[0] == "star")
            # whole, or the yellow marks alone (no wrap module at the search's peak)
            self.msg = "Hint: " + move if len(move) < 8 else "Hint on board"
            return view.render(self)
        seat = g.turn
        g.star_armed = False
        try:
            g.play(move)
            p.log("computer: " + move)
        except ValueError as e:  # a bug in the player must not stop the game:
            # log it, play a plain legal turn instead
            ok = self.app.use("rescue").play_any(g, p.log, move, e)
            if not ok:
                self.msg = "CPU: no move"
                return view.render(self)
        if g.rules.claim and g.result is None and g.claimable(seat) >= 0:
            g.claim(seat)  # the computer claims its quad at once
        self.after_change("marble")
        return True

    # --- taps ----------------------------------------------------------------------------
    def hit(self, x, y):
        t = self.panel.hit(x, y)
        if t is not None:
            return t
        return self.board.cell_at(x, y, self.game.cells)

    def tap(self, target):
        app = self.app
        if self.tutor is not None and self.tutor.tap(target):
            return
        if target == "menu":
            app.go("main")
            return
        if self.purpose == "move":
            if target != "undo" and target != "quad":
                return  # only Menu, Undo and Quad! answer while the computer moves
        elif self.thinker is not None:
            self.stop_thinking()  # any tap cancels a hint search
        self.msg = ""
        g = self.game
        if self.asking is not None:
            app.use("claims").answer(self, target)
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
        elif target == "quad":
            app.use("claims").tap(self)
        elif isinstance(target, int):
            self.tap_cell(target)
        elif target == "off":
            self.illegal("This corner is not on the board")
        elif target.startswith("star") or target.startswith("marble"):
            seat = int(target[-1])
            want = target[0] == "s"
            if seat != g.turn or not self.s.human(seat):
                pass
            elif want and g.stars_left[seat] <= 0:
                self.illegal("No stars left")
            elif want and g.current and g.current[-1][0] != "star":
                self.illegal("Stars go first")
            else:
                g.star_armed = want and not g.star_armed
                self.mark = None
        app.changed()

    def tap_cell(self, x):
        g = self.game
        s = self.s
        seat = g.turn
        if not s.human(seat):
            return
        v = g.cells[x]
        r = g.rules
        can_move = r.moves and not g.star_armed and (r.variant == "rapid"
                                                     or g.marbles_left[seat] == 0)
        if can_move and v >= 2 and (v - 2) in r.seat_colours[seat]:
            self.sel = None if self.sel == x else x
            return
        if self.app.prefs.confirm and self.mark != x:
            self.mark = x if v == 0 else None
            if v != 0:
                self.illegal("Cell taken")
            return
        self.mark = None
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
        self.msg = text[:1].upper() + text[1:]
        self.app.sound("illegal")

    def undo_count(self):
        """Complete turns an Undo takes back now (0: nothing of the player's to undo)."""
        g = self.game
        cpu = self.s.cpu
        if cpu < 0:
            return 1 if g.turns else 0
        n = g.turns
        while n > 0:
            n -= 1
            if n % g.rules.players != cpu:
                return g.turns - n
        return 0  # only computer turns before: taking them back would replay them

    def undo(self):
        """Undo (the computer's search, if any, stops only when there is something to
        take back)."""
        g = self.game
        if g.begun:  # pieces of this turn, or a claim
            self.stop_thinking()
            g.undo()
        else:
            k = self.undo_count()
            if k == 0:
                self.illegal("Nothing to undo")
                return
            self.stop_thinking()
            for _ in range(k):
                g.undo()
        g.star_armed = False
        self.sel = None
        self.after_change(None)
