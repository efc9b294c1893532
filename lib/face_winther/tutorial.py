"""Winther's Quad's tutorial (Menu, Tutorial): a real game set up so that three taps show a
capture and a win; a tap anywhere else is caught ("Not there!"), as in Still's Quad's.

You are White. You hold c4, b1, b5, c5, d5; Black holds d4, a5, g7, h2, g2. Step by step
the panel asks for: a drop on e4 (it flanks Black's d4 against your c4: d4 gets the pink
cross of a counter at stake), Take, then (after Black's scripted drop on h7) a drop on
e5, the yellow ring, which makes b5 c5 d5 e5: exactly four, a win. The engine checks every
turn as in a normal game. Loaded through App.use when the tutorial starts; the Tutorial
object keeps its class while it runs.
"""

from winquad import Game, parse_cell
from face_winther import Session, draw
from quadpocket.tutor import Tutor

USES = ("quadpocket.tutor",)  # the runner: dropped with this module (App.forget)

SETUP = ("c4", "d4", "b1", "a5", "b5", "g7", "c5", "h2", "d5", "g2")
REPLY = "h7"  # Black's drop after the capture

# Each step wraps to the panel's width in the rows it has under the seat rows on both
# screens; the first, shown without seat rows, in all of them (test_wq_app.py).
STEPS = (
    "Drop all your counters, then move them a step. Exactly four in a row or column "
    "wins. Tap Next.",
    "Tap e4: flank d4 with your c4.",
    "Pink cross: d4 can go. Tap Take.",
    "Yellow ring: your fourth in row 5. Tap it.",
    "Four in a row: you win! Tap Done.",
)


class Tutorial(Tutor):
    def __init__(self, play, back):
        Tutor.__init__(self, play, back, Session(Game(15), cpu=1), STEPS, SETUP)
        self.drop = parse_cell("e4")
        self.prey = parse_cell("d4")
        self.win = parse_cell("e5")

    def render(self):
        play = self.play
        g = self.session.game
        p = play.panel
        play.hint = (self.win,) if self.step == 3 else ()
        changed = draw(play, None)
        out = [self.title()]
        if self.step:
            out.append(self.note)
            out.extend([""] * (p.free_row - 2))
        out.extend(play.app.use("wrap").wrap(STEPS[self.step], p.cols))
        changed = p.set_info(out) or changed
        seat = g.turn if g.result is None else g.result[1]
        changed = p.set_seats((g.in_hand(0), g.in_hand(1)), (g.on_board(0), g.on_board(1)),
                              seat, False, self.step > 0) or changed
        for i in range(4):
            changed = p.set_button(i, *self.button(i)) or changed
        return changed

    def button(self, i):
        last = len(STEPS) - 1
        if i == 1 and self.step in (0, last):
            return ("next", "Next") if self.step == 0 else ("done", "Done")
        if i == 0 and self.step == 2:
            return ("take", "Take")
        if i == 3 and self.step < last:
            return ("skip", "Skip")
        return (None, "")

    def act(self, target):  # the taps the runner (quadpocket.tutor) leaves to the face
        play = self.play
        g = self.session.game
        if self.step == 1 and target == self.drop:
            caps = g.capturable(self.drop, self.drop)
            play.choice = [self.drop, self.drop, tuple(caps), list(caps)]
            self.step = 2
            play.app.sound("marble")
        elif self.step == 2 and target == "take":
            g.turn_of(self.drop, self.drop, play.choice[3])
            play.choice = None
            g.play(REPLY)
            self.step = 3
        elif self.step == 3 and target == self.win:
            g.turn_of(self.win, self.win, ())
            self.step = 4
            play.app.sound("win")
        else:
            return False
        return True

    def leave(self):
        self.play.choice = None
