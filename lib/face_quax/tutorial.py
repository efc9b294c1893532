"""The Quax family's tutorial (Menu, Tutorial; offered at the game's first start): a real
game of Quax on 7 x 7 in which a few taps show the swap rule, a drop, a crosscut, a link
and a win. The other player opens as Black; you take its stone with Swap and play Black
from then on; White's answers are scripted and harmless. A tap anywhere but where the step
asks is caught ("Not there!") and changes nothing; the engine checks every turn as in a
game. Loaded through App.use; the Tutorial object keeps what it needs while it runs (the
face's render hands over to it), and the game in progress waits.
"""

from quax import Game, parse_cell
from face_quax import Session, draw_board
from quadpocket.tutor import Tutor

USES = ("quadpocket.tutor",)  # the runner: dropped with this module (App.forget)

OPENING = "d1"              # the other player's first stone, as Black
LATER = "a1 d2 d5 d3 e4"    # after the swap: White's answer and a few turns on
# (what the step asks, in the panel's words; the cells to tap, in order, or "swap"; White's
# answer)
STEPS = (
    ("Black joins the black bands, top and bottom. Tap Next.", (), None),
    ("Black opened d1. Tap Swap: d1 and Black are yours.", "swap", None),
    ("Some turns later: drop on the ringed cell, d4.", ("d4",), "a7"),
    ("Now e5, the ringed cell: on a diagonal from d4.", ("e5",), "b7"),
    ("White's d5 and e4 cross them. Link: tap d4, then e5.", ("d4", "e5"), "a6"),
    ("The bar is your link. Tap e6.", ("e6",), "a5"),
    ("Tap e7 to join the top edge.", ("e7",), None),
    ("Your chain joins your edges: you win. Tap Done.", (), None),
)


class Tutorial(Tutor):
    def __init__(self, play, back):
        # the other player opened: you may swap
        Tutor.__init__(self, play, back, Session(Game("quax", 7, True), cpu=0), STEPS,
                       (OPENING,))
        self.tapped = 0     # cells of this step tapped so far

    def want(self):
        """The cell the step waits for, or None."""
        cells = STEPS[self.step][1]
        if cells == "swap":
            return None
        return parse_cell(cells[self.tapped], 7) if self.tapped < len(cells) else None

    def render(self):
        play = self.play
        p = play.panel
        w = self.want()
        play.hint = (w,) if w is not None and not play.game.at(w) else ()
        changed = draw_board(play, (w,) if w is not None and play.game.at(w) else ())
        lines = [self.title(), self.note]
        lines += play.app.use("wrap").wrap(STEPS[self.step][0], p.cols)
        p.covered = True
        changed = p.set_info(lines) or changed
        changed = p.set_seats(play.counts[0], play.counts[1], play.game.turn, False,
                              False) or changed
        last = self.step == len(STEPS) - 1
        # Next (or Done), Skip; Swap where the game has it, in slot 4
        buttons = ((None, ""), ("done", "Done") if last else ("next", "Next") if
                   self.step == 0 else (None, ""), (None, ""),
                   (None, "") if last else ("skip", "Skip"),
                   ("swap", "Swap") if STEPS[self.step][1] == "swap" else (None, ""),
                   (None, ""))
        for i in range(6):
            changed = p.set_button(i, buttons[i][0], buttons[i][1]) or changed
        return changed

    def act(self, target):  # the taps the runner (quadpocket.tutor) leaves to the face
        play = self.play
        app = play.app
        g = play.game
        w = self.want()
        if target == "swap" and STEPS[self.step][1] == "swap":
            g.play("swap")
            for t in LATER.split():
                g.play(t)
            self.step += 1
            app.sound("marble")
        elif w is not None and target == w:
            self.tapped += 1
            cells = STEPS[self.step][1]
            if self.tapped == len(cells):
                if len(cells) == 2:
                    g.play(cells[0] + "-" + cells[1])
                else:
                    g.play(cells[0])
                reply = STEPS[self.step][2]
                if reply:
                    g.play(reply)
                self.step += 1
                self.tapped = 0
                play.sel = None
                app.sound("marble")
            else:
                play.sel = w  # the first stone of a link: picked
        else:
            return False
        return True

    def leave(self):
        self.play.panel.covered = False
