"""Claim mode on the game screen: the Quad! button. Imported only when someone claims.

The rules (quadcore.claim): a seat may claim at the start of its turn or straight after it,
before the next seat places anything; a wrong claim costs a star or, with none left, a
turn. Against the computer Quad! claims for the player, also while the computer is
answering the marble just played (that stops its search: the claim comes first). In
pass-and-play two people may be able to claim at once (the one to move and the one who
has just moved): Quad! then asks whose quad it is, answered by a tap on that player's
button (P1, P2, ...: the panel's two face buttons while it asks).
"""


def claimants(play):
    """Seats played by a person that may claim now."""
    g = play.game
    if g.result is not None or g.pending:
        return []
    out = [g.turn] if play.s.human(g.turn) else []
    if g.turns:
        prev = (g.turn - 1) % g.rules.players
        if play.s.human(prev) and prev not in out:
            out.append(prev)
    return out


def tap(play):
    """Quad! tapped."""
    seats = claimants(play)
    if not seats:
        play.illegal("Too late")  # something is placed this turn
    elif len(seats) == 1:
        claim(play, seats[0])
    else:
        play.asking = tuple(seats)
        play.msg = "Whose quad?"  # answered by a tap on a player's button


def answer(play, target):
    """The tap after "Whose quad?": a player's button ("seat<k>") claims for them;
    anything else cancels."""
    seats = play.asking
    play.asking = None
    play.msg = ""
    if isinstance(target, str) and target[:4] == "seat":
        seat = int(target[4:])
        if seat in seats:
            claim(play, seat)


def claim(play, seat):
    play.stop_thinking()
    g = play.game
    stars = g.stars_left[seat]
    won = g.claim(seat)
    play.after_change(None)
    if not won:
        play.illegal("No quad: you lose a star" if stars
                     else "No quad: you lose the turn")
        play.app.save_session()  # a reset must not take the penalty back
