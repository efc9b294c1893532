"""A text page's screen (quadpocket.menus): imported to show one and dropped right after,
so neither its code nor quadpocket.pages' is loaded while the other works.
"""

from quadpocket import view


def render(m):
    """Show menus m's text page (m.lines) from line m.at: the title with the screen's
    number, the lines, and Prev (or Step on a finished game's move list), Next, Back."""
    body = m.body()
    n = max(1, (len(m.lines) + body - 1) // body)
    k = m.at // body
    title = m.title
    if n > 1:
        title = "%s  %d/%d" % (title, k + 1, n)
    play = m.app.play
    # a finished game's move list ("Moves..."): Step (quadpocket.review)
    step = (m.title[:5] == "Moves" and play.game is not None
            and play.game.result is not None and play.tutor is None)
    buttons = [("prev", "< Prev") if k > 0 else ("review", "Step") if step else None,
               ("next", "Next >") if k + 1 < n else None,
               ("back", "Back")]
    rows = m.lines[m.at:m.at + body]
    f = m.fine
    if f is None:  # the body on the menu grid, after a space
        m._show(title, [" " + s for s in rows], buttons, 3)
        return
    for r in range(body):
        view.put(f, r, rows[r] if r < len(rows) else "", f.width)
    m._show(title, (), buttons, 3)
