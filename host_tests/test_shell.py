"""The shell's one way to switch games (quadpocket.games.install): every ordered pair of
installed games, switched both ways through the chooser, leaves loaded exactly what a
fresh start of the target game loads (modules: the old face, its engines and their
tables gone; the heap on CircuitPython's VM: host_tests/test_shell_vm.py); the rows
name everything a game loads and no two games' nvm regions overlap."""

import sys

import pytest

from apptools import start

sys.path.insert(0, "lib") if "lib" not in sys.path else None
from quadpocket import games  # noqa: E402

# a row of quadpocket.games, by index (its docstring)
ID, NAME, BY, LINE, FACE, ENGINES, SAVE, REGIONS = range(8)


def find(gid):
    return [row for row in games.GAMES if row[ID] == gid][0]

IDS = [row[ID] for row in games.GAMES]
PAIRS = [(a, b) for a in IDS for b in IDS if a != b]
TOPS = {"quadpocket", "quadutil"} | {row[FACE] for row in games.GAMES} | {
    e for row in games.GAMES for e in row[ENGINES]}


def loaded():
    """The project's modules in memory (the app's and the engines')."""
    return {m for m in sys.modules if m.split(".")[0] in TOPS}


def purge():
    for m in loaded():
        del sys.modules[m]


@pytest.fixture(autouse=True, scope="module")
def keep_modules():
    """The modules as they were before these tests purged them, put back after: tests
    of other files hold (and patch) those very module objects."""
    saved = {m: sys.modules[m] for m in loaded()}
    yield
    purge()
    sys.modules.update(saved)


def fresh(gid, size=(320, 240)):
    purge()
    app, d, p = start(prefs={"game": gid}, size=size)
    return app, d, loaded()


def choose(app, d, gid):
    d.press("menu")
    d.press("games")
    d.press("game%d" % IDS.index(gid))


@pytest.mark.parametrize("a,b", PAIRS, ids=["%s-%s" % ab for ab in PAIRS])
def test_switching_leaves_what_a_fresh_start_of_the_target_leaves(a, b):
    want = {}
    for gid in (a, b):
        app, d, mods = fresh(gid)
        assert app.play.gid == gid and app.mode == "play"
        want[gid] = mods
    assert want[a] != want[b]
    app, d, _ = fresh(a)
    for gid in (b, a, b):
        choose(app, d, gid)
        assert app.play.gid == gid and app.mode == "play" and app.play.s is not None
        assert type(app.play).__module__ == find(gid)[FACE]
        got = loaded()
        assert got == want[gid], (gid, sorted(got - want[gid]), sorted(want[gid] - got))
    # what the other game loaded is gone: its face and its engines
    other = find(a)
    assert not [m for m in loaded() if m.split(".")[0] == other[FACE]]
    for e in other[ENGINES]:
        assert not [m for m in loaded() if m.split(".")[0] == e]


def test_the_rows_name_what_a_game_loads_and_regions_do_not_overlap():
    spans = [(0, 96)]  # the shell's: the shared preferences, two copies of 48 bytes
    for row in games.GAMES:
        off, size, tag = row[SAVE]
        assert (off, 2 * size) in row[REGIONS]
        spans += list(row[REGIONS])
        assert len(row[LINE]) <= 20 and len(row[NAME]) <= 18
        __import__(row[FACE])
        face = sys.modules[row[FACE]]
        assert face.Screen.gid == row[ID] and callable(face.render)
        __import__(row[FACE] + ".start")
        st = sys.modules[row[FACE] + ".start"]
        for name in ("begin", "resume", "new_game", "load_session"):
            assert callable(getattr(st, name)), (row[ID], name)
        # its tutorial: a Tutorial on the shell's runner (app.go("tutorial"): quadpocket.tutor)
        __import__(row[FACE] + ".tutorial")
        tut = sys.modules[row[FACE] + ".tutorial"]
        from quadpocket.tutor import Tutor
        assert issubclass(tut.Tutorial, Tutor) and len(tut.STEPS) > 1, row[ID]
        __import__(row[FACE] + ".pages")
        pg = sys.modules[row[FACE] + ".pages"]
        for name in ("stats_lines", "move_title", "move_items"):
            assert callable(getattr(pg, name)), (row[ID], name)
        __import__(row[FACE] + ".settings")
        se = sys.modules[row[FACE] + ".settings"]
        for name in ("settings", "step", "note"):
            assert callable(getattr(se, name)), (row[ID], name)
    spans.sort()
    for (o1, n1), (o2, n2) in zip(spans, spans[1:]):
        assert o1 + n1 <= o2, "nvm regions overlap: %r" % ((o1, n1), (o2, n2))
    assert len(set(IDS)) == len(IDS)


def test_a_fresh_start_of_each_game_loads_only_its_own():
    for row in games.GAMES:
        app, d, mods = fresh(row[ID])
        others = [r for r in games.GAMES if r is not row]
        for r in others:
            assert not [m for m in mods if m.split(".")[0] in (r[FACE],) + r[
                ENGINES]], r[ID]
