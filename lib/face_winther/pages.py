"""Winther's Quad's text pages: statistics and the move list (the shell's pages module lays
them out). Loaded through App.use while a page is made, then dropped.
"""

from quadpocket.play import LEVELS, level_name


def stats_lines(app):
    # play.conf: read when the game was shown (its start module's conf)
    return app.use("pages").stats(["Winther's Quad", "against the computer:"], app.play.conf,
                                  [(level_name(lv), 3 + 6 * k) for k, lv in enumerate(LEVELS)])


def move_title(app):
    return "Moves (W: White, B: Black)"


def move_items(app):
    """Every turn numbered, with who played it (W White, B Black)."""
    from winquad.notation import format_turn
    from winquad.game import _decode
    log = app.play.game._log
    return ["%d.%s %s" % (i // 2 + 1, "WB"[i // 2 & 1],
                          format_turn(*_decode(log[i] << 8 | log[i + 1])))
            for i in range(0, len(log), 2)]


def review_board(play):
    """The board at a review's step (quadpocket.review): the last turn framed."""
    from face_winther import draw
    from winquad.game import _decode
    log = play.game._log
    last = None
    if log:
        frm, to, caps = _decode(log[-2] << 8 | log[-1])
        last = (frm, to)
    return draw(play, last)
