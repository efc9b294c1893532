"""The corner polyomino game's New game settings: settings, step, note (the shell's menus
draw the page from them). The variant, the start rule (Classic), who plays each player (a
person or the computer at a level) and Custom's weights, the seed's Options >> AI: piece
size, own places, enemy places (tenths) and the pieces checked. Loaded through App.use
while the page is shown, then dropped. Saved at once (quadpocket.kit.write_conf).
"""

from corners import VARIANTS
from face_corners import KINDS

_VARIANT = ("Duo", "Classic 4", "Classic 3", "Classic 2")
_PLAYER = {"duo": ("Purple", "Orange"),
           "classic_2": ("Blue+Red", "Yel+Green")}
_ORDER = (0, 5, 2, 3, 4, 1)  # a player's kinds as New game steps them: Person, Trainer,
#                              Easy, Average, Expert, Custom (KINDS' stored numbers)
_CLASSIC = ("Blue", "Yellow", "Red", "Green")
_NPLAYERS = (2, 4, 3, 2)


def _w(v):
    v -= 128
    return "%s%d.%d" % ("-" if v < 0 else "", abs(v) // 10, abs(v) % 10)


def settings(app):
    c = app.play.conf
    v = VARIANTS[c[0]]
    out = [("variant", "Game: " + _VARIANT[c[0]])]
    if v != "duo":
        out.append(("corner", "Start: " + ("any corner" if c[1] else "fixed")))
    names = _PLAYER.get(v, _CLASSIC)
    for k in range(_NPLAYERS[c[0]]):
        out.append(("p%d" % k, "%s: %s" % (names[k], KINDS[c[2 + k]])))
    out += [("size", "Size wt: " + _w(c[6])), ("spaces", "Spaces wt: " + _w(c[7])),
            ("enemy", "Enemy wt: " + _w(c[8])), ("check", "Check: %d pcs" % c[9])]
    return out


def note(app):
    return "Wt and Check: for Custom"


_LIMIT = {"size": 6, "spaces": 7, "enemy": 8}


def step(app, name):
    step = 1
    if name[-1] == "-":
        step = -1
        name = name[:-1]
    c = app.play.conf
    if name == "variant":
        c[0] = (c[0] + step) % len(VARIANTS)
    elif name == "corner":
        c[1] ^= 1
    elif name[0] == "p":
        k = 2 + int(name[1:])
        c[k] = _ORDER[(_ORDER.index(c[k]) + step) % len(_ORDER)]
    elif name in _LIMIT:
        i = _LIMIT[name]
        c[i] = max(128 - 50, min(128 + 50, c[i] + step))
    elif name == "check":
        c[9] = (c[9] - 1 + step) % 21 + 1
    else:
        return "Unknown setting"
    app.use("kit").write_conf(app, c)
    return ""
