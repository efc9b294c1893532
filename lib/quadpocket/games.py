"""The games this pocket holds, the game chooser's page, and the one way to switch games
(docs/shell.md, "Adding a game"). Loaded at start-up, by the chooser and About only
(App.use), then dropped.

A game is one row, and the row is all the shell knows of it:

    id        one capital letter: stored in the preferences as the last game chosen and
              as the first byte of its saved game, so a save is never read as another's
    name, inventor, line   About's and the chooser's words (line: 20 characters at most,
              half a Titano row, beside the game's button)
    face      its face package (lib/<face>/): __init__ has Screen (the game screen, a
              quadpocket.play.Play) and render; <face>.start its entry points
    engines   the packages of its engine and computer player (dropped when another game
              is chosen, their ".ai" when a menu opens)
    save      (offset, size, tag) of its game slots in nvm: two alternating copies of
              `size` bytes (quadpocket.records); App.save_session writes there
    regions   every nvm region the game owns, (offset, bytes), the save's included:
              host_tests/test_shell.py checks no two games' regions overlap

COMING lists games in the making: About names them; the chooser offers installed games
only.
"""

ID, NAME, BY, LINE, FACE, ENGINES, SAVE, REGIONS = 0, 1, 2, 3, 4, 5, 6, 7

GAMES = (("S", "Quad", "G. Keith Still", "Square of 4 marbles", "face_still",
          ("quadcore",), (192, 1024, 0x67), ((96, 96), (192, 2048))),
         ("W", "Winther's Quad", "Mats Winther", "8x8, drop, capture", "face_winther",
          ("winquad",), (2368, 1024, 0x77), ((2240, 128), (2368, 2048))))
# (name, what it is)
COMING = (("Quax, Quickway, Crossway", "connection games"),
          ("Corner polyominoes", "four players"))


def find(gid):
    """The row of game gid, or None (a save or preference of a game not installed)."""
    for row in GAMES:
        if row[ID] == gid:
            return row
    return None


def here(app, gid):
    """The row of gid if this platform's heap holds that game (hw_pyportal.games), else
    None."""
    row = find(gid)
    return row if row is not None and gid in getattr(app.p, "games", "SW") else None


def items(app):
    """The chooser's page: per game this platform holds its button, its line beside it
    (a text item: no button); Back when there is a game to go back to."""
    out = []
    for i, row in enumerate(GAMES):
        if here(app, row[ID]) is not None:
            out.append(("game%d" % i, row[NAME]))
            out.append(("-", row[LINE]))
    if app.play.s is not None:
        out.append(("back", "Back"))
    return out


def tap(app, menus, name):
    """A chooser button: the game is remembered as the last one and shown (installed
    first when another game is shown)."""
    row = GAMES[int(name[4:])]
    p = app.prefs
    if p.game != row[ID]:
        p.game = row[ID]
        menus.changed = True  # saved when the menu closes: the next start goes to it
    if app.play.s is not None and app.play.gid == row[ID]:
        app.go("play")  # the game shown
        return
    install(app, row)
    app.use(row[FACE] + ".start").begin(app)


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
    prev = find(old.gid) if old.gid is not None else None
    if prev is not None and prev is not row:
        drop(app, prev[FACE])
        for pkg in prev[ENGINES]:
            if pkg not in row[ENGINES]:
                drop(app, pkg)
    while len(old.group):
        old.group.pop()
    old.board = old.panel = old.s = old.game = None
    app.session = None
    app.collect()
    __import__(row[FACE])
    import sys
    face = sys.modules[row[FACE]]
    play = face.Screen(app)
    play.group = old.group
    app.play = play
    app.render = face.render
    app.face = row[FACE]
    app.engines = row[ENGINES]
    app.save_at = row[SAVE]
    off, size, tag = row[SAVE]
    app.games = app.use("storage")._newest(app.p.nvm, off, size, tag)
    app.forget("storage")
