"""Still's Quad's rarer taps (Quad!, a removed corner) and the Duel boxes' two marble
icons. Loaded on demand through the shell (App.use) and dropped again: code the resident
face need not carry.
"""


def tap(play, target):
    """Quad! or a removed corner (Screen.tap_other; the seat boxes are the Screen's)."""
    if target == "quad":
        play.app.use("face_still.claims").tap(play)
    elif target == "off":
        play.illegal("This corner is not on the board")


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
