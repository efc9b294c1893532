"""The firmware route (tools/firmware.py, tools/cproute.py, docs/device.md): what is frozen
and what stays on the drive, the .uf2 checks, and on CircuitPython's unix VM with our
packages frozen in: the frozen code finds its data (help texts, opening books) on the drive.

The VM tests build that VM once per device tree (minutes: they carry the budget marker and
skip, saying why, where CircuitPython's source or a 32-bit gcc is missing). Nothing here
needs the ARM toolchain: a test that looks at a built .uf2 skips, saying how to build one.
"""

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

from tools import cproute, cpvm, firmware  # noqa: E402
from tools.firmware import FirmwareError, check_uf2  # noqa: E402


def test_code_is_frozen_and_only_data_stays_on_the_drive(tmp_path):
    bundle = tmp_path / "bundle"
    files = {"code.py": "run()", "boot.py": "b = 1", "lib/quadpocket/__init__.py": "",
             "lib/quadpocket/help.txt": "= About", "lib/corners/duo.book": "\0" * 8,
             "lib/corners/book.py": "x = 1", "lib/adafruit_touchscreen.py": "t = 1"}
    for rel, text in files.items():
        (bundle / rel).parent.mkdir(parents=True, exist_ok=True)
        (bundle / rel).write_text(text)
    cproute.split_bundle(bundle, tmp_path / "frozen", tmp_path / "drive")
    frozen = sorted(p.relative_to(tmp_path / "frozen").as_posix()
                    for p in (tmp_path / "frozen").rglob("*") if p.is_file())
    drive = sorted(p.relative_to(tmp_path / "drive").as_posix()
                   for p in (tmp_path / "drive").rglob("*") if p.is_file())
    assert frozen == ["adafruit_touchscreen.py", "corners/book.py", "quadpocket/__init__.py"]
    assert drive == ["boot.py", "code.py", "lib/corners/duo.book", "lib/quadpocket/help.txt"]
    (bundle / "lib" / "old.mpy").write_text("C")
    with pytest.raises(cproute.RouteError, match="lib/old.mpy"):
        cproute.split_bundle(bundle, tmp_path / "f2", tmp_path / "d2")


def test_the_real_bundle_splits_into_every_package_and_its_data(tmp_path):
    tree = cproute.stage(tmp_path, libraries=True)
    frozen = {p.relative_to(tree / "frozen").as_posix() for p in (tree / "frozen").rglob("*.py")}
    for pkg in ("quadutil", "quadcore", "winquad", "quax", "corners", "quadpocket",
                "face_still", "face_winther", "face_quax", "face_corners"):
        assert pkg + "/__init__.py" in frozen
    assert "adafruit_touchscreen.py" in frozen  # the library the game imports goes in too
    data = {p.relative_to(tree / "CIRCUITPY").as_posix()
            for p in (tree / "CIRCUITPY").rglob("*") if p.is_file()}
    assert {"code.py", "boot.py", "lib/quadpocket/help.txt", "lib/face_still/help.txt",
            "lib/corners/duo.book", "lib/corners/classic_2.book"} <= data
    assert not [r for r in data if r.endswith((".py", ".mpy")) and r.startswith("lib/")]
    # the manifest: one freeze_as_mpy line per file, as CircuitPython's FROZEN_MPY_DIRS
    man = cproute.manifest(tree / "frozen").splitlines()[1:]
    assert len(man) == len(frozen) and all(m.startswith("freeze_as_mpy(") for m in man)
    before = cproute.tree_hash(tree / "frozen")
    with open(tree / "frozen" / "quadutil" / "__init__.py", "a") as f:
        f.write("# changed\n")
    assert cproute.tree_hash(tree / "frozen") != before


def uf2_blocks(n, start=0x4000, damage=None):
    out = bytearray()
    for i in range(n):
        head = [0x0A324655, 0x9E5D5157, 0, start + 256 * i, 256, i, n, 0]
        b = b"".join(w.to_bytes(4, "little") for w in head) + bytes(476) + \
            (0x0AB16F30).to_bytes(4, "little")
        out += b
    if damage:
        damage(out)
    return bytes(out)


def test_a_uf2_is_checked_block_by_block(tmp_path):
    good = tmp_path / "good.uf2"
    good.write_bytes(uf2_blocks(3))
    assert check_uf2(good) == {"blocks": 3, "start": 0x4000, "end": 0x4300}
    bad = {"short": lambda b: b.__delitem__(slice(-1, None)),
           "magic": lambda b: b.__setitem__(0, 0),
           "end": lambda b: b.__setitem__(511, 0),
           "order": lambda b: b.__setitem__(512 + 20, 5)}
    for name, hurt in bad.items():
        p = tmp_path / (name + ".uf2")
        p.write_bytes(uf2_blocks(3, damage=hurt))
        with pytest.raises(FirmwareError):
            check_uf2(p)
    over = tmp_path / "over.uf2"
    over.write_bytes(uf2_blocks(2, start=0))
    with pytest.raises(FirmwareError, match="bootloader"):
        check_uf2(over)


def test_without_a_toolchain_the_firmware_build_says_how_to_get_one(monkeypatch):
    monkeypatch.setattr(firmware, "host_toolchain", lambda: False)
    monkeypatch.setattr(firmware, "chroot_ready", lambda: False)
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    with pytest.raises(FirmwareError, match="arm-none-eabi-gcc >= 14"):
        firmware.build("pyportal")
    with pytest.raises(FirmwareError, match="BOARD=feather"):
        firmware.build("feather")


def test_the_build_reports_its_flash_use():
    out = ("\n609728 bytes used, 414272 bytes free in flash firmware space out of 1024000 "
           "bytes (1000.0kB).\n247268 bytes used, 14876 bytes free in ram for stack and heap "
           "out of 262144 bytes (256.0kB).\n")
    assert firmware.flash_used(out) == (609728, 1024000)
    assert len(firmware.size_lines(out)) == 2
    assert firmware.stamp_mark("aa458b3-dirty") == "aa458b3.dirty"


@pytest.mark.parametrize("board", firmware.BOARDS)
def test_a_built_firmware_is_a_whole_uf2_that_fits(board):
    uf2 = firmware.uf2_path(board)
    if not uf2.is_file():
        pytest.skip("no %s: `make firmware BOARD=%s` builds it (needs arm-none-eabi-gcc >= 14; "
                    "docs/device.md)" % (uf2.name, board))
    info = check_uf2(uf2)
    assert info["start"] == firmware.BOOTLOADER_SIZE
    assert info["end"] - info["start"] <= firmware.FLASH_REGION


# ---------------------------------------------------------------- on the frozen VM

FINDS = r"""
import sys, quadpocket, face_still, face_corners
from quadpocket import pages
from corners import Game, book
print("file", face_still.__file__)
i = sys.path.index(".frozen")
print("path", sys.path[i - 1].endswith("CIRCUITPY"), sys.path[i + 1].endswith("CIRCUITPY/lib"))
print("topics", pages.help_topics(name=pages._path(face_still.__file__, "help.txt"))[:2])
print("shell", pages.help_topics()[-1])
g = Game("duo")
print("book", book.path("duo"), book.move(g.board, book.path("duo")) > 0)
"""


@pytest.mark.budget
def test_frozen_code_finds_its_help_and_books_on_the_drive():
    cproute.need_frozen_vm()
    out = cproute.run(FINDS)
    lines = dict(line.split(" ", 1) for line in out.splitlines())
    assert lines["file"] == "face_still/__init__.py"  # frozen: a relative name
    assert lines["path"] == "True True"  # the device's order: the drive, .frozen, its lib/
    topics = [line[2:] for line in
              (ROOT / "lib" / "face_still" / "help.txt").read_text().splitlines()
              if line.startswith("= ")]
    assert lines["topics"] == repr(topics[:2])
    assert lines["shell"] == "About"
    assert lines["book"] == "lib/corners/duo.book True"


@pytest.mark.budget
def test_a_data_only_folder_before_frozen_hides_the_package():
    """Why the data goes to lib/ (after .frozen) and never to the drive's root: a folder
    there without code is imported as an empty package in place of the frozen one."""
    cproute.need_frozen_vm()
    drive = cproute.staged() / "CIRCUITPY"
    code = "import face_still\nprint(face_still.__file__ if hasattr(face_still, '__file__') " \
           "else None, hasattr(face_still, 'Screen'))\n"
    assert cproute.run(code).split() == ["face_still/__init__.py", "True"]
    (drive / "face_still").mkdir()
    try:
        (drive / "face_still" / "help.txt").write_text("= Rules\n")
        assert cproute.run(code).split()[-1] == "False"
    finally:
        (drive / "face_still" / "help.txt").unlink()
        (drive / "face_still").rmdir()


@pytest.mark.budget
def test_the_frozen_vm_is_the_plain_vm_with_our_packages():
    """Same CircuitPython, same flags: the frozen VM answers the plain one's version and
    finds our packages in .frozen and nowhere else."""
    vm = cproute.need_frozen_vm()
    plain = cpvm.run("import sys\nprint(sys.implementation.version, sys.maxsize)")
    frozen = cpvm.run("import sys\nprint(sys.implementation.version, sys.maxsize)", vm=vm)
    assert plain == frozen
    with pytest.raises(cpvm.GuestError):
        cpvm.run("import quadpocket", path=str(ROOT / "host_tests" / "vmstubs"))
    assert cpvm.run("import quadpocket\nprint(quadpocket.__file__)", vm=vm,
                    path=".frozen") == "quadpocket/__init__.py\n"
