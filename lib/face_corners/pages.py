"""The corner polyomino game's text pages: statistics and the move list (the shell's pages
module lays them out), and the board at a step of the shell's review (quadpocket.review:
Step on a finished game's move list). Loaded through App.use while a page is made or a
step drawn, then dropped.
"""

_LEVELS = ("Trainer", "Easy", "Average", "Expert", "Custom")
_AT = (4, 1, 2, 3, 0)  # each level's place in the statistics (face_corners.start)


def stats_lines(app):
    return app.use("pages").stats(["Corner polyominoes", "a person against", "the computer:"],
                                  app.play.conf, [(_LEVELS[k], 10 + 6 * _AT[k]) for k in range(5)])


def move_title(app):
    return "Moves"


def move_items(app):
    """Each placement numbered, with the colour that placed it (as the board draws it)."""
    g = app.play.game
    return ["%d.%s %s" % (i + 1, g.colours[g.colour_at(i)], g.text_of(g.move_at(i)))
            for i in range(g.plies)]


def review_board(play):
    """The board at a review's step: the pieces placed so far, the last one marked, no
    ghost, dots or picker (the panel's own buttons hidden: the review has its four)."""
    import sys
    face = sys.modules["face_corners"]
    g = play.game
    cm = play.cm
    n = g.width
    for i in range(n * n):
        cm[i] = 0
    if g.plies:
        for x, y in g.cells_of(g.move_at(g.plies - 1)):
            cm[y * n + x] |= face.M_LAST
    play.ghost = play.piece = None
    play.picking = False
    pn = play.panel
    changed = False
    for f in pn.more + pn.more_labels + [play.pk.group, play.pk.view]:
        if not f.hidden:
            f.hidden = True
            changed = True
    if play.board.group.hidden:
        play.board.group.hidden = False
        changed = True
    ov = play.board.ages
    if ov is not None:
        for i in range(n * n):
            ov[i] = 0
    pn.key = -1  # the game's panel is drawn again after the review
    return face._board(play, g) or changed
