"""The player's view (issue 13): every message whole on both screens, the variant line,
Trek's select-then-move flow with both ends of a move framed, every other seat's last turn
framed in 3+ player games, feedback on a removed corner, the New-game screen."""

import glob
import os
import re

import pytest

from apptools import ROOT, info_text, screen_text, start, start_with, tile, ringed

from quadcore import Game, parse_cell
from quadpocket import view
from quadpocket.wrap import wrap
from tiers import spread  # the quick tier: a spread sample of a large sweep

SIZES = ((320, 240), (480, 320))

# Where a message the game screen shows is written: the engine's refusals (a tap the
# rules refuse shows str(e)) and the face's own texts.
ENGINE = ("quadcore/game.py", "quadcore/moves.py", "quadcore/notation.py",
          "quadcore/claim.py")
FACE = ("lib/quadpocket/play.py", "lib/face_still/__init__.py", "lib/face_still/claims.py",
        "lib/face_still/boxes.py",
        "lib/face_still/tutorial.py", "lib/quadpocket/startup.py", "lib/face_still/start.py",
        "lib/quadpocket/storage.py")


def collect_messages():
    """Every message text in the sources above, its %-fields filled with the longest
    value they take on the device (a cell name of 3 characters, a 2-digit number)."""
    out = set()
    pats = [r'raise ValueError\(\s*"((?:[^"\\]|\\.)*)"',
            r'illegal\(\s*"((?:[^"\\]|\\.)*)"',
            r'\.msg = "((?:[^"\\]|\\.)*)"',
            r'notes(?:\.append\(|\s*=\s*\[)\s*"((?:[^"\\]|\\.)*)"',
            r'self\.note = "((?:[^"\\]|\\.)*)"']
    for rel in ENGINE + FACE:
        src = open(os.path.join(ROOT, rel)).read()
        for pat in pats:
            for m in re.finditer(pat, src):
                text = m.group(1)
                # a refusal continued on the next source line: "..." "..." (rare)
                text = text.replace("%s", "o15").replace("%d", "15").replace("%r", "'x'")
                out.add(text)
    # illegal("a" if c else "b") and the storage notes passed as arguments
    for rel in FACE:
        src = open(os.path.join(ROOT, rel)).read()
        for m in re.finditer(r'illegal\("[^"]*" if [^)]* else "([^"]*)"\)', src):
            out.add(m.group(1))
        for m in re.finditer(r'_read\([^)]*?"([A-Z][^"]*)"', src):
            out.add(m.group(1))
    # the engine's words reworded for the touch screen (quadpocket.wrap.SAY), and a hint
    # with several stars (the longest turn the computer suggests)
    from quadpocket.wrap import SAY
    out.update(SAY.values())
    out.add("Hint: *k10 g1")
    out.discard("")
    return sorted(out)


def test_the_collection_finds_the_long_messages():
    msgs = collect_messages()
    assert len(msgs) >= 30
    for known in ("Nothing to undo", "Whose quad?", "Save damaged",
                  "a star there would leave no cell for your marble",
                  "a Duel turn places one marble of each of your colours",
                  "All placed: move one",
                  "This corner is not on the board"):
        assert known in msgs


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("humans", (2, 3, 4, 5, 6))
def test_every_message_fits_whole_on_the_panel(size, humans):
    app, d, p = start(size=size, prefs={"opponent": "humans", "humans": humans})
    pn = app.play.panel
    for text in collect_messages():
        lines = wrap(text, pn.cols)
        assert " ".join(lines) == " ".join(text.split()), text   # nothing lost
        assert all(len(x) <= pn.cols for x in lines)
        # the status line stays; the message wraps below it over the seat rows
        assert 1 + len(lines) <= pn.rows, (text, size, humans)


def words_shown(app):
    return " ".join(info_text(app).split())


@pytest.mark.parametrize("size", SIZES)
def test_a_long_refusal_is_shown_whole_and_the_next_tap_clears_it(size):
    g = Game(7, 2, None, None, False, "trek")
    # all six marbles of each seat placed (no quad), seat 0 to move
    for line in ("a2", "g2", "b2", "f2", "c3", "e3", "a6", "g6", "b5", "f5", "c6", "e6"):
        g.play(line)
    assert g.marbles_left[0] == 0 and g.turn == 0
    app, d, p = start_with(g, cpu=-1, size=size)
    d.tap_cell("d4")                                  # empty: a Trek turn moves a marble
    text = "All placed: move one"
    assert text in words_shown(app)                   # the engine's refusal, reworded
    # under the seat rows, which stay: the counts it speaks of (issue 22)
    assert not app.play.panel.seats.hidden and not app.play.panel.covered
    assert g.cells[parse_cell("d4", 7)] == 0          # and nothing changed
    d.tap_xy(*centre(d.rect_of("undo")))              # any tap clears it ...
    assert text not in words_shown(app)
    assert not app.play.panel.seats.hidden            # ... and the seats come back


def centre(r):
    return r[0] + r[2] // 2, r[1] + r[3] // 2


@pytest.mark.parametrize("size", SIZES)
def test_every_tutorial_screen_is_whole(size):
    from face_still import tutorial
    app, d, p = start(tutorial_done=False, size=size)
    d.press("game0")
    play = app.play
    for step, tap in enumerate(("next", "star", "h10", "c6", None)):
        text = " ".join(wrap(tutorial.STEPS[step], 13))
        assert text in words_shown(app), (step, size)
        if step in (1, 2, 3):                         # a wrong tap first: a note, whole
            d.tap_cell("a5")
            assert "Not there!" in words_shown(app) and text in words_shown(app)
        if tap is None:
            break
        if isinstance(tap, str) and len(tap) > 3:
            d.press(tap)
        else:
            d.tap_cell(tap)
    # the last screen frames the winner's seat row (seat 0), not the next seat
    assert play.panel.turn.y == play.panel.boxes[0].y - 2


@pytest.mark.parametrize("size", SIZES)
def test_a_tap_on_a_removed_corner_says_why(size):
    app, d, p = start(size=size, prefs={"opponent": "humans", "humans": 2})
    n = app.play.game.n
    before = bytes(app.play.game.cells)
    x, y = app.play.board.centre(0)                   # a1: a removed corner
    d.tap_xy(x, y)
    assert "This corner is not on the board" in words_shown(app)
    assert bytes(app.play.game.cells) == before and n == 11


@pytest.mark.parametrize("variant,line", (("standard", "Standard"), ("trek", "Quad Trek"),
                                          ("rapid", "Quad Rapid"), ("duel", "Quad Duel")))
def test_the_variant_line_says_what_is_played(variant, line):
    # (11x11: the seat rows' icons are cells, so a smaller board's leave fewer rows)
    app, d, p = start(prefs={"opponent": "humans", "humans": 2, "variant": variant,
                             "size": 11})
    assert app.play.game.rules.variant == variant
    shown = [x.strip() for x in info_text(app).split("\n")]
    assert line in shown
    if variant != "duel":  # (Duel's rows hold two icons each: the variant's line only)
        assert "Round 1" in shown
    for other in {"Standard", "Quad Trek", "Quad Rapid", "Quad Duel", "Quad Bridge"} - {line}:
        assert other not in shown


def test_rule_options_are_on_the_game_screen():
    app, d, p = start(prefs={"opponent": "humans", "humans": 2, "stars": 7,
                             "one_short": True, "claim": True})
    shown = [x.strip() for x in info_text(app).split("\n")]
    for line in ("Standard", "7 stars", "3-corner rule", "Claim mode"):
        assert line in shown
    app, d, p = start(prefs={"opponent": "humans", "humans": 2})
    shown = [x.strip() for x in info_text(app).split("\n")]
    for line in ("7 stars", "3-corner rule", "Claim mode"):
        assert line not in shown


def test_the_round_counts_rounds_not_turns():
    app, d, p = start(prefs={"opponent": "humans", "humans": 3, "size": 11})
    for cell, rnd in (("c3", 1), ("d4", 1), ("e5", 1), ("f6", 2), ("g7", 2),
                      ("c7", 2), ("d6", 3)):
        shown = [x.strip() for x in info_text(app).split("\n")]
        assert "Round %d" % rnd in shown, (cell, shown)
        d.tap_cell(cell)


def trek_all_placed():
    g = Game(7, 2, None, None, False, "trek")
    for line in ("a2", "g2", "b2", "f2", "c3", "e3", "a6", "g6", "b5", "f5", "c6", "e6"):
        g.play(line)
    return g


@pytest.mark.parametrize("size", SIZES)
def test_trek_select_cancel_move_and_both_ends_framed(size):
    app, d, p = start_with(trek_all_placed(), cpu=-1, size=size)
    play = app.play
    g = play.game
    src, dst = parse_cell("c3", 7), parse_cell("d4", 7)
    d.tap_cell("c3")                                  # pick the marble: it is framed
    assert play.sel == src and tile(app, src) == view.T_MARBLE + 1
    assert "Move to?" in words_shown(app)
    d.tap_cell("c3")                                  # the same marble again: cancelled
    assert play.sel is None and tile(app, src) == view.T_MARBLE
    assert "Move to?" not in words_shown(app)
    d.tap_cell("c3")
    d.tap_cell("d4")                                  # the move
    assert g.cells[src] == 0 and g.cells[dst] == 2 and g.turn == 1
    assert tile(app, src) == play.board.left          # the cell it left, framed
    assert play.board.left == view.T_MARBLE + 4       # its own tile, after 2 colours
    assert tile(app, dst) == view.T_MARBLE + 1        # and where it went
    d.press("undo")
    assert g.cells[src] == 2 and tile(app, src) == view.T_MARBLE
    assert tile(app, dst) == view.T_EMPTY


@pytest.mark.parametrize("size", SIZES)
def test_a_trek_hint_shows_the_marble_to_move_and_where_it_goes(size):
    """With every marble placed a Trek hint is a move: the marble to move is ringed (the
    picked-marble frame) and its destination marked, however long the hint's text."""
    app, d, p = start_with(trek_all_placed(), cpu=-1, size=size)
    play = app.play
    g = play.game
    d.press("hint")
    assert play.msg.startswith("Hint")
    frm, to = play.hint
    assert g.cells[frm] == 2 and g.cells[to] == 0         # seat 1's marble, an empty cell
    assert tile(app, frm) == view.T_MARBLE + 1 and tile(app, to) == view.T_HINT_MARBLE
    d.tap_cell(g.name(frm))
    d.tap_cell(g.name(to))                                # played as hinted
    assert g.cells[frm] == 0 and g.cells[to] == 2 and not play.hint


@pytest.mark.parametrize("humans", (3, 4))
def test_every_other_seats_last_turn_is_framed(humans):
    app, d, p = start(prefs={"opponent": "humans", "humans": humans, "size": 9})
    cells = ("c3", "d4", "e5", "f6", "g7", "c7", "d6")
    for c in cells:
        d.tap_cell(c)
    g = app.play.game
    played = [parse_cell(c, 9) for c in cells]
    framed = [x for x in played if ringed(app, x)]
    # the last humans-1 turns (the seats before the one to move), and no older one
    assert framed == played[-(humans - 1):]
    assert g.turns == len(cells)


def test_two_players_frame_only_the_last_turn():
    app, d, p = start(prefs={"opponent": "humans", "humans": 2, "size": 9})
    for c in ("c3", "d4", "e5"):
        d.tap_cell(c)
    framed = [c for c in ("c3", "d4", "e5") if ringed(app, parse_cell(c, 9))]
    assert framed == ["e5"]


def test_sources_have_no_message_cuts():
    """No screen text is cut to the panel's width by slicing any more."""
    for path in glob.glob(os.path.join(ROOT, "lib/quadpocket/*.py")):
        src = open(path).read()
        assert "[:13]" not in src, path


# --- the New-game screen ---------------------------------------------------------------

def open_new(size=(320, 240), prefs=None):
    app, d, p = start(size=size, prefs=prefs)
    d.press("menu")
    d.press("new")
    assert app.menus.page == "new"
    return app, d, p


def settings_shown(app):
    """The New game page's setting labels without the "<" and ">" at their ends."""
    return [label.strip("<>").strip() for name, label in app.menus.items("new")]


@pytest.mark.parametrize("size", SIZES)
def test_every_setting_steps_both_ways(size):
    app, d, p = open_new(size)
    pr = app.prefs
    assert pr.size == 11
    d.press("size-")
    d.press("size-")
    assert pr.size == 9 and "Board: 9x9" in screen_text(app)       # 11x11 to 9x9: two taps
    d.press("size")
    assert pr.size == 10
    for _ in range(6):
        d.press("size-")
    assert pr.size == 15                                        # wraps round: 5 -> 15
    d.press("size")
    assert pr.size == 5
    v = pr.variant
    d.press("variant")
    d.press("variant-")
    assert pr.variant == v
    d.press("variant-")
    assert pr.variant == "bridge" and "Game: Bridge" in screen_text(app)
    d.press("variant")
    assert pr.variant == "standard"
    d.press("vs")
    assert (pr.opponent, pr.humans) == ("humans", 2)
    d.press("vs-")
    assert pr.opponent == "computer"
    d.press("vs-")
    assert (pr.opponent, pr.humans) == ("humans", 6)
    lv = pr.level
    d.press("level")
    assert pr.level != lv
    d.press("level-")
    assert pr.level == lv
    d.press("level-")
    assert pr.level == "trainer" and "Level: Trainer" in screen_text(app)  # easy -> trainer


def test_bridge_shows_its_four_humans_and_gives_the_choice_back():
    app, d, p = open_new()
    pr = app.prefs
    assert pr.opponent == "computer"
    while pr.variant != "bridge":
        d.press("variant")
    assert "Vs: 4 humans" in screen_text(app)
    assert "Bridge: 4 humans, two teams" in screen_text(app)
    d.press("vs")                                               # refused, and says why
    assert pr.opponent == "computer" and "Quad Bridge is for 4 humans" in screen_text(app)
    d.press("variant")                                          # leave Bridge
    assert pr.variant == "standard" and "Vs: Computer" in screen_text(app)
    assert pr.opponent == "computer"                            # the choice came back
    d.press("variant-")
    d.press("start")
    g = app.play.game
    assert (g.rules.variant, g.rules.players) == ("bridge", 4) and app.play.s.cpu == -1
    d.press("menu")
    d.press("new")
    d.press("variant")
    assert "Vs: Computer" in screen_text(app)                   # not 4 humans for good


def every_setting():
    """Every combination the New-game page offers, reached by its own buttons' steps."""
    for variant in ("standard", "duel", "trek", "rapid", "bridge"):
        for size in range(5, 16):
            for vs in ("computer", 2, 3, 4, 5, 6):
                yield variant, size, vs


def test_every_offered_combination_starts_as_shown():
    """The page shows what starts: each combination of variant, size and Vs gives a game
    of exactly the variant, size and seats the page showed (never a silent fallback)."""
    from face_still import start as startup
    app, d, p = open_new()
    pr = app.prefs
    bad = []
    for variant, size, vs in spread(every_setting(), 7):
        pr.variant, pr.size = variant, size
        if vs == "computer":
            pr.opponent = "computer"
        else:
            pr.opponent, pr.humans = "humans", vs
        opp, humans = startup.setup(pr)
        app.go("new")
        shown = settings_shown(app)[0]
        assert shown == ("Vs: Computer" if opp == "computer" else "Vs: %d humans" % humans)
        startup.new_game(app)
        g = app.play.game
        want = (variant, size, 2 if opp == "computer" else humans)
        if (g.rules.variant, g.n, g.rules.players) != want:
            bad.append((want, (g.rules.variant, g.n, g.rules.players)))
    assert bad == []


# --- the win outline -------------------------------------------------------------------

def all_squares(n):
    """Every square on an n x n board: its corner cells (index row * n + column, row 0 at
    the bottom) in order around it, upright and tilted."""
    out = []
    for a in range(1, n):
        for b in range(0, n - a):
            for x0 in range(n):
                for y0 in range(n):
                    pts = ((x0, y0), (x0 + a, y0 + b), (x0 + a - b, y0 + a + b),
                           (x0 - b, y0 + a))
                    if all(0 <= x < n and 0 <= y < n for x, y in pts):
                        out.append([y * n + x for x, y in pts])
    return out


@pytest.mark.parametrize("size", SIZES)
def test_the_win_square_runs_through_the_marbles_centres_inside_the_board(size):
    # every square of every board size, at the cell size the app uses on this screen:
    # the line's middle has its corners on the four marbles' centres (1 px of rounding)
    # and the whole line (the dark one, the wider) stays inside the board's cells
    import displayio  # noqa: F401 (over imports the display modules)
    from face_still.over import outline, square
    from quadpocket.build import sizes
    w, h = size
    checked = 0
    for n in range(5, 16):
        ts, cell, bx, by = sizes(w, h, n)
        b = view.Board()
        b.n, b.cell, b.bx, b.by = n, cell, bx, by
        half = max(1, cell // 10) + 1  # the dark line's, the wider of the two
        quads = all_squares(n)
        assert len(quads) == sum((n - k) ** 2 * k for k in range(1, n))
        for quad in quads:
            outer, inner = square(b, quad, half)
            for i, x in enumerate(quad):
                cx, cy = b.centre(x)
                (ox, oy), (ix, iy) = outer[i], inner[i]
                assert abs(ox + ix - 2 * cx) <= 2 and abs(oy + iy - 2 * cy) <= 2, \
                    (n, quad, i)
                assert 0 < abs(ox - cx) + abs(oy - cy) <= 2 * half + 1
            for px, py in outer + inner:
                assert bx <= px < bx + n * cell and by <= py < by + n * cell, (n, quad)
            checked += 1
    assert checked > 1000
    # and outline draws exactly these points
    b.palette = displayio.Palette(16)
    b.group = displayio.Group()
    b.outline = None
    outline(b, quads[-1])
    outer, inner = square(b, quads[-1], max(1, cell // 10))
    assert list(b.outline[1].points)[:4] == outer


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("quad,other", ((("e5", "f5", "e6", "f6"), ("b2", "b3", "b4")),
                                        (("e4", "g5", "f7", "d6"), ("b2", "b3", "b4"))))
def test_the_win_rings_the_four_marbles_and_draws_the_square_through_them(size, quad,
                                                                          other):
    from apptools import close, rgb
    from quadpocket.build import NORMAL
    app, d, p = start(size=size, prefs={"opponent": "humans", "humans": 2})
    for i in range(4):
        d.tap_cell(quad[i])
        if i < 3:
            d.tap_cell(other[i])
    g = app.play.game
    assert g.result == ("win", 0, "quad")
    b = app.play.board
    assert b.outline is not None
    p.display.refresh()
    cells = [parse_cell(c, 11) for c in quad]
    # the four winning marbles wear the ringed tile, and no other marble does
    for c in quad + other:
        x = parse_cell(c, 11)
        want = view.T_MARBLE + 2 * (g.cells[x] - 2) + (1 if c in quad else 0)
        assert tile(app, x) == want, c
    # the line's corners: each marble's centre is bright green, and so is every edge's
    # midpoint
    assert sorted(g.quad) == sorted(cells)
    pts = [b.centre(x) for x in g.quad]  # in order around the square
    green = rgb(NORMAL[view.QUAD])
    for i in range(4):
        assert close(p.pixel(*pts[i]), green), i
        x2, y2 = pts[(i + 1) % 4]
        assert close(p.pixel((pts[i][0] + x2) // 2, (pts[i][1] + y2) // 2), green)
    full = screen_bytes(p)
    b.outline.hidden = True
    p.display.refresh()
    assert screen_bytes(p) != full                    # the outline is drawn
    b.outline.hidden = False
    # Undo takes the end back: the line and the rings go
    d.press("undo")
    assert b.outline is None and g.result is None
    assert tile(app, cells[0]) == view.T_MARBLE           # e5 / e4: no longer ringed


def screen_bytes(p):
    import pygame
    return pygame.image.tostring(p.display.surface(), "RGB")


# --- smaller points ----------------------------------------------------------------------

def test_the_stars_result_says_how_many_left():
    g = Game(7, 2, 2, 3)
    for line in ("*b2 c3", "d4", "e5"):
        g.play(line)
    app, d, p = start_with(g, cpu=-1)
    for t in ("star", "f6", "star", "b6", "c6"):
        if t.startswith("star"):
            d.press(t)
        else:
            d.tap_cell(t)
    assert app.play.game.result == ("win", 0, "stars")
    assert "Player 1 wins on stars, 2 left against 1" in words_shown(app)
    assert all(len(line) <= app.play.panel.cols for line in app.play.result)


def test_a_variant_against_the_computer_is_kept_out_of_the_statistics(tmp_path):
    from apptools import stats
    g2 = Game(7, 2, None, None, False, "trek")
    for line in ("b2", "f6", "c2", "f5", "b3", "e6"):
        g2.play(line)
    app, d, p = start_with(g2, cpu=1, nvm_path=str(tmp_path / "nvm"),
                           prefs={"level": "trainer"})
    d.tap_cell("c3")                                  # b2 c2 b3 c3: a quad
    assert app.play.game.result == ("win", 0, "quad")
    s = stats(p.nvm)
    assert all(s[lv]["wins"] == 0 and s[lv]["losses"] == 0 for lv in s)
    assert "Not counted (a variant)" in words_shown(app)


def test_a_box_under_a_long_message_still_answers():
    """A hint with stars ("Hint: *c10 d10 ...") covers the seat rows where there is no
    room under them (6 seats at 320x240); the star box under it still arms a star, as the
    player expects (and clears the message)."""
    app, d, p = start(prefs={"opponent": "humans", "humans": 6})
    play = app.play
    play.msg = "Hint: *c10 *d10 e10"
    app.changed()
    d.ticks(2)
    assert play.panel.seats.hidden and "Hint: *c10 *d10 e10" in words_shown(app)
    d.press("star")
    assert play.game.star_armed and not play.panel.seats.hidden
