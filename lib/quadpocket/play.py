"""The game screen every face builds on (docs/shell.md): the computer's turn (a generator
stepped between touch polls), undo, hint, the message line, the common taps, confirm-tap,
the Trainer's highlights and the Session, the game in progress as saved. A face
subclasses Play as its `Screen` and fills in the hooks below; what the screen shows is
the face's render (app.render) on quadpocket.view's panel, board grid and text rows.

Session record: 0 the game's id, 1 version, 2 computer seat (255: all human), 3 flags
(bit 0: result counted), 4-5 AI seed, then the engine's save bytes (docs/shell.md).
"""

import displayio

LEVELS = ("trainer", "easy", "average", "expert")
NO_CPU = 255


class Session:
    """The game in progress as the save holds it; a face's Session sets its own header."""
    magic = 0
    version = 1

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
    """The shell's game screen; with no face installed (the chooser on a first run) it
    shows nothing (s is None)."""

    gid = None               # the game's id (quadpocket.games)
    sounds = ("marble",)     # the every-turn sounds kept built (App.sound)
    over = None              # the face's module with game_over(play, fresh)
    busy = ("undo",)         # what answers while the computer moves (Undo of the move)
    capital = True           # a refusal's first letter made capital (the engine's words)
    pondering = None         # Master's ponder (the engine's) over the human's turn

    def __init__(self, app):
        self.app = app
        self.s = None           # Session shown
        self.game = None        # its game (self.s.game)
        self.board = None       # view.Board
        self.panel = None       # view.Panel
        self.group = displayio.Group()
        self.key = None         # what the views were built for (the face's own key)
        self.thinker = None
        self.purpose = None     # "move" or "hint" while thinking
        self.spin = 0
        self.spin_at = 0
        self.msg = ""
        self.hint = ()
        self.hint_stars = ()    # cells where a hint puts a blocker (Still's stars)
        self.mark = None        # confirm-tap: the first tap's cell
        self.sel = None         # a piece picked to move
        self.trainer = ()
        self.tutor = None       # tutorial driver while a face's tutorial runs
        self.result = None      # game-over panel lines

    # A face's Screen defines player(), seats(), hit(x, y), tap_cell(x), tap_other(target),
    # modal(target), cancel(), show_hint(move) and play_turn(move), with no defaults here
    # (each method costs resident heap): docs/shell.md, "What a face gives the shell".

    def ended(self):
        """Forget the shown end of a game (undone from the end): the result lines and the
        board's outline (a face's over module draws one, e.g. the winning square)."""
        self.result = None
        b = self.board
        if b.outline is not None:
            b.group.remove(b.outline)
            b.outline = None

    # --- state changes -------------------------------------------------------------------
    def clear(self):
        """A new game comes (a face's new_game): the old one goes first, its search,
        session and game, so that the new one's tables are built without it (resident: a
        module loaded here would stay while they are built)."""
        self.stop_thinking()
        self.s = self.game = None
        self.app.session = None
        self.app.collect()

    def status(self, mine):
        """The panel's status line while a game runs (a face's render): the search's
        spinner; against the computer "Your turn" (mine) or "Computer"; None between
        people (the face names the seat to move)."""
        if self.thinker is not None:
            return ("Hint " if self.purpose == "hint" else "Thinking ") + \
                "|/-\\"[self.spin % 4]
        if self.s.cpu >= 0:
            return "Your turn" if mine else "Computer"
        return None

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
        self.sel = None
        if sound:
            app.sound(sound)
        self.update_trainer()
        if g.result is not None:
            self.game_over(True)
        else:
            self.ended()
            if not getattr(g, "pending", 0) and s.human(g.turn):
                app.save_session()
            if not s.human(g.turn):
                # Draw the player's move now: once the computer starts, the picture is
                # frozen until its reply (the faces' render).
                app.dirty = app.render(self) or app.dirty
                self.start_thinking("move")
        app.changed()

    def update_trainer(self):
        """Trainer level: the computer's winning cells (pink, trainer) and the player's own
        (the hint's yellow ring): one meaning per mark in every game."""
        s = self.s
        g = s.game
        self.trainer = ()
        if (self.tutor is None and s.cpu >= 0 and g.result is None and s.human(g.turn)
                and self.app.prefs.level == "trainer"):
            hl = self.player()[0].trainer_highlights
            self.trainer = tuple(hl(g, s.cpu))
            self.hint = tuple(hl(g, g.turn))

    def game_over(self, fresh):
        """The end: result lines, statistics (the face's over module, then dropped)."""
        self.app.drop_ai()  # not needed until an undo or a new game: room for the rest
        self.app.use(self.over).game_over(self, fresh)

    # --- the computer --------------------------------------------------------------------
    def start_thinking(self, purpose):
        p = self.pondering
        if p is not None:  # its search shares the player's scratch: it cannot outlive this
            p.gen = None  # one (what it answered stays, for the computer's turn)
        self.app.collect()  # the computer player's code (re)loads into packed holes
        ai, done = self.player()
        self.stop_thinking()
        s = self.s
        # a hint is what the strongest level would play
        level = self.app.prefs.level if purpose == "move" else "expert"
        # The same position and seed give the same move: a resumed game replays it.
        done = (s.seed + done) & 0xFFFF
        m = self.app.prefs.master
        if m and hasattr(ai, "ponder_tick"):  # Master (its hint too), with what it pondered
            self.thinker = ai.think(s.game, "master", done, m, p)
            if purpose == "hint":
                self.pondering = p  # its answers kept over the hint (RUNS restarts its search)
        else:
            self.thinker = ai.think(s.game, level, done)
        self.purpose = purpose
        self.spin = 0
        self.spin_at = self.app.p.ticks_ms()

    def stop_thinking(self):
        t = self.thinker
        self.thinker = None
        self.purpose = None
        self.pondering = None  # (a menu drops the computer player: what it pondered goes)
        if t is not None:
            t.close()

    def thought(self, purpose, move):
        """The search's answer (App.think steps it): a hint shown, or the computer's turn
        played; True if the screen needs a redraw."""
        if purpose == "hint":
            self.show_hint(move)
            return self.app.render(self)
        if not self.play_turn(move):
            self.msg = "CPU: no move"
            return self.app.render(self)
        self.after_change("marble")
        return True

    # --- taps ----------------------------------------------------------------------------
    def tap(self, target):
        app = self.app
        if self.tutor is not None and self.tutor.tap(target):
            return
        if target == "menu":
            app.go("main")
            return
        if self.purpose == "move":
            if target not in self.busy:
                return  # only Menu and Undo (a face may add more) answer while it moves
        elif self.thinker is not None:
            self.stop_thinking()  # any tap cancels a hint search
        self.msg = ""
        if self.modal(target):
            pass
        elif target == "moves":
            app.go("moves")
        elif target == "new":
            app.go("new")
        elif target == "undo":
            self.undo()
        elif self.game.result is not None:
            pass
        elif target == "hint":
            self.start_thinking("hint")
        elif isinstance(target, int):
            if self.s.human(self.game.turn):
                self.tap_cell(target)
        elif target == "place":  # Place: the confirm tap's mark played (a face shows it)
            if self.mark is not None:
                self.tap_cell(self.mark)
        else:
            self.tap_other(target)
        app.changed()

    def confirmed(self, x, free):
        """Confirm-tap (a shared preference: 1 on, 2 off, 0 auto: on where the board's
        cells are smaller than a fingertip): the first tap on a free cell
        marks it, a tap on the mark (or Place, "place") plays there, a tap elsewhere moves
        the mark, Undo takes it away; True when the move may go ahead."""
        c = self.app.prefs.confirm
        b = self.board  # cells under a fingertip: 30 px on 320x240, 40 on 480x320
        if (c == 1 or c == 0 and b.cell < 20 + 10 * b.ts) and self.mark != x:
            self.mark = x if free else None
            if not free:
                self.illegal("Cell taken")
            return False
        self.mark = None
        return True

    def illegal(self, text):
        """A refusal: the message (shown whole, wrapped by the face's render) and its
        sound."""
        self.msg = text[:1].upper() + text[1:] if self.capital else text
        self.app.sound("illegal")

    def undo_count(self):
        """Complete turns an Undo takes back now (0: nothing of the player's to undo)."""
        done, seats = self.seats()
        cpu = self.s.cpu
        if cpu < 0:
            return 1 if done else 0
        n = done
        while n > 0:
            n -= 1
            if n % seats != cpu:
                return done - n
        return 0  # only computer turns before: taking them back would replay them

    def undo(self):
        """Undo (the computer's search, if any, stops only when there is something to
        take back); a confirm tap's mark goes first."""
        if self.mark is not None:
            self.mark = None
            return
        if self.cancel():
            self.after_change(None)
            return
        k = self.undo_count()
        if k == 0:
            self.illegal("Nothing to undo")
            return
        self.stop_thinking()
        for _ in range(k):
            self.game.undo()
        self.after_change(None)
