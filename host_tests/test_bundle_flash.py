"""make bundle / make flash: the CIRCUITPY folder and copying it onto a (fake) drive.

Most tests bundle a small source tree made in tmp_path, so they check the tools rather than
the game's code; test_bundle_of_the_real_repository bundles this repository itself.
"""

import json
import os
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

from tools import bundle as bundle_tool  # noqa: E402
from tools import flash as flash_tool  # noqa: E402
from tools.bundle import BundleError, build  # noqa: E402
from tools.flash import FlashError, flash  # noqa: E402

CP9 = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyPortal with samd51j20\n" \
      "Board ID:pyportal\n"
LIBS = ["lib/adafruit_display_text/__init__.py", "lib/adafruit_display_text/label.py",
        "lib/adafruit_touchscreen.py", "lib/adafruit_ticks.py"]

FAKE_SOURCES = {
    "code.py": "from quadpocket.app import run\nrun()\n",
    "boot.py": "import storage\ntry:\n    import adafruit_touchscreen\nexcept Exception:\n"
               "    pass\n",
    "quadcore/__init__.py": "from .board import Board\n",
    "quadcore/board.py": "class Board:\n    pass\n",
    "quadcore/__main__.py": "import sys\nfrom .cli import main\nsys.exit(main())\n",
    "quadcore/cli.py": "import argparse\nfrom .board import Board\n",
    "quadcore/__pycache__/board.cpython-311.pyc": "not for the device",
    "lib/quadpocket/__init__.py": "",
    "lib/quadpocket/version.py": 'VERSION = "dev"\n',
    "lib/quadpocket/app.py": (
        "import gc\nimport displayio\nfrom micropython import const\n"
        "from adafruit_display_text import label\nfrom adafruit_touchscreen import Touchscreen\n"
        "try:\n    from typing import Optional\nexcept ImportError:\n    pass\n"
        "from quadcore import Board\nfrom . import version\n\n\ndef run():\n"
        "    from .screens import about\n    return about\n"),
    "lib/quadpocket/screens.py": "about = 'About'\n",
    "lib/quadpocket/app.pyi": "def run() -> None: ...\n",
    "tools/sim.py": "import pygame\n",
    "tools/bundle.py": "x = 1\n",
    "host_tests/test_app.py": "def test_x():\n    pass\n",
    "README.md": "hello\n",
}


def make_src(tmp_path, extra=None, drop=()):
    src = tmp_path / "src"
    files = dict(FAKE_SOURCES, **(extra or {}))
    for rel, text in files.items():
        if rel in drop:
            continue
        path = src / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    shutil.copyfile(ROOT / "requirements.txt", src / "requirements.txt")
    shutil.copyfile(ROOT / "requirements-device.txt", src / "requirements-device.txt")
    return src


def quiet_build(src, out, **kw):
    """The fake trees are bundled as .py for a board that freezes nothing (so the library
    rules show), unless a test says otherwise."""
    kw.setdefault("compile_cost", False)
    kw.setdefault("board", "none")
    if "mpy_cross" not in kw:
        kw.setdefault("py", True)
    kw.setdefault("version", "v-test")
    lines = []
    info = build(src, out, log=lines.append, **kw)
    return info, "\n".join(lines)


def tree(folder):
    """{drive path: (bytes, mtime_ns, inode)} of every file, plus every folder."""
    folder = Path(folder)
    snap = {}
    for p in sorted(folder.rglob("*")):
        rel = p.relative_to(folder).as_posix()
        if p.is_dir():
            snap[rel + "/"] = None
        else:
            st = p.stat()
            snap[rel] = (p.read_bytes(), st.st_mtime_ns, st.st_ino)
    return snap


def files_of(folder):
    return {k: v[0] for k, v in tree(folder).items() if v is not None}


def installed(module_path):
    """Bytes of an Adafruit library file as its pip package installed it."""
    for dist_name in ("adafruit-circuitpython-display-text", "adafruit-circuitpython-touchscreen",
                      "adafruit-circuitpython-ticks"):
        for f in metadata.distribution(dist_name).files:
            if f.as_posix() == module_path:
                return Path(metadata.distribution(dist_name).locate_file(f)).read_bytes()
    raise AssertionError(module_path)


def fake_drive(tmp_path, boot_out=CP9, name="CIRCUITPY"):
    drive = tmp_path / "media" / name
    drive.mkdir(parents=True)
    if boot_out is not None:
        (drive / "boot_out.txt").write_text(boot_out)
    return drive


def fake_mpy_cross(tmp_path, banner, magic):
    """A stand-in for mpy-cross: same command line, writes `magic` + the source."""
    path = tmp_path / ("mpy-cross-" + magic.decode())
    path.write_text(
        "#!%s\nimport sys\nargs = sys.argv[1:]\n"
        "if args == ['--version']:\n    print(%r)\n    sys.exit(0)\n"
        "out, src = args[args.index('-o') + 1], args[-1]\n"
        "data = open(src, 'rb').read()\ncompile(data, src, 'exec')\n"
        "open(out, 'wb').write(%r + b'\\x06\\x00\\x1f' + data)\n" % (sys.executable, banner, magic))
    path.chmod(0o755)
    return path


@pytest.fixture
def bundled(tmp_path):
    src = make_src(tmp_path)
    out = tmp_path / "build" / "CIRCUITPY"
    quiet_build(src, out)
    return out


# ---------------------------------------------------------------- bundle

def test_bundle_layout_libraries_and_nothing_host_only(tmp_path):
    src = make_src(tmp_path)
    out = tmp_path / "build" / "CIRCUITPY"
    info, report = quiet_build(src, out, version="v1.2-3-gabc1234")
    files = files_of(out)

    assert {p.split("/")[0] for p in files} == {"code.py", "boot.py", "lib"}
    assert files["code.py"] == (src / "code.py").read_bytes()
    assert files["boot.py"] == (src / "boot.py").read_bytes()
    for rel in ("quadcore/__init__.py", "quadcore/board.py"):
        assert files["lib/" + rel] == (src / rel).read_bytes()
    for rel in ("__init__.py", "app.py", "screens.py"):
        assert files["lib/quadpocket/" + rel] == (src / "lib/quadpocket" / rel).read_bytes()
    for rel in LIBS[:3]:  # the Adafruit libraries come from their pip packages, unchanged
        assert files[rel] == installed(rel[len("lib/"):])
    # ... only the modules the game imports: bitmap_label is not, and adafruit_ticks only
    # serves bitmap_label
    assert "lib/adafruit_ticks.py" not in files
    assert "lib/adafruit_display_text/bitmap_label.py" not in files

    # nothing host-only: tools, tests, simulator, CLI, caches, stubs
    for rel in files:
        assert not rel.endswith((".pyc", ".pyi", ".md")), rel
        assert "__pycache__" not in rel and "__main__" not in rel, rel
        assert not rel.startswith(("tools", "host_tests", "lib/tools", "lib/host_tests")), rel
    assert "lib/quadcore/cli.py" not in files
    assert info["left_out"] == {"lib/quadcore/cli.py": "needs argparse"}
    assert "lib/quadcore/cli.py" in report
    libs_dirs = {p.split("/")[1] for p in files if p.startswith("lib/")}
    assert libs_dirs == {"quadcore", "quadpocket", "adafruit_display_text",
                         "adafruit_touchscreen.py"}

    # the version stamp is in the bundle only
    scope = {}
    exec(files["lib/quadpocket/version.py"], scope)
    assert scope["VERSION"] == "v1.2-3-gabc1234"
    assert (src / "lib/quadpocket/version.py").read_text() == 'VERSION = "dev"\n'

    # the size report adds up
    total = sum(len(b) for b in files.values())
    assert "%d files, %s bytes" % (len(files), format(total, ",")) in report
    listed = [line.split()[1] for line in report.splitlines()
              if "imported" in line and line.split()[0].replace(",", "").isdigit()]
    assert listed[:2] == ["lib/adafruit_display_text/__init__.py",
                          "lib/adafruit_display_text/label.py"]  # biggest first
    assert info["libraries"] == {
        "adafruit-circuitpython-display-text": "5.0.6",
        "adafruit-circuitpython-touchscreen": "1.3.8"}
    assert json.loads((tmp_path / "build" / "CIRCUITPY.json").read_text()) == info
    # static import scan: what code.py pulls in, and what it does not
    assert "lib/quadpocket/screens.py" in info["imported"]  # imported inside a function
    assert "lib/adafruit_display_text/label.py" in info["imported"]
    assert info["unused_libraries"] == ["adafruit-circuitpython-ticks"]  # only bitmap_label uses it
    assert info["libraries_not_shipped"] == {
        "adafruit-circuitpython-ticks": ["not imported by the game"]}
    assert "not shipped: adafruit-circuitpython-ticks (not imported by the game)" in report


def test_libraries_the_board_freezes_are_not_shipped(tmp_path):
    """PyPortal and Titano firmware freeze adafruit_display_text: sys.path puts .frozen
    before /lib there, so a copy would never load. Its own imports still count."""
    src = make_src(tmp_path)
    for board in ("pyportal", "pyportal_titano"):
        out = tmp_path / board / "CIRCUITPY"
        info, report = quiet_build(src, out, board=board)
        files = files_of(out)
        assert not [r for r in files if "adafruit_display_text" in r]
        assert "lib/adafruit_touchscreen.py" in files
        assert info["libraries"] == {"adafruit-circuitpython-touchscreen": "1.3.8"}
        assert info["libraries_not_shipped"]["adafruit-circuitpython-display-text"] == [
            "frozen in %s's firmware" % board]
        assert "adafruit_display_text" in info["frozen_on_board"]
    with pytest.raises(BundleError, match="unknown board"):
        quiet_build(src, tmp_path / "x" / "CIRCUITPY", board="metro")


def test_mpy_is_the_default_and_needs_an_mpy_cross(tmp_path, monkeypatch):
    src = make_src(tmp_path)
    out = tmp_path / "CIRCUITPY"
    monkeypatch.setattr(bundle_tool, "find_mpy_cross", lambda: None)
    with pytest.raises(BundleError, match="--py"):
        build(src, out, compile_cost=False, log=lambda _: None)
    assert not out.exists()
    cp = fake_mpy_cross(tmp_path, "CircuitPython 10.2.1 on 2026-11-22; mpy-cross emitting "
                        "mpy v6.3", b"C")
    monkeypatch.setattr(bundle_tool, "find_mpy_cross", lambda: cp)
    info = build(src, out, compile_cost=False, log=lambda _: None, version="x")
    assert info["mpy_cross"].startswith("CircuitPython 10.2.1")
    assert (out / "lib/quadcore/board.mpy").is_file()
    with pytest.raises(BundleError, match="contradict"):
        build(src, out, compile_cost=False, log=lambda _: None, py=True, mpy_cross=cp)


def test_real_mpy_cross_makes_what_circuitpython_10_loads(tmp_path):
    """With CircuitPython's own mpy-cross (tools/cpvm.py finds it): every module of the
    real repository becomes a version 6 'C' .mpy; the VM tests import and play them."""
    from tools import cpvm
    if cpvm.find_mpy_cross(download=False) is None:
        pytest.skip(cpvm.MISSING_MPY_CROSS)
    out = tmp_path / "CIRCUITPY"
    info = build(ROOT, out, compile_cost=False, log=lambda _: None, version="x")
    mpys = list((out / "lib").rglob("*.mpy"))
    assert not list((out / "lib").rglob("*.py"))
    assert len(mpys) >= 20
    assert all(p.read_bytes()[:2] == cpvm.MPY_HEADER for p in mpys)
    assert info["mpy_cross"].startswith("CircuitPython " + cpvm.CP_TAG)


def test_version_stamp_is_git_describe_or_unknown(tmp_path):
    src = make_src(tmp_path)
    assert bundle_tool.version_stamp(src) == "unknown"  # not a git work tree

    def git(*args):
        return subprocess.run(["git", "-C", str(src), "-c", "user.name=t", "-c",
                               "user.email=t@example.invalid", *args], check=True,
                              capture_output=True, text=True).stdout.strip()
    git("init", "-q")
    git("add", "-A")
    git("commit", "-q", "-m", "one")
    head = git("rev-parse", "--short", "HEAD")
    assert bundle_tool.version_stamp(src) == git("describe", "--always", "--dirty") == head
    (src / "code.py").write_text("# changed\n")
    assert bundle_tool.version_stamp(src) == head + "-dirty"

    out = tmp_path / "CIRCUITPY"
    quiet_build(src, out, version=None)
    assert 'VERSION = "%s-dirty"' % head in (out / "lib/quadpocket/version.py").read_text()


@pytest.mark.parametrize("missing", ["code.py", "boot.py"])
def test_missing_entry_point_is_a_clear_error_and_keeps_the_old_bundle(tmp_path, missing):
    src = make_src(tmp_path)
    out = tmp_path / "CIRCUITPY"
    quiet_build(src, out)
    before = tree(out)
    (src / missing).unlink()
    with pytest.raises(BundleError, match="missing %s" % missing):
        quiet_build(src, out)
    assert tree(out) == before
    assert not list(tmp_path.glob(".CIRCUITPY*"))  # no scratch folder left behind


def test_an_import_the_device_cannot_satisfy_is_refused(tmp_path):
    src = make_src(tmp_path, extra={
        "lib/quadpocket/app.py": FAKE_SOURCES["lib/quadpocket/app.py"]
        + "import adafruit_bitmap_font\n"})
    out = tmp_path / "CIRCUITPY"
    with pytest.raises(BundleError) as err:
        quiet_build(src, out)
    assert "lib/quadpocket/app.py:17 imports adafruit_bitmap_font" in str(err.value)
    assert "requirements-device.txt" in str(err.value)
    assert not out.exists()


def test_a_library_must_be_pinned_and_installed(tmp_path):
    src = make_src(tmp_path)
    pins = (src / "requirements.txt").read_text().splitlines()
    (src / "requirements.txt").write_text(
        "\n".join(p for p in pins if not p.startswith("adafruit-circuitpython-touchscreen")))
    with pytest.raises(BundleError, match="adafruit-circuitpython-touchscreen is not pinned"):
        quiet_build(src, tmp_path / "CIRCUITPY")

    src2 = make_src(tmp_path / "two")
    with open(src2 / "requirements-device.txt", "a") as f:
        f.write("adafruit-circuitpython-display-text==1.0\n")
    with pytest.raises(BundleError, match="bare package name"):
        quiet_build(src2, tmp_path / "CIRCUITPY")


def test_device_requirements_are_pinned_in_requirements_txt():
    names = bundle_tool.read_device_requirements(ROOT / "requirements-device.txt")
    pins = bundle_tool.read_pins(ROOT / "requirements.txt")
    assert "adafruit-circuitpython-display-text" in names
    assert "adafruit-circuitpython-touchscreen" in names
    for name in names:
        assert metadata.version(name) == pins[bundle_tool._norm(name)]


def test_a_folder_that_is_not_a_bundle_is_never_replaced(tmp_path):
    src = make_src(tmp_path)
    out = tmp_path / "precious"
    out.mkdir()
    (out / "thesis.txt").write_text("keep me")
    with pytest.raises(BundleError, match="not a bundle made by this tool"):
        quiet_build(src, out)
    assert (out / "thesis.txt").read_text() == "keep me"


def test_mpy_build_with_circuitpython_mpy_cross(tmp_path):
    src = make_src(tmp_path)
    out = tmp_path / "CIRCUITPY"
    cp = fake_mpy_cross(tmp_path, "CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6",
                        b"C")
    info, report = quiet_build(src, out, mpy_cross=cp)
    files = files_of(out)
    assert not [r for r in files if r.startswith("lib/") and r.endswith(".py")]
    for rel in ("lib/quadcore/board.mpy", "lib/quadpocket/app.mpy", "lib/quadpocket/version.mpy",
                "lib/adafruit_touchscreen.mpy", "lib/adafruit_display_text/label.mpy"):
        assert files[rel][:1] == b"C", rel
    assert files["code.py"] == (src / "code.py").read_bytes()  # entry points stay .py
    assert files["boot.py"] == (src / "boot.py").read_bytes()
    assert info["mpy_cross"].startswith("CircuitPython 9.2.1")
    assert ".mpy" in report.splitlines()[0]


@pytest.mark.parametrize("banner, magic, message", [
    ("MicroPython v1.29.0 on 2026-08-29; mpy-cross emitting mpy v6.3", b"M",
     "not CircuitPython's mpy-cross"),
    ("CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6", b"M",
     r"starts with b'M\\x06', not b'C'"),
])
def test_mpy_build_refuses_micropython_output(tmp_path, banner, magic, message):
    src = make_src(tmp_path)
    out = tmp_path / "CIRCUITPY"
    quiet_build(src, out)
    before = tree(out)
    with pytest.raises(BundleError, match=message):
        quiet_build(src, out, mpy_cross=fake_mpy_cross(tmp_path, banner, magic))
    assert tree(out) == before


def test_bundle_command_line(tmp_path):
    src = make_src(tmp_path)
    out = tmp_path / "CIRCUITPY"
    run = subprocess.run([sys.executable, "-m", "tools.bundle", "--src", str(src), "--out",
                          str(out), "--no-compile-cost", "--version-stamp", "cli-1", "--py"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "files," in run.stdout and "largest modules" in run.stdout
    assert 'VERSION = "cli-1"' in (out / "lib/quadpocket/version.py").read_text()
    (src / "boot.py").unlink()
    run = subprocess.run([sys.executable, "-m", "tools.bundle", "--src", str(src), "--out",
                          str(out), "--no-compile-cost"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "missing boot.py" in run.stderr


def test_bundle_of_the_real_repository(tmp_path):
    """The real thing: this repository's code.py, boot.py, quadcore/ and lib/quadpocket/."""
    out = tmp_path / "CIRCUITPY"
    info, report = quiet_build(ROOT, out, version=None)
    files = files_of(out)
    assert {p.split("/")[0] for p in files} == {"code.py", "boot.py", "lib"}
    assert files["code.py"] == (ROOT / "code.py").read_bytes()
    assert files["boot.py"] == (ROOT / "boot.py").read_bytes()
    # the game imports adafruit_touchscreen only (boot.py and hw_pyportal)
    assert info["libraries"] == {"adafruit-circuitpython-touchscreen": "1.3.8"}
    assert files["lib/adafruit_touchscreen.py"] == installed("adafruit_touchscreen.py")
    for path in (ROOT / "quadcore").glob("*.py"):
        rel = "lib/quadcore/" + path.name
        if path.name != "__main__.py" and rel not in info["left_out"]:
            assert files[rel] == path.read_bytes(), rel
    for path in (ROOT / "lib" / "quadpocket").glob("*.py"):
        if path.name != "version.py":
            assert files["lib/quadpocket/" + path.name] == path.read_bytes(), path.name
    assert not [r for r in files if "__pycache__" in r or r.endswith((".pyc", ".pyi"))]
    assert "lib/quadcore/__main__.py" not in files
    # the opening books go beside the module that reads them (corners/book.py)
    for name in ("duo.book", "classic_2.book"):
        assert files["lib/corners/" + name] == (ROOT / "corners" / name).read_bytes()
    stamp = bundle_tool.version_stamp(ROOT)
    assert 'VERSION = "%s"' % stamp in files["lib/quadpocket/version.py"].decode()
    assert "lib/quadcore/__init__.py" in info["imported"]
    assert "lib/quadpocket/app.py" in info["imported"] or any(
        r.startswith("lib/quadpocket/app") for r in info["imported"])
    assert "largest modules" in report


def test_compile_heap_is_measured_in_the_micropython_vm(tmp_path):
    """The report's compile-heap figure: a fresh MicroPython VM per file, gc off."""
    (tmp_path / "big.py").write_bytes(installed("adafruit_display_text/label.py"))
    (tmp_path / "broken.py").write_text("def (:\n")
    heap = bundle_tool.compile_heap(tmp_path, ["big.py", "broken.py", "data.bin"])
    assert set(heap) == {"big.py"}  # a file that does not compile gets no figure
    assert 4_000 < heap["big.py"] < 16_936  # measured 9,984 bytes for 16,936 bytes of source


# ---------------------------------------------------------------- flash

def test_first_flash_copies_everything_with_code_py_last(tmp_path, bundled):
    drive = fake_drive(tmp_path)
    log = []
    changes = flash(bundled, drive, log=log.append)
    assert files_of(drive) == dict(files_of(bundled), **{"boot_out.txt": CP9.encode()})
    assert changes[-1] == ("write", "code.py")
    assert changes[-2] == ("write", "boot.py")
    assert {kind for kind, _ in changes} == {"write"}
    assert sorted(rel for _, rel in changes) == sorted(files_of(bundled))
    assert any("+ code.py" in line for line in log)
    assert not list(drive.rglob("*.quadpocket-tmp"))


def test_second_flash_writes_nothing(tmp_path, bundled):
    drive = fake_drive(tmp_path)
    flash(bundled, drive, log=lambda _: None)
    for p in drive.rglob("*"):
        os.utime(p, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))
    before = tree(drive)
    log = []
    assert flash(bundled, drive, log=log.append) == []
    assert tree(drive) == before  # same bytes, same mtimes, same inodes
    assert "up to date" in log[-1]


def test_only_changed_files_are_written(tmp_path, bundled):
    drive = fake_drive(tmp_path)
    flash(bundled, drive, log=lambda _: None)
    before = tree(drive)
    (bundled / "lib/quadcore/board.py").write_text("class Board:\n    size = 11\n")
    (bundled / "code.py").write_text("from quadpocket.app import run\nrun()  # v2\n")
    assert flash(bundled, drive, log=lambda _: None) == [
        ("write", "lib/quadcore/board.py"), ("write", "code.py")]
    after = tree(drive)
    for rel, value in before.items():
        if rel not in ("lib/quadcore/board.py", "code.py"):
            assert after[rel] == value, rel
    assert after["lib/quadcore/board.py"][0] == b"class Board:\n    size = 11\n"


def test_stale_files_of_our_packages_go_and_user_files_stay(tmp_path, bundled):
    drive = fake_drive(tmp_path)
    mine = {"lib/quadcore/old_engine.py": "x", "lib/quadpocket/gone/screen.py": "x",
            "lib/adafruit_touchscreen.mpy": "C old", "lib/adafruit_display_text/label.mpy": "C",
            "lib/.board.py.quadpocket-tmp": "half"}
    theirs = {"settings.toml": "WIFI=1", "quad_games.txt": "e6 f7", "lib/neopixel.mpy": "C",
              "lib/adafruit_bitmap_font/bdf.mpy": "C", "notes/todo.txt": "buy milk",
              "lib/quadcore_notes.txt": "mine"}
    for rel, text in dict(mine, **theirs).items():
        (drive / rel).parent.mkdir(parents=True, exist_ok=True)
        (drive / rel).write_text(text)
    changes = flash(bundled, drive, log=lambda _: None)
    for rel in mine:
        assert not (drive / rel).exists(), rel
        assert ("remove", rel) in changes
    assert not (drive / "lib/quadpocket/gone").exists()  # emptied folder removed too
    for rel, text in theirs.items():
        assert (drive / rel).read_text() == text, rel
    assert changes[-1] == ("write", "code.py")


def test_app_only_leaves_the_libraries_alone(tmp_path, bundled):
    drive = fake_drive(tmp_path)
    for rel in ("lib/adafruit_touchscreen.mpy", "lib/adafruit_display_text/label.mpy"):
        (drive / rel).parent.mkdir(parents=True, exist_ok=True)
        (drive / rel).write_bytes(b"C\x06circup")
    changes = flash(bundled, drive, app_only=True, log=lambda _: None)
    written = [rel for _, rel in changes]
    assert not [r for r in written if "adafruit" in r]
    assert "lib/quadcore/board.py" in written and written[-1] == "code.py"
    assert (drive / "lib/adafruit_touchscreen.mpy").read_bytes() == b"C\x06circup"
    assert not (drive / "lib/adafruit_touchscreen.py").exists()


def test_app_only_carries_every_game(tmp_path):
    """An app-only flash writes every engine and face of the bundle (regression: the face
    folders and the engines after winquad were left out) and leaves the libraries."""
    from tools.flash import make_plan
    bundle = tmp_path / "bundle"
    files = ("code.py", "boot.py", "lib/quadpocket/app.mpy", "lib/face_still/start.mpy",
             "lib/face_winther/__init__.mpy", "lib/quax/game.mpy", "lib/corners/game.mpy",
             "lib/quadutil/__init__.mpy", "lib/adafruit_ticks.mpy")
    for rel in files:
        (bundle / rel).parent.mkdir(parents=True, exist_ok=True)
        (bundle / rel).write_bytes(b"C\x06" + rel.encode())
    drive = fake_drive(tmp_path)
    (drive / "lib/face_gone").mkdir(parents=True)
    (drive / "lib/face_gone/old.mpy").write_bytes(b"C\x06")
    writes, removals, _ = make_plan(bundle, drive, app_only=True)
    assert sorted(rel for rel, _, _ in writes) == sorted(f for f in files if "adafruit" not in f)
    assert [rel for rel, _ in removals] == ["lib/face_gone/old.mpy"]


def test_dry_run_changes_nothing(tmp_path, bundled):
    drive = fake_drive(tmp_path)
    (drive / "lib/quadcore").mkdir(parents=True)
    (drive / "lib/quadcore/old.py").write_text("x")
    before = tree(drive)
    changes = flash(bundled, drive, dry_run=True, log=lambda _: None)
    assert changes[0] == ("remove", "lib/quadcore/old.py") and changes[-1] == ("write", "code.py")
    assert tree(drive) == before


def test_a_folder_without_boot_out_is_refused_untouched(tmp_path, bundled):
    drive = fake_drive(tmp_path, boot_out=None, name="USBSTICK")
    (drive / "photos").mkdir()
    (drive / "photos" / "cat.jpg").write_bytes(b"\xff\xd8")
    (drive / "code.py").write_text("my own code")
    before = tree(drive)
    with pytest.raises(FlashError, match="no boot_out.txt, so it is not a CircuitPython drive"):
        flash(bundled, drive, log=lambda _: None)
    assert tree(drive) == before


@pytest.mark.parametrize("boot_out, message", [
    ("Adafruit CircuitPython 8.2.10 on 2024-02-14; Adafruit PyPortal with samd51j20\n",
     "runs CircuitPython 8.2.10; Quad Pocket needs CircuitPython 9 or 10"),
    ("Adafruit CircuitPython 11.0.0 on 2027-01-01; Adafruit PyPortal with samd51j20\n",
     "runs CircuitPython 11.0.0; Quad Pocket needs CircuitPython 9 or 10"),
    ("MicroPython v1.22.0 on 2024-01-01; Raspberry Pi Pico with RP2040\n",
     "says MicroPython, not Adafruit CircuitPython"),
    ("", "not Adafruit CircuitPython"),
])
def test_unsupported_firmware_is_refused_untouched(tmp_path, bundled, boot_out, message):
    drive = fake_drive(tmp_path, boot_out=boot_out)
    (drive / "lib").mkdir()
    (drive / "lib" / "quadcore").mkdir()
    (drive / "lib" / "quadcore" / "old.py").write_text("stale but not ours to judge now")
    before = tree(drive)
    with pytest.raises(FlashError, match=message):
        flash(bundled, drive, log=lambda _: None)
    assert tree(drive) == before


@pytest.mark.parametrize("version", ["9.0.0", "9.2.1", "10.0.3", "10.1.0-beta.1"])
def test_circuitpython_9_and_10_are_accepted(tmp_path, bundled, version):
    drive = fake_drive(tmp_path, boot_out="Adafruit CircuitPython %s on 2025-06-01; "
                                          "Adafruit PyPortal with samd51j20\n" % version)
    assert flash(bundled, drive, log=lambda _: None)[-1] == ("write", "code.py")


def test_not_enough_space_is_refused_untouched(tmp_path, bundled, monkeypatch):
    drive = fake_drive(tmp_path)
    before = tree(drive)
    real = shutil.disk_usage

    def tiny(path):
        return real(path)._replace(free=20_000)  # far less than the ~110 KB bundle
    monkeypatch.setattr(flash_tool.shutil, "disk_usage", tiny)
    with pytest.raises(FlashError, match="not enough room"):
        flash(bundled, drive, log=lambda _: None)
    assert tree(drive) == before


def test_code_txt_hiding_code_py_is_reported_not_deleted(tmp_path, bundled):
    drive = fake_drive(tmp_path)
    (drive / "code.txt").write_text("print('hi')")
    log = []
    flash(bundled, drive, log=log.append)
    assert any("code.txt is on the drive" in line for line in log)
    assert (drive / "code.txt").read_text() == "print('hi')"


def test_switching_to_an_mpy_bundle_and_version_match(tmp_path):
    src = make_src(tmp_path)
    out = tmp_path / "build" / "CIRCUITPY"
    quiet_build(src, out)
    drive = fake_drive(tmp_path, boot_out="Adafruit CircuitPython 10.0.3 on 2025-10-01; "
                                          "Adafruit PyPortal with samd51j20\n")
    flash(out, drive, log=lambda _: None)
    assert (drive / "lib/quadcore/board.py").exists()

    quiet_build(src, out, mpy_cross=fake_mpy_cross(
        tmp_path, "CircuitPython 10.0.3 on 2025-10-01; mpy-cross emitting mpy v6", b"C"))
    changes = flash(out, drive, log=lambda _: None)
    assert ("remove", "lib/quadcore/board.py") in changes  # .py would shadow the new .mpy
    assert ("write", "lib/quadcore/board.mpy") in changes
    assert ("write", "code.py") not in changes  # unchanged: not rewritten
    assert not [p for p in (drive / "lib").rglob("*.py")]

    drive9 = fake_drive(tmp_path / "nine")
    before = tree(drive9)
    with pytest.raises(FlashError, match="CircuitPython 10's mpy-cross but the board runs "
                                         "CircuitPython 9"):
        flash(out, drive9, log=lambda _: None)
    assert tree(drive9) == before


def test_find_drive(tmp_path):
    patterns = (str(tmp_path / "media" / "*" / "CIRCUITPY"), str(tmp_path / "Volumes/CIRCUITPY"))
    with pytest.raises(FlashError, match="no CIRCUITPY drive found"):
        flash_tool.find_drive(patterns)
    (tmp_path / "media" / "ann" / "CIRCUITPY").mkdir(parents=True)
    assert flash_tool.find_drive(patterns) == tmp_path / "media" / "ann" / "CIRCUITPY"
    (tmp_path / "Volumes" / "CIRCUITPY").mkdir(parents=True)
    with pytest.raises(FlashError, match="several CIRCUITPY drives"):
        flash_tool.find_drive(patterns)


def test_flash_command_line(tmp_path, bundled):
    drive = fake_drive(tmp_path)
    cmd = [sys.executable, "-m", "tools.flash", "--bundle", str(bundled)]
    env = dict(os.environ, DRIVE=str(drive))
    first = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    assert "+ code.py" in first.stdout and "CircuitPython 9.2.1" in first.stdout
    second = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert second.returncode == 0 and "up to date" in second.stdout
    wrong = subprocess.run(cmd + ["--drive", str(tmp_path)], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=120)
    assert wrong.returncode == 2 and "not a CircuitPython drive" in wrong.stderr


def test_twins_and_frozen_copies_outside_the_bundle_are_reported_not_deleted(tmp_path, bundled):
    """Under --app-only the libraries are the user's: a .py beside a .mpy of the same
    module is named (CircuitPython imports the .py), never deleted; so is a /lib copy of a
    library the PyPortal freezes."""
    drive = fake_drive(tmp_path)
    theirs = {"lib/adafruit_touchscreen.py": "old", "lib/adafruit_touchscreen.mpy": "C\x06",
              "lib/adafruit_display_text/label.mpy": "C\x06"}
    for rel, text in theirs.items():
        (drive / rel).parent.mkdir(parents=True, exist_ok=True)
        (drive / rel).write_text(text)
    lines = []
    flash(bundled, drive, app_only=True, log=lines.append)
    text = "\n".join(lines)
    assert ("lib/adafruit_touchscreen.py and lib/adafruit_touchscreen.mpy are both on the "
            "drive: CircuitPython imports the .py") in text
    assert "lib/adafruit_display_text is frozen in the PyPortal's firmware" in text
    for rel, body in theirs.items():
        assert (drive / rel).read_text() == body


def test_circuitpython_imports_the_py_of_a_twin():
    """The fact the flash relies on, checked on CircuitPython's own VM."""
    import tempfile
    from tools import cpvm
    cpvm.need_vm()
    mpy_cross = cpvm.find_mpy_cross(download=False)
    if mpy_cross is None:
        pytest.skip(cpvm.MISSING_MPY_CROSS)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "src.py").write_text("WHO = 'mpy'\n")
        cpvm.compile_file(mpy_cross, Path(tmp) / "src.py", Path(tmp) / "twin.mpy", "twin.py")
        (Path(tmp) / "src.py").unlink()
        (Path(tmp) / "twin.py").write_text("WHO = 'py'\n")
        assert cpvm.run("import twin\nprint(twin.WHO)", path=tmp) == "py\n"
        (Path(tmp) / "twin.py").unlink()
        assert cpvm.run("import twin\nprint(twin.WHO)", path=tmp) == "mpy\n"


# ---------------------------------------------------------------- doctor

def test_doctor_reports_version_board_space_and_mpy_match(tmp_path):
    from tools import doctor
    src = make_src(tmp_path)
    out = tmp_path / "build" / "CIRCUITPY"
    quiet_build(src, out, board="pyportal", mpy_cross=fake_mpy_cross(
        tmp_path, "CircuitPython 10.2.1 on 2026-11-22; mpy-cross emitting mpy v6.3", b"C"))
    drive = fake_drive(tmp_path, boot_out="Adafruit CircuitPython 10.2.1 on 2026-11-22; "
                                          "Adafruit PyPortal with samd51j20\nBoard ID:pyportal\n")
    lines, problems = doctor.examine(drive, out)
    text = "\n".join(lines)
    assert "firmware: Adafruit CircuitPython 10.2.1" in text
    assert "board: pyportal" in text and "free space: " in text
    assert "loads on this board" in text and "make flash would write" in text
    assert problems == ["no code.py on the drive: run make flash"]
    flash(out, drive, log=lambda _: None)
    lines, problems = doctor.examine(drive, out)
    assert problems == [] and "drive holds the bundle v-test as built" in lines

    # an .mpy of another version, a twin, and a CircuitPython 9 board for a 10 bundle
    (drive / "lib" / "old.mpy").write_bytes(b"C\x05xx")
    (drive / "lib" / "old.py").write_text("x = 1\n")
    lines, problems = doctor.examine(drive, out)
    assert any("old.mpy" in p and "will not load" in p for p in problems)
    assert any("lib/old.py and lib/old.mpy" in p for p in problems)
    (drive / "boot_out.txt").write_text(CP9)
    _, problems = doctor.examine(drive, out)
    assert any("made for CircuitPython 10, the board runs 9" in p for p in problems)
    run = subprocess.run([sys.executable, "-m", "tools.doctor", "--drive", str(drive),
                          "--bundle", str(out)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 1 and "problem:" in run.stdout
    run = subprocess.run([sys.executable, "-m", "tools.doctor", "--drive", str(tmp_path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "boot_out.txt" in run.stderr


# ---------------------------------------------------------------- the firmware route

OURS = ("Adafruit CircuitPython 10.2.1-quadpocket.v-test on 2026-12-06; Adafruit PyPortal "
        "with samd51j20\nBoard ID:pyportal\n")
INFO_PYPORTAL = ("UF2 Bootloader v3.15.0 SFHWRO\nModel: PyPortal M4 Express\n"
                 "Board-ID: SAMD51J20A-PyPortal-v0\n")
INFO_TITANO = ("UF2 Bootloader v3.15.0 SFHWRO\nModel: PyPortal Titano\n"
               "Board-ID: SAMD51J20A-Titano-v0\n")


def fake_uf2(path, blocks=4):
    from host_tests.test_firmware_route import uf2_blocks
    path.write_bytes(uf2_blocks(blocks))
    return path


def boot_drive(tmp_path, info=INFO_PYPORTAL):
    drive = tmp_path / "media" / "PORTALBOOT"
    drive.mkdir(parents=True)
    (drive / "INFO_UF2.TXT").write_text(info)
    (drive / "INDEX.HTM").write_text("<html></html>")
    return drive


def with_data(tmp_path):
    """A .py bundle of the fake tree with data files beside the code (help, a book)."""
    src = make_src(tmp_path, extra={"lib/quadpocket/help.txt": "= About\n",
                                    "quax/__init__.py": "", "quax/small.book": "book"})
    out = tmp_path / "build" / "CIRCUITPY"
    quiet_build(src, out, board="pyportal")
    return out


def test_a_board_in_its_bootloader_gets_the_uf2(tmp_path, bundled):
    uf2 = fake_uf2(tmp_path / "fw.uf2")
    drive = boot_drive(tmp_path, INFO_TITANO)
    lines = []
    done = flash(bundled, drive, uf2=uf2, log=lines.append)
    assert done == [("write", "quadpocket-pyportal_titano.uf2")]
    assert (drive / "quadpocket-pyportal_titano.uf2").read_bytes() == uf2.read_bytes()
    assert "board pyportal_titano" in lines[0] and "run make flash again" in lines[-1]
    # the PyPortal's bootloader cannot tell a Titano from a PyPortal: BOARD must say
    drive2 = boot_drive(tmp_path / "two")
    before = tree(drive2)
    with pytest.raises(FlashError, match="BOARD=pyportal or BOARD=pyportal_titano"):
        flash(bundled, drive2, uf2=uf2, log=lambda _: None)
    with pytest.raises(FlashError, match="says this board is a Titano"):
        flash(bundled, drive, uf2=uf2, board="pyportal", log=lambda _: None)
    assert tree(drive2) == before
    flash(bundled, drive2, uf2=uf2, board="pyportal", log=lambda _: None)
    assert (drive2 / "quadpocket-pyportal.uf2").is_file()


def test_a_bad_or_missing_uf2_or_another_board_is_refused_untouched(tmp_path, bundled,
                                                                      monkeypatch):
    drive = boot_drive(tmp_path)
    before = tree(drive)
    bad = tmp_path / "bad.uf2"
    bad.write_bytes(b"\0" * 1024)
    with pytest.raises(FlashError, match="not a UF2 block.*Nothing was copied"):
        flash(bundled, drive, uf2=bad, board="pyportal", log=lambda _: None)
    monkeypatch.setattr(flash_tool, "uf2_path", lambda b: tmp_path / ("none-%s.uf2" % b))
    with pytest.raises(FlashError, match="make firmware BOARD=pyportal"):
        flash(bundled, drive, board="pyportal", log=lambda _: None)
    with pytest.raises(FlashError, match="dry run|Nothing") as _:
        flash(bundled, drive, board="pyportal", dry_run=True, log=lambda _: None)
    (drive / "INFO_UF2.TXT").write_text("UF2 Bootloader\nModel: Feather M4\n"
                                       "Board-ID: SAMD51J19A-Feather-v0\n")
    with pytest.raises(FlashError, match="names another board"):
        flash(bundled, drive, uf2=fake_uf2(tmp_path / "ok.uf2"), board="pyportal",
              log=lambda _: None)
    assert tree(drive) == {**before, "INFO_UF2.TXT": tree(drive)["INFO_UF2.TXT"]}


def test_find_drive_finds_a_board_in_its_bootloader(tmp_path):
    patterns = (str(tmp_path / "media" / "*" / "CIRCUITPY"),
                str(tmp_path / "media" / "*" / "PORTALBOOT"))
    (tmp_path / "media" / "ann" / "PORTALBOOT").mkdir(parents=True)
    assert flash_tool.find_drive(patterns) == tmp_path / "media" / "ann" / "PORTALBOOT"


def test_our_firmware_gets_only_code_py_boot_py_and_the_data(tmp_path):
    out = with_data(tmp_path)
    drive = fake_drive(tmp_path, boot_out="Adafruit CircuitPython 10.2.1 on 2026-12-06; "
                                          "Adafruit PyPortal with samd51j20\nBoard ID:pyportal\n")
    flash(out, drive, log=lambda _: None)  # stock CircuitPython: the whole bundle
    assert (drive / "lib" / "quadpocket" / "app.py").is_file()
    assert (drive / "lib" / "adafruit_touchscreen.py").is_file()
    mine = drive / "my_notes.txt"
    mine.write_text("mine")
    (drive / "boot_out.txt").write_text(OURS)  # the .uf2 went on: our firmware runs now
    lines = []
    done = flash(out, drive, log=lines.append)
    assert "runs Quad Pocket's firmware (built from v-test)" in "\n".join(lines)
    left = {k for k in files_of(drive)}
    assert left == {"boot_out.txt", "code.py", "boot.py", "lib/quadpocket/help.txt",
                    "lib/quax/small.book", "my_notes.txt"}
    assert ("remove", "lib/quadpocket/app.py") in done
    assert ("remove", "lib/adafruit_touchscreen.py") in done  # frozen with ours
    assert flash(out, drive, log=lambda _: None) == []  # up to date
    # a firmware built from another version than the bundle: said, not refused
    (drive / "boot_out.txt").write_text(OURS.replace("v-test", "aa458b3"))
    lines = []
    flash(out, drive, log=lines.append)
    assert any("built from aa458b3, the bundle from v-test" in line for line in lines)


def test_doctor_tells_the_firmware_and_whether_the_drive_suits_it(tmp_path):
    from tools import doctor
    out = with_data(tmp_path)
    drive = fake_drive(tmp_path, boot_out=OURS)
    lines, problems = doctor.examine(drive, out)
    assert "route: Quad Pocket's firmware, built from v-test" in "\n".join(lines)
    assert any("data files the firmware reads are missing" in p for p in problems)
    flash(out, drive, log=lambda _: None)
    lines, problems = doctor.examine(drive, out)
    assert problems == [] and "drive holds the bundle v-test as built" in lines
    (drive / "quadpocket").mkdir()  # a data-only folder where it hides the frozen package
    (drive / "lib" / "quax" / "old.mpy").write_bytes(b"C\x06")
    lines, problems = doctor.examine(drive, out)
    assert any("/quadpocket on the drive hides the firmware's quadpocket" in p for p in problems)
    assert any("code file(s) of ours in lib/ are never imported" in x for x in lines)
    (drive / "boot_out.txt").write_text(OURS.replace("quadpocket.v-test", "quadpocket.old1"))
    lines, _ = doctor.examine(drive, out)
    assert any("built from old1, the bundle from v-test" in x for x in lines)
    # stock CircuitPython: said so
    (drive / "boot_out.txt").write_text(CP9)
    lines, _ = doctor.examine(drive, out)
    assert "route: stock CircuitPython" in "\n".join(lines)


def test_doctor_on_a_board_in_its_bootloader(tmp_path, monkeypatch):
    from tools import doctor
    drive = boot_drive(tmp_path)
    monkeypatch.setattr(doctor, "uf2_path", lambda b: tmp_path / ("q-%s.uf2" % b))
    lines, problems = doctor.examine(drive, tmp_path / "none")
    text = "\n".join(lines)
    assert "UF2 bootloader: UF2 Bootloader v3.15.0" in text
    assert "q-pyportal.uf2: not built (make firmware BOARD=pyportal)" in text
    assert problems and "BOARD=pyportal or BOARD=pyportal_titano" in problems[0]
    fake_uf2(tmp_path / "q-pyportal.uf2")
    lines, problems = doctor.examine(drive, tmp_path / "none", board="pyportal")
    assert problems == [] and "q-pyportal.uf2: built, make flash copies it" in lines
    run = subprocess.run([sys.executable, "-m", "tools.doctor", "--drive", str(drive)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and "UF2 bootloader" in run.stdout
