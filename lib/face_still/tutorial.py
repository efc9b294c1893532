"""First-run tutorial: a real game set up so that one turn shows a star and a quad.

You (seat 0) hold three corners of the tilted square d4 f5 e7 c6; the opponent holds
three corners of the upright square h8 j8 j10 h10. Step by step the panel asks for: the
Star button, a star on h10 (the threat, shown magenta as at Trainer level), then a marble on c6,
which completes the quad and wins. The engine checks every action as in a normal game.
"""

from quadcore import Game, parse_cell
from face_still import Session, cursor
from quadpocket.tutor import Tutor

USES = ("quadpocket.tutor",)  # the runner: dropped with this module (App.forget)

SETUP = ("d4", "h8", "f5", "j8", "e7", "j10")
THREAT = "h10"
WIN = "c6"

# Each step wraps to 13 columns (the panel's width on both screens); under the seat rows
# where it fits there, else over them (the Titano leaves two rows under them); the first,
# shown without seat rows, in 6 (test_app_ui.py checks them whole on both screens).
STEPS = (
    "A quad: 4 of your marbles on a square's corners, any tilt. Tap Next.",
    "Pink: they win there. Tap Star.",
    "Star ready: now tap the magenta cell.",
    "Blocked. Tap the ring: your tilted quad.",
    "Quad! Tilted square: you win. Tap Done.",
)


class Tutorial(Tutor):
    def __init__(self, play, back):
        Tutor.__init__(self, play, back, Session(Game(11, 2), cpu=1), STEPS, SETUP)
        self.threat = parse_cell(THREAT, 11)
        self.win = parse_cell(WIN, 11)

    def lines(self):
        """Panel text: below the seat rows (they stay visible after the intro)."""
        panel = self.play.panel
        cols = panel.cols
        # row 0: where we are; row 1: a note on a wrong tap; then the step's text, below
        # the seat rows once they are shown
        out = [self.title()]
        text = self.play.app.use("wrap").wrap(STEPS[self.step], cols)
        self.seats = self.step and panel.free_row + len(text) <= panel.rows
        if self.step:
            out.append(self.note)
        if self.seats:
            out.extend([""] * (panel.free_row - 2))
        out.extend(text)
        if self.step in (1, 2):
            self.play.trainer = (self.threat,)
        else:
            self.play.trainer = ()
        self.play.hint = (self.win,) if self.step == 3 else ()
        return out

    def render(self):
        """The game screen during the tutorial (face_still.render hands over): its overlays
        (threat, ringed cell) are set while its text is composed."""
        play = self.play
        g = self.session.game
        p = play.panel
        lines = self.lines()
        changed = play.board.update(g.cells, cursor(play), play.trainer, play.hint,
                                    play.hint_stars, play.mark)
        changed = p.set_info(lines) or changed
        # the last screen frames the winner (the turn has passed on to seat 1)
        seat = g.turn if g.result is None else g.result[1]
        changed = p.set_seats(g.marbles_left, g.stars_left, seat, g.star_armed,
                              self.seats) or changed
        for i in range(6):
            changed = p.set_button(i, *self.button(i)) or changed
        return changed

    def button(self, i):
        if i == 4 and self.step in (1, 2):
            return ("star", "Star", 2 if self.step == 2 else True)
        if i == 1 and self.step == 0:
            return ("next", "Next")
        if i == 1 and self.step == len(STEPS) - 1:
            return ("done", "Done")
        if i == 3 and self.step < len(STEPS) - 1:
            return ("skip", "Skip")
        return (None, "")

    def act(self, target):  # the taps the runner (quadpocket.tutor) leaves to the face
        play = self.play
        g = self.session.game
        if self.step == 1 and target == "star":
            g.star_armed = True
            self.step = 2
        elif self.step == 2 and target == self.threat:
            g.star(self.threat)
            g.star_armed = False
            self.step = 3
            play.after_change("star")
        elif self.step == 3 and target == self.win:
            g.marble(self.win)
            self.step = 4
            play.after_change(None)
        else:
            return False
        return True
