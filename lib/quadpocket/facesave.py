"""A game's records, for its face (docs/shell.md): its settings and statistics, the saved
game's header, its resume. Loaded through App.use, dropped after (App.settle)."""

from quadpocket.play import NO_CPU


def read_conf(app, off, size, tag, default, fits):
    # The face's settings and statistics: the newest valid record of the two slots at off
    # into play.conf (a bytearray, returned) if it is default's length and fits(record)
    # holds, else a copy of default; the slots [newest, sequence, length] and their place
    # (off, size, tag) into play.conf_slots, for records.save_game (quadpocket.kit's
    # write_conf). (fits: the face's own function of that name; a name new to the game
    # would be one more qstr kept in RAM.)
    play = app.play
    sl = app.use("slots")
    nvm = app.p.nvm
    slots = sl.newest(nvm, off, size, tag)
    data = sl.payload(nvm, slots, off, size, tag)
    play.conf_slots = slots + [off, size, tag]
    conf = play.conf = bytearray(default)  # kept all game: made before slots goes
    if data is not None and len(data) == len(default) and fits(data):
        conf[:] = data
    sl = None
    app.forget("slots")
    app.forget("facesave")  # and this module: neither stays while the screen is built
    return conf


def check_header(data, magic, version, n=6, seats=2):
    # A session record's header (Play's Session.to_bytes: id, version, the computer's
    # seat, flags, seed): at least n bytes, this game's id and version, a seat below
    # seats or none (NO_CPU), flags 0 or 1 (recorded); else ValueError. Returns the
    # computer's seat, -1 for none. The face checks the rest.
    if data is None or len(data) < n:
        raise ValueError("not a session record")
    if data[0] != magic:
        raise ValueError("a saved game of another game (%r)" % chr(data[0]))
    if data[1] != version:
        raise ValueError("session record of version %d" % data[1])
    cpu = -1 if data[2] == NO_CPU else data[2]
    if cpu >= seats or data[3] & ~1:
        raise ValueError("session header is damaged")
    return cpu


def session(cls, game, seats, data):
    # The face's Session(game, seats, seed) with the header's seed and recorded flag.
    s = cls(game, seats, data[4] << 8 | data[5])
    s.recorded = bool(data[3] & 1)
    return s


def load(data, cls, make):
    # A saved game of the common layout (the header, then the engine's bytes from byte 6)
    # as the face's Session cls: its header checked (check_header), its game made by
    # make(bytes) (the engine's from_bytes, ValueError if damaged).
    cpu = check_header(data, cls.magic, cls.version)
    return session(cls, make(data[6:]), cpu, data)


def resume(app, data, load, show, new_game):
    # The saved game (data, else the shown game's newest in nvm) made by load(data) and put
    # on the screen by show(app, session); none saved: new_game(app); one that load
    # refuses or show cannot show: new_game(app, "Save unusable"), the reason in the log.
    # This module goes before either builds the screen (its blocks would split the heap
    # the screen's big ones need: the start-up is the face's tightest moment).
    if data is None:
        data = app.use("games").saved(app)
        app.forget("games")
    if data is None or not len(data):
        app.forget("facesave")
        new_game(app)
        return
    try:
        s = load(data)  # load_session imports check_header and session from here
        app.forget("facesave")
        app.session = s
        show(app, s)
        return
    except Exception as e:
        app.p.log("saved game ignored: %r" % (e,))
    app.forget("facesave")
    new_game(app, "Save unusable")
