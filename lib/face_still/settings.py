"""Still's Quad's New game settings: settings, step, note (the shell's menus draw the page
from them, the same way for every game). Loaded through App.use while the page is shown,
then dropped.
"""

from quadpocket.play import LEVELS, level_name

MASTER = (5, 10, 20)  # Master's seconds a move (stored by quadpocket.storage)

# What a variant does to the other New-game settings (its line at the page's foot).
NOTES = {"bridge": "Bridge: 4 humans, two teams", "duel": "Duel: 3 players at most",
         "trek": "Trek: place 6, then move", "rapid": "Rapid: place or move"}
_ONOFF = ("off", "on")


def settings(app):
    """The New game page's settings (the shell draws one button each): (name, "Label:
    value"); the value shown is what a game started now gets (setup)."""
    p = app.prefs
    opp, humans = app.use("face_still.start").setup(p)
    vs = [("vs", "Vs: " + ("Computer" if opp == "computer" else "%d humans" % humans))]
    if opp == "computer":  # who starts: the First preference itself (this game's)
        vs.append(("first", "First: " + ("you" if p.first == "player" else "computer")))
    return vs + [
            ("size", "Board: %dx%d" % (p.size, p.size)),
            ("variant", "Game: " + level_name(p.variant)),
            ("level", "Master: %d s" % p.master if p.master else "Level: " + level_name(p.level)),
            ("stars", "Stars: %d" % p.stars),
            ("one_short", "3 corners: " + _ONOFF[p.one_short]),
            ("claim", "Claim mode: " + _ONOFF[p.claim])]


def note(app):
    """The New game page's foot line: what the variant does to the other settings."""
    return NOTES.get(app.prefs.variant, "")


def step(app, name):
    """A New game setting tapped: one step back ("<name>-", its left half) or forward;
    returns a note when the tap is refused (shown once at the page's foot), else "".
    Boards go from 5x5 to the platform's max_board (what its heap holds)."""
    p = app.prefs
    step = 1
    if name[-1] == "-":
        step = -1
        name = name[:-1]
    if name == "vs":
        if p.variant == "bridge":
            return "Quad Bridge is for 4 humans"
        # computer, 2 humans, ... 6 (Duel: 3, two colours a seat, six on the sheet)
        opp, humans = app.use("face_still.start").setup(p)
        top = 3 if p.variant == "duel" else 6
        i = ((0 if opp == "computer" else humans - 1) + step) % top
        if i == 0:
            p.opponent = "computer"
        else:
            p.opponent, p.humans = "humans", i + 1
    elif name == "size":
        top = getattr(app.p, "max_board", 15)
        p.size = (min(p.size, top) - 5 + step) % (top - 4) + 5
    elif name == "variant":
        v = app.use("face_still.start").VARIANTS
        i = v.index(p.variant) if p.variant in v else 0
        p.variant = v[(i + step) % len(v)]
    elif name == "level":
        # Trainer .. Expert, then Master at 5, 10 and 20 s a move (level "expert" + master)
        # where the platform offers it (`master`: the desktop; the device not yet, its heap)
        n = len(LEVELS)
        m = len(MASTER) if getattr(app.p, "master", False) else 0
        i = n + MASTER.index(p.master) if m and p.master in MASTER else LEVELS.index(p.level)
        i = (i + step) % (n + m)
        p.level = LEVELS[min(i, n - 1)]
        p.master = MASTER[i - n] if i >= n else 0
    elif name == "first":
        p.first = "computer" if p.first == "player" else "player"
    elif name == "stars":
        p.stars = 13 - p.stars
    elif name in ("one_short", "claim"):
        setattr(p, name, not getattr(p, name))
    return ""
