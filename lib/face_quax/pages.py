"""The Quax family's text pages: statistics and the move list (the shell's pages module
lays them out). Loaded through App.use while a page is made, then dropped.
"""

from quadpocket.play import LEVELS, level_name


def stats_lines(app):
    # play.conf: read when the game was shown (its start module's conf)
    return app.use("pages").stats(["Quax family", "against the computer:"], app.play.conf,
                                  [(level_name(lv), 4 + 6 * k) for k, lv in enumerate(LEVELS)])


def move_title(app):
    """The move list's title: the rule set and the key to its colours (a finished game's
    list offers Step: quadpocket.textpage reads the title's first word)."""
    return "Moves, %s: B Black, W White" % app.play.game.name()


def move_items(app):
    """Every turn numbered, with the colour whose turn it was (B Black, W White, as the
    stones are drawn): after a swap the same colour moves again, now by the other
    player's hand."""
    from quax.notation import SWAP, format_move
    g = app.play.game
    log = g._log
    out = []
    c = 0
    for i in range(0, len(log), 2):
        m = log[i] << 8 | log[i + 1]
        out.append("%d.%s %s" % (i // 2 + 1, "BW"[c], format_move(m, g.n)))
        if m != SWAP:
            c ^= 1
    return out


def review_board(play):
    """The board at a step of quadpocket.review: the stones and links as they stood, the
    turn just stepped to framed (a drop's stone and its Quadrex fills, a link's two
    stones)."""
    from face_quax import draw_board
    g = play.game
    m = g.last()
    n = g.n
    last = ()
    if m is not None and m < 1024:
        last = (m,)
    elif m is not None and m < 4000:
        k = m - 1024
        b = k >> 1
        last = (b, b + n + 1) if k & 1 == 0 else (b + 1, b + n)
    return draw_board(play, last)
