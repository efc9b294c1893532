"""The corner polyomino game's record of a finished game (loaded through App.use by
face_corners.start at the end of a game, after the save, then dropped): the move list for
the referee (python -m corners referee FLAGS < game.txt: the flags in a comment, one
placement a line in the engine's notation, the result in a comment), logged on the serial
console and added to the game-record file, and the same game in Pentobi's Blokus SGF
(corners.sgf) as a .blksgf file of its own beside it, which Pentobi opens.

The files are written only where the program may write: on the device after a start with
a finger on the screen (game-record mode, boot.py: /quad_games.txt and
/quad_games_N.blksgf, N the first number not yet used); elsewhere only where the
platform's record_file says. Both are written a line at a time (no text of the whole game
on the heap); no room for a line loses the record, never the save (written before).
"""

_MAX = 999  # .blksgf names tried before giving up (the drive is small)


def _who(g, k):
    """Player k + 1 and its colours as the board draws them: "1 (Blue+Red)"."""
    return "%d (%s)" % (k + 1, "+".join([g.colours[c] for c in range(g.ncol)
                                        if g.player_of(c, 0) == k
                                        and not (g.variant == "classic_3" and c == 3)]))


def lines(g):
    """The finished game as the referee reads it, line by line (no newlines)."""
    yield "# Quad Pocket game: corner polyominoes, " + g.variant
    yield "# referee flags: --variant %s --start %s" % (g.variant, g.start)
    yield "# players: " + ", ".join([_who(g, k) for k in range(g.nplayers)])
    for i in range(g.plies):
        yield g.text_of(g.move_at(i))
    win = g.winners()
    yield "# result: %s, scores %s" % ("win, player " + _who(g, win[0]) if len(win) == 1
                                       else "draw", " ".join(str(s) for s in
                                                             g.player_scores()))


def path_of(platform):
    """The game-record file's path, or None where nothing may be written."""
    import sys
    path = getattr(platform, "record_file", None)
    if path is None and sys.implementation.name == "circuitpython":
        path = "/quad_games.txt"
    return path or None


def sgf_path(path):
    """The first free name for a .blksgf file beside the record file (its name, _N and
    .blksgf), or None."""
    base = path[:-4] if path.endswith(".txt") else path
    for k in range(1, _MAX + 1):
        name = "%s_%d.blksgf" % (base, k)
        try:
            with open(name, "rb"):
                pass
        except OSError:
            return name
    return None


def _open(platform, path, mode):
    try:
        return open(path, mode)
    except OSError as e:  # read-only (a normal start: errno 30), drive full: go on
        if not e.args or e.args[0] != 30:
            platform.log("record not written to %s: %s" % (path, e))
        return None


def write(app, g):
    """Log the record and write both files where that may be done; the .blksgf file's
    number if it was written, else 0."""
    p = app.p
    path = path_of(p)
    f = _open(p, path, "a") if path else None
    try:
        try:
            for line in lines(g):
                p.log(line)
                if f is not None:
                    f.write(line)
                    f.write("\n")
            if f is None:
                return 0
            f.write("\n")
        finally:
            if f is not None:
                f.close()
        name = sgf_path(path)
        f = _open(p, name, "w") if name else None
        if f is None:
            return 0
        try:
            from corners.sgf import export_lines
            for line in export_lines(g):
                f.write(line)
                f.write("\n")
        finally:
            f.close()
            app.forget("corners.sgf")  # its code is needed only here
    except MemoryError:  # the save holds the game: only the record is lost
        p.log("record cut short: no room")
        return 0
    except OSError as e:  # the drive filled up
        p.log("record not written: %s" % (e,))
        return 0
    return int(name[name.rfind("_") + 1:-7])


def note(play, k):
    """Under the result lines, where the panel has a row for it: the number of the game's
    .blksgf file (quad_games_N.blksgf)."""
    if k and play.result is not None and len(play.result) < play.panel.rows:
        play.result = list(play.result) + ["Saved: game %d" % k]


def end(app, play, g):
    """At the end of a game (face_corners.start.game_over, fresh): write, and say where."""
    note(play, write(app, g))
