"""The games this pocket holds (docs/shell.md, "Adding a game"): one row each, and the row
is all the shell knows of a game. Data only (read by App.use at start-up, by the chooser
and by About, then dropped): its names are few, so loading it interns almost nothing for
good. here() finds a row, install() installs a game by its row (the one way: at start-up and
from the chooser); items() and tap() are the chooser's page.

A row, by index (ID, FACE, ENGINES, SAVE below; the tests name them all):

    0 id        one capital letter: stored in the preferences as the last game chosen
                and as the first byte of its saved game, so a save is never read as
                another game's
    1 name      the chooser's button and About's list (18 characters at most)
    2 inventor  About's list
    3 line      what the game is, beside its button (20 characters at most: half a
                Titano row)
    4 face      its face package, lib/<face>/: __init__ has Screen (the game screen, a
                quadpocket.play.Play) and render; <face>.start its entry points
    5 engines   the packages of its engine and computer player (dropped when another
                game is chosen; their ".ai" when a menu opens)
    6 save      (offset, size, tag) of its game slots in nvm: two alternating copies of
                `size` bytes (quadpocket.records); App.save_session writes there
    7 regions   every nvm region the game owns, (offset, bytes), the save's included
                (host_tests/test_shell.py: no two games' regions overlap)

COMING: games in the making, (name, what it is): About names them; the chooser offers
only installed games this platform's heap holds (hw_pyportal's `games`).
"""

GAMES = (("S", "Quad", "G. Keith Still", "Square of 4 marbles", "face_still",
          ("quadcore",), (192, 1024, 0x67), ((96, 96), (192, 2048))),
         ("W", "Winther's Quad", "Mats Winther", "8x8, drop, capture", "face_winther",
          ("winquad",), (2368, 1024, 0x77), ((2240, 128), (2368, 2048))),
         ("X", "Quax family", "B. Taylor, M. Steere", "Quax, Crossway, ...", "face_quax",
          ("quax",), (6144, 1024, 0x71), ((6016, 128), (6144, 2048))),
         ("B", "Corner polyominoes", "Bernard Tavitian", "2 to 4 players", "face_corners",
          ("corners",), (4544, 256, 0x42), ((4416, 128), (4544, 512))))
COMING = ()

ID = 0
FACE = 4
ENGINES = 5
SAVE = 6


def here(app, gid):
    """The row of game gid if it is installed and this platform's heap holds it
    (hw_pyportal's `games`), else None."""
    if gid is None or gid not in getattr(app.p, "games", "SWXB"):
        return None
    for row in GAMES:
        if row[ID] == gid:
            return row
    return None


def drop(app, package):
    """Forget a package and every module under it (their code and tables go)."""
    import sys
    for m in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        app.forget(m, None)


def install(app, row):
    """Make row's game the shown one: the game before it (its face, its engines and
    their tables) goes, row's face is imported and its Screen put on app.play (the shown
    displayio group stays the same object), its game slots are read. Nothing here knows
    any game: what goes and what comes is in the rows."""
    old = app.play
    old.stop_thinking()
    app.drop_ai()
    prev = here(app, old.gid)
    if prev is not None and prev is not row:
        drop(app, prev[FACE])
        for pkg in prev[ENGINES]:
            if pkg not in row[ENGINES]:
                drop(app, pkg)
    while len(old.group):
        old.group.pop()
    old.board = old.panel = old.s = old.game = None
    app.session = None
    app.kept = None  # the old game's every-turn sounds
    app.collect()
    __import__(row[FACE])
    import sys
    face = sys.modules[row[FACE]]
    play = face.Screen(app)
    play.group = old.group
    app.play = play
    app.render = face.render
    # copies, not the row's own objects: the rows' module is gone, and a block of it
    # kept for good would sit in the middle of the free heap
    app.face = face.__name__
    app.engines = tuple([e for e in row[ENGINES]])
    off, size, tag = row[SAVE]
    app.save_at = (off, size, tag)
    app.games = app.use("slots").newest(app.p.nvm, off, size, tag)
    app.forget("slots")
    app.sound(None)  # its every-turn sounds, built now, before the game (App.sound)


def saved(app):
    """The shown game's saved bytes (its slots app.games at app.save_at), or None if there
    is none or it is corrupt."""
    g = app.games
    if g[2] == 0:
        return None
    off, size, tag = app.save_at
    r = app.use("slots").payload(app.p.nvm, g, off, size, tag)
    app.forget("slots")
    return r


def items(app):
    """The chooser: per game this platform holds its button and its line beside it (a
    text item, "-": no button); Back when there is a game to go back to."""
    out = []
    for i, row in enumerate(GAMES):
        if here(app, row[ID]) is not None:
            out.append(("game%d" % i, row[1]))
            out.append(("-", row[3]))
    if app.play.s is not None:
        out.append(("back", "Back"))
    return out


def tap(app, menus, name):
    """A game's button: remembered as the last game chosen and shown (installed by its
    row first when another game, or none, is shown), with its tutorial on its first
    start."""
    row = GAMES[int(name[4:])]
    p = app.prefs
    b = 1 << GAMES.index(row)
    tutor = not p.tutorial_done & b
    if p.game != row[ID] or tutor:
        choose(p, row)
        p.tutorial_done |= b
        menus.changed = True  # saved when the menu closes: the next start goes to it
    if app.play.s is not None and app.play.gid == row[ID] and not tutor:
        app.go("play")  # the game shown
        return
    if app.play.gid != row[ID]:
        install(app, row)
    if tutor:
        app.go("tutorial")
    else:
        app.use(row[FACE] + ".start").begin(app)


def choose(p, row):
    """The preferences follow the game chosen: the shown game's First kept in its bit of
    p.firsts (quadpocket.storage), the chosen game's read from its own."""
    for i in range(len(GAMES)):
        if GAMES[i][ID] == p.game:
            p.firsts = p.firsts | 1 << i if p.first == "computer" else p.firsts & ~(1 << i)
    p.game = row[ID]
    p.first = "computer" if p.firsts & 1 << GAMES.index(row) else "player"
