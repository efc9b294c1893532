"""Fat-finger games of the corner polyominoes (issue 42, "How it is judged"): scripted
players whose every tap lands a seeded random offset of up to 10 px (320x240) / 15 px
(480x320) from where they aim (host_tests/fingers.Finger) play whole Duo and Classic games
through taps alone, on both screens; each game finishes, and every piece placed is the
one the player meant, where it meant it (the engine's record says so).

A player chooses its move (a seeded choice among the legal ones), then gets it onto the
board as a person would: Pick, the piece's slot in the picker, Rot and Flip until the
piece is turned its way, a tap on the board where it should go (the ghost snaps to the
nearest place it fits) unless the tap could land on the ghost shown, the arrows for the
last cells, then Place. It looks at the screen as a person does (which piece is picked,
how it is turned, where the ghost is) and taps only through the Finger: no state is set.
Where a step's target is missing or a tap does something else, it tries again, up to a
bound, and the test fails there. Each game's taps are counted: the first board tap's
snap right, arrows pressed, retries (docs/corners.md has the figures).
"""

import math
import random

import pytest

from fingers import MISS, Finger, regions, target_at
from test_corners_app import cb, conf

TRIES = 40  # taps a step may take before the player gives up (the test fails)


class Player:
    """One scripted person at the glass (every person of a game shares it)."""

    def __init__(self, d, seed):
        self.d = d
        self.app = d.app
        self.f = Finger(d, seed)
        self.rng = random.Random(seed)
        self.aims = {}
        self.stats = {"moves": 0, "taps": 0, "arrows": 0, "board": 0, "snapped": 0,
                      "retries": 0}

    # --- the eyes: what the screen shows
    def play(self):
        return self.app.play

    def targets(self):
        return regions(self.app, 2)

    def aim(self, name):
        """Where to aim at target name (its deepest point; kept while it stays there), or
        None if the screen has no such target. A look at the screen notes every target
        on it (they do not move while they show)."""
        a = self.aims.get(name)
        if a is not None and target_at(self.app, a[0], a[1]) == name:
            return a
        from fingers import aim, on_board
        found = None
        for t, m in self.targets().items():
            if not on_board(t):
                x, y = aim(m)
                self.aims[t] = (2 * x, 2 * y)
                if t == name:
                    found = self.aims[t]
        return found

    def press(self, name):
        a = self.aim(name)
        if a is None:
            raise AssertionError("no %r on the screen" % name)
        self.f.tap(a[0], a[1])
        self.stats["taps"] += 1

    def cell_px(self, x, y):
        b = self.play().board
        n = b.n
        return b.bx + x * b.cell + b.cell // 2, b.by + (n - 1 - y) * b.cell + b.cell // 2

    def ghost_cells(self):
        play = self.play()
        n = play.game.width
        return [(i % n, i // n) for i in range(n * n) if play.cm[i] & 1]

    # --- one turn
    def turn(self):
        play = self.play()
        g = play.game
        moves = sorted(g.moves())
        m = self.rng.choice(moves)
        want = sorted(g.cells_of(m))
        o = m & 127
        from corners.pieces import PIECE
        p = PIECE[o]
        before = g.plies
        for _ in range(TRIES):
            if g.plies > before:
                break
            self.step(p, o, want)
        else:
            raise AssertionError("could not place %s in %d taps" % (g.text_of(m), TRIES))
        got = sorted(g.cells_of(g.move_at(before)))
        assert got == want, "move %d: meant %s, placed %s" % (
            before + 1, g.text_of(m), g.text_of(g.move_at(before)))
        self.stats["moves"] += 1

    def step(self, p, o, want):
        """One tap towards placing piece p turned o on the cells want."""
        play = self.play()
        if play.piece != p:
            if self.aim("p%d" % p) is not None:
                self.press("p%d" % p)
                if play.piece != p:
                    self.stats["retries"] += 1  # the finger picked another piece
            else:
                self.press("pick")  # the picker, to see the pieces
            return
        if play.orient != o:
            self.press("flip" if _flipped(play.orient, o) else "rot")
            return
        have = sorted(self.ghost_cells())
        if have == want and play.ok:
            if self.aim("lay") is not None:
                self.press("lay")
            else:  # no Place button: a tap on the ghost's middle square
                x, y = want[len(want) // 2]
                self.f.tap(*self.cell_px(x, y))
                self.stats["taps"] += 1
            return
        # where the ghost should go: its squares' middle, in pixels
        gx = sum(x for x, _ in want) / len(want)
        gy = sum(y for _, y in want) / len(want)
        tx, ty = self.cell_px(gx, gy)
        tx, ty = int(tx), int(ty)
        b = play.board
        safe = MISS[self.app.p.width] + b.cell  # a tap there never lands on the ghost
        near = min([math.hypot(tx - cx, ty - cy) for cx, cy in
                    (self.cell_px(x, y) for x, y in have)] or [1e9])
        if near > safe:
            self.stats["board"] += 1
            self.f.tap(tx, ty)
            self.stats["taps"] += 1
            if sorted(self.ghost_cells()) == want:
                self.stats["snapped"] += 1
            return
        # close: an arrow a cell at a time (the anchors differ by the same shift)
        dx = min(x for x, _ in want) - min(x for x, _ in have)
        dy = min(y for _, y in want) - min(y for _, y in have)
        name = ("right" if dx > 0 else "left") if dx else ("up" if dy > 0 else "down")
        if self.aim(name) is None:  # no arrows: the board tap, however near
            self.f.tap(tx, ty)
            self.stats["taps"] += 1
            return
        self.stats["arrows"] += 1
        self.press(name)


def quick(p):
    """No pixels drawn: what a tap does is the app's state, not its picture (a refresh of
    the simulated screen is most of a test's time)."""
    def none(**kw):
        p.refreshes += 1
    p.display.refresh = none


def _flipped(a, o):
    """True if orientation o is a mirror of a (Flip, not Rot, gets there)."""
    from face_corners.act import _turned
    q = a
    for _ in range(4):
        if q == o:
            return False
        q = _turned(q, "rot")
    return True


def game(size, variant, seed):
    """A whole game between scripted people; its record and the players' counts."""
    app, d, p = cb(size=size, conf_=conf(variant=variant, kinds=(0, 0, 0, 0)))
    quick(p)
    player = Player(d, seed)
    g = app.play.game
    for _ in range(4 * 21 + 1):
        if g.result is not None:
            break
        player.turn()
    assert g.result is not None and g.turn is None
    return app, player


@pytest.mark.parametrize("size", ((320, 240), (480, 320)))
@pytest.mark.parametrize("variant", (0, 1))
def test_fat_finger_whole_games(size, variant):
    app, player = game(size, variant, 1000 * variant + size[0])
    st = player.stats
    g = app.play.game
    assert st["moves"] == g.plies and g.plies > 10
    # every piece went where it was meant (checked move by move in Player.turn); say how
    print("%dx%d %s: %d moves, %d taps (%.1f a move), board taps %d (%d snapped right), "
          "arrows %d, retries %d" % (size[0], size[1], g.variant, st["moves"], st["taps"],
                                     st["taps"] / st["moves"], st["board"], st["snapped"],
                                     st["arrows"], st["retries"]))
