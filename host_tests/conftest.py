"""Put the repo root on sys.path *after* the standard library: the device entry point
`code.py` would otherwise shadow the standard `code` module (which pdb imports)."""
import gc
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)


import pytest  # noqa: E402

# Engine packages whose modules the app drops and reloads while a game is played.
_ENGINES = ("quadcore", "winquad", "quax", "corners", "quadutil")


@pytest.fixture(autouse=True)
def _engines_stay_loaded():
    """The app drops its computer player's modules from sys.modules (App.drop_ai) to save
    heap; in one pytest process a later test that imports them again would get fresh copies
    whose tables (fast.PATH, ...) differ from those the test modules bound at collection.
    Put the engine modules seen before each test back after it, so tests do not depend on
    the order they run in."""
    before = {k: v for k, v in sys.modules.items() if k.split(".")[0] in _ENGINES}
    # What earlier tests left goes now; what stays is frozen, so the app's own frequent
    # collections during this test walk only what it makes (see pytest_collection_finish).
    gc.collect()
    gc.freeze()
    yield
    # The engine's modules exactly as before: first those this test loaded (they may be
    # bound to a reloaded generation of their package), then the earlier ones put back.
    for name in [k for k in sys.modules if k.split(".")[0] in _ENGINES and k not in before]:
        mod = sys.modules.pop(name)
        parent, _, child = name.rpartition(".")
        for pkg in (before.get(parent), sys.modules.get(parent)):
            if pkg is not None and getattr(pkg, child, None) is mod:
                delattr(pkg, child)
    for name, mod in before.items():
        if sys.modules.get(name) is not mod:
            sys.modules[name] = mod
        parent, _, child = name.rpartition(".")
        if parent and parent in before:
            setattr(before[parent], child, mod)


def pytest_collection_finish(session):
    """The app collects garbage often (on the device it keeps the heap in few pieces); in
    a pytest process each collection would walk every object the test modules and their
    libraries made. Freeze what exists once collection is done: later collections walk
    only what the tests make (a panel-layout test spent 8 of its 29 s in gc.collect)."""
    gc.collect()
    gc.freeze()
