"""The device's drive laid out for CircuitPython's unix VM (tools/cpvm.py runs it): the bundle
tool's own output, so the VM runs the very .mpy files `make bundle` ships.

Apart from cpvm because it uses the bundle tool, and the bundle tool uses cpvm's
mpy-cross: with staging in cpvm the two imported each other (host_tests/test_layers.py).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from tools import bundle, cpvm


def stage_device_tree(dest, *, mpy: bool, stubs: bool = True) -> Path:
    """A folder laid out like the device's drive, made by the bundle tool itself (so the VM
    runs the very .mpy files `make bundle` ships): dest/lib/quadcore, dest/lib/quadpocket
    (.mpy or .py), plus the stand-in firmware modules in dest/stubs. Returns dest."""
    dest = Path(dest)
    out = dest / "CIRCUITPY"
    bundle.build(out=out, mpy_cross=cpvm.require_mpy_cross() if mpy else None, py=not mpy,
                 version="vm", compile_cost=False, libraries=False, log=lambda *_: None)
    if stubs:
        shutil.copytree(cpvm.REPO_ROOT / "host_tests" / "vmstubs", dest / "stubs",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return dest


_STAGED: dict = {}


def staged(mpy: bool = True) -> Path:
    """stage_device_tree() once per process and flavour (a temporary folder)."""
    key = bool(mpy)
    if key not in _STAGED:
        tmp = tempfile.mkdtemp(prefix="quad-vm-%s-" % ("mpy" if mpy else "py"))
        stage_device_tree(tmp, mpy=mpy)
        _STAGED[key] = Path(tmp)
    return _STAGED[key]


def run_device(code: str, *, mpy=True, **kw) -> str:
    """run() with the staged device tree on the import path (bundle's .mpy by default);
    mpy="frozen": the packages frozen into the VM, the drive holding only their data
    (tools/cproute.py: the firmware route)."""
    if mpy == "frozen":
        from tools import cproute
        return cproute.run(code, **kw)
    return cpvm.run(code, path=cpvm.device_path(staged(mpy)), **kw)
