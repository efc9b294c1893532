"""A game's records, for its face (docs/shell.md): its settings and statistics, the saved
game's header, its resume. Loaded through App.use, dropped after (App.settle)."""

from quadpocket.play import NO_CPU


def read_slots(app, off, size, tag):
    # (the newest valid payload of the two slots at off, or None; the slots
    # [newest, sequence, length] records.save_game keeps up to date)
    st = app.use("storage")
    nvm = app.p.nvm
    slots = st._newest(nvm, off, size, tag)
    data = None
    if slots[0] >= 0:
        r = st._load(nvm, off + slots[0] * size, size, tag)
        data = r[1] if r else None
    app.forget("storage")
    return data, slots


def read_conf(app, at, default, ok):
    # The face's settings and statistics from the slots at = (off, size, tag) into
    # play.conf (a bytearray) and play.conf_slots; the record is used only if it has
    # default's length and ok(record) holds, else a copy of default. Returns play.conf.
    play = app.play
    data, play.conf_slots = read_slots(app, at[0], at[1], at[2])
    conf = bytearray(default)
    if data is not None and len(data) == len(default) and ok(data):
        conf[:] = data
    play.conf = conf
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


def resume(app, data, load, show, new_game):
    # The saved game (data, else the shown game's newest in nvm) made by load(data) and put
    # on the screen by show(app, session); none saved: new_game(app); one that load
    # refuses or show cannot show: new_game(app, "Save unusable"), the reason in the log.
    if data is None:
        data = app.use("games").saved(app)
        app.forget("games")
    if data is None or not len(data):
        new_game(app)
        return
    try:
        s = load(data)
        app.session = s
        show(app, s)
        return
    except Exception as e:
        app.p.log("saved game ignored: %r" % (e,))
    new_game(app, "Save unusable")
