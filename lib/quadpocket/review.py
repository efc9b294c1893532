"""A game stepped through on the board, turn by turn: Step on the move list of any game
with a turn in it, finished or not (docs/shell.md, "Step"). Loaded then, on demand; the
Review object keeps its class while it runs and goes with Done. It works on the game
itself, through what every engine has (record(), play(turn), undo(), result): a step back
is an undo, a step forward plays the recorded turn again, and Done plays on to the end,
then shows the end of a finished game (play.game_over) or gives the game in progress back
from its bytes as they were (the face's start.resume(app, data)): a turn half made
(play.cancel() takes it back first) and a claim-mode game (claims are not in its record)
come back whole that way. The board is drawn by the face's pages module's
review_board(play) if it has one, else here through quadpocket.view's Board.update and
the face's _ends (Still's Quad); the panel here: the turn as the face's move_items(app)
writes it (its text after the number's "."), and the result on the last turn.
"""


def result(play):
    """The move list's last paragraphs: a blank one, then the result as the panel says it
    (its lines up to a blank one), or as the face's `verdict` (head, reason) says it when
    the panel splits the reason round the seat rows."""
    r = list(getattr(play, "verdict", None) or ())
    for s in () if r else play.result or ():
        if not s:
            break
        r.append(s)
    if not r:
        return []
    why = " ".join(r[1:])
    return ["", "Result: " + r[0] + (" (%s)" % why if why else "")]


def board(play):
    """The board at a step, for a face whose pages module has no review_board: the cells
    through quadpocket.view's Board.update (Still's Quad), its last turn framed."""
    import sys
    g = play.game
    last = g.last_turn()
    ends = sys.modules[play.app.face]._ends
    return play.board.update(g.cells, tuple(ends(last)) if last else ())


def start(app):
    play = app.play
    r = Review(play)
    play.tutor = r  # every tap and the render come here (quadpocket.play, the face's render)
    play.ended()  # the result lines and the board's outline go while stepping
    app.show(play.group, "play")
    app.changed()


class Review:
    def __init__(self, play):
        app = play.app
        g = play.game
        self.play = play
        self.data = play.s.to_bytes()  # before a half-made turn is taken back
        play.stop_thinking()
        play.cancel()
        self.turns = [t for t in g.record().split("\n") if t]
        self.n = self.at = len(self.turns)
        self.result = list(play.result or ())
        self.items = app.use(app.face + ".pages").move_items(app)
        self.draw = getattr(app.use(app.face + ".pages"), "review_board", board)
        self.broken = False
        play.hint = play.trainer = ()
        play.sel = play.mark = None

    def go(self, k):
        g = self.play.game
        while self.at > k:
            g.undo()
            self.at -= 1
        while self.at < k:
            try:
                g.play(self.turns[self.at])
            except ValueError:  # a claim-mode pass: Done reads the game back
                self.broken = True
            self.at += 1

    def tap(self, target):
        play = self.play
        if target == "prev" and self.at > 0:
            self.go(self.at - 1)
        elif target == "next" and self.at < self.n:
            self.go(self.at + 1)
        elif target == "first":
            self.go(0)
        elif target == "done":
            self.end()
        play.app.changed()
        return True

    def end(self):
        play = self.play
        app = play.app
        self.go(self.n)
        play.tutor = None
        g = play.game
        if self.broken or g.result is None:
            app.use(app.face + ".start").resume(app, self.data)
        else:
            play.game_over(False)

    def render(self):
        play = self.play
        p = play.panel
        changed = self.draw(play)
        cols = p.cols
        lines = ["Review", "Turn %d of %d" % (self.at, self.n) if self.at else "Start"]
        if self.at:
            item = self.items[self.at - 1]
            lines.extend(play.app.use("wrap").wrap(item[item.find(".") + 1:], cols))
        if self.at == self.n:
            lines.append("")
            lines.extend(self.result)
        changed = p.set_info(lines) or changed
        changed = p.set_seats(None, None, None, False, False) or changed
        for i, b in enumerate((("prev", "< Back", self.at > 0),
                               ("next", "Next >", self.at < self.n),
                               ("first", "Start", self.at > 0), ("done", "Done", True),
                               (None, "", False), (None, "", False))[:len(p.fills)]):
            changed = p.set_button(i, b[0], b[1], b[2]) or changed
        return changed
