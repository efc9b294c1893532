"""The games this pocket holds (docs/shell.md, "Adding a game"): one row each, and the row
is all the shell knows of a game. Data only (read by App.use at start-up, by the chooser
and by About, then dropped): its names are few, so loading it interns almost nothing for
good. Installing a game by its row is quadpocket.startup.install; the chooser's page is
quadpocket.menus'.

A row, by index (named in quadpocket.startup and the tests):

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
          ("winquad",), (2368, 1024, 0x77), ((2240, 128), (2368, 2048))))
COMING = (("Quax, Quickway, Crossway", "connection games"),
          ("Corner polyominoes", "four players"))
