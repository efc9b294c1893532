"""Master's thinking on the human's time, for the game screen (Play): loaded through App.use
in the ticks where Master ponders (the player has chosen Master, the platform has `ponder`,
nothing else searches) and dropped at the end of the tick, so an Expert game never carries
this code. Play keeps the one attribute `pondering` (the engine's Ponder, or None) and
passes it to the computer's search (Play.start_thinking); `rest`, set here on the Play
only when a ponder ran out of room or the game is one Master does not ponder, is the turn
from which no ponder is tried again."""


def ponder(play, deadline):
    """Master thinks on the human's time (App.tick, when nothing else is searching): the
    engine's ponder_tick steps it until deadline and keeps what it learned for the
    computer's turn (think). Not on a game's first turn (any opening is likely, and the
    player's code would load for it on a heap the new game's menus just left). The game
    comes first: where the heap has no room for the ponder, it stops for the rest of the
    human's turn, the computer player is dropped (its code reloads whole for its turn:
    nothing half-made is kept) and the game goes on as without a ponder."""
    s = play.s
    pd = play.pondering
    if s is None or s.cpu < 0 or s.game.result is not None or play.tutor is not None \
            or s.game.turns == 0 or getattr(play, "rest", -1) == s.game.turns \
            or pd is not None and pd.finished and pd.start[-1] == s.game.turns & 255:
        return
    app = play.app
    try:
        ai, done = play.player()
        if hasattr(ai, "ponder_tick"):
            if pd is None:
                app.collect()  # a new ponder: its search's blocks into packed holes
            pd = play.pondering = ai.ponder_tick(pd, s.game, s.cpu,
                                                 (s.seed + done + 1) & 0xFFFF,
                                                 app.prefs.master, deadline, app.p.ticks_ms)
            if pd is None and not s.game.begun:
                play.rest = s.game.turns  # (a game Master does not ponder)
        return
    except MemoryError:
        pass
    play.rest = s.game.turns  # no ponder again till the game moves on
    app.drop_ai()
