"""What the game screen shows: board overlays, panel texts and buttons, derived from the
Play state whenever something changed (boardview and panel skip what is already shown)."""

LEVELS = ("trainer", "easy", "average", "expert")
LEVEL_NAMES = ("Trainer", "Easy", "Average", "Expert")
SPIN = "|/-\\"
_REASONS = {"quad": "by a quad", "stars": "on stars", "one-short": "one-short rule",
            "repetition": "repetition", "cap": "move limit"}


def level_name(level):
    return LEVEL_NAMES[LEVELS.index(level)] if level in LEVELS else level


def seat_name(play, seat):
    if play.s.cpu >= 0:
        return "Computer" if seat == play.s.cpu else "You"
    return "Player %d" % (seat + 1)


def result_lines(play):
    """Game-over panel text: who won and why, then the records against each level."""
    g = play.game
    kind, seat, why = g.result
    if kind == "draw":
        head = "Draw"
    elif play.s.cpu >= 0:
        head = "You lose" if seat == play.s.cpu else "You win!"
    else:
        head = "%s wins" % seat_name(play, seat)
    lines = [head, _REASONS.get(why, why)]
    if why in ("stars", "one-short"):
        # Stars left per seat, in seat order (P1-P2-...; against the computer you/it).
        if play.s.cpu >= 0:
            me = 1 - play.s.cpu
            lines.append("stars %d to %d" % (g.stars_left[me], g.stars_left[play.s.cpu]))
        else:
            lines.append("stars " + "-".join(str(v) for v in g.stars_left))
    lines.append("")
    if play.s.cpu >= 0:
        st = play.app.store.stats
        lv = play.level_played or play.app.store.prefs.level
        d = st[lv]
        lines.append("vs " + level_name(lv))
        lines.append("W%d L%d D%d" % (d["wins"], d["losses"], d["draws"]))
        lines.append("streak %d" % d["streak"])
        lines.append("")
        lines.append("Won/lost/drawn")
        for i, name in enumerate(LEVELS):
            d = st[name]
            lines.append("%s %d/%d/%d" % (LEVEL_NAMES[i][:3], d["wins"], d["losses"],
                                          d["draws"]))
    return lines


def cursor_cells(play):
    """Cells marked as the last move (or the marble picked to move)."""
    g = play.game
    s = play.s
    if play.sel is not None:
        return (play.sel,)
    if g.current:
        return tuple(a[-1] for a in g.current)
    last = g.last_turn()  # (g.history would decode every turn: it allocates)
    if last is None:
        return ()
    over = g.result is not None
    seat = (g.turns - 1) % g.rules.players
    # Against the computer its move is marked if "show move" is on; pass-and-play always
    # marks the last turn (the next player did not see it being made).
    if s.cpu < 0 or over or (seat == s.cpu and play.app.store.prefs.show_move):
        return tuple(a[-1] for a in last)
    return ()


def render(play):
    """Update board and panel from the state; True if anything changed on screen."""
    g = play.game
    s = play.s
    p = play.panel
    over = g.result is not None
    # The tutorial sets its overlays (threat, ringed cell) while composing its text.
    tut_lines = play.tutor.lines() if play.tutor is not None else None
    changed = False
    if not (play.thinker is not None and play.purpose == "move"):
        # While the computer thinks it may try moves on the game's own board: the picture
        # keeps the position it had when the computer started.
        changed = play.board.update(g.cells, cursor_cells(play), g.quad if over else None,
                                    play.trainer, play.hint, play.hint_stars, play.mark)
    if tut_lines is not None:
        changed = p.set_info(tut_lines) or changed
        changed = p.set_seats(g.marbles_left, g.stars_left, g.turn, g.star_armed,
                              visible=play.tutor.step > 0) or changed
        for i in range(4):
            changed = p.set_button(i, *play.tutor.button(i)) or changed
        return changed
    if over:
        changed = p.set_info(result_lines(play)) or changed
        changed = p.set_seats(None, None, None, False, visible=False) or changed
        buttons = (("new", "New"), ("undo", "Undo"), ("menu", "Menu"), ("moves", "Moves"))
        for i, b in enumerate(buttons):
            changed = p.set_button(i, b[0], b[1]) or changed
        return changed
    seat = g.turn
    mine = s.human(seat) and play.thinker is None
    if play.thinker is not None:
        status = ("Hint " if play.purpose == "hint" else "Thinking ") + SPIN[play.spin % 4]
    elif s.cpu >= 0:
        status = "Your turn" if mine else "Computer"
    else:
        status = seat_name(play, seat)
    if play.msg:
        mode = play.msg
    elif not mine:
        mode = ""
    elif g.star_armed:
        mode = "STAR armed"
    elif play.sel is not None:
        mode = "Move to?"
    elif g.rules.per_turn > 1:
        placed = sum(1 for a in g.current if a[0] == "marble")
        mode = "Marble %d of %d" % (placed + 1, g.rules.per_turn)
    else:
        mode = "Marble mode"
    lines = [status, mode] + [""] * (p.free_row - 2)
    lines.append("Turn %d" % (g.turns + 1))
    if s.cpu >= 0:
        lines.append("vs " + level_name(play.app.store.prefs.level))
    if g.rules.claim:
        lines.append("Claim mode")
    if play.app.store.prefs.confirm:
        lines.append("Confirm taps")
    changed = p.set_info(lines) or changed
    changed = p.set_seats(g.marbles_left, g.stars_left, seat, g.star_armed and mine) or changed
    can_undo = mine and (g.pending or play.undo_count() > 0)
    changed = p.set_button(0, "undo", "Undo", bool(can_undo)) or changed
    changed = p.set_button(1, "hint", "Hint", mine) or changed
    changed = p.set_button(2, "menu", "Menu") or changed
    if g.rules.claim:
        changed = p.set_button(3, "quad", "Quad!", mine and g.pending == 0) or changed
    else:
        changed = p.set_button(3, "moves", "Moves") or changed
    return changed
