"""The two routes onto a board, for CircuitPython's unix VM: .mpy files on the drive, or our
packages frozen into the firmware (docs/device.md, "The firmware route").

    .venv/bin/python -m tools.cproute --build     # build (or find) the frozen VM, say where
    .venv/bin/python -m tools.cproute --check     # ... and run the frozen-route checks

* ``.mpy`` (and ``.py``): the bundle's files on the drive, the plain VM (tools/cpvm.py finds
  it); tools/cpdevice.py stages that drive.
* ``frozen``: the device packages that `make bundle` stages (``lib/`` of the bundle, as .py,
  without the Adafruit libraries, whose stand-ins in host_tests/vmstubs come first on the
  path as on the plain route), frozen into CircuitPython's unix port the way the firmware
  freezes them (``make firmware``: CircuitPython's FROZEN_MPY_DIRS, which writes one
  ``freeze_as_mpy`` line per file: the same lines here). The drive then holds only
  ``code.py``, ``boot.py`` and the data files (help texts, opening books) in their
  ``lib/`` folders, and the VM runs with the device's ``sys.path`` (the drive, ``.frozen``,
  the drive's ``lib``) and the drive as its working folder, as CircuitPython starts
  ``code.py`` in "/".

The frozen VM is built from the same CircuitPython source and with the same flags as the
plain VM it is compared with (../shared/circuitpython/build.sh, with CIRCUITPY_ULAB=0 as
../shared/circuitpython/src/README.md says that binary was built), once per device tree:
the binary is cached under build/firmware/vm/ by the hash of the frozen files, and the
build folder is kept, so a changed tree rebuilds mostly the frozen part (measured here on
two cores shared with other jobs: 546 s the first time, mpy-cross included; a rebuild
40 s, or 822 s under a load average of ~25 with a new day's date in the version header). It needs the source (../shared/circuitpython/src, or
`make firmware`'s clone), gcc with 32-bit support (gcc-multilib), make and Python.

Where the drive's data is found by frozen code: a frozen module's ``__file__`` is the
relative name it was frozen under ("face_still/__init__.py"); the code that reads a file
beside its module (lib/quadpocket/pages.py, corners/book.py) then reads it from "lib/" +
that folder, relative to the working folder, the drive's root. A data-only folder must
never sit where CircuitPython looks before ".frozen" (the drive's root): a folder there
without __init__ is imported as an empty package and hides the frozen one (test:
host_tests/test_firmware_route.py). In lib/ (after ".frozen") it is never imported.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools import cpvm

ROOT = cpvm.REPO_ROOT
FW_DIR = ROOT / "build" / "firmware"
VM_CACHE = FW_DIR / "vm"
SHARED_SRC = ROOT.parent / "shared" / "circuitpython" / "src"
SOURCE_DIR = FW_DIR / "src" / ("circuitpython-" + cpvm.CP_TAG)
# Pure-Python build helpers CircuitPython's build scripts import (qstr compression, the
# flash chips' table), pinned: installed with pip into build/firmware/pylib, not the venv.
BUILD_PY_PINS = ("huffman==0.1.2", "cascadetoml==0.3.3")
PYLIB = FW_DIR / "pylib"

ROUTES = ("mpy", "py", "frozen")
# Drive files the frozen route keeps: the entry points and every file under lib/ that is
# not code (help.txt, *.book, ...). The code is in the firmware.
CODE_SUFFIXES = (".py", ".mpy")
ENTRY_FILES = ("code.py", "boot.py")

# The unix port's build, as ../shared/circuitpython/build.sh makes the plain VM
# (+ CIRCUITPY_ULAB=0, as the shared binary was built; a different BUILD folder).
UNIX_FLAGS = ("VARIANT=standard", "MICROPY_FORCE_32BIT=1", "MICROPY_PY_BTREE=0",
              "MICROPY_PY_FFI=0", "MICROPY_PY_SSL=0", "MICROPY_SSL_AXTLS=0",
              "CFLAGS_EXTRA=-DMICROPY_PY_MICROPYTHON_RINGIO=0", "LDFLAGS_EXTRA=-static",
              "CIRCUITPY_ULAB=0")
MISSING_SOURCE = (
    "CircuitPython %s's source is not at hand: it is unpacked from "
    "../shared/circuitpython/src beside the clone, else cloned by `make firmware` "
    "(needs git and the internet)" % cpvm.CP_TAG)


class RouteError(RuntimeError):
    """The frozen route cannot be set up here; the message says what is missing."""


def is_data(rel: str) -> bool:
    """Whether a bundle file (drive path) stays on the drive when the code is frozen."""
    if rel in ENTRY_FILES:
        return True
    return rel.startswith("lib/") and not rel.endswith(CODE_SUFFIXES)


def split_bundle(bundle: Path, frozen: Path, drive: Path) -> None:
    """A .py bundle (tools/bundle.py --py) -> frozen/ (every .py under its lib/, the tree
    the firmware freezes) and drive/ (what stays on CIRCUITPY: is_data)."""
    bundle, frozen, drive = Path(bundle), Path(frozen), Path(drive)
    for path in sorted(bundle.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(bundle).as_posix()
        if is_data(rel):
            dest = drive / rel
        elif rel.startswith("lib/") and rel.endswith(".py"):
            dest = frozen / rel[4:]
        else:
            raise RouteError("%s: neither data for the drive nor a .py to freeze" % rel)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest)


def stage(dest, *, board="pyportal", libraries=False, version="vm", src=ROOT) -> Path:
    """dest/frozen (the .py tree to freeze) and dest/CIRCUITPY (the drive's data), made by
    the bundle tool itself; libraries=False leaves the Adafruit libraries out (the VM's
    stand-ins replace them), as tools/cpdevice.py does for the .mpy route."""
    from tools import bundle

    dest = Path(dest)
    tmp = dest / "bundle"
    bundle.build(src=src, out=tmp, py=True, version=version, compile_cost=False,
                 libraries=libraries, board=board, log=lambda *_: None)
    for sub in ("frozen", "CIRCUITPY"):
        if (dest / sub).exists():
            shutil.rmtree(dest / sub)
    split_bundle(tmp, dest / "frozen", dest / "CIRCUITPY")
    shutil.rmtree(tmp)
    tmp.with_name(tmp.name + ".json").unlink(missing_ok=True)
    return dest


def tree_hash(frozen: Path) -> str:
    """The frozen files' names and contents, hashed (16 hex digits)."""
    h = hashlib.sha256(cpvm.CP_TAG.encode())
    for path in sorted(Path(frozen).rglob("*.py")):
        h.update(path.relative_to(frozen).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def manifest(frozen: Path) -> str:
    """The unix build's frozen manifest: one freeze_as_mpy line per file, the lines
    CircuitPython's FROZEN_MPY_DIRS rule writes for the firmware (py/circuitpy_mpconfig.mk)."""
    frozen = Path(frozen).resolve()
    lines = ["# Written by tools/cproute.py: our device packages, frozen as the firmware's"]
    for path in sorted(frozen.rglob("*.py")):
        lines.append("freeze_as_mpy(%r, %r)" % (str(frozen), path.relative_to(frozen).as_posix()))
    return "\n".join(lines) + "\n"


def unpack_source(log=print) -> Path:
    """CircuitPython's source tree (build/firmware/src), unpacked from the shared archive
    the first time; else whatever `make firmware` cloned there. RouteError if neither."""
    if (SOURCE_DIR / ".git").is_dir() and (SOURCE_DIR / "py").is_dir():
        return SOURCE_DIR
    unpack = SHARED_SRC / "unpack.sh"
    if not unpack.is_file():
        raise RouteError(MISSING_SOURCE)
    log("unpacking CircuitPython %s's source into %s" % (cpvm.CP_TAG, SOURCE_DIR.parent))
    subprocess.run(["bash", str(unpack), str(SOURCE_DIR.parent)], check=True,
                   stdout=subprocess.DEVNULL)
    return SOURCE_DIR


def build_pylib(log=print) -> Path:
    """BUILD_PY_PINS installed (pure Python) into build/firmware/pylib, once."""
    stamp = PYLIB / ".pins"
    want = "\n".join(BUILD_PY_PINS)
    if stamp.is_file() and stamp.read_text() == want:
        return PYLIB
    log("installing %s into %s" % (", ".join(BUILD_PY_PINS), PYLIB))
    if PYLIB.exists():
        shutil.rmtree(PYLIB)
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(PYLIB)] + list(BUILD_PY_PINS), check=True)
    stamp.write_text(want)
    return PYLIB


def _env(pylib: Path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(pylib) + (os.pathsep + env["PYTHONPATH"]
                                      if env.get("PYTHONPATH") else "")
    return env


def build_vm(frozen: Path, out: Path, *, jobs=2, log=print, build="build-i386-frozen") -> Path:
    """CircuitPython's unix VM with the tree at `frozen` frozen in, copied to `out`."""
    src = unpack_source(log)
    pylib = build_pylib(log)
    work = FW_DIR / "vm-build"
    work.mkdir(parents=True, exist_ok=True)
    (work / "mpylib").mkdir(exist_ok=True)
    (work / "mpylib" / "README.md").touch()  # stands in for micropython-lib, as in build.sh
    man = work / "manifest.py"
    man.write_text(manifest(frozen))
    t0 = time.monotonic()
    log("building CircuitPython %s's unix VM with our packages frozen in (%s; measured "
        "here on two loaded cores: 9 minutes the first time, 40 s to 14 minutes after a change)"
        % (cpvm.CP_TAG, build))
    cmd = ["nice", "-n", "19", "make", "-C", str(src / "mpy-cross"), "-j%d" % jobs,
           "LDFLAGS_EXTRA=-static"]
    _make(cmd, pylib, work / "mpy-cross.log")
    cmd = ["nice", "-n", "19", "make", "-C", str(src / "ports" / "unix"), "-j%d" % jobs,
           "BUILD=" + build, "MPY_LIB_DIR=%s" % (work / "mpylib"),
           "FROZEN_MANIFEST=%s" % man] + list(UNIX_FLAGS)
    _make(cmd, pylib, work / (build + ".log"))
    binary = src / "ports" / "unix" / build / "micropython"
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(binary, out)
    out.chmod(0o755)
    log("built %s in %.0f s" % (out, time.monotonic() - t0))
    return out


def _make(cmd, pylib, logfile):
    with open(logfile, "w") as f:
        run = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=_env(pylib))
    if run.returncode != 0:
        tail = Path(logfile).read_text(errors="replace").splitlines()[-25:]
        raise RouteError("%s failed (log: %s):\n%s" % (" ".join(cmd[3:6]), logfile,
                                                         "\n".join(tail)))


_STAGED: dict = {}


def staged() -> Path:
    """The frozen route's tree for this process (a temporary folder): frozen/, CIRCUITPY/
    (the drive's data) and stubs/ (host_tests/vmstubs, the firmware's stand-ins)."""
    if "frozen" not in _STAGED:
        tmp = Path(tempfile.mkdtemp(prefix="quad-vm-frozen-"))
        stage(tmp)
        shutil.copytree(ROOT / "host_tests" / "vmstubs", tmp / "stubs",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        _STAGED["frozen"] = tmp
    return _STAGED["frozen"]


def cached_vm(frozen: Path) -> Path:
    return VM_CACHE / tree_hash(frozen) / ("circuitpython-unix-i386-frozen-" + cpvm.CP_TAG)


def frozen_vm(build: bool = True, log=None) -> Path | None:
    """The frozen VM for the device tree as it is now: from the cache, else built (build
    True) or None."""
    vm = cached_vm(staged() / "frozen")
    if vm.is_file() or not build:
        return vm if vm.is_file() else None
    import fcntl

    # One build at a time (two heap tools started together share the build folder): the
    # second waits, then finds the first one's VM in the cache.
    FW_DIR.mkdir(parents=True, exist_ok=True)
    with open(FW_DIR / "vm-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if vm.is_file():
            return vm
        return build_vm(staged() / "frozen", vm,
                        log=log or (lambda *a: print(*a, file=sys.stderr)))


def device_path(tree: Path) -> str:
    """MICROPYPATH in the device's order: the stand-ins (they are firmware), the drive's
    root, the frozen modules, the drive's lib/ (CircuitPython: ['', '/', '.frozen', '/lib'])."""
    tree = Path(tree)
    return ":".join((str(tree / "stubs"), str(tree / "CIRCUITPY"), ".frozen",
                     str(tree / "CIRCUITPY" / "lib")))


def run(code: str, **kw) -> str:
    """cpvm.run on the frozen VM, the drive's data as the working folder."""
    tree = staged()
    return cpvm.run(code, path=device_path(tree), vm=frozen_vm(), cwd=tree / "CIRCUITPY", **kw)


def can_build() -> str:
    """"" when the frozen VM can be built (or is cached) here, else why not, in one line."""
    if not (SOURCE_DIR / "py").is_dir() and not (SHARED_SRC / "unpack.sh").is_file():
        return MISSING_SOURCE
    for tool in ("make", "gcc"):
        if shutil.which(tool) is None:
            return "the frozen VM needs %s to build" % tool
    probe = subprocess.run(["gcc", "-m32", "-x", "c", "-o", os.devnull, "-"],
                           input="int main(void){return 0;}", text=True, capture_output=True)
    if probe.returncode != 0:
        return ("the frozen VM is a 32-bit build: install gcc's 32-bit support "
                "(Debian/Ubuntu: apt-get install gcc-multilib)")
    return ""


def need_frozen_vm() -> Path:
    """For tests: the frozen VM (built if needed), or a skip saying in one line why not."""
    cpvm.need_vm()
    why = can_build()
    if why:
        import pytest

        pytest.skip("frozen route: " + why)
    return frozen_vm()


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(prog="python -m tools.cproute", description=__doc__.split(
        "\n")[0])
    ap.add_argument("--build", action="store_true", help="build the frozen VM if needed")
    ap.add_argument("--check", action="store_true",
                    help="run a frozen-route check: where the packages and data come from")
    args = ap.parse_args(argv)
    why = can_build()
    vm = frozen_vm(build=False)
    if vm is None and (args.build or args.check):
        if why:
            print("cproute: error: " + why, file=sys.stderr)
            return 2
        vm = frozen_vm(log=print)
    print("frozen VM for this tree: %s" % (vm or "not built (--build)"))
    if args.check and vm:
        print(run(CHECK))
    return 0


# Which file each package comes from, and the drive's data read by frozen code.
CHECK = r"""
import sys, quadpocket, face_still, corners.book
print("sys.path", sys.path)
print("quadpocket", quadpocket.__file__, "face_still", face_still.__file__)
print("book", corners.book.path("duo"))
"""


if __name__ == "__main__":
    sys.exit(main())
