"""`make doctor`: what a connected board runs and whether the bundle suits it. Reads only.

    python -m tools.doctor [--drive PATH] [--bundle build/CIRCUITPY]

Reports, from the CIRCUITPY drive: the CircuitPython version and board (boot_out.txt),
free space, the .mpy files on the drive that this CircuitPython cannot load (wrong header
or version), .py/.mpy twins (the .py is imported), copies of libraries the firmware freezes,
a code.txt/main.py that would run instead of code.py; and from the bundle (make bundle):
whether its .mpy files were made for the board's CircuitPython, and whether the drive holds
the bundle as built (or what `make flash` would change).
Which firmware: stock CircuitPython (the game's code is the bundle's .mpy files on the
drive) or Quad Pocket's (tools/firmware.py: the code is frozen in, and the drive needs only
code.py, boot.py and the data files; a copy of our code on it is never imported). A board
in its bootloader (a drive with INFO_UF2.TXT) is named, with the .uf2 `make flash` would
give it.
Exit status 0 when nothing stands in the way of the game, 1 when something does, 2 when
there is no CircuitPython drive to look at.
"""

import argparse
import json
import os
import re
import shutil
import sys
from pathlib import Path

from tools.bundle import DEFAULT_OUT, FROZEN
from tools.cpvm import MPY_HEADER
from tools.cproute import is_data
from tools.flash import (INFO_UF2, RUN_ORDER, FlashError, bootloader_board, check_firmware,
                         find_drive, frozen_copies, in_bootloader, make_plan,
                         our_firmware, twins)
from tools.firmware import BOARDS, stamp_mark, uf2_path

# Our packages' top-level names on the drive (tools/bundle.py's APP_ and GAME_PACKAGES).
OUR_TOPS = {"quadcore", "quadpocket", "quadutil", "winquad", "corners", "quax"}
# CircuitPython 9 and 10 load .mpy version 6 (b"C\x06"); 8 loaded version 5.
MPY_VERSION_FOR_MAJOR = {8: 5, 9: 6, 10: 6}


def _ours(top):
    """A /lib entry our firmware freezes: our packages, and the library the game imports."""
    return top in OUR_TOPS or top.startswith("face_") or top == "adafruit_touchscreen"


def _board_id(drive):
    try:
        text = (Path(drive) / "boot_out.txt").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    m = re.search(r"Board ID:\s*(\S+)", text)
    return m.group(1) if m else None


def examine_bootloader(drive, board=None):
    """A board in its UF2 bootloader: which board, and the .uf2 make flash would copy."""
    lines, problems = [], []
    info = " ".join((Path(drive) / INFO_UF2).read_text(errors="replace").split())
    lines.append("UF2 bootloader: %s" % info[:120])
    try:
        board = bootloader_board(drive, board)
    except FlashError as exc:
        problems.append(str(exc).replace(" Nothing was copied.", ""))
        board = None
    for b in ([board] if board else BOARDS):
        uf2 = uf2_path(b)
        lines.append("%s: %s" % (uf2.name, "built, make flash%s copies it" % (
            "" if board else " BOARD=" + b) if uf2.is_file() else "not built (make firmware "
            "BOARD=%s)" % b))
    if board and not uf2_path(board).is_file():
        problems.append("no firmware built for %s: make firmware BOARD=%s" % (board, board))
    lines.append("(stock CircuitPython instead: copy its .uf2 from circuitpython.org here; "
                 "docs/device.md)")
    return lines, problems


def examine(drive, bundle=DEFAULT_OUT, board=None):
    """-> (lines, problems): what was found, and what stands in the way of the game."""
    drive, bundle = Path(drive), Path(bundle)
    if drive.is_dir() and in_bootloader(drive):
        return examine_bootloader(drive, board)
    lines, problems = [], []
    major, banner = check_firmware(drive)
    board = _board_id(drive)
    ours = our_firmware(banner)
    lines.append("firmware: %s" % banner)
    lines.append("route: %s" % (
        "Quad Pocket's firmware, built from %s: the games' code is in it, the drive needs "
        "code.py, boot.py and the data files" % ours if ours else
        "stock CircuitPython: the games' code is the bundle's .mpy files on the drive"))
    lines.append("board: %s%s" % (board or "unknown (no Board ID in boot_out.txt)",
                                  "" if board is None or board in FROZEN else
                                  " (not one the bundle knows frozen libraries for)"))
    usage = shutil.disk_usage(drive)
    lines.append("free space: %s of %s bytes" % (format(usage.free, ","),
                                                 format(usage.total, ",")))
    want = MPY_VERSION_FOR_MAJOR.get(major, 6)

    files = sorted(p.relative_to(drive).as_posix() for p in drive.rglob("*")
                   if p.is_file() and not p.is_symlink())
    bad = []
    for rel in files:
        if rel.endswith(".mpy"):
            with open(drive / rel, "rb") as f:
                head = f.read(2)
            if head[:1] != b"C" or len(head) < 2 or head[1] != want:
                bad.append("%s (%r)" % (rel, head))
    lines.append(".mpy files on the drive: %d" % sum(r.endswith(".mpy") for r in files))
    if bad:
        problems.append("CircuitPython %d loads .mpy version %d ('C'): these will not load: %s"
                        % (major, want, ", ".join(bad)))
    for py, mpy in twins(files):
        problems.append("%s and %s: CircuitPython imports the .py" % (py, mpy))
    for rel in frozen_copies(files):
        lines.append("note: %s is frozen in the firmware (the copy is never imported)" % rel)
    for name in RUN_ORDER[:RUN_ORDER.index("code.py")]:
        if (drive / name).exists():
            problems.append("%s runs instead of code.py" % name)
    if not (drive / "code.py").is_file():
        problems.append("no code.py on the drive: run make flash")
    if ours:
        # A folder at the drive's root named like one of our packages is imported before
        # the frozen one ('/' comes before '.frozen'), even without code: it hides it.
        for name in sorted(p.name for p in drive.iterdir() if p.is_dir()):
            if name in OUR_TOPS or name.startswith("face_"):
                problems.append("/%s on the drive hides the firmware's %s package (CircuitPython "
                                "looks in / before .frozen): delete or move it" % (name, name))
        code = [r for r in files if r.startswith("lib/") and r.endswith((".py", ".mpy"))
                and _ours(r.split("/")[1].split(".")[0])]
        if code:
            lines.append("note: %d code file(s) of ours in lib/ are never imported (the "
                         "firmware's come first): make flash removes them" % len(code))

    info_path = bundle.with_name(bundle.name + ".json")
    if not (bundle / "code.py").is_file() or not info_path.is_file():
        lines.append("bundle: none at %s (make bundle)" % bundle)
        return lines, problems
    info = json.loads(info_path.read_text(encoding="utf-8"))
    made = info.get("mpy_cross")
    if ours:
        need = sorted(rel for rel in (p.relative_to(bundle).as_posix()
                                      for p in bundle.rglob("*") if p.is_file())
                      if is_data(rel) and rel.startswith("lib/"))
        gone = [rel for rel in need if not (drive / rel).is_file()]
        if gone:
            problems.append("data files the firmware reads are missing (help, opening books): "
                            "%s: run make flash" % ", ".join(gone[:4]) +
                            (" and %d more" % (len(gone) - 4) if len(gone) > 4 else ""))
        if stamp_mark(info.get("version", "")) != ours:
            lines.append("note: the firmware was built from %s, the bundle from %s: make "
                         "firmware and flash the .uf2 to bring the code up to date"
                         % (ours, info.get("version", "?")))
        made = None
    if made:
        m = re.match(r"CircuitPython (\d+)\.", made)
        built = int(m.group(1)) if m else None
        heads = {p.read_bytes()[:2] for p in bundle.rglob("*.mpy")}
        ok = heads <= {bytes([MPY_HEADER[0], want])}
        lines.append("bundle: .mpy from %s, version %s: %s" % (
            made, ", ".join(sorted("%d" % h[1] for h in heads if len(h) > 1)),
            "loads on this board" if ok else "does NOT load on this board"))
        if not ok or (built is not None and built != major):
            problems.append("the bundle's .mpy files were made for CircuitPython %s, the board "
                            "runs %d: rebuild with the matching mpy-cross, or "
                            "make bundle BUNDLE_ARGS=--py" % (built, major))
    else:
        lines.append("bundle: .py sources (compiled on the board at import: more heap)")
    if info.get("board") and board and info["board"] != board and info["board"] != "none":
        lines.append("note: the bundle left out the libraries %s freezes; this board is %s"
                     % (info["board"], board))
    writes, removals, _ = make_plan(bundle, drive, frozen=ours is not None)
    if writes or removals:
        lines.append("drive vs bundle %s: make flash would write %d file(s), remove %d"
                     % (info.get("version", "?"), len(writes), len(removals)))
    else:
        lines.append("drive holds the bundle %s as built" % info.get("version", "?"))
    return lines, problems


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.doctor", description=(
        "Check a connected CircuitPython board against the bundle (reads only)."))
    parser.add_argument("--drive", default=os.environ.get("DRIVE") or None,
                        help="path of the CIRCUITPY drive (env DRIVE; default: look for it)")
    parser.add_argument("--bundle", default=str(DEFAULT_OUT), help="bundle folder (make bundle)")
    parser.add_argument("--board", choices=BOARDS, default=os.environ.get("BOARD") or None,
                        help="a board in its bootloader: which it is (env BOARD)")
    args = parser.parse_args(argv)
    try:
        drive = Path(args.drive) if args.drive else find_drive()
        lines, problems = examine(drive, args.bundle, args.board)
    except FlashError as exc:
        print("doctor: %s" % exc, file=sys.stderr)
        return 2
    print("%s:" % drive)
    for line in lines:
        print("  " + line)
    for p in problems:
        print("  problem: " + p)
    print("  %s" % ("ready: make flash, then the game starts" if not problems else
                    "%d problem(s) above" % len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
