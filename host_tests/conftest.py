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
_BASE = {}  # the engine modules as collection left them (the test modules are bound to them)


def _engine(name):
    return name.split(".")[0] in _ENGINES


def _same_engine_modules():
    """sys.modules' engine entries exactly as collection left them: modules loaded later
    dropped (they may be bound to a reloaded generation of their package), the first ones
    put back, each package's attributes with them."""
    if not _BASE:
        return
    for name in [k for k in sys.modules if _engine(k) and k not in _BASE]:
        mod = sys.modules.pop(name)
        parent, _, child = name.rpartition(".")
        for pkg in (_BASE.get(parent), sys.modules.get(parent)):
            if pkg is not None and getattr(pkg, child, None) is mod:
                delattr(pkg, child)
    for name, mod in _BASE.items():
        if sys.modules.get(name) is not mod:
            sys.modules[name] = mod
        parent, _, child = name.rpartition(".")
        if parent in _BASE and getattr(_BASE[parent], child, None) is not mod:
            setattr(_BASE[parent], child, mod)


@pytest.fixture(autouse=True)
def _engines_stay_loaded():
    """The app drops its computer player's modules from sys.modules (App.drop_ai) to save
    heap, and imports them again when it next thinks; in one pytest process the fresh
    copies' tables (fast.PATH, ...) differ from those the test modules bound at collection,
    and a later test mixing the two generations fails for nothing it checks. Every test
    starts and ends with the engine modules collection loaded, so no test depends on the
    order the tests run in."""
    _same_engine_modules()
    # What earlier tests left goes now; what stays is frozen, so the app's own frequent
    # collections during this test walk only what it makes (see pytest_collection_finish).
    gc.collect()
    gc.freeze()
    yield
    _same_engine_modules()


def pytest_collection_finish(session):
    """The app collects garbage often (on the device it keeps the heap in few pieces); in
    a pytest process each collection would walk every object the test modules and their
    libraries made. Freeze what exists once collection is done: later collections walk
    only what the tests make (a panel-layout test spent 8 of its 29 s in gc.collect).
    The engine modules loaded now are the ones every test starts from."""
    _BASE.update((k, v) for k, v in sys.modules.items() if _engine(k))
    gc.collect()
    gc.freeze()
