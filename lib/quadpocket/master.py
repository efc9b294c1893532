"""Master's thinking on the human's time, for the game screen (Play): loaded through App.use
in the ticks where Master ponders (the player has chosen Master, the platform has `ponder`,
nothing else searches) and dropped at the end of the tick, so an Expert game never carries
this code. Play keeps the one attribute `pondering` (the engine's Ponder, or None) and
passes it to the computer's search (Play.start_thinking)."""


def ponder(play, deadline):
    """Master thinks on the human's time (App.tick, when nothing else is searching): the
    engine's ponder_tick steps it until deadline and keeps what it learned for the
    computer's turn (think)."""
    s = play.s
    if s is not None and s.cpu >= 0 and s.game.result is None and play.tutor is None:
        ai, done = play.player()
        if hasattr(ai, "ponder_tick"):
            app = play.app
            if play.pondering is None:
                app.collect()  # a new ponder: its search's blocks into packed holes
            play.pondering = ai.ponder_tick(play.pondering, s.game, s.cpu,
                                            (s.seed + done + 1) & 0xFFFF,
                                            app.prefs.master, deadline, app.p.ticks_ms)
