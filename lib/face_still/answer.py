"""Still's Quad's answer to the computer's search (quadpocket.play.Play.thought): a hint
shown, or the computer's turn played. Loaded when the search has ended (its working set
is gone then) and dropped after the tick, so the resident game screen does not carry it
through the search's peak.
"""


def show_hint(play, move):
    # imported here, not at the top: the face's module is loaded before a game needs
    # quadcore's package (~12 KB of engine on CircuitPython's VM)
    from quadcore import parse_turn
    acts = parse_turn(move, play.game.n)
    if not acts:  # "# MemoryError()": failed
        play.app.p.log(move)
        move = "none"
    # a move's both ends: the view rings the marble to move, marks where it goes
    play.hint = tuple(c for a in acts if a[0] != "star" for c in a[1:])
    play.hint_stars = tuple(a[1] for a in acts if a[0] == "star")
    # whole, or the yellow marks alone (no wrap module at the search's peak)
    play.msg = "Hint: " + move if len(move) < 8 else "Hint on board"


def play_turn(play, move):
    p = play.app.p
    g = play.game
    seat = g.turn
    g.star_armed = False
    try:
        g.play(move)
        p.log("computer: " + move)
    except ValueError as e:  # a bug in the player must not stop the game:
        # log it, play a plain legal turn instead
        if not play.app.use("face_still.rescue").play_any(g, p.log, move, e):
            return False
    if g.rules.claim and g.result is None and g.claimable(seat) >= 0:
        g.claim(seat)  # the computer claims its quad at once
    return True
