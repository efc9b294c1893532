"""The layers (docs/layers.md): no two project modules import each other in a circle, the
engines import nothing above them, the app's screens reach one another only through the
shell (App.use / App.go), never by importing, and no game's face imports another's (what
two faces share is the shell's).

The graph is read from the source (ast), not from a running program: every import
statement counts, also one inside a function that runs only now and then (a circle
through a lazy import is still a circle to anyone reading the code)."""

import ast
import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Folders whose modules form the project (a game package the lead merges later, such as
# winquad/, joins when present); code.py and boot.py are the device's entry points.
FACES = tuple(sorted("lib/" + f for f in os.listdir(os.path.join(ROOT, "lib"))
                     if f.startswith("face_")))  # a game's face: lib/face_<game>/
# The engines of the games after Still's: each imports only itself and quadutil.
ENGINES = ("winquad", "corners", "quax")
PACKAGES = ("quadutil", "quadcore", "lib/quadpocket", "tools") + ENGINES + FACES
SCRIPTS = ("code.py", "boot.py")
# lib/quadpocket modules loaded for the whole game: screens and faces may import these.
RESIDENT = {"quadpocket", "quadpocket.play", "quadpocket.view", "quadpocket.records",
            "quadpocket.version"}
# The platform layer: code.py's self-test runs before the shell and may import the shell.
PLATFORM = {"quadpocket.selftest", "quadpocket.hw_pyportal"}
# On-demand shell modules a face's module may import inside a function (never at its top),
# where App.use has loaded them already so the import only finds them: a face's
# load_session(data) checks a save's header with quadpocket.facesave, loaded by resume.
FACE_KIT = {"quadpocket.facesave"}


def module_name(rel):
    name = rel[:-3].replace("/", ".")
    if name.startswith("lib."):
        name = name[4:]
    if name.endswith(".__init__"):
        name = name[:-9]
    return name


def project_modules(root=ROOT, packages=PACKAGES, scripts=SCRIPTS):
    """{module name: path} of every project source file."""
    out = {}
    for pkg in packages:
        top = os.path.join(root, pkg)
        for d, dirs, files in os.walk(top):
            dirs[:] = [x for x in dirs if x != "__pycache__"]
            for f in files:
                if f.endswith(".py"):
                    path = os.path.join(d, f)
                    out[module_name(os.path.relpath(path, root).replace(os.sep, "/"))] = path
    for s in scripts:
        path = os.path.join(root, s)
        if os.path.exists(path):
            out[s[:-3] + "_script"] = path
    return out


def imports_of(name, path, modules):
    """Project modules that module `name` imports anywhere in its source."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    pkg = name if path.endswith("__init__.py") else name.rpartition(".")[0]

    def known(target):
        while target and target not in modules:
            target = target.rpartition(".")[0]
        return target

    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.add(known(a.name))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = pkg.split(".")
                parts = parts[:len(parts) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            for a in node.names:
                sub = base + "." + a.name
                out.add(sub if sub in modules else known(base))
    out.discard("")
    out.discard(name)
    return out


def graph(modules):
    return {m: imports_of(m, p, modules) for m, p in modules.items()}


def circles(edges):
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index = {}
    low = {}
    stack = []
    on = set()
    out = []
    counter = [0]
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in edges:
                    continue
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


@pytest.fixture(scope="module")
def edges():
    return graph(project_modules())


def test_no_two_project_modules_import_each_other_in_a_circle(edges):
    assert "quadcore.game" in edges and "quadpocket.app" in edges and "tools.sim" in edges
    found = circles(edges)
    assert found == [], "import circles: %s" % "; ".join(" <-> ".join(c) for c in found)


def test_the_circle_check_finds_circles_lazy_imports_included(tmp_path):
    # A circle made only of a function-local import is found, and so is a longer one.
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg import b\n")
    (pkg / "b.py").write_text("def f():\n    from . import a\n")
    (pkg / "c.py").write_text("import pkg.d\n")
    (pkg / "d.py").write_text("from .e import x\n")
    (pkg / "e.py").write_text("def g():\n    from pkg.c import y\n")
    (pkg / "f.py").write_text("from pkg import a\n")  # imports into a circle: not one
    mods = project_modules(str(tmp_path), ("pkg",), ())
    assert circles(graph(mods)) == [["pkg.a", "pkg.b"], ["pkg.c", "pkg.d", "pkg.e"]]


def test_the_engine_imports_nothing_above_it(edges):
    # Each engine imports itself and the shared utilities below both (quadutil: crc16,
    # Rng), never the other engine: one game must not load the other's code.
    assert "quadutil" in edges and all(e + ".ai" in edges for e in ENGINES)
    for engine in ("quadcore",) + ENGINES:
        bad = [(m, t) for m, ts in edges.items() if m.split(".")[0] == engine
               for t in ts if t.split(".")[0] not in (engine, "quadutil")]
        assert bad == [], engine
    bad = [(m, t) for m, ts in edges.items() if m.startswith("quadutil")
           for t in ts if not t.startswith("quadutil")]
    assert bad == []
    bad = [(m, t) for m, ts in edges.items() if m.startswith("quadpocket")
           for t in ts if t.startswith("tools")]
    assert bad == []


def face_of(module):
    """The face package a module belongs to ("face_still"), or None."""
    top = module.split(".")[0]
    return top if top.startswith("face_") else None


def uses_of(path):
    """The modules a module names in its top-level USES tuple: its own imports of modules
    that are not kept, which App.forget drops together with it (quadpocket.storage:
    quadpocket.slots)."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] \
                == ["USES"]:
            return set(ast.literal_eval(node.value))
    return set()


def breaches(edges, modules=None):
    """Imports the layers forbid among the app's modules: a face importing another face,
    the shell importing a face, a face importing a shell module that is not resident or
    a module of its own other than its package (the resident game screen), and a shell
    module importing a non-resident one that it does not name in its USES (modules: {name:
    path}, where USES is read)."""
    bad = []
    for m, ts in sorted(edges.items()):
        mine = face_of(m)
        uses = uses_of(modules[m]) if modules and m in modules else set()
        for t in sorted(ts):
            theirs = face_of(t)
            if mine is not None and theirs is not None and theirs != mine:
                bad.append((m, t, "a face imports another face"))
            elif mine is None and theirs is not None and m.startswith("quadpocket"):
                bad.append((m, t, "the shell imports a face (App.use loads it by its row)"))
            elif mine is not None and theirs == mine and t != mine:
                bad.append((m, t, "a face's module imports a non-resident one (App.use)"))
            elif mine is not None and t in FACE_KIT:
                continue  # inside a function only: test_the_face_kit_is_never_loaded_...
            elif (mine is not None or m.startswith("quadpocket")) and m not in PLATFORM \
                    and t.startswith("quadpocket") and t not in RESIDENT and t not in uses:
                bad.append((m, t, "imports a screen (use App.use / App.go)"))
    return bad


def test_screens_reach_each_other_only_through_the_shell(edges):
    """Inside lib/quadpocket and the faces a module imports only the shell's resident ones
    (play, view, records) and its face's package: any other (a screen, storage, sound, a
    face's start, ...) comes from App.use, which loads and drops. No face imports another
    face, and the shell imports none."""
    assert len(FACES) >= 2 and "face_still" in edges and "face_winther.start" in edges
    bad = breaches(edges, project_modules())
    assert bad == [], "imports across the layers: %r" % bad


def top_imports(path):
    """Modules a file imports at its top level (not inside a function or class)."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    out = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {node.module + "." + a.name for a in node.names}
    return out


def test_the_face_kit_is_never_loaded_with_a_face_module():
    """A face imports quadpocket.facesave (FACE_KIT) only inside a function: at a
    module's top it would load with that module and, not loaded by App.use, stay."""
    mods = project_modules()
    used = set()
    for m, path in sorted(mods.items()):
        if face_of(m) is not None:
            assert not top_imports(path) & FACE_KIT, m
            if imports_of(m, path, mods) & FACE_KIT:
                used.add(m)
    assert {"face_quax.start", "face_winther.start", "face_corners.start"} <= used
    for kit in FACE_KIT:  # and the shell loads it on demand only
        assert kit not in RESIDENT and os.path.exists(
            os.path.join(ROOT, "lib", kit.replace(".", "/") + ".py"))


def test_an_import_between_faces_is_found(tmp_path):
    """The check fails on a synthetic tree where one face imports another (at the top or
    inside a function), where the shell imports a face, and where a face imports a screen;
    a face importing its own package, its engine and the shell's resident modules passes."""
    lib = tmp_path / "lib"
    for d in ("quadpocket", "face_a", "face_b", "enga"):
        (lib / d).mkdir(parents=True)
        (lib / d / "__init__.py").write_text("")
    (lib / "quadpocket" / "play.py").write_text("")
    (lib / "quadpocket" / "menus.py").write_text("")
    (lib / "quadpocket" / "app.py").write_text("from quadpocket.play import x\n")
    (lib / "face_a" / "__init__.py").write_text("from quadpocket.play import Play\n")
    (lib / "face_a" / "start.py").write_text("import enga\nfrom face_a import Screen\n")
    (lib / "face_b" / "__init__.py").write_text("from quadpocket.play import Play\n")
    (lib / "face_b" / "start.py").write_text("from face_b import Screen\n")
    pkgs = ("lib/quadpocket", "lib/face_a", "lib/face_b", "lib/enga")
    assert breaches(graph(project_modules(str(tmp_path), pkgs, ()))) == []
    (lib / "face_b" / "over.py").write_text("def f():\n    from face_a import start\n")
    (lib / "face_a" / "tip.py").write_text("import face_b\n")
    (lib / "quadpocket" / "games.py").write_text("from face_a import Screen\n")
    (lib / "face_b" / "end.py").write_text("from quadpocket import menus\n")
    found = breaches(graph(project_modules(str(tmp_path), pkgs, ())))
    assert [(m, t) for m, t, _ in found] == [
        ("face_a.tip", "face_b"), ("face_b.end", "quadpocket.menus"),
        ("face_b.over", "face_a.start"), ("quadpocket.games", "face_a")], found


def test_every_module_the_shell_is_asked_for_exists():
    """App.use("x") and App.go("x") name modules and places by string: a typo would fail
    only when the player gets there, so every literal is checked here (a shell module
    "x", or a face's "face_<game>.x"), and every row's face has its entry module."""
    lib = os.path.join(ROOT, "lib")
    names = set()
    for pkg in ("lib/quadpocket",) + FACES:
        here = os.path.join(ROOT, pkg)
        top = "" if pkg == "lib/quadpocket" else pkg[4:] + "."
        names |= {top + f[:-3] for f in os.listdir(here) if f.endswith(".py")}
    places = {"play", "main", "new", "prefs", "help", "moves", "games", "tutorial",
              "new_game", "resume"}
    used = set()
    went = set()
    for pkg in ("lib/quadpocket",) + FACES:
        here = os.path.join(ROOT, pkg)
        for f in os.listdir(here):
            if f.endswith(".py"):
                with open(os.path.join(here, f)) as fh:
                    src = fh.read()
                used |= set(re.findall(r"\.use\(\"([\w.]+)\"\)", src))
                went |= set(re.findall(r"\.go\(\"(\w+)\"\)", src))
                # a face's Screen names its end-of-game module (Play.game_over uses it)
                used |= set(re.findall(r"^    over = \"([\w.]+)\"", src, re.M))
    assert {"startup", "build", "menus", "storage", "games", "face_still.over"} <= used
    assert used <= names, used - names
    assert went and went <= places, went - places
    if lib not in sys.path:
        sys.path.insert(0, lib)  # the device's import path, as tools/sim.py sets it
    from quadpocket import games
    for row in games.GAMES:
        face = row[4]  # the row's face package (quadpocket.games)
        assert face + ".start" in names and face + ".__init__" in names, face


def test_a_module_forgotten_takes_what_it_uses_along():
    """quadpocket.storage imports quadpocket.slots (not kept) and names it in USES:
    App.forget("storage") drops both, so reading the statistics or saving the
    preferences leaves no code behind (without USES the layers check above fails)."""
    lib = os.path.join(ROOT, "lib")
    if lib not in sys.path:
        sys.path.insert(0, lib)
    from quadpocket.app import App
    assert uses_of(os.path.join(lib, "quadpocket", "storage.py")) == {"quadpocket.slots"}
    for m in ("quadpocket.storage", "quadpocket.slots"):
        App.forget(m, None)
    import quadpocket.storage  # noqa: F401 (loads slots with it)
    assert "quadpocket.slots" in sys.modules
    App.forget("storage")
    assert "quadpocket.storage" not in sys.modules and "quadpocket.slots" not in sys.modules
    import quadpocket
    assert not hasattr(quadpocket, "storage") and not hasattr(quadpocket, "slots")
