"""Master's part of the game screen (Play), loaded through App.use only while the player has
chosen Master (prefs.master) and dropped at the end of the tick, so an Expert game never
carries this code: Master's search fed with what it pondered, and the pondering on the
human's time where the platform has room for it (its `ponder`; the device has none).
Play keeps the one attribute `pondering` (the engine's Ponder, or None)."""


def think(play, ai, level, seed, p):
    """The thinker for the computer's turn or a hint at Master (its hint too), with what it
    pondered (p), when the game's computer player has Master (ponder_tick); else `level`'s."""
    g = play.s.game
    if hasattr(ai, "ponder_tick"):
        return ai.think(g, "master", seed, play.app.prefs.master, p)
    return ai.think(g, level, seed)


def ponder(play, deadline):
    """Master thinks on the human's time (App.tick, when nothing else is searching): the
    engine's ponder_tick steps it until deadline and keeps what it learned for the
    computer's turn (think)."""
    s = play.s
    if not getattr(play.app.p, "ponder", 0):
        return  # a platform whose heap has no room for it (hw_pyportal: the device)
    if s is not None and s.cpu >= 0 and s.game.result is None and play.tutor is None:
        ai, done = play.player()
        if hasattr(ai, "ponder_tick"):
            app = play.app
            play.pondering = ai.ponder_tick(play.pondering, s.game, s.cpu,
                                            (s.seed + done + 1) & 0xFFFF,
                                            app.prefs.master, deadline, app.p.ticks_ms)
