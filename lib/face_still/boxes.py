"""Still's Quad's rarer taps (Quad!, a removed corner) and the Duel boxes' two marble
icons. Loaded on demand through the shell (App.use) and dropped again: code the resident
face need not carry.
"""


def tap(play, target):
    """Quad! or a removed corner (Screen.tap_other; Star is the Screen's)."""
    if target == "quad":
        play.app.use("face_still.claims").tap(play)
    elif target == "off":
        play.illegal("This corner is not on the board")


def icons(play):
    """Duel: each seat's marble box shows both its colours, one above the other (the
    first icon is quadpocket.build's; the second is made here when a Duel is first
    shown, in the taller box build left for it); the seat to move has the colour it
    places next ringed (one ring, on the board's ring layer's palette, moved to it), so
    "Marble 2 of 2" shows which marble that is. True if a tile changed."""
    from quadpocket.view import T_MARBLE, T_OFF, T_RING
    g = play.game
    pn = play.panel
    ic = getattr(pn, "icons", None)
    if ic is None:
        import displayio
        b = play.board
        c = b.cell
        ic = pn.icons = []
        for i in range(len(pn.counts)):
            f = pn.boxes[2 * i]
            for tg in pn.seats:
                if (getattr(tg, "tile_width", 0) == c and tg.x == f.x + 2
                        and f.y <= tg.y < f.y + f.height):
                    tg.y = f.y + 1
                    two = displayio.TileGrid(b.sheet, pixel_shader=b.palette,
                                             tile_width=c, tile_height=c,
                                             x=tg.x, y=f.y + f.height - 1 - c)
                    pn.seats.insert(len(pn.seats) - 1, two)  # under the counts
                    ic.append((tg, two))
                    break
        if ic:
            pn.iring = displayio.TileGrid(b.sheet, pixel_shader=b.ring.pixel_shader,
                                          tile_width=c, tile_height=c, default_tile=T_OFF)
            pn.seats.insert(len(pn.seats) - 1, pn.iring)
    if not ic:  # rows too short for icons (build made none)
        return False
    j = -1 if g.result is not None else sum(1 for a in g.current if a[0] == "marble")
    changed = False
    ring = pn.iring
    r = T_OFF
    for i in range(len(ic)):
        for k in range(2):
            t = T_MARBLE + g.rules.seat_colours[i][k]  # one tile a colour: 4 colours
            tg = ic[i][k]
            if tg[0] != t:
                tg[0] = t
                changed = True
            if i == g.turn and k == j:
                r = T_RING
                if ring.x != tg.x or ring.y != tg.y:
                    ring.x = tg.x
                    ring.y = tg.y
                    changed = True
    if ring[0] != r:
        ring[0] = r
        changed = True
    return changed
