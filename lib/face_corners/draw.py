"""The corner polyomino game's panel and picker, drawn after a change (loaded through
App.use by face_corners.render when what the panel shows moved on, then dropped): its
words (whose turn, your colour, every colour's score, the last piece, what to do next, a
refusal's reason), which buttons show, the piece picker over the board (the mover's 21
pieces, those played dim, the one picked white) and the picked piece, big, as it is turned.
The picker and the piece are drawn by face_corners.pick, loaded only while they show.
"""

from corners.pieces import PIECE
from quadpocket import view

# The pieces in plain words (the engine's names, Pentobi's, are the notation's jargon).
PLAIN = ("one square", "two squares", "short bar", "small corner", "bar of 4", "small L",
         "square", "small T", "small Z", "F shape", "long bar", "long L", "N shape",
         "P shape", "big T", "U shape", "big corner", "stairs", "cross", "Y shape", "big Z")


def _you(g, s):
    """"You: Purple" (or "You: Blue+Red") when one person plays the computer, else ""."""
    people = [k for k in range(g.nplayers) if not s.kinds[k]]
    if len(people) != 1 or len(people) == g.nplayers:
        return ""
    me = people[0]
    mine = [g.colours[c] for c in range(g.ncol)
            if g.player_of(c, 0) == me and not (g.variant == "classic_3" and c == 3)]
    return "You: " + "+".join(mine)


def lines(play, g, s, cols):
    """The panel's words for the state shown."""
    wrap = play.app.use("wrap").say
    mine = s.human(g.turn) and play.purpose != "move"
    one = _you(g, s)
    c = g.turn
    head = ("Your turn" if one and mine else g.colours[c] + "'s turn")
    if play.msg:
        return [head] + wrap(play.msg, cols)
    if play.piece is not None and mine and not play.picking:
        name = PLAIN[play.piece]
        if play.ghost is not None and not play.ok:
            return [head] + wrap(play.why, cols)
        if play.hinted and len(name) + 6 <= cols:
            name = "Hint: " + name
        out = [head, name]
        out.append("Tap the board" if play.ghost is None else "Tap Place")
        return out
    out = [head]
    if one:
        out.append(one)
    sc = g.scores()
    for k in range(g.ncol):
        out.append("%s: %d" % (g.colours[k], sc[k]))
    if play.picking:
        out.insert(1, "Tap a piece")
    elif g.plies:
        out += wrap("Last: " + PLAIN[PIECE[g.move_at(g.plies - 1) & 127]], cols)
    if mine and not play.picking:
        out.append("Tap Pick")
    return out


def panel(play, text=None):
    """Write the panel (and the picker) for what the game shows now, its words `text` if
    given (the tutorial's); True if anything changed. The picker covers the board while it
    is open."""
    g = play.game
    s = play.s
    p = play.panel
    pk = play.pk
    over = g.result is not None
    mine = not over and s.human(g.turn) and play.purpose != "move"
    changed = False
    if text is not None:
        pass
    elif over:
        wrap = play.app.use("wrap").say
        text = []
        for line in play.result or ():
            text += wrap(line, p.cols) if line else [""]
    else:
        text = lines(play, g, s, p.cols)
    # as many lines as there is room for above the buttons shown: above all four rows
    # while a piece is picked, else above the third (Pick, Hint)
    room = ((p.more[0] if mine and play.piece is not None and not play.picking
             else p.fills[0]).y - 2) // (12 * p.ts)
    if len(text) > room and "" in text:
        text.remove("")
    if len(text) > room:
        text = text[:room]
    p.head = text[0] if text else ""
    p.spun = False
    changed = p.set_info(text)
    picking = mine and play.picking
    if pk.group.hidden == picking:
        pk.group.hidden = not picking
        play.board.group.hidden = picking
        changed = True
    if picking:
        changed = play.app.use("face_corners.pick").picker(play, g) or changed
    shown = (mine and play.piece is not None and not play.picking and not play.msg
             and (play.ghost is None or play.ok) and play.tutor is None)
    if shown:
        changed = play.app.use("face_corners.pick").piece_view(play, g) or changed
    if pk.view.hidden == shown:
        pk.view.hidden = not shown
        changed = True
    # the buttons: the face's eight (all while a piece is picked, else Pick alone); the
    # shell's four (Hint or New, Menu, Undo, Moves)
    for i in range(8):
        want = mine and (i == 6 or (play.piece is not None and not play.picking))
        f = p.more[i]
        if f.hidden == want:
            f.hidden = p.more_labels[i].hidden = not want
            changed = True
    changed = view.put(p.more_labels[6], 0, "Back" if play.picking else "Pick",
                       p.more_labels[6].width, 1) or changed
    if over:
        buttons = (("new", "New", True), ("menu", "Menu", True), ("undo", "Undo", True),
                   ("moves", "Moves", True))
    else:
        undo = (mine or play.purpose == "move") and (
            play.piece is not None or play.picking or play.undo_count() > 0)
        buttons = (("hint", "Hint", mine), ("menu", "Menu", True), ("undo", "Undo", undo),
                   ("moves", "Moves", True))
    for i in range(4):
        bt = buttons[i]
        changed = p.set_button(i, bt[0], bt[1], bt[2]) or changed
    play.app.forget("wrap")
    play.app.forget("face_corners.pick")
    return changed
