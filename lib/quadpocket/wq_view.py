"""What Winther's Quad's game screen shows (quadpocket.wq_play's state): the 8 x 8 board's
tiles and the panel, on the sheet and panel that quadpocket.build makes (the sprite tiles of
quadpocket.view). Writes only tiles and texts that differ. Resident while the game is shown.
"""

from quadpocket import view

_WHO = ("White", "Black")


def _tile(play, x, cells, last, rim):
    v = cells[x]
    ch = play.choice
    if ch is not None:
        frm, to = ch[0], ch[1]
        if x == to:
            return view.T_MARBLE + 2 * play.game.turn + 1
        if x == frm:
            return view.T_MARK
        if x in ch[3]:
            return view.T_MARBLE + 2 * (v - 1) + 1  # ringed: will be taken
        if v:
            return view.T_MARBLE + 2 * (v - 1)
        return view.T_EMPTY
    if v:
        cur = x == play.sel or (last is not None and x == last[1]) or x in play.game.four
        return view.T_MARBLE + 2 * (v - 1) + (1 if cur else 0)
    if x in play.dests:
        return view.T_TRAIN
    if x in play.hint:
        return view.T_HINT_MARBLE
    if x in play.trainer:
        return view.T_HINT_STAR
    if last is not None and x == last[0] and last[0] != last[1]:
        return view.T_MARK  # where the last move came from
    if rim and (x < 8 or x > 55 or x & 7 == 0 or x & 7 == 7):
        return view.T_TRAIN  # White's second drop: the rim cells
    return view.T_EMPTY


def cursor_turn(play):
    """(frm, to) of the last turn when it is to be marked, else None."""
    g = play.game
    if play.sel is not None or not g.plies:
        return None
    cpu = play.s.cpu
    if cpu < 0 or g.result is not None or ((g.plies - 1) % 2 == cpu
                                           and play.app.prefs.show_move):
        return g._log[-1] & 63, (g._log[-2] << 8 | g._log[-1]) >> 6 & 63
    return None


def render(play):
    g = play.game
    s = play.s
    p = play.panel
    b = play.board
    prefs = play.app.prefs
    over = g.result is not None
    changed = False
    seat = g.turn
    hand0 = g.in_hand(0)
    if not (play.thinker is not None and play.purpose == "move"):
        last = cursor_turn(play)
        if last is not None:
            last = (last[1], last[0])  # (from, to)
        cells = g.board.cells
        rim = (not over and seat == 0 and hand0 == g.counters - 1)
        grid = b.grid
        for x in range(64):
            t = _tile(play, x, cells, last, rim)
            i = (7 - (x >> 3)) * 8 + (x & 7)
            if grid[i] != t:
                grid[i] = t
                changed = True
    if over:
        changed = p.set_info(play.result or ()) or changed
        buttons = (("new", "New"), ("undo", "Undo"), ("menu", "Menu"), ("moves", "Moves"))
    else:
        mine = s.human(seat) and play.thinker is None
        if play.thinker is not None:
            status = ("Hint " if play.purpose == "hint" else "Thinking ") + \
                "|/-\\"[play.spin % 4]
        elif s.cpu >= 0:
            status = "Your turn" if mine else "Computer"
        else:
            status = _WHO[seat] + " to go"
        if play.msg:
            mode = play.msg
        elif not mine:
            mode = ""
        elif play.choice is not None:
            mode = "Take %d?" % len(play.choice[3]) if len(play.choice[2]) > 1 else "Take it?"
        elif g.in_hand(seat):
            mode = "Drop on rim" if seat == 0 and hand0 == g.counters - 1 else "Drop"
        elif play.sel is not None:
            mode = "Move to?"
        else:
            mode = "Pick counter"
        lines = [status, mode] + [""] * (p.free_row - 2)
        lines.append("Hand  Board")
        lines.append("Turn %d" % (g.plies + 1))
        if s.cpu >= 0:
            lines.append("vs " + prefs.level[:1].upper() + prefs.level[1:])
            lines.append("You: " + _WHO[1 - s.cpu])
        if len(mode) > p.cols:  # whole, over the rows under it, as in Still's face
            w = play.app.use("wrap").say(mode, p.cols)
            lines = [status] + w + lines[1 + len(w):]
        changed = p.set_info(lines) or changed
        if play.choice is not None:
            buttons = (("take", "Take"), ("keep", "Keep"), ("menu", "Menu"),
                       ("back", "Cancel"))
        else:
            act = mine or play.purpose == "move"
            buttons = (("undo", "Undo", act and (play.sel is not None
                                                 or play.undo_count() > 0)),
                       ("hint", "Hint", mine), ("menu", "Menu", True), ("moves", "Moves", True))
    hand = (g.in_hand(0), g.in_hand(1))
    on = (g.on_board(0), g.on_board(1))
    changed = p.set_seats(hand, on, seat, False, not over) or changed
    for i in range(4):
        bt = buttons[i]
        changed = p.set_button(i, bt[0], bt[1], len(bt) < 3 or bool(bt[2])) or changed
    return changed
