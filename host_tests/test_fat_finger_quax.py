"""Issue 42's fat-finger games for the Quax family: scripted players whose every tap lands
a seeded random offset of up to 10 px (320x240) / 15 px (480x320) from where they aim
(host_tests/fingers.py) play whole games through taps alone, on the largest board each
screen offers (its cells the smallest): Quax with a swap and links, and Crossway with
what passes it forces. Each game finishes, and every turn the engine recorded is the one
its player meant.

The players look at the screen as a person would: a stone shown where they meant is
dropped with Place; one shown where they did not mean, or a stone picked that they did
not mean, is taken away with Undo (a tap next to a stone shown could land on it and drop
it); a menu opened by a miss is left with its Back button. They never undo
a turn, so the record is every turn that was committed."""

import pytest
from fingers import Finger

from quax import Game, ai as qx_ai, parse_turn
from quax.notation import LINKBASE, PASS, SWAP, format_move
from test_quax_app import conf, qx

SIZES = ((320, 240), (480, 320))
TRIES = 60  # taps a turn at most


class Player:
    """Plays intended turns through a Finger on the shown game screen."""

    def __init__(self, driver, seed):
        self.d = driver
        self.app = driver.app
        self.f = Finger(driver, seed)

    def centre(self, x):
        return self.app.play.board.centre(x)

    def back_to_the_board(self):
        """A miss that opened a menu or a page: its way back to the game."""
        from tools.sim import rects
        names = [n for n, _ in rects(self.app)]
        self.f.press("resume" if "resume" in names else "back")

    def turn(self, text):
        """Tap until the turn is played; the move int the engine recorded."""
        app = self.app
        g = app.play.game
        plies = g.plies
        kind, a, b = parse_turn(text, g.n)
        for _ in range(TRIES):
            if app.play.game.plies > plies:
                break
            if app.mode != "play":
                self.back_to_the_board()
                continue
            play = app.play
            g = play.game
            if kind in ("swap", "pass"):
                self.f.press(kind)
            elif play.sel is not None and not (kind == "link" and play.sel == a):
                self.f.press("undo")  # a stone picked by a miss: let it go
            elif play.mark is not None and not (kind == "drop" and play.mark == a):
                # a stone shown where it was not meant: take it away first (a tap near
                # it might land on it, and a tap on it drops it)
                self.f.press("undo")
            elif kind == "drop" and play.mark == a:
                self.f.press("place")  # shown where meant: Place drops it
            elif kind == "drop":
                self.f.tap(*self.centre(a))  # shows it there (or drops it, on a big cell)
            elif play.sel == a:
                self.f.tap(*self.centre(b))
            else:
                self.f.tap(*self.centre(a))
        g = app.play.game
        assert g.plies == plies + 1, "%s not played in %d taps" % (text, TRIES)
        return g.last()


def intended(g, k, swap_at=None):
    """The turn a player means at turn k: the swap where asked, else a link that settles a
    crosscut where there is one (so the game has links), else Easy's choice."""
    if swap_at == g.plies and g.can_swap():
        return "swap"
    own = g.turn + 1
    n = g.n
    for m in g.moves():
        if LINKBASE <= m < SWAP:
            blk = (m - LINKBASE) >> 1
            other = (blk + 1, blk + n) if (m - LINKBASE) & 1 == 0 else (blk, blk + n + 1)
            if all(g.at(x) == 3 - own for x in other):
                return format_move(m, n)
    t = qx_ai.choose(g, "easy", k)
    return "swap" if t == "swap" and swap_at is not None else t


def blind(app):
    """The simulated display's refresh skipped (Blinka draws a whole screen in Python,
    most of a second a tap on a loaded machine): for tests that read only what hit()
    answers and the game's state, never pixels."""
    app.p.display.refresh = lambda **kw: None
    return app


def play_out(size, rules, seed, swap_at=None):
    """A whole game between two scripted players on the largest board the screen offers;
    (the turns meant, the engine's record, the game)."""
    from face_quax.start import max_size
    auto = {"confirm": 0}  # the confirm tap as it comes: Auto (the tests' apptools: off)
    app, d, p = qx(size=size, prefs=auto, conf=conf(rules, 5, True, humans=True))
    n = max_size(app)
    app, d, p = qx(size=size, prefs=auto, conf=conf(rules, n, True, humans=True))
    blind(app)
    g = app.play.game
    assert (g.rules, g.n, g.pie, app.play.s.cpu) == (rules, n, True, -1)
    player = Player(d, seed)
    meant = []
    k = 0
    while app.play.game.result is None:
        g = app.play.game
        t = intended(Game.from_bytes(g.to_bytes()), k, swap_at)
        m = player.turn(t)
        meant.append(t)
        # every committed turn is the one meant, at once
        assert format_move(m, g.n) == format_move(_move(g, t), g.n), (meant, g.record())
        k += 1
        assert k < 400
    return meant, app.play.game.record().split("\n"), app.play.game, player.f.taps


def _move(g, text):
    kind, a, b = parse_turn(text, g.n)
    return {"swap": SWAP, "pass": PASS, "drop": a}.get(kind) if kind != "link" else \
        g.link_of(a, b)


@pytest.mark.parametrize("size", SIZES)
def test_fat_finger_quax_with_a_swap_and_links(size):
    meant, record, g, taps = play_out(size, "quax", seed=size[0] + 42, swap_at=1)
    assert record == meant
    assert g.result is not None and g.result[0] == "win"
    assert "swap" in record and record.index("swap") == 1
    assert sum(1 for t in record if "-" in t) >= 2  # links played by two taps each
    assert taps > len(record)  # misses were made, and caught


@pytest.mark.parametrize("size", SIZES)
def test_fat_finger_crossway(size):
    meant, record, g, taps = play_out(size, "crossway", seed=size[0] + 7)
    assert record == meant
    assert g.result is not None and g.result[0] == "win"
    assert taps > len(record)
