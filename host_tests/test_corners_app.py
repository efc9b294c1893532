"""The corner polyomino game on the device, driven through the shell as a player would: the
chooser, a piece picked, turned, flipped, shown as a ghost and placed by a second tap, an
illegal place refused with its reason, games of Duo and Classic to the end against the
computer, undo, resume after a reset, damaged records, New game settings both ways, the
shared preferences, help on both screens."""

import pytest
from apptools import device, info_text

from quadpocket.app import App
from quadpocket.records import save_game
from face_corners import Session, T_BAD, T_GHOST, T_LAST, T_PIECE
from face_corners.start import (CONF_OFF, CONF_SIZE, DEFAULT, GAME_OFF, GAME_SIZE, T_CONF,
                                 T_GAME, load_session)
from tools.sim import Driver, rects, screen_text
from corners import Game


def conf(variant=0, kinds=(0, 2, 0, 0), start=0):
    c = bytearray(DEFAULT)
    c[0] = variant
    c[1] = start
    c[2:6] = bytes(kinds)
    return bytes(c)


def cb(prefs=None, nvm_path=None, size=(320, 240), conf_=None, p=None, pixels=False):
    """The app started on this game (the last game chosen); conf_: its settings."""
    pr = {"game": "B"}
    pr.update(prefs or {})
    if p is None:
        p = device(nvm_path, pr, size)
        if conf_ is not None:
            save_game(p.nvm, [-1, 0, 0], conf_, CONF_OFF, CONF_SIZE, T_CONF)
    if not pixels:  # what a tap does is the app's state: no picture drawn (most of the time)
        def none(**kw):
            p.refreshes += 1
        p.display.refresh = none
    app = App(p)
    return app, Driver(app), p


def cell_xy(app, i):
    b = app.play.board
    n = b.n
    return b.bx + (i % n) * b.cell + b.cell // 2, b.by + (n - 1 - i // n) * b.cell + b.cell // 2


def tap_cell(d, i):
    d.tap_xy(*cell_xy(d.app, i))


def tap_slot(d, p):
    """Tap piece p's slot in the open picker (its middle)."""
    pk = d.app.play.pk
    k = pk.order.index(p)
    s = pk.s
    d.tap_xy(pk.x + (k % 6) * 4 * s + 2 * s, pk.y + (k // 6) * 6 * s + 3 * s)


def tap_piece(d, p):
    """Pick piece p: Pick opens the picker (unless it is open), then its slot."""
    if not d.app.play.picking:
        press_more(d, "pick")
    tap_slot(d, p)


def press_more(d, name):
    pn = d.app.play.panel
    f = pn.more[pn.more_names.index(name)]
    assert not f.hidden, name
    d.tap_xy(f.x + f.width // 2, f.y + f.height // 2)


def tiles(app):
    b = app.play.board
    return [b.grid[i] for i in range(b.n * b.n)]


def ghost_cells(play):
    return [i for i in range(len(play.cm)) if play.cm[i] & 1]


def hinted_turn(d):
    """The person's turn: Hint, then a tap on the ghost it shows."""
    play = d.app.play
    d.press("hint")
    assert play.ghost is not None, info_text(d.app)
    before = play.game.plies
    tap_cell(d, ghost_cells(play)[0])
    assert play.game.plies > before


def test_chooser_lists_it_and_starts_it():
    app, d, p = cb(prefs={"game": "S"})
    d.press("menu")
    d.press("games")
    assert "Corner polyominoes" in screen_text(app)
    from quadpocket.games import GAMES
    d.press("game%d" % [row[0] for row in GAMES].index("B"))
    assert app.play.gid == "B" and app.mode == "play"
    assert "Your turn" in info_text(app) and "You: Purple" in info_text(app)


def words(app):
    return " ".join(info_text(app).split())


def test_pick_rotate_flip_preview_and_place():
    app, d, p = cb(conf_=conf(kinds=(0, 0, 0, 0)))  # two people
    play = app.play
    g = play.game
    assert "Purple's turn" in words(app) and "Tap Pick" in words(app)
    press_more(d, "pick")  # the picker covers the board
    assert play.picking and not play.pk.group.hidden and play.board.group.hidden
    assert "Tap a piece" in words(app)
    tap_slot(d, 20)  # the big Z
    assert play.piece == 20 and play.ghost is not None and play.ok and not play.picking
    assert T_GHOST in tiles(app) and "big Z" in words(app) and "Tap Place" in words(app)
    assert not play.pk.view.hidden  # the piece, big, in the panel
    o = play.orient
    shapes = []
    for _ in range(4):
        press_more(d, "rot")
        shapes.append(play.orient)
    assert shapes[-1] == o and shapes[0] != o  # a quarter turn changes the Z; four: back
    assert len(set(shapes)) == 2  # the Z has two turned shapes (and two mirrored)
    press_more(d, "flip")
    assert play.orient != o and play.orient not in shapes
    press_more(d, "flip")
    assert play.orient == o
    # a tap far from any place it fits: the ghost goes there, red, and the reason is
    # said at once (not only "it cannot go")
    tap_cell(d, 0)
    assert play.ghost is not None and not play.ok
    assert T_BAD in tiles(app)
    assert "Purple's first piece must cover e10" in words(app)
    press_more(d, "lay")  # Place on an illegal ghost: refused, nothing placed
    assert g.plies == 0 and "illegal" in app.sounds
    tap_cell(d, ghost_cells(play)[0])  # a tap on it: the same
    assert g.plies == 0 and "Purple's first piece must cover e10" in words(app)
    # a tap next to the starting point: the ghost snaps onto a place where it fits
    tap_cell(d, 8 * 14 + 5)
    assert play.ok and (9 * 14 + 4) in ghost_cells(play)
    # the arrows move it a cell (here off the starting point: red, with the reason)
    before = ghost_cells(play)
    press_more(d, "right")
    assert ghost_cells(play) == [i + 1 for i in before] and not play.ok
    press_more(d, "left")
    assert ghost_cells(play) == before and play.ok
    cells = ghost_cells(play)
    tap_cell(d, cells[0])  # a tap on the ghost places it
    assert g.plies == 1 and play.piece is None
    assert "Last: big Z" in words(app) and "Orange's turn" in words(app)
    # Place does too
    tap_piece(d, 0)
    press_more(d, "lay")
    assert g.plies == 2 and g.colour_at(1) == 1


def test_undo_puts_back_a_picked_piece_and_a_move():
    app, d, p = cb(conf_=conf(kinds=(0, 2, 0, 0)))
    play = app.play
    tap_piece(d, 18)
    assert play.piece == 18
    d.press("undo")
    assert play.piece is None
    hinted_turn(d)
    assert play.game.plies == 2  # the computer answered
    d.press("undo")
    assert play.game.plies == 0


def play_out(d, limit=200):
    app = d.app
    play = app.play
    for _ in range(limit):
        g = play.game
        if g.result is not None:
            return
        if play.s.human(g.turn):
            hinted_turn(d)
        else:
            d.settle()
    raise AssertionError("no end")


def test_duo_to_the_end_against_the_computer_with_statistics():
    app, d, p = cb(conf_=conf(kinds=(0, 2, 0, 0)))
    play_out(d)
    text = info_text(app)
    assert "Purple: " in text and " left" in text and len(app.play.result) <= app.play.panel.rows
    g = app.play.game
    s = g.player_scores()
    assert str(s[0]) in text and str(s[1]) in text
    assert any(w in text for w in ("You win!", "You lose", "Draw"))
    assert "new" in [n for n, _ in rects(app)]
    d.press("menu")
    d.press("stats")
    lines = screen_text(app)
    assert "Easy" in lines
    row = [ln for ln in lines.split("\n") if ln.strip().startswith("Easy")][0]
    assert sum(int(v) for v in row.split()[1:]) == 1
    # New game: the same kind of game, the old one taken back to a fresh start
    d.press("back")
    d.press("new")
    d.press("start")
    g2 = app.play.game
    fresh = Game("duo")
    assert g2.plies == 0 and g2.turn == 0 and g2.result is None
    assert g2.board.cells == fresh.board.cells and g2.board.blk == fresh.board.blk
    assert g2.board.cm == fresh.board.cm and g2.to_bytes() == fresh.to_bytes()
    hinted_turn(d)
    assert g2.plies == 2


def test_duos_opening_book_is_dropped_after_the_opening():
    # Expert (the hint and the computer) reads Duo's book for the first plies; past them
    # the face lets its module go (it is heap the rest of the game does not need).
    import sys
    from corners import ai
    app, d, p = cb(conf_=conf(kinds=(0, 4, 0, 0)))
    play = app.play
    hinted_turn(d)
    assert "corners.book" in sys.modules
    while play.game.plies < ai.BOOKS["duo"] + 2:
        if play.s.human(play.game.turn):
            hinted_turn(d)
        else:
            d.settle()
    assert "corners.book" not in sys.modules
    import corners
    assert not hasattr(corners, "book")


def test_classic_to_the_end_with_three_computer_colours():
    app, d, p = cb(conf_=conf(variant=1, kinds=(0, 2, 2, 2)))
    assert app.play.game.width == 20 and app.play.board.cell == 10
    play_out(d, 400)
    g = app.play.game
    text = info_text(app)
    assert g.turn is None and text.split("\n")[0] in ("You win!", "You lose", "Draw")
    # a line a player, a blank one, a line a colour
    assert "Blue" in text and "Green" in text and len(app.play.result) == 10


def test_two_people_classic_2_play_by_taps():
    app, d, p = cb(conf_=conf(variant=3, kinds=(0, 0, 0, 0)))
    g = app.play.game
    for _ in range(8):
        hinted_turn(d)
    assert g.plies == 8 and {g.colour_at(i) for i in range(8)} == {0, 1, 2, 3}


def test_a_save_resumes_after_a_reset(tmp_path):
    path = str(tmp_path / "nvm.bin")
    app, d, p = cb(conf_=conf(kinds=(0, 2, 0, 0)), nvm_path=path)
    hinted_turn(d)
    hinted_turn(d)
    rec = app.play.game.record()
    app2, d2, p2 = cb(nvm_path=path)
    assert app2.play.game.record() == rec and app2.play.game.plies == 4
    assert app2.play.s.kinds == app.play.s.kinds


def test_every_damaged_byte_of_a_save_is_refused():
    g = Game("duo")
    for m in ("e10,e11,d11,f11,e12", "j5"):
        g.play(m)
    data = Session(g, (0, 3, 0, 0), 7).to_bytes()
    assert load_session(data).game.record() == g.record()
    for i in range(len(data)):
        if i in (3, 4, 5):
            continue  # flags bit 0 and the seed: every value is a valid one
        bad = bytearray(data)
        bad[i] ^= 0xFF
        with pytest.raises(ValueError):
            load_session(bytes(bad))
    # through the shell: a record whose bytes are damaged in nvm starts a new game
    for i in range(0, 8 + len(data)):
        p = device(None, {"game": "B"})
        save_game(p.nvm, [-1, 0, 0], data, GAME_OFF, GAME_SIZE, T_GAME)
        p.nvm[GAME_OFF + i] ^= 0x55
        app = App(p)
        assert app.play.game.plies == 0 and app.mode == "play", i
        # a damaged header can make the record read as none at all; its payload, never
        if i >= 8:
            assert app.play.msg in ("Save damaged", "Save unusable"), (i, app.play.msg)


def test_another_games_save_is_refused():
    data = Session(Game("duo"), (0, 3, 0, 0), 7).to_bytes()
    with pytest.raises(ValueError):
        load_session(b"W" + data[1:])


def test_settings_step_both_ways_and_are_kept():
    app, d, p = cb()
    d.press("menu")
    d.press("new")
    names = [n for n, _ in rects(app)]
    assert "variant" in names and "p0" in names and "p1" in names and "p2" not in names
    before = screen_text(app)
    for n in ("variant", "p0", "p1", "size", "spaces", "enemy", "check"):
        d.press(n)
        assert screen_text(app) != before, n
        d.press(n + "-")
        assert screen_text(app) == before, n
    d.press("variant")  # Classic 4: four players and the start rule
    names = [n for n, _ in rects(app)]
    assert "p3" in names and "corner" in names and "Yellow" in screen_text(app)
    d.press("p1")
    d.press("corner")
    app2, d2, p2 = cb(p=p)  # kept in nvm
    c = app2.play.conf
    assert c[0] == 1 and c[1] == 1 and c[3] == 4
    d.press("start")
    assert app.play.game.variant == "classic" and app.play.game.start == "any"


def test_custom_weights_reach_the_player():
    from corners import ai
    app, d, p = cb(conf_=conf(kinds=(0, 1, 0, 0)))
    c = bytearray(app.play.conf)
    app.play.conf[6] = 128 + 20
    hinted_turn(d)
    assert ai.CUSTOM["size"] == 20 and ai.CUSTOM["own_check"] == c[9]
    assert app.play.game.plies == 2


def test_shared_preferences():
    # first: the computer moves first
    app, d, p = cb(prefs={"first": "computer"}, conf_=conf(kinds=(0, 2, 0, 0)))
    d.settle()
    assert app.play.game.plies == 1 and app.play.s.kinds[0] == 2
    # show move off: the computer's last move is not marked; on: it is
    for show in (False, True):
        app, d, p = cb(prefs={"show_move": show}, conf_=conf(kinds=(0, 2, 0, 0)))
        hinted_turn(d)
        grid = tiles(app)
        assert (T_LAST + 1 in grid) == show
        assert T_PIECE + 1 in grid or show
    # high contrast recolours the board
    app, d, p = cb(conf_=conf(kinds=(0, 2, 0, 0)))
    normal = app.play.board.palette[1]
    d.press("menu")
    d.press("prefs")
    d.press("contrast")
    d.press("back")
    d.press("resume")
    assert app.play.board.palette[1] != normal
    # sound off: no sound made
    for level in (0, 2):
        app, d, p = cb(prefs={"sound": level}, conf_=conf(kinds=(0, 2, 0, 0)))
        hinted_turn(d)
        assert bool(p.sounds) == bool(level)


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_help_and_tutorial_pages_fit_the_screen(size):
    from quadpocket import pages
    app, d, p = cb(size=size)
    d.press("menu")
    d.press("help")
    m = app.menus
    from quadpocket import textpage
    textpage.fine(m)  # a text page's size (the Titano: its body grid at scale 1)
    width = m.fine.width if m.fine else m.cols - 1  # 76 on the Titano, 52 on the PyPortal
    titles = pages.text(app, "topics", width)[1]
    assert "Placing a piece" in titles and "Tutorial" in titles and len(titles) <= 11
    body = m.body()
    for i, t in enumerate(titles):
        assert len(t) <= 18
        lines = pages.text(app, "topic%d" % i, width)[1]
        assert lines and all(len(s) <= width for s in lines)
        for k in range(0, len(lines), body):
            screen = lines[k:k + body]
            assert screen[0] != "" or k == 0 or all(s == "" for s in screen)
        d.press("topic%d" % i)
        assert app.mode == "text"
        d.press("back")
    d.press("back")
    d.press("tutorial")  # played on the board (its own test below)
    assert app.mode == "play" and app.play.tutor is not None and "Tutorial 1/" in \
        info_text(app)


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_the_screen_on_both_sizes(size):
    app, d, p = cb(size=size, conf_=conf(variant=1, kinds=(0, 0, 0, 0)))
    play = app.play
    b = play.board
    pn = play.panel
    # the board, its row numbers left of it and its letters under it, clear of the panel
    assert b.bx >= 12 and b.bx + 20 * b.cell + 2 <= pn.x and b.by + 20 * b.cell + 13 <= size[1]
    assert pn.rows >= 11  # the end of a Classic game: a line a player and a colour
    for f in pn.fills + pn.more:
        assert pn.x <= f.x and f.x + f.width <= size[0] and f.y + f.height <= size[1]
    # the picker over the board, each piece's slot inside the board's area
    pk = play.pk
    assert pk.x >= 0 and pk.x + 24 * pk.s < pn.x and pk.y >= 0 and pk.y + 24 * pk.s <= size[1]
    # a long refusal is shown whole
    tap_piece(d, 20)
    tap_cell(d, 200)
    text = words(app)
    assert "first piece must cover" in text


def test_dots_are_the_engines_corner_places():
    """The dots (no piece picked) are the corner places where some piece fits, as the
    engine finds them from its legal moves (Game.corner_places), along a game; with a
    piece picked, the places where that piece fits."""
    from face_corners import M_DOT
    app, d, p = cb(conf_=conf(variant=1, kinds=(0, 0, 0, 0)))
    play = app.play
    g = play.game
    n = g.width
    for _ in range(10):
        dots = {(i % n, i // n) for i in range(n * n) if play.cm[i] & M_DOT}
        assert dots == set(g.corner_places()) and dots
        hinted_turn(d)
    piece = max(q for q in range(21) if g.board.left[g.turn] >> q & 1)
    tap_piece(d, piece)
    dots = {(i % n, i // n) for i in range(n * n) if play.cm[i] & M_DOT}
    fits = set()
    for m in g.moves(piece):
        for xy in g.cells_of(m):
            fits.add(xy)
    assert dots and dots <= fits and dots <= set(g.corner_places())


@pytest.mark.parametrize("advance", [False, True])
def test_auto_advance_raises_the_computer_after_a_win(advance):
    p = device(None, {"game": "B", "auto_advance": advance}, (320, 240))
    save_game(p.nvm, [-1, 0, 0], conf(kinds=(0, 2, 0, 0)), CONF_OFF, CONF_SIZE, T_CONF)
    # The session's seed is the clock's: a game Expert's hints win (they win ~95% against
    # Easy, 38 of 40 self-play games; the one at the clock's 0 since branch corn4's
    # Expert is lost by two squares).
    p.advance(1)
    app, d, p = cb(p=p)
    play_out(d)
    won = info_text(app).split("\n")[0] == "You win!"
    assert won  # Expert's hints against Easy
    assert app.play.conf[3] == (3 if advance else 2)  # Easy -> Average, or as it was


# --- the game record and its .blksgf file (face_corners.record) --------------------------

def finished(tmp_path, variant=0, kinds=(2, 2, 0, 0), size=(320, 240)):
    """A game between computer colours to its end, the platform's record file set."""
    app, d, p = cb(conf_=conf(variant=variant, kinds=kinds), size=size)
    p.record_file = str(tmp_path / "games.txt")
    for _ in range(400):
        if app.play.game.result is not None:
            return app, d, p
        d.settle()
    raise AssertionError("no end")


def test_the_game_record_and_its_sgf_read_back(tmp_path):
    import subprocess
    import sys
    from corners import sgf
    from tools import pentobi
    app, d, p = finished(tmp_path)
    g = app.play.game
    text = (tmp_path / "games.txt").read_text()
    assert text.count("\n") == g.plies + 5 and g.record() in text
    # the comments name the colours as the board draws them
    assert "# players: 1 (Purple), 2 (Orange)" in text
    assert ("# result: win, player 1 (Purple)" in text or "player 2 (Orange)" in text
            or "# result: draw" in text)
    flags = [ln for ln in text.split("\n") if ln.startswith("# referee flags: ")][0]
    run = subprocess.run([sys.executable, "-m", "corners", "referee"]
                         + flags.split(": ", 1)[1].split(), input=text, text=True,
                         capture_output=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "scores: " + " ".join(str(s) for s in g.player_scores()) in run.stdout
    # the same game in Pentobi's Blokus SGF, a file of its own named on the panel
    path = tmp_path / "games_1.blksgf"
    back = sgf.import_(path.read_text())
    assert back.variant == "duo" and back.record() == g.record()
    assert "Saved: game 1" in info_text(app)
    # a second game: appended to the record, a new .blksgf file
    d.press("new")
    d.press("start")
    for _ in range(400):
        if app.play.game.result is not None:
            break
        d.settle()
    assert (tmp_path / "games.txt").read_text().count("# Quad Pocket game") == 2
    assert (tmp_path / "games_2.blksgf").exists() and "Saved: game 2" in info_text(app)
    if not pentobi.available():
        pytest.skip(pentobi.MISSING)
    with pentobi.Gtp("duo") as gtp:
        gtp.cmd("loadsgf %s" % path)
        s = back.player_scores()
        lead = s[0] - s[1]
        assert gtp.final_score() == ("0" if lead == 0 else "B+%d" % lead if lead > 0
                                     else "W+%d" % -lead)


def test_classic_records_its_sgf_and_a_full_panel_keeps_its_rows(tmp_path):
    from corners import sgf
    app, d, p = finished(tmp_path, 1, (2, 2, 2, 2), (480, 320))
    g = app.play.game
    back = sgf.import_((tmp_path / "games_1.blksgf").read_text())
    assert back.variant == "classic" and back.record() == g.record()
    # Classic's nine result lines fill the Titano's panel: no row for the file's number
    assert len(app.play.result) <= app.play.panel.rows
    assert "Saved" not in info_text(app)


def test_no_room_for_the_record_loses_only_the_record(tmp_path, monkeypatch):
    import face_corners.record as record
    app, d, p = cb(conf_=conf(kinds=(2, 2, 0, 0)))
    p.record_file = str(tmp_path / "games.txt")

    def full(g):
        yield "# Quad Pocket game"
        raise MemoryError
    monkeypatch.setattr(record, "lines", full)
    for _ in range(400):
        if app.play.game.result is not None:
            break
        d.settle()
    g = app.play.game
    # the record's first line went before the heap ran out: no .blksgf, nothing on the panel
    assert g.result is not None and not (tmp_path / "games_1.blksgf").exists()
    assert "Saved" not in info_text(app)
    # the save holds the finished game
    app2, d2, p2 = cb(p=p)
    assert app2.play.game.record() == g.record() and app2.play.game.result is not None


def test_a_read_only_drive_writes_nothing_and_goes_on(tmp_path):
    app, d, p = cb(conf_=conf(kinds=(2, 2, 0, 0)))
    p.record_file = str(tmp_path)  # a folder: open() fails like a read-only drive
    for _ in range(400):
        if app.play.game.result is not None:
            break
        d.settle()
    assert app.play.game.result is not None and "Saved" not in info_text(app)
    assert list(tmp_path.iterdir()) == []


# --- the tutorial (face_corners.tutorial) ------------------------------------------------

@pytest.mark.parametrize("size", ((320, 240), (480, 320)))
def test_the_tutorial_is_played_on_the_board_and_catches_wrong_taps(size):
    from face_corners import T_GOOD, tutorial
    from apptools import tile
    app, d, p = cb(conf_=conf(kinds=(0, 2, 0, 0)), size=size)
    hinted_turn(d)
    d.settle()
    kept = app.play.game.record()
    d.press("menu")
    d.press("tutorial")
    play = app.play
    tut = play.tutor
    assert tut is not None and play.game.plies == 0 and play.game.variant == "duo"
    pn = play.panel

    def seen():
        text = info_text(app)
        lines = text.split("\n")
        assert all(len(ln) <= pn.cols for ln in lines)
        # every step's words are on the panel whole, above the buttons shown
        low = min([f.y for f in pn.more + pn.fills if not f.hidden])
        assert max([i for i, ln in enumerate(lines) if ln]) < (low - 2) // (12 * pn.ts), text
        words = " ".join(text.split())
        assert " ".join(tutorial.STEPS[tut.step][0].split()) in words, words
        return words

    def wrong(tap):
        before = (play.game.record(), tut.step, play.piece, play.orient, play.ghost)
        tap()
        assert "Not there!" in seen()
        assert (play.game.record(), tut.step, play.piece, play.orient, play.ghost) == before

    # the words name e10, and e10 is the square ringed on the board (the issue: the hollow
    # square the words pointed at was drawn at j5)
    assert "cover e10, ringed in yellow" in seen()
    assert tile(app, 9 * 14 + 4) == T_GOOD
    wrong(lambda: tap_cell(d, 0))
    d.press("next")
    assert "Tap Pick" in seen()
    wrong(lambda: tap_cell(d, 9 * 14 + 4))
    press_more(d, "pick")
    assert play.picking and "long L" in seen()
    wrong(lambda: tap_slot(d, 3))
    tap_slot(d, 11)
    assert play.piece == 11 and "Rot" in seen()
    wrong(lambda: press_more(d, "flip"))
    o = play.orient
    press_more(d, "rot")
    assert play.orient != o
    o = play.orient
    wrong(lambda: press_more(d, "rot"))
    press_more(d, "flip")
    assert play.orient != o
    assert tile(app, 9 * 14 + 4) == T_GOOD or play.cm[9 * 14 + 4] & 1
    wrong(lambda: tap_cell(d, 0))
    tap_cell(d, 9 * 14 + 4)  # e10: the ghost moves there, not placed yet
    assert play.game.plies == 0 and play.ok and play.cm[9 * 14 + 4] & 1
    wrong(lambda: tap_cell(d, 13))
    press_more(d, "lay")
    g = play.game
    assert g.plies == 2 and "e10" in g.text_of(g.move_at(0)) and g.turn == 0
    press_more(d, "pick")
    tap_slot(d, 3)
    assert "arrows" in seen() and not play.ok
    wrong(lambda: press_more(d, "down"))
    press_more(d, "up")
    assert play.ok and "corners" in seen()
    tap_cell(d, ghost_cells(play)[0])
    assert g.plies == 4 and g.text_of(g.move_at(2)) == "c12,c13,d13"
    press_more(d, "pick")
    tap_slot(d, 1)
    assert not play.ok and "side" in seen()
    press_more(d, "lay")
    text = seen()
    # refused by the engine with its reason; nothing placed
    assert g.plies == 4 and "shares an edge with a Purple piece" in text
    assert "Done" in text
    assert tut.step == len(tutorial.STEPS) - 1
    d.press("done")
    assert play.tutor is None and play.game.record() == kept


def test_the_tutorial_skips_back_to_the_game_and_saves_nothing():
    app, d, p = cb(conf_=conf(kinds=(0, 0, 0, 0)))
    hinted_turn(d)
    kept = bytes(p.nvm)
    d.press("menu")
    d.press("tutorial")
    d.press("next")
    tap_piece(d, 11)
    d.press("skip")
    assert app.play.tutor is None and app.play.game.plies == 1 and bytes(p.nvm) == kept


# --- the age dots (face_corners.draw.ages) ------------------------------------------------

def _rgb(v):
    return v[0] << 16 | v[1] << 8 | v[2] if isinstance(v, (tuple, list)) else int(v)


@pytest.mark.parametrize("size", ((320, 240), (480, 320)))
@pytest.mark.parametrize("variant", (0, 1))
@pytest.mark.parametrize("contrast_on", (False, True))
def test_age_dots_mark_the_last_rounds_and_stand_out_from_their_piece(size, variant,
                                                                      contrast_on):
    from test_palettes import MIN, contrast
    from face_corners.ages import sizes as age_sizes
    app, d, p = cb(prefs={"contrast": contrast_on}, size=size,
                   conf_=conf(variant=variant, kinds=(0, 0, 0, 0)))
    play = app.play
    g = play.game
    b = play.board
    n = g.width
    for _ in range(9):
        hinted_turn(d)
    # one dot a piece of the last three rounds, on its first square, newest the biggest
    want = {}
    for k in range(min(g.plies, 3 * g.ncol)):
        i = g.plies - 1 - k
        x, y = g.cells_of(g.move_at(i))[0]
        want[(n - 1 - y) * n + x] = (k // g.ncol, g.colour_at(i))
    got = {j: b.ages[j] for j in range(n * n) if b.ages[j]}
    assert sorted(got) == sorted(want)
    ink = b.ages.pixel_shader
    sheet = b.ages.bitmap
    c = b.cell
    sizes = age_sizes(c)
    assert sizes[0] > sizes[1] >= sizes[2] >= 2
    for j, t in got.items():
        age, colour = want[j]
        assert (t - 1) % 3 == age
        piece = _rgb(b.palette[8 + colour])
        # the dot's pixels: its ink against the piece it sits on, at least 3:1
        px = {sheet[(t * c) + xx, yy] for yy in range(c) for xx in range(c)} - {0}
        assert len(px) == 1
        mark = _rgb(ink[px.pop()])
        assert contrast(mark, piece) >= MIN, (hex(mark), hex(piece))
        rows = [sum(1 for xx in range(c) if sheet[t * c + xx, yy]) for yy in range(c)]
        assert max(rows) == sizes[age] and sum(rows) == sizes[age] ** 2
    # an undo takes the newest dots back with the pieces
    d.press("undo")
    assert sum(1 for j in range(n * n) if b.ages[j]) == min(g.plies, 3 * g.ncol)


def test_the_tutorial_from_a_classic_game_comes_back_to_it():
    app, d, p = cb(conf_=conf(variant=1, kinds=(0, 0, 0, 0)))
    hinted_turn(d)
    d.press("menu")
    d.press("tutorial")
    assert app.play.game.width == 14 and app.play.board.n == 14
    d.press("skip")
    g = app.play.game
    assert g.width == 20 and app.play.board.n == 20 and g.plies == 1
    hinted_turn(d)
    assert g.plies == 2


# --- issue 42: the Trainer, a colour out, the move list and its review, old records --------

def _reach(b, c):
    """The cells some legal placement of colour c covers now (the engine's generator)."""
    from array import array
    from corners.board import MAXMOVES
    buf = array("H", bytes(2 * MAXMOVES))
    k = b.gen(c, buf, 0, MAXMOVES)
    out = set()
    for i in range(k):
        out.update(b.xy(a) for a in b.move_cells(buf[i]))
    return out


def test_trainer_is_a_level_and_marks_the_board():
    from face_corners import M_DOT, M_GOOD, M_TRAIN, T_GOOD, T_TRAIN
    app, d, p = cb()
    d.press("menu")
    d.press("new")
    seen = []
    for _ in range(6):  # Orange's player, stepped through every kind
        d.press("p1")
        seen.append([t for n, t in app.use("face_corners.settings").settings(app)
                     if n == "p1"][0].split(": ")[1])
    assert seen == ["Expert", "Custom", "Person", "Trainer", "Easy", "Average"]
    app, d, p = cb(conf_=conf(kinds=(0, 5, 0, 0)))
    play = app.play
    g = play.game
    n = g.width
    marked = 0
    for _ in range(8):
        hinted_turn(d)  # the Trainer (Easy's moves) answers
        if g.result is not None:
            break
        b = g.board
        me, them = g.turn, 1 - g.turn
        mine, theirs = _reach(b, me), _reach(b, them)
        dots = {(i % n, i // n) for i in range(n * n) if play.cm[i] & M_DOT}
        pink = {(i % n, i // n) for i in range(n * n) if play.cm[i] & M_TRAIN}
        good = {(i % n, i // n) for i in range(n * n) if play.cm[i] & M_GOOD}
        # pink: your places the other side can cover next; yellow: its places you can
        assert pink == dots & theirs
        corners = {b.xy(b.cl[them][j]) for j in range(b.base(them), b.ncl[them])}
        assert good == corners & theirs & mine
        marked += len(pink) + len(good)
        grid = [play.board.grid[(n - 1 - y) * n + x] for x, y in pink | good]
        assert all(t in (T_TRAIN, T_GOOD) or t >= 4 for t in grid)
    assert marked  # the marks did show
    # the computer at Trainer plays Easy's moves: no marks against a level without them
    app, d, p = cb(conf_=conf(kinds=(0, 2, 0, 0)))
    hinted_turn(d)
    assert not any(c & (M_TRAIN | M_GOOD) for c in app.play.cm)


def test_a_colour_out_of_moves_is_said_once():
    # classic_2 (four colours, two players): a colour runs out while the others play on
    # (in Duo the hinted game can end with both out at once)
    app, d, p = cb(conf_=conf(variant=3, kinds=(0, 0, 0, 0)))
    play = app.play
    g = play.game
    said = False
    for _ in range(100):
        if g.result is not None:
            break
        out = g.out
        hinted_turn(d)
        if g.out != out and g.result is None:
            name = g.colours[(g.out & ~out).bit_length() - 1]
            assert "%s is out: no piece fits" % name in words(app)
            said = True
            hinted_turn(d)
            assert "is out" not in words(app)
            break
    assert said


def test_the_move_list_names_colours_and_step_reviews_the_game():
    from face_corners import T_PIECE
    app, d, p = cb(conf_=conf(kinds=(2, 2, 0, 0)))
    g = app.play.game
    for _ in range(400):
        if g.result is not None:
            break
        d.settle()
    d.press("moves")
    from apptools import pages_text
    text = pages_text(app, d)
    assert "1.Purple " in text and "2.Orange " in text and "Result:" in text
    while "prev" in [n for n, _ in rects(app)]:
        d.press("prev")
    d.press("review")
    play = app.play
    assert play.tutor is not None and play.pk.group.hidden
    assert all(f.hidden for f in play.panel.more)

    def pieces():
        return sum(1 for t in tiles(app) if t >= T_PIECE and t < T_PIECE + 8)
    full = pieces()
    d.press("prev")
    assert pieces() < full and g.plies == play.tutor.n - 1
    d.press("first")
    assert pieces() == 0
    d.press("done")
    assert play.tutor is None and g.result is not None and pieces() == full
    assert "new" in [n for n, _ in rects(app)]


def test_a_settings_record_from_before_the_trainer_is_kept():
    old = bytearray(conf(kinds=(0, 4, 0, 0)))[:34]
    old[10 + 3 * 6 + 1] = 7  # 7 wins against Expert
    p = device(None, {"game": "B"})
    save_game(p.nvm, [-1, 0, 0], bytes(old), CONF_OFF, CONF_SIZE, T_CONF)
    app, d, p = cb(p=p)
    c = app.play.conf
    assert len(c) == len(DEFAULT) and bytes(c[:34]) == bytes(old) and not any(c[34:])
    assert app.play.s.kinds[1] == 4


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_every_message_is_shown_whole(size):
    """Every message the face shows, at its longest, wrapped under the first line, fits
    the rows above the buttons shown with it (all four rows while a piece is picked, else
    the last two), on both screens; the engine's reasons as the face words them."""
    from quadpocket.wrap import say
    from face_corners.draw import PLAIN
    app, d, p = cb(size=size)
    pn = app.play.panel
    picked = (pn.more[0].y - 2) // (12 * pn.ts)
    other = (pn.fills[0].y - 2) // (12 * pn.ts)
    longest = max(PLAIN, key=len)
    g = Game("classic", "any")
    messages = [
        (picked, "It must touch a Yellow piece corner to corner"),
        (picked, "Yellow's first piece must cover a20 or t20 or t1 or a1"),
        (picked, "t20 shares an edge with a Yellow piece"),
        (picked, "t20 is taken"),
        (picked, "That is the edge of the board"),
        (other, "The %s is played already" % longest),
        (other, "No room for the %s: pick another" % longest),
        (other, "Tap Pick first, then a piece"),
        (other, "Blue and Yellow and Red are out: no piece fits"),
        (other, "Last: " + longest),
    ]
    assert g.why_not(g.move_of(0, 5, 5)).startswith("Blue's first piece must cover a20 or t20")
    for room, text in messages:
        lines = ["Yellow's turn"] + say(text, pn.cols)
        assert all(len(ln) <= pn.cols for ln in lines)
        assert len(lines) <= room, (text, lines, room)


@pytest.mark.parametrize("contrast_on", (False, True))
@pytest.mark.parametrize("duo", (False, True))
def test_the_marks_and_the_picker_stand_out(contrast_on, duo):
    """Every mark of the board at least 3:1 against the board (the Trainer's pink square
    and yellow ring, the tutorial's ring, the dot, the starting point, the red cross, a
    ghost's frame); in the picker every colour's pieces in hand at least 3:1 against its
    black, the pieces played dim: darker than any colour's, so told apart without hue."""
    from test_palettes import MIN, contrast
    from face_corners import build

    pal = [0] * 16
    build.colours(pal, contrast_on, duo)
    board = pal[1]
    for i in (3, 4, 5, 12, 13):
        assert contrast(pal[i], board) >= MIN, (i, hex(pal[i]), hex(board))
    for c in range(2 if duo else 4):
        piece = pal[8 + c]
        assert contrast(piece, 0x000000) >= MIN, hex(piece)  # in the picker
        assert contrast(piece, pal[7]) > 1.5 and contrast(pal[7], 0) < contrast(piece, 0)


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
@pytest.mark.parametrize("variant", (0, 1))
def test_the_board_has_its_coordinates_on_its_edges(size, variant):
    """Row numbers left of the board (row 1 at the bottom: the notation's), column letters
    under it, each in its row's or column's span, clear of the panel."""
    app, d, p = cb(size=size, conf_=conf(variant=variant))
    b = app.play.board
    n, c = b.n, b.cell
    rows, letters = b.group[0], b.group[1]
    assert rows.x + 12 <= b.bx and rows.y == b.by and rows.tile_height == c
    assert [rows[j] for j in range(n)] == list(range(n - 1, -1, -1))  # top row: n
    sheet = rows.bitmap
    for k in range(n):  # tile k holds the number k + 1, ink inside its cell's height
        ink = [(x, y) for x in range(12 * k, 12 * k + 12) for y in range(c) if sheet[x, y]]
        assert ink and len(str(k + 1)) * 6 >= 12 * k + 12 - min(x for x, _ in ink) - 1
    assert letters.x == b.bx and letters.y == b.by + n * c + 1
    assert letters.y + 12 <= size[1]
    strip = letters.bitmap
    for k in range(n):  # letter k under column k only
        xs = {x for x in range(n * c) for y in range(12) if strip[x, y]
              and k * c <= x < (k + 1) * c}
        assert xs and all(k * c < x < (k + 1) * c for x in xs)


def test_step_in_a_game_in_progress_gives_the_game_back():
    """Step on the move list of a game still going (the shell's review): back and forth on
    the board, then Done: the same game, the same colour to move, a piece picked put back."""
    app, d, p = cb(conf_=conf(kinds=(0, 0, 0, 0)))
    play = app.play
    for _ in range(4):
        hinted_turn(d)
    g = play.game
    rec, turn = g.record(), g.turn
    tap_piece(d, 18)
    d.press("moves")
    d.press("review")
    assert play.tutor is not None and play.piece is None and play.pk.group.hidden
    d.press("prev")
    d.press("prev")
    assert play.game.plies == 2
    d.press("done")
    g = play.game
    assert play.tutor is None and g.record() == rec and g.turn == turn and g.result is None
    assert "Tap Pick" in words(app)
    hinted_turn(d)
    assert g.plies == 5
