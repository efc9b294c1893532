"""A scripted player whose every tap is a fat finger's (fingers.Finger: a seeded random
offset of up to 10 px on 320x240, 15 on 480x320): what the fat-finger games of Still's
and Winther's Quad share.

It plays as a careful person would on a small board: it taps the cell it wants; the
confirm tap (Play.confirmed, on by default where cells are under a fingertip) shows a
mark there, or on the cell the finger really hit; a mark on its cell is played with
Place (a button: every tap on one lands on it, asserted), a mark elsewhere is taken away
with Undo before the next try. So no tap of its own can play a cell it did not mean.
"""

from fingers import Finger, target_at


class Player:
    def __init__(self, app, driver, seed):
        self.app = app
        self.d = driver
        self.f = Finger(driver, seed)
        self.misses = 0  # cell taps that did not land where they were aimed

    def press(self, name):
        """Press the button (or menu choice) name: the finger lands on it, always."""
        x, y = self.f.where(name)
        lx, ly = self.f.land(x, y)
        got = target_at(self.app, lx, ly)
        assert got == name, "aimed at %r at %s, landed at %s on %r" % (name, (x, y),
                                                                       (lx, ly), got)
        self.f.taps += 1
        self.f.landed = (lx, ly)
        self.d.tap_xy(lx, ly)

    def tap_cell(self, x):
        """One fat-finger tap aimed at board cell x."""
        lx, ly = self.f.tap(*self.app.play.board.centre(x))
        if target_at(self.app, lx, ly) != x:
            self.misses += 1

    def put(self, x):
        """Play on cell x through the confirm tap: tap until the mark is on x, then Place."""
        play = self.app.play
        assert play.board.tiny and self.app.prefs.confirm == 0  # Auto, on these cells
        for _ in range(80):
            if play.mark == x:
                self.press("place")
                return
            if play.mark is not None:
                self.press("undo")  # a mark on a cell it did not mean goes first
                continue
            self.tap_cell(x)
        raise AssertionError("cell %d never marked" % x)
