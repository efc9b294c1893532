"""Scenarios that must print the same on CPython, MicroPython's WASI VM and CircuitPython's
unix VM (host_tests/test_corners_vm.py): the engine and every level of the computer player
in Duo and Classic, saves, SGF, refused moves. Standard library only, no CPython-isms."""

from corners import Game, ai, sgf

SETUPS = (("duo", "fixed"), ("classic", "any"), ("classic_2", "fixed"))


def scenario(variant, start):
    g = Game(variant, start)
    k = 0
    # Custom rates every move with every colour's corner places: on Classic's board that
    # is ~1.6 G fuel a move, too long here; the three others play there.
    while not g.over and g.plies < (12 if variant == "duo" else 6):
        lv = ai.LEVELS[k % 4] if variant == "duo" else ai.LEVELS[1 + k % 3]
        mv = ai.choose(g, lv, k)
        print(variant, g.plies, lv, mv)
        g.play(mv)
        k += 1
    print(variant, "moves", len(g.moves()), "places", g.corner_places()[:4], g.scores())
    data = g.to_bytes()
    h = Game.from_bytes(data)
    print(variant, "save", len(data), h.record() == g.record())
    print(variant, "sgf", sgf.import_(sgf.export(g), start).record() == g.record())
    for bad in ("a1", "zz", "a1,c1", g.record().split("\n")[0]):
        try:
            g.play(bad)
            print("accepted?!", bad)
        except ValueError as e:
            print("refused:", e)
    g.undo()
    print(variant, "undo", g.plies, g.turn)


# The WASI VM runs with its collector off in a 1 MB heap: the test runs one setup a run
# (ONLY, set in front of this text); CPython and CircuitPython's VM run all.
try:
    _only = [ONLY]  # noqa: F821 (defined by the test in front of this text)
except NameError:
    _only = SETUPS
for _v, _s in _only:
    scenario(_v, _s)
