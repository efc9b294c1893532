"""Expert's proof of a win in 3 (quadcore/ai/prove.py) is on the heap only while it runs:
imported by the attack when a first turn can force, dropped (sys.modules and the package's
attribute) as soon as the attack ends, and never loaded for a game's first turns. Master
keeps it once loaded (its ponder attacks for each likely turn)."""

import sys

import pytest

from quadcore import Game, ai
from quadcore.cli import load_record

from ai_data import DATA, blocks

NAME = "quadcore.ai.prove"


@pytest.fixture(autouse=True)
def _no_proof_loaded():
    """Each test starts as a freshly loaded player does: Master keeps the module, so an
    earlier test in this process (Master's) may have left it loaded."""
    sys.modules.pop(NAME, None)
    if hasattr(ai, "prove"):
        delattr(ai, "prove")
    yield


def _loaded(gen, monkeypatch):
    """Step a decision to its end: (its turn, whether it imported prove.py)."""
    import builtins
    seen = []
    real = builtins.__import__

    def spy(name, globals=None, locals=None, fromlist=(), level=0):
        if level and "prove" in (fromlist or ()) or name == NAME:
            seen.append(name)
        return real(name, globals, locals, fromlist, level)

    monkeypatch.setattr(builtins, "__import__", spy)
    out = None
    for out in gen:
        pass
    monkeypatch.setattr(builtins, "__import__", real)
    return out, bool(seen)


def _gone():
    pkg = sys.modules.get("quadcore.ai")
    return NAME not in sys.modules and not hasattr(pkg, "prove")


def test_the_proof_is_loaded_while_it_runs_and_dropped_after(monkeypatch):
    head, rec = [b for b in blocks(DATA / "ai_hard.txt")
                 if b[0][0].split()[0] == "hard-win3-1"][0]
    wins = {t.strip() for t in head[1].partition(":")[2].split("|")}
    g = Game(size=int(head[0].split()[2]))
    load_record(g, "\n".join(rec))
    turn, seen = _loaded(ai.think(g, "expert", 1), monkeypatch)
    assert seen  # the attack proved its first turns with the module loaded
    assert _gone()
    assert turn in wins  # the win in 3 it proved


def test_a_games_first_turns_never_load_the_proof():
    # A stand-in under the module's name: the attack's import would get it (and fail).
    spy = type(sys)("spy")

    def attack3(*a):
        raise AssertionError("prove.py imported for a first turn")

    spy.attack3 = attack3
    spy.off = lambda: None
    g = Game(size=11)
    sys.modules[NAME] = spy
    try:
        for _ in range(2):
            turn = None
            for turn in ai.think(g, "expert", 3):
                pass
            g.play(turn)
    finally:
        del sys.modules[NAME]
    assert _gone()


def test_master_keeps_the_proof_once_loaded():
    # Master's ponder runs an attack for each of the human's likely turns: it keeps the
    # module (an import each time fragmented the device's heap); the player's drop
    # (App.drop_ai) takes it with the rest.
    head, rec = [b for b in blocks(DATA / "ai_hard.txt")
                 if b[0][0].split()[0] == "hard-win3-1"][0]
    g = Game(size=int(head[0].split()[2]))
    load_record(g, "\n".join(rec))
    for _ in ai.think(g, "master", 1, seconds=5):
        pass
    try:
        assert NAME in sys.modules
    finally:
        sys.modules[NAME].off()
    assert _gone()
