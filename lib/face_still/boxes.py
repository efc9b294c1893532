"""Still's Quad's seat boxes: a tap on a marble or star box (a star armed, or why not),
on a removed corner or on Quad!, and the Duel boxes' two marble icons. Loaded on demand
through the shell (App.use) and dropped again: code the resident face need not carry.
"""


def tap(play, target):
    """A tap the board and the shell's buttons did not take (Screen.tap_other)."""
    g = play.game
    if target == "quad":
        play.app.use("face_still.claims").tap(play)
    elif target == "off":
        play.illegal("This corner is not on the board")
    elif target.startswith("star") or target.startswith("marble"):
        seat = int(target[-1])
        want = target[0] == "s"
        if seat != g.turn or not play.s.human(seat):
            pass
        elif want and g.stars_left[seat] <= 0:
            play.illegal("No stars left")
        elif want and g.current and g.current[-1][0] != "star":
            play.illegal("Stars go first")
        else:
            g.star_armed = want and not g.star_armed
            play.mark = None


def icons(play):
    """Duel: each seat's marble box shows both its colours (quadpocket.build made the
    icons); the seat to move has the colour it places next ringed, so "Marble 2 of 2"
    shows which marble that is. True if a tile changed."""
    from quadpocket.view import T_MARBLE
    g = play.game
    ic = play.panel.icons
    j = -1 if g.result is not None else sum(1 for a in g.current if a[0] == "marble")
    changed = False
    for i in range(len(ic)):
        for k in range(2):
            t = T_MARBLE + 2 * g.rules.seat_colours[i][k] + (i == g.turn and k == j)
            tg = ic[i][k]
            if tg[0] != t:
                tg[0] = t
                changed = True
    return changed
