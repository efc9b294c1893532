"""The tutorial runner every face's tutorial is made on (docs/shell.md "Adding a game"): a
real game the face sets up, steps that each ask for one tap, a wrong tap caught ("Not
there!") and changing nothing, Skip and Done back to the game that waits. A face's
tutorial module subclasses Tutor (its own steps, board, drawing and the taps its steps
ask for) and names this module in its USES, so App.forget drops both; the Tutorial object
keeps its class while it runs (play.tutor: the face's render hands over to it).
app.go("tutorial") (the menu's Tutorial, a game's first start) calls tutorial(app) here.
"""


def tutorial(app):
    """app.go("tutorial"): the shown face's tutorial (its tutorial module's Tutorial)."""
    return start(app, app.use(app.face + ".tutorial").Tutorial)


def start(app, cls):
    """Show a tutorial, cls(play, back): the game in progress (back, None if there is
    none) waits, and is shown again at the tutorial's end."""
    play = app.play
    back = play.s if play.tutor is None else play.tutor.back
    play.stop_thinking()
    tut = cls(play, back)
    play.tutor = tut
    app.use(app.face + ".start").show(app, tut.session)
    tut.moved()
    return tut


class Tutor:
    """steps: how many; session: the tutorial's game (Session); act(t): the face's answer
    to a tap t on a step (True: what the step asked for, done); moved(): the face's marks
    for the step now shown (at the start, after Next); leave(): its marks cleared at the
    end."""

    def __init__(self, play, back, session, steps, turns=()):
        # session: the tutorial's game, the turns played on it first; steps: its STEPS
        for t in turns:
            session.game.play(t)
        self.play = play
        self.back = back
        self.session = session
        self.steps = len(steps)
        self.step = 0
        self.note = ""

    def title(self):
        return "Tutorial %d/%d" % (self.step + 1, self.steps)

    def tap(self, target):
        """Every tap during the tutorial comes here; True = handled."""
        app = self.play.app
        self.note = ""
        if target in ("skip", "done", "menu"):
            self.end()
            return True
        if target == "next" and self.step == 0:
            self.step = 1
            self.moved()
        elif target is not None and not self.act(target) and self.step < self.steps - 1:
            self.note = "Not there!"
            app.sound("illegal")
        app.changed()
        return True

    def act(self, target):
        return False

    def moved(self):
        pass

    def leave(self):
        pass

    def end(self):
        """Back to the game in progress (or the saved one)."""
        play = self.play
        app = play.app
        play.tutor = None
        play.trainer = play.hint = ()
        play.sel = None
        self.leave()
        if self.back is not None:
            app.use(app.face + ".start").show(app, self.back)
        else:
            app.go("resume")
