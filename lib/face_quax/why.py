"""Why a tap on the board played nothing, in the panel's words (face_quax's taps load this
through App.use on a refusal; it goes again after the tap: the running game never carries
these words). Colours are named as they are drawn."""

_WHO = ("Black", "White")


def refusal(play, x, sel=None):
    """The words for a tap on cell x (or "off": off the board) that plays nothing; sel: the
    stone picked before the tap (None: nothing was picked)."""
    g = play.game
    own = g.turn + 1
    if sel is not None:  # a tap not on one of the picked stone's partners
        v = 0 if x == "off" or g.link_of(sel, x) < 0 else g.at(x)
        if not v:
            return "Link cancelled"
        if v != own:
            return "Link your own stones only"
        return link_refusal(g, sel, x)
    v = g.at(x)
    if v == own and g.rule < 2:  # Quax, Link: a stone of yours with no link to make
        n = g.n
        f = x % n
        for y in (x - n - 1, x - n + 1, x + n - 1, x + n + 1):
            if 0 <= y < n * n and g.at(y) == own and (y % n - f) * (y % n - f) == 1:
                return link_refusal(g, x, y)
        return "None of yours on a diagonal"
    if v:
        return "Taken by " + _WHO[v - 1]
    return "Checkerboard: not allowed"  # Crossway's rule


def link_refusal(g, a, b):
    """Why the link a-b (two of the mover's stones on a diagonal) cannot be made."""
    m = g.link_of(a, b) - 1024
    d = g.board.links[m >> 1]
    if d:
        return "Already linked" if d == 1 + (m & 1) else "It would cross a link"
    return "Cannot link there"
