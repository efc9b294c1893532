"""The games this pocket holds, and the game chooser's page (docs/shell.md). Loaded by
the chooser and About only (App.use), then dropped.

A game is one row: its id (one capital letter, stored in the preferences as the last game
chosen and as the first byte of its saved game, so a save is never read as another game's),
its name, its inventor, and its face: the module of lib/quadpocket that App.use loads to
start it. Rows of COMING are shown greyed in the chooser, to show where the next ones go.
"""

# (id, name, inventor, face, chooser label: 18 characters at most, a Titano button's width)
GAMES = (("S", "Quad", "G. Keith Still", "startup", "Quad (G. K. Still)"),
         ("W", "Winther's Quad (8x8)", "Mats Winther", "wq_start", "Winther's Quad"))
# (name, inventor or what it is, chooser label)
COMING = (("Quax, Quickway, Crossway", "connection games", "Soon: Quax family"),
          ("Corner polyominoes", "four players", "Soon: Polyominoes"))


# chooser labels of installed games a platform has too little heap for (18 characters)
_NO_ROOM = {"W": "Winther: no room"}


def find(gid):
    """The row of game gid, or None (a save or preference of a game not installed)."""
    for row in GAMES:
        if row[0] == gid:
            return row
    return None


def items(app):
    """The chooser's buttons: the games installed, then the ones to come, and Back when
    there is a game to go back to."""
    here = getattr(app.p, "games", "SW")  # the games this platform's heap holds
    out = [("game%d" % i, row[4]) if row[0] in here else ("room%d" % i, _NO_ROOM[row[0]])
           for i, row in enumerate(GAMES)]
    out += [("soon%d" % i, row[2]) for i, row in enumerate(COMING)]
    if app.play.s is not None:
        out.append(("back", "Back"))
    return out


def tap(app, menus, name):
    """A chooser button: a game to come shows About (its list of games); a game is
    remembered as the last one and shown (its face starts it if none is shown yet)."""
    if name.startswith(("soon", "room")):  # to come, or too little heap here: About says
        menus.text_page("about", "games")
        return
    row = GAMES[int(name[4:])]
    p = app.prefs
    if p.game != row[0]:
        p.game = row[0]
        menus.changed = True  # saved when the menu closes: the next start goes to it
    if app.play.s is not None and getattr(app.play, "gid", "S") == row[0]:
        app.go("play")  # the game shown
    elif row[0] == "S" and getattr(app.play, "gid", "S") != "S":
        # back from another face: Still's screen object again, then its start
        app.play.stop_thinking()
        app.drop_ai()
        old = app.play
        from quadpocket.play import Play
        from quadpocket.view import render
        app.play = Play(app)
        app.play.group = old.group
        while len(old.group):
            old.group.pop()
        old.board = old.panel = old.s = old.game = None
        app.session = None
        app.render = render
        app.face = "startup"
        # The other game's engine, its computer player's tables (kept while it is shown:
        # winquad/tables.py, ~14 KB) and its screen modules go too.
        import sys
        for m in [m for m in sys.modules if m == "winquad" or m.startswith("winquad.")]:
            del sys.modules[m]
        for m in ("wq_play", "wq_view", "wq_start"):
            app.forget(m)
        app.collect()
        menus.changed = True
        app.use(row[3]).begin(app)
    else:
        app.use(row[3]).begin(app)
