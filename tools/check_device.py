"""Type-check the device-only code against circuitpython-stubs for the PyPortal.

    python tools/check_device.py [--root DIR]

circuitpython-stubs ships a generic `board` stub (no pins) plus one stub per
board in its `board_definitions` package.  Its own `circuitpython_setboard`
tool copies the chosen board's stub over the generic one inside the venv; we
leave the venv alone and copy the PyPortal stub to build/device-stubs/board.pyi
instead, which mypy finds first (MYPYPATH comes before installed packages).
The stub types board.DISPLAY as displayio.Display, a name CircuitPython 9
removed; the built-in display is a busdisplay.BusDisplay since then, so the
copy says so.

adafruit_touchscreen has no py.typed marker; its module is copied next to the
stub so that mypy checks our calls against its real signatures.

Exit status: 0 clean, 1 type errors (printed), 2 setup problem.
"""

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
BOARD = "pyportal"
FILES = ("code.py", "boot.py", "lib/quadpocket/hw_pyportal.py", "lib/quadpocket/hwsetup.py",
         "lib/quadpocket/storage.py", "lib/quadpocket/sound.py")


def make_stubs(out):
    """Write board.pyi (PyPortal) and adafruit_touchscreen.py into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    src = resources.files("board_definitions").joinpath(BOARD).joinpath("__init__.pyi")
    text = src.read_text()
    if "DISPLAY: displayio.Display" not in text or "TOUCH_XL" not in text:
        raise SystemExit("check_device: unexpected %s board stub; update tools/check_device.py" % BOARD)
    text = text.replace("import displayio\n", "import busdisplay\n")
    text = text.replace("DISPLAY: displayio.Display", "DISPLAY: busdisplay.BusDisplay")
    (out / "board.pyi").write_text(text)
    # find_spec locates the module without running it (it needs board pins).
    spec = importlib.util.find_spec("adafruit_touchscreen")
    if spec is None or not spec.origin:
        raise SystemExit("check_device: adafruit-circuitpython-touchscreen is not installed")
    shutil.copyfile(spec.origin, out / "adafruit_touchscreen.py")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=str(REPO), help="tree holding code.py, boot.py and lib/")
    args = ap.parse_args(argv)
    root = Path(args.root).resolve()
    files = [str(root / f) for f in FILES]
    missing = [f for f in files if not os.path.exists(f)]
    if missing:
        print("check_device: missing " + ", ".join(missing), file=sys.stderr)
        return 2
    stubs = REPO / "build" / "device-stubs"
    make_stubs(stubs)
    env = dict(os.environ)
    env["MYPYPATH"] = os.pathsep.join([str(stubs), str(root / "lib"), str(root)])
    cmd = [sys.executable, "-m", "mypy", "--config-file", str(HERE / "mypy-device.ini"),
           # No incremental cache: mypy trusts a cached module whose mtime and size
           # match, so an edited copy of the same size made within the same second
           # was reported with stale results.  A full run takes about a second.
           "--cache-dir", os.devnull]
    r = subprocess.run(cmd + files, env=env, cwd=str(root))
    return r.returncode if r.returncode in (0, 1) else 2


if __name__ == "__main__":
    sys.exit(main())
