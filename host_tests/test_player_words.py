"""Issue 22 items 2, 6 and 7 on Still's Quad's game screen: a Duel seat shows both its
colours and which one is placed next; the player's colour against the computer is said on
the screen and the end of a game keeps the seat rows; plain words, and a message never
hides the counts it is about."""

import os

import pytest

from apptools import ROOT, info_text, start, start_with

from quadcore import Game, parse_cell
from quadpocket import view

SIZES = ((320, 240), (480, 320))


def words(app):
    return " ".join(info_text(app).split())


# --- item 2: Duel -----------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("humans", (2, 3))
def test_a_duel_seat_shows_both_colours_and_rings_the_next(size, humans):
    app, d, p = start(size=size, prefs={"opponent": "humans", "humans": humans,
                                        "variant": "duel"})
    g = app.play.game
    pn = app.play.panel
    assert g.rules.per_turn == 2
    cols = g.rules.seat_colours
    assert len(pn.icons) == humans
    for s in range(humans):
        assert not pn.seats.hidden
        # four colours: one sheet tile each, the ring on a layer of its own
        assert app.play.board.step == 1
        shown = sorted(tg[0] - view.T_MARBLE for tg in pn.icons[s])
        assert shown == sorted(cols[s]), s
        assert all(not tg.hidden for tg in pn.icons[s])

    def ringed(seat):
        # the one ring (pn.iring) shows its frame over that seat's icon of the colour
        r = pn.iring
        return [tg[0] - view.T_MARBLE for tg in pn.icons[seat]
                if r[0] == view.T_RING and (r.x, r.y) == (tg.x, tg.y)]

    assert "Marble 1 of 2" in words(app)
    assert ringed(0) == [cols[0][0]] and ringed(1) == []
    d.tap_cell("f6")
    assert "Marble 2 of 2" in words(app)
    assert g.cells[parse_cell("f6", 11)] - 2 == cols[0][0]
    # the marble placed next is the second colour, and that is the one ringed
    assert ringed(0) == [cols[0][1]]
    d.tap_cell("e5")
    assert g.cells[parse_cell("e5", 11)] - 2 == cols[0][1]
    assert g.turn == 1 and ringed(1) == [cols[1][0]] and ringed(0) == []


# --- item 6: which colour am I ----------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_against_a_computer_that_starts_the_screen_says_your_colour(size):
    app, d, p = start(size=size, prefs={"opponent": "computer", "first": "computer",
                                        "level": "easy"})
    d.settle()
    assert app.play.s.cpu == 0
    assert "You: blue" in words(app)
    # high contrast: the blue marbles turn yellow, and so does the name
    d.press("menu")
    d.press("prefs")
    d.press("contrast")
    d.press("back")
    d.press("resume")
    assert app.mode == "play"
    assert "You: yellow" in words(app)


def _icon_at(pn, cell, x, y):
    """The sheet tile a seat row shows at screen point (x, y), or None (no icon there)."""
    for tg in pn.seats:
        if getattr(tg, "tile_width", 0) == cell and not tg.hidden:
            if tg.x <= x < tg.x + cell * tg.width and tg.y <= y < tg.y + cell * tg.height:
                return tg[(x - tg.x) // cell, (y - tg.y) // cell]
    return None


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("humans", (2, 3, 4, 5, 6))
def test_every_seat_row_shows_its_colour_and_a_star(size, humans):
    # 6 seats on the Titano once had rows too short for an icon: no colour at all
    app, d, p = start(size=size, prefs={"opponent": "humans", "humans": humans})
    g = app.play.game
    pn = app.play.panel
    b = app.play.board
    for s in range(humans):
        for kind in range(2):
            f = pn.boxes[2 * s + kind]
            t = _icon_at(pn, b.cell, f.x + 2 + b.cell // 2, f.y + f.height // 2)
            want = view.T_STAR if kind else view.T_MARBLE + b.step * g.rules.seat_colours[s][0]
            assert t == want, (s, kind, t, want)


def test_the_colour_names_match_the_palettes():
    from face_still.start import NAMES
    from quadpocket.build import CONTRAST, NORMAL

    def hue(c):
        r, g, b = c >> 16 & 255, c >> 8 & 255, c & 255
        if max(r, g, b) - min(r, g, b) < 40:
            return "white" if r > 200 else "grey"
        if r >= g and r >= b:
            if g > 0.75 * r and b < 0.5 * r:
                return "yellow"
            if b > 0.6 * r:
                return "purple" if b > 0.9 * r or r < 200 else "pink"
            return "orange" if g > 0.3 * r else "red"
        if g >= r and g >= b:
            return "cyan" if b > 0.8 * g else "green"
        if g > 0.6 * b:
            return "teal" if r < 0.3 * b else "cyan"
        return "purple" if r > 0.5 * b else "blue"
    names = {"teal": ("teal", "cyan"), "pink": ("pink", "purple")}
    for pal, ns in ((NORMAL, NAMES[0].split()), (CONTRAST, NAMES[1].split())):
        for i in range(6):
            got = hue(pal[view.MARBLE0 + i])
            assert got in names.get(ns[i], (ns[i],)), (i, hex(pal[view.MARBLE0 + i]), ns[i])


def stars_end(size):
    g = Game(7, 2, 2, 3)
    for line in ("*b2 c3", "d4", "e5"):
        g.play(line)
    app, d, p = start_with(g, cpu=-1, size=size)
    for t in ("star", "f6", "star", "b6", "c6"):
        if t.startswith("star"):
            d.press(t)
        else:
            d.tap_cell(t)
    assert app.play.game.result == ("win", 0, "stars")
    return app


@pytest.mark.parametrize("size", SIZES)
def test_the_end_of_a_game_keeps_the_seat_rows(size):
    app = stars_end(size)
    pn = app.play.panel
    assert not pn.seats.hidden
    # the result's head and reason above the rows, the winner's row framed
    lines = info_text(app).split("\n")
    assert lines[0].strip() == "Player 1 wins" and lines[1].strip() == "on stars,"
    assert pn.turn.y == pn.boxes[0].y - 2
    from tools.sim import grid_text
    counts = [grid_text(r, r.width, 1).split() for r in pn.counts]
    assert counts[0][1] == "2" and counts[1][1] == "1"  # stars left, as the words say
    assert "Player 1 wins on stars, 2 left against 1" in words(app)


# --- item 7: plain words ----------------------------------------------------------------

JARGON = ("No quad! -1*", "No quad! Pass", "STAR armed", "Marble mode", '"One-short"',
          "Won/lost/drew", "Rim only", "Not a step", "[:3]")
SOURCES = ("lib/face_still/__init__.py", "lib/face_still/over.py", "lib/face_still/claims.py",
           "lib/face_still/start.py", "lib/face_winther/__init__.py")


def test_the_screen_code_has_no_jargon_left():
    for rel in SOURCES:
        src = open(os.path.join(ROOT, rel)).read()
        for word in JARGON:
            assert word not in src, (rel, word)


@pytest.mark.parametrize("size", SIZES)
def test_modes_in_plain_words(size):
    app, d, p = start(size=size, prefs={"opponent": "humans", "humans": 2})
    assert "Place marble" in words(app)
    d.press("star")
    assert "Place a star" in words(app)
    # a taken cell is named as the board names it
    d.press("star")
    d.tap_cell("f4")
    d.tap_cell("f4")
    assert "Cell f4 already holds a marble" in words(app)
    assert "F4" not in info_text(app)


def trek_all_placed(size):
    g = Game(7, 2, None, None, False, "trek")
    for line in ("a2", "g2", "b2", "f2", "c3", "e3", "a6", "g6", "b5", "f5", "c6", "e6"):
        g.play(line)
    return start_with(g, cpu=-1, size=size)


@pytest.mark.parametrize("size", SIZES)
def test_trek_move_phase_says_move_and_a_message_leaves_the_counts(size):
    app, d, p = trek_all_placed(size)
    assert "Move a marble" in words(app)
    d.tap_cell("d4")  # empty: a Trek turn now moves a marble
    text = "All placed: move one"
    assert text in words(app)
    pn = app.play.panel
    assert not pn.seats.hidden and not pn.covered  # the 0 marbles it speaks of still show


@pytest.mark.parametrize("size", SIZES)
def test_a_wrong_claim_says_what_it_cost_beside_the_star_count(size):
    g = Game(11, 2, None, None, False, "standard", True)
    app, d, p = start_with(g, cpu=-1, size=size)
    g = app.play.game
    stars = g.stars_left[0]
    d.press("quad")
    if app.play.asking is not None:  # pass-and-play: whose quad?
        d.press("seat0")
    assert g.stars_left[0] == stars - 1
    assert "No quad: you lose a star" in words(app)
    assert not app.play.panel.seats.hidden


def test_the_end_panel_says_the_record_in_words(tmp_path):
    g = Game(11, 2)
    for line in ("e5", "b2", "f5", "b3", "e6", "j10"):
        g.play(line)
    app, d, p = start_with(g, cpu=1, prefs={"level": "trainer"},
                           nvm_path=str(tmp_path / "nvm"))
    d.tap_cell("f6")
    assert app.play.game.result == ("win", 0, "quad")
    text = words(app)
    assert "You win! by a quad" in text
    for w in ("vs Trainer", "Wins: 1", "Losses: 0", "Draws: 0"):
        assert w in text
    assert "Tra " not in text and "/" not in text
