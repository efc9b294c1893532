"""The corner polyomino game's tutorial (Menu, Tutorial): a few taps on a real Duo board.
You play Black: pick a piece from the tray, turn it (Rot) and mirror it (Flip), move it
onto the starting point e10 and place it; after White's scripted answer, a piece that
touches yours at a corner only, then one that would share a side with it, which the
engine refuses with its reason. A tap anywhere but where the step asks is caught ("Not
there!") and changes nothing; every placement goes through the engine's checks as in a
game. Loaded through App.use; the Tutorial object keeps what it needs while it runs (the
face's render hands over to it), and the game in progress waits (shown again at the end).
"""

from corners import Game
from corners.pieces import NAMES
from face_corners import M_GHOST, PIECE_T, Session, _board, marks, settle

# What each step asks (the panel's words), what it waits for: "next", a piece of the tray
# ("p<k>"), "rot", "flip", a cell (its notation name) or "ghost" (a tap on the ghost);
# the ghost put for the step (a move in notation, or ""), White's scripted answer after
# it. Steps waiting for a piece show the trays, so their words fit two panel rows.
STEPS = (
    ("You are Black. Your first piece must cover e10, the hollow square. Tap Next.",
     "next", "", ""),
    ("Tap the L5 in your tray", "p11", "", ""),
    ("Rot turns the piece: its ghost on the board turns too. Tap Rot.", "rot", "", ""),
    ("Flip mirrors it. Tap Flip.", "flip", "", ""),
    ("Tap e10 to move the ghost onto the starting point.", "e10", "", ""),
    ("A ghost in your colour fits. Tap the ghost to place the piece.", "ghost", "",
     "j5,i6,j6,k6,j7"),
    ("Tap the V3 in your tray", "p3", "", ""),
    ("Each later piece touches your own at a corner, never along a side. Tap the ghost.",
     "ghost", "c12,c13,d13", "k8,k9,k10,l10"),
    ("Tap the 2 in your tray", "p1", "", ""),
    ("Here it would touch your L along a side: red crosses. Tap the ghost anyway.",
     "ghost", "f11,f12", ""),
    ("Sides never touch. Tap Done.", "", "", ""),
)


def start(app):
    """Show the tutorial; the game in progress waits (shown again at the end)."""
    play = app.play
    back = play.s if play.tutor is None else play.tutor.back
    play.stop_thinking()
    tut = Tutorial(play, back)
    play.tutor = tut
    app.use("face_corners.start").show(app, tut.session)


class Tutorial:
    def __init__(self, play, back):
        self.play = play
        self.back = back
        self.session = Session(Game("duo"), (0, 0, 0, 0))
        self.step = 0
        self.note = ""

    def render(self):
        play = self.play
        app = play.app
        g = play.game
        p = play.panel
        changed = _board(play, g)
        words, want = STEPS[self.step][0], STEPS[self.step][1]
        tray = want[:1] == "p"
        last = self.step == len(STEPS) - 1
        lines = [self.note or "Tutorial %d/%d" % (self.step + 1, len(STEPS))]
        if last and play.msg:
            lines += app.use("wrap").say(play.msg, p.cols) + [""]
        lines += app.use("wrap").say(words, p.cols)
        p.covered = not tray
        changed = p.set_info(lines) or changed
        tr = play.trays
        if tr.group.hidden != (not tray):
            tr.group.hidden = not tray
            changed = True
        if tray:
            seen = tr.seen
            stale = seen[9] != g.turn or seen[10] != (255 if play.piece is None else
                                                      play.piece)
            for c in range(g.ncol):
                stale = stale or seen[c] != g.board.left[c]
            if stale:
                changed = app.use("face_corners.draw").trays(play, g) or changed
                app.forget("face_corners.draw")
        buttons = (("done", "Done") if last else ("skip", "Skip"), (None, ""),
                   ("next", "Next") if want == "next" else (None, ""), (None, ""))
        for i in range(4):
            changed = p.set_button(i, buttons[i][0], buttons[i][1]) or changed
        more = want in ("rot", "flip")
        for i in range(2):
            f = p.more[i]
            if f.hidden == more:
                f.hidden = p.more_labels[i].hidden = not more
                changed = True
        return changed

    def _wanted(self, target):
        """True if target is what the step waits for."""
        want = STEPS[self.step][1]
        g = self.play.game
        if want == "ghost":
            return isinstance(target, int) and bool(self.play.cm[target] & M_GHOST)
        if isinstance(target, int):
            return want == _name(target % g.width, target // g.width)
        return target == want

    def tap(self, target):
        """Every tap during the tutorial comes here; True = handled."""
        play = self.play
        app = play.app
        g = play.game
        self.note = ""
        if target in ("skip", "done", "menu"):
            self.end()
            return True
        if self.step == len(STEPS) - 1 or target is None:
            return True
        if not self._wanted(target):
            self.note = "Not there!"
            app.sound("illegal")
            app.changed()
            return True
        act = app.use("face_corners.act")
        words, want, ghost, reply = STEPS[self.step]
        play.msg = ""
        if want[:1] == "p" and want in PIECE_T:
            act.tap_other(play, want)
        elif want in ("rot", "flip"):
            act.tap_other(play, want)
        elif want == "ghost":
            before = g.plies
            act.tap_cell(play, target)
            if g.plies > before:  # placed (tap_cell played it: the shell's after_change)
                if reply:
                    g.play(reply)
                settle(g)
                play.piece = play.ghost = None
                marks(play)
        elif want != "next":  # a cell: the ghost moved there (not placed, if already on it)
            play.pivot = target
            act.place(play, target)
        self.step += 1
        nxt = STEPS[self.step][2]
        if nxt:
            # the step's ghost: the piece it names, where the script puts it
            act.show_hint(play, nxt)
            play.msg = ""
        app.changed()
        return True

    def end(self):
        """Back to the game in progress (or the saved one)."""
        play = self.play
        app = play.app
        play.tutor = None
        play.piece = play.ghost = None
        play.msg = ""
        play.panel.covered = False
        if self.back is not None:
            app.use("face_corners.start").show(app, self.back)
        else:
            app.go("resume")


def _name(x, y):
    return "abcdefghijklmnopqrst"[x] + str(y + 1)
