"""The games this pocket holds, for the chooser and About (docs/shell.md). Imported by
those pages only, then dropped with them.

A game is one row: its id (one capital letter, stored in the preferences as the last game
chosen and as the first byte of its saved game, so a save is never read as another game's),
its name, its inventor, and its face: the module of lib/quadpocket that App.use loads to
start it. Rows of COMING are shown greyed in the chooser, to show where the next ones go.
"""

# (id, name, inventor, face, chooser label: 18 characters at most, a Titano button's width)
GAMES = (("S", "Quad", "G. Keith Still", "startup", "Quad (G. K. Still)"),)
# (name, inventor or what it is, chooser label)
COMING = (("Winther's Quad (8x8)", "Mats Winther", "Soon: Winther Quad"),
          ("Quax, Quickway, Crossway", "connection games", "Soon: Quax family"),
          ("Corner polyominoes", "four players", "Soon: Polyominoes"))


def find(gid):
    """The row of game gid, or None (a save or preference of a game not installed)."""
    for row in GAMES:
        if row[0] == gid:
            return row
    return None
