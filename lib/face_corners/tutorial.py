"""The corner polyomino game's tutorial (Menu, Tutorial): a few taps on a real Duo board.
You play Purple: open the picker, pick a piece, turn it (Rot) and mirror it (Flip), move
it onto the starting point e10 and place it; after Orange's scripted answer, a piece moved
a square with an arrow that touches yours at a corner only, then one that would share a
side with it, which the engine refuses with its reason. A tap anywhere but where the step
asks is caught ("Not there!") and changes nothing; every placement goes through the
engine's checks as in a game. The cell a step names is ringed on the board. Loaded through
App.use; the Tutorial object keeps what it needs while it runs (the face's render hands
over to it), and the game in progress waits (shown again at the end).
"""

from corners import Game
from face_corners import M_GHOST, M_GOOD, PIECE_T, Session, _board, marks, settle
from quadpocket.tutor import Tutor

USES = ("quadpocket.tutor",)  # the runner: dropped with this module (App.forget)

# What each step asks (the panel's words), what it waits for: "next", "pick", a piece of
# the picker ("p<k>"), "rot", "flip", "up", a cell (its notation name) or "ghost" (Place,
# or a tap on the ghost); the ghost put for the step (a move in notation, or ""), Orange's
# scripted answer after it. The words fit the panel's rows on both screens.
STEPS = (
    ("You are Purple. Your first piece must cover e10, ringed in yellow. Tap Next.",
     "next", "", ""),
    ("Tap Pick to see your pieces.", "pick", "", ""),
    ("Tap the long L: five squares in an L.", "p11", "", ""),
    ("Rot turns the piece: its ghost turns too. Tap Rot.", "rot", "", ""),
    ("Flip mirrors it. Tap Flip.", "flip", "", ""),
    ("Tap e10 to move the ghost onto the starting point.", "e10", "", ""),
    ("A ghost framed in your colour fits. Tap Place.", "ghost", "", "j5,i6,j6,k6,j7"),
    ("Orange answered. Tap Pick.", "pick", "", ""),
    ("Tap the small corner.", "p3", "", ""),
    ("The arrows move the ghost a square. Tap ^ to move it up.", "up", "c11,c12,d12", ""),
    ("Pieces touch your own at corners, never along a side. Tap Place.", "ghost", "",
     "k8,k9,k10,l10"),
    ("Tap Pick.", "pick", "", ""),
    ("Tap the two squares.", "p1", "", ""),
    ("It would touch your L along a side: red crosses. Tap Place.", "ghost", "f11,f12",
     ""),
    ("Sides never touch. Tap Done.", "", "", ""),
)


def _name(x, y):
    return "abcdefghijklmn"[x] + str(y + 1)


class Tutorial(Tutor):
    def __init__(self, play, back):
        Tutor.__init__(self, play, back, Session(Game("duo"), (0, 0, 0, 0)), STEPS)

    def render(self):
        play = self.play
        app = play.app
        g = play.game
        p = play.panel
        changed = _board(play, g)
        words, want = STEPS[self.step][0], STEPS[self.step][1]
        last = self.step == len(STEPS) - 1
        lines = [self.note or self.title()]
        if last and play.msg:  # the engine's reason instead of the step's number
            lines = app.use("wrap").say(play.msg, p.cols)
        lines += app.use("wrap").say(words, p.cols)
        changed = app.use("face_corners.draw").panel(play, lines) or changed
        app.forget("face_corners.draw")
        buttons = (("next", "Next") if want == "next" else (None, ""),
                   ("done", "Done") if last else ("skip", "Skip"), (None, ""), (None, ""))
        for i in range(4):
            changed = p.set_button(i, buttons[i][0], buttons[i][1]) or changed
        return changed

    def _wanted(self, target):
        """True if target is what the step waits for."""
        want = STEPS[self.step][1]
        play = self.play
        g = play.game
        if want == "ghost":
            return target == "lay" or (isinstance(target, int) and
                                         bool(play.cm[target] & M_GHOST))
        if isinstance(target, int):
            return want == _name(target % g.width, target // g.width)
        return target == want

    def act(self, target):  # the taps the runner (quadpocket.tutor) leaves to the face
        play = self.play
        g = play.game
        play.ver += 1
        if not self._wanted(target):
            return False
        act = play.app.use("face_corners.act")
        want, reply = STEPS[self.step][1], STEPS[self.step][3]
        play.msg = ""
        if want == "ghost":
            before = g.plies
            play.commit()
            if g.plies > before:  # placed (act played it: the shell's after_change)
                if reply:
                    g.play(reply)
                settle(g)
                play.piece = play.ghost = None
                marks(play)
        elif isinstance(target, int):  # the ghost moved there (its middle square)
            play.pivot = target
            act.place(play, target)
        elif want != "next":
            act.tap_other(play, target)
        self.step += 1
        self.moved()
        return True

    def moved(self):
        self.play.ver += 1
        nxt = STEPS[self.step][2]
        if nxt:
            # the step's ghost: the piece it names, where the script puts it
            self.play.app.use("face_corners.act").show_hint(self.play, nxt)
            self.play.hinted = False
        self.point()

    def point(self):
        """Ring the cell the step names (e10 for the first two that name it)."""
        cm = self.play.cm
        for i in range(len(cm)):
            cm[i] &= 255 ^ M_GOOD
        if self.step in (0, 5):
            cm[9 * 14 + 4] |= M_GOOD

    def leave(self):
        play = self.play
        play.piece = play.ghost = None
        play.picking = False
        play.msg = ""


__all__ = ["Tutorial", "STEPS", "PIECE_T"]
