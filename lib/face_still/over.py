"""The end of a game: sound, statistics (once per game), auto-advance, the record on the
serial console, the winning square's outline and the panel's result lines. Imported when
a game ends (or a finished game is shown) and dropped again right after.

The winning square is a line (two vectorio polygons, dark and then bright on top) whose
corners are the four winning marbles' centres, and those four marbles wear the ringed
tile (face_still.cursor gives the quad once it has won: the board's own tile, nothing
drawn); upright and tilted squares read alike and the line never leaves the board
(test_app_ui.py checks every square of every size). Both exist only while a finished game is shown.
"""

import displayio
import vectorio

from quadpocket import view
from quadpocket.play import LEVELS, level_name

_REASONS = {"quad": "by a quad", "stars": "on stars", "one-short": "by 3 corners",
            "repetition": "repetition", "cap": "move limit"}


def _outline(play, g):
    if g.quad and play.board.outline is None:
        outline(play.board, g.quad)


def game_over(play, fresh):
    """play's game has a result; fresh: it has just ended (not shown again after a reset)."""
    app = play.app
    s = play.s
    g = s.game
    kind, seat, why = g.result
    # The sound first, right after the computer player's code has gone: its block (up
    # to 1.2 KB) is the largest the end allocates (on CircuitPython's VM the 2 KB jingle
    # once found no hole, here or after the outline; quadpocket.sound)
    if play.tutor is not None:
        if fresh:
            app.sound("win")
        _outline(play, g)
        return
    level = app.prefs.level  # before auto-advance: the panel shows the level just played
    stats = None
    if s.cpu >= 0:
        outcome = "draw" if kind == "draw" else ("loss" if seat == s.cpu else "win")
        if fresh:
            app.sound("loss" if outcome == "loss" else "win")
        st = app.use("storage").Store(app.p.nvm)
        if not s.recorded:
            s.recorded = True
            # the statistics are the standard game's: a variant's result is not mixed in
            if g.rules.variant == "standard":
                st.record_result(level, outcome)
            prefs = app.prefs
            if outcome == "win" and prefs.auto_advance and level != "expert":
                prefs.level = LEVELS[LEVELS.index(level) + 1]
                st.prefs = prefs
                st.save_prefs()
        stats = st.stats
        del st
    elif fresh:
        app.sound("win" if kind == "win" else "loss")
    _outline(play, g)
    if fresh:
        app.save_session()
        try:  # line by line: a long Trek game's whole text found no room (Titano, VM)
            write(app.p, g)
        except MemoryError:  # the save holds the game: only the text record is lost
            app.p.log("record skipped: no room")
    play.result = lines(play, level, stats)



def panel(play, changed):
    """The panel of a finished game (face_still.render): who won and why (lines), the
    seat rows staying, New, Undo, Menu and Moves; -> (changed, the buttons)."""
    g = play.game
    p = play.panel
    changed = p.set_info(play.result or ()) or changed
    p.covered = False
    w = g.result[1]
    changed = p.set_seats(g.marbles_left, g.stars_left, g.turn if w is None else w,
                          False) or changed
    return changed, (("new", "New"), ("undo", "Undo"), ("menu", "Menu"), ("moves", "Moves"),
                     (None, ""), (None, ""))

def record(g, out):
    """The finished game as a record the referee reads (python -m quadcore referee FLAGS
    < game.txt), out(line) for each line: a comment with the rule flags, one turn a line
    (Game.record hands them over one at a time: no text of the whole game), a comment
    with the result."""
    r = g.rules
    kind, seat, why = g.result
    out("# Quad Pocket game: %dx%d, %d players, %s" % (g.n, g.n, r.players, r.variant))
    out("# referee flags: --size %d --players %d --marbles %d --stars %d --variant %s%s"
        % (g.n, r.players, r.marbles, r.stars, r.variant,
           " --one-short" if r.one_short else ""))
    if r.claim:
        out("# claim mode: quads count only when claimed (the referee does not judge"
            " claims)")
    g.record(out)
    out("# result: %s (%s)" % (kind if seat is None else "%s seat %d" % (kind, seat + 1),
                               why))


def write(platform, g):
    """The record on the serial console (its non-empty lines) and added to the game-record
    file, a blank line after it, when the program may write the drive: on the device that
    is /quad_games.txt after a start with a finger on the screen (boot.py); otherwise the
    drive is the computer's, open() fails, and the serial console has the record anyway.
    Elsewhere only a platform's own record_file is used (the simulator must never write to
    its computer's root folder)."""
    import sys
    path = getattr(platform, "record_file", None)
    if path is None and sys.implementation.name == "circuitpython":
        path = "/quad_games.txt"
    f = [None]
    if path:
        try:
            f[0] = open(path, "a")
        except OSError as e:  # read-only (a normal start: errno 30): go on
            _failed(platform, path, e)

    def out(line):
        if line:
            platform.log(line)
        if f[0] is not None:
            try:
                f[0].write(line)
                f[0].write("\n")
            except OSError as e:  # the drive full: the console has the record
                f[0].close()
                f[0] = None
                _failed(platform, path, e)

    try:
        record(g, out)
        out("")
    finally:
        if f[0] is not None:
            f[0].close()


def _failed(platform, path, e):
    if not e.args or e.args[0] != 30:
        platform.log("record not written to %s: %s" % (path, e))


def lines(play, level, stats):
    """Game-over panel text: who won and why (the two rows above the seat rows, which
    stay), then under them the stars left and the record against the level played, in
    words (every level's: the Statistics page)."""
    g = play.game
    cpu = play.s.cpu
    kind, seat, why = g.result
    if kind == "draw":
        head = "Draw"
    elif cpu >= 0:
        head = "You lose" if seat == cpu else "You win!"
    else:
        head = "Player %d wins" % (seat + 1)
    out = [head]
    play.verdict = None  # the move list's result when the reason takes several lines
    if why == "stars":
        # Stars left: the winner's against the rest (a draw: each seat's, in seat order).
        left = g.stars_left
        if kind == "win" and len(left) == 2:  # lines of 13 at most, the panel's width
            out += [_REASONS[why] + ",", "%d left" % left[seat], "against %d" % left[1 - seat]]
        else:
            out += [_REASONS[why], "stars left:", "-".join(str(v) for v in left)]
        play.verdict = (head, " ".join(out[1:]))
    else:
        out.append(_REASONS.get(why, why))
    if stats is not None and g.rules.variant != "standard":
        out += ["Not counted", "(a variant)"]  # the statistics are the standard game's
    elif stats is not None:
        d = stats[level]
        # one text, split: short texts would each stay in RAM as a qstr after this
        # module is dropped (a new game would start higher than the one before)
        out.append("vs " + level_name(level))
        out += ("Wins: %d\nLosses: %d\nDraws: %d\nStreak: %d" % (
            d["wins"], d["losses"], d["draws"], d["streak"])).split("\n")
    # the first two above the seat rows, the rest under them
    return out[:2] + [""] * (play.panel.free_row - 2) + out[2:]


def _isqrt(v):
    r = int(v ** 0.5)
    while r * r > v:
        r -= 1
    while (r + 1) * (r + 1) <= v:
        r += 1
    return r


def square(board, quad, half):
    """The winning square's line as its outer and inner corners (lists of 4 screen
    points, in quad's order around the square): the line's middle runs through the four
    cells' centres, `half` px to each side of it (corners pushed out and pulled in along
    the diagonals by half * sqrt(2), so every edge's band is 2 * half wide)."""
    pts = [board.centre(x) for x in quad]  # the engine lists them around the square
    cx = (pts[0][0] + pts[2][0]) // 2  # the centre: the diagonals' common midpoint
    cy = (pts[0][1] + pts[2][1]) // 2
    dx = pts[0][0] - cx
    dy = pts[0][1] - cy
    r = _isqrt(dx * dx + dy * dy) or 1
    a = half * 1414 // 1000
    outer = []
    inner = []
    for x, y in pts:
        ex = (x - cx) * a // r
        ey = (y - cy) * a // r
        outer.append((x + ex, y + ey))
        inner.append((x - ex, y - ey))
    return outer, inner


def outline(board, quad):
    """Add the winning square's line to the board (play removes it when the end is
    undone): a bright line inside a dark one through the four marbles' centres, as one
    polygon each: the outer square, a zero-width cut to the inner one and the inner
    square the other way round (a hole for the winding rule vectorio fills by)."""
    width = max(1, board.cell // 10)
    g = displayio.Group()
    for colour, half in ((view.DARK, width + 1), (view.QUAD, width)):
        outer, inner = square(board, quad, half)
        poly = vectorio.Polygon(pixel_shader=board.palette,
                                points=outer + [outer[0], inner[0]] + inner[:0:-1]
                                + [inner[0]], x=0, y=0)
        poly.color_index = colour
        g.append(poly)
    board.group.append(g)
    board.outline = g
