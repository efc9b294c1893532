"""Copy the bundle (build/CIRCUITPY, from `make bundle`) onto a PyPortal's CIRCUITPY drive.

    python -m tools.flash [--drive PATH] [--bundle build/CIRCUITPY] [--app-only] [--dry-run]

- The drive is the one named by --drive (or DRIVE=...), else the one mounted CIRCUITPY drive
  found under /media/*/, /run/media/*/ or /Volumes/.
- Its boot_out.txt must say CircuitPython 9 or 10; anything else (no boot_out.txt, another
  major version, MicroPython) is refused before a single byte is written.
- Files are compared by content and only changed ones are written, each to a temporary name
  and then renamed over the old one, libraries first and code.py last: CircuitPython reloads
  after USB writes settle, so one flash means one reload, and the game never starts with
  half-copied modules. A second run finds nothing to do and writes nothing.
- Stale files are removed only where the bundle owns the folder: lib/quadcore/,
  lib/quadpocket/ and the Adafruit libraries it ships (e.g. an old .mpy beside the new .py,
  which CircuitPython would not load anyway: it tries .py first). Everything else on the
  drive (settings, other libraries, your own files) is left alone.
- --app-only copies code.py, boot.py and our two packages, and leaves lib/'s Adafruit
  libraries to you (for example when circup installed them as .mpy).
- Twins: where a module is on the drive both as .py and as .mpy in one folder, CircuitPython
  imports the .py (checked on its VM: the .py is tried first). In the folders the bundle
  owns, the one the bundle does not ship is removed; elsewhere (libraries under --app-only,
  your own files) the flash says which file wins and leaves both. Copies in /lib of
  libraries the board's firmware freezes are never imported there ('.frozen' comes first
  on sys.path): the flash names them too.
- The firmware route (tools/firmware.py, docs/device.md): a board in its bootloader (a
  drive holding INFO_UF2.TXT, PORTALBOOT) gets build/quadpocket-<board>-<tag>.uf2, checked
  block by block first; --board (BOARD=...) names the board where INFO_UF2.TXT cannot
  (the Titano's bootloader may call itself a PyPortal). A CIRCUITPY drive whose
  boot_out.txt says the board runs our firmware gets only code.py, boot.py and the data
  files under lib/ (help texts, opening books): the code is in the firmware, so our
  packages' code files and the libraries frozen with them go from the drive.
"""

import argparse
import errno
import glob
import json
import os
import re
import shutil
import sys
from pathlib import Path

from tools.bundle import APP_PACKAGES, DEFAULT_OUT, FACE_PREFIX, GAME_PACKAGES
from tools.cproute import is_data
from tools.firmware import BOARDS, MARK, FirmwareError, check_uf2, stamp_mark, uf2_path

SUPPORTED_MAJORS = (9, 10)
DRIVE_PATTERNS = ("/media/*/CIRCUITPY", "/run/media/*/CIRCUITPY", "/media/CIRCUITPY",
                  "/Volumes/CIRCUITPY")
# A board in its UF2 bootloader (reset pressed twice): the PyPortal's and the Titano's
# bootloaders name their drive PORTALBOOT.
BOOT_PATTERNS = tuple(p.replace("CIRCUITPY", name) for name in ("PORTALBOOT", "TITANOBOOT")
                      for p in DRIVE_PATTERNS)
INFO_UF2 = "INFO_UF2.TXT"
# Our packages on the drive: every engine and the shell as the bundle ships them, and the
# faces (lib/face_<game>/, matched by prefix below); quadutil is ours too.
OWN_PACKAGES = tuple(dest for _, dest in APP_PACKAGES + GAME_PACKAGES)
ENTRY_FILES = ("boot.py", "code.py")  # written last, in this order: code.py is the very last
# CircuitPython runs the first of these it finds; any before code.py would hide our game.
RUN_ORDER = ("code.txt", "code.py", "main.txt", "main.py")
TMP_SUFFIX = ".quadpocket-tmp"
READ_ONLY_HINT = ("The game's boot.py gives the drive to the board when the screen is touched "
                  "at start-up (game-record mode): press RESET without touching the screen, "
                  "or start in safe mode (docs/device.md, Recovery), then flash again.")


class FlashError(Exception):
    """Nothing suitable to flash to; the drive was not changed (unless the message says so)."""


# ---------------------------------------------------------------- the drive

def find_drive(patterns=DRIVE_PATTERNS + BOOT_PATTERNS):
    found = []
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            if os.path.isdir(path) and path not in found:
                found.append(path)
    if not found:
        raise FlashError("no CIRCUITPY drive found, nor a board in its bootloader (looked at "
                         "%s). Plug the PyPortal in with a USB data cable, wait for the drive "
                         "to mount, or name it: make flash DRIVE=/path/to/CIRCUITPY"
                         % ", ".join(patterns))
    if len(found) > 1:
        raise FlashError("several CIRCUITPY drives are mounted (%s): choose one with "
                         "make flash DRIVE=..." % ", ".join(found))
    return Path(found[0])


def in_bootloader(drive):
    """Whether the drive is a board's UF2 bootloader (it holds INFO_UF2.TXT)."""
    return (Path(drive) / INFO_UF2).is_file()


def bootloader_board(drive, board=None):
    """The board a bootloader drive belongs to: from INFO_UF2.TXT where it says "Titano",
    else `board`, which must then be given (the Titano's bootloader may call itself a
    PyPortal). FlashError for a board that is neither, or a contradiction."""
    text = (Path(drive) / INFO_UF2).read_text(encoding="utf-8", errors="replace")
    low = text.lower()
    said = "pyportal_titano" if "titano" in low else "pyportal" if "pyportal" in low else None
    if said is None:
        raise FlashError("%s/%s names another board (%s): the firmware is for the PyPortal "
                         "and the PyPortal Titano. Nothing was copied."
                         % (drive, INFO_UF2, " ".join(text.split())[:80]))
    if board is not None and board not in BOARDS:
        raise FlashError("BOARD=%s: one of %s" % (board, ", ".join(BOARDS)))
    if said == "pyportal_titano":
        if board == "pyportal":
            raise FlashError("%s says this board is a Titano, BOARD says pyportal: nothing "
                             "was copied" % INFO_UF2)
        return said
    if board is None:
        raise FlashError("the board is in its bootloader, which calls itself a PyPortal, as "
                         "the Titano's may too: say which it is, make flash BOARD=pyportal or "
                         "BOARD=pyportal_titano (the wrong one shows nothing on the screen; "
                         "reset twice and flash the right one). Nothing was copied.")
    return board


def flash_uf2(drive, board=None, uf2=None, dry_run=False, log=print):
    """Copy the board's .uf2 (make firmware) onto a bootloader drive. The bootloader writes
    each block to flash as it arrives and restarts the board after the last, so the file
    is written in place (no temporary name). Returns [("write", name)]."""
    drive = Path(drive)
    board = bootloader_board(drive, board)
    uf2 = Path(uf2) if uf2 else uf2_path(board)
    if not uf2.is_file():
        raise FlashError("%s is not built: make firmware BOARD=%s (docs/device.md). Nothing "
                         "was copied." % (uf2, board))
    try:
        info = check_uf2(uf2)
    except FirmwareError as exc:
        raise FlashError("%s Nothing was copied." % exc) from None
    log("%s: UF2 bootloader (%s), board %s" % (drive, " ".join(
        (drive / INFO_UF2).read_text(errors="replace").split()[:4]), board))
    name = "quadpocket-%s.uf2" % board
    if dry_run:
        log("  would copy %s (%s bytes, %d blocks)\ndry run: nothing was changed."
            % (uf2, format(uf2.stat().st_size, ","), info["blocks"]))
        return [("write", name)]
    try:
        with open(uf2, "rb") as src, open(drive / name, "wb") as dst:
            shutil.copyfileobj(src, dst, 64 * 1024)
            dst.flush()
            os.fsync(dst.fileno())
    except OSError as exc:
        raise FlashError("copying %s stopped: %s. Press reset twice and run make flash again."
                         % (uf2.name, exc.strerror or exc)) from None
    finally:
        if hasattr(os, "sync"):
            os.sync()
    log("  + %s (%s bytes): the board restarts into Quad Pocket's firmware. When the "
        "CIRCUITPY drive appears, run make flash again: it copies code.py, boot.py and the "
        "data files." % (name, format(uf2.stat().st_size, ",")))
    return [("write", name)]


def our_firmware(banner):
    """The bundle version a board running our firmware was built from (boot_out.txt's
    first line, tools/firmware.MARK), else None (stock CircuitPython)."""
    m = re.match(r"Adafruit CircuitPython \d+\.\d+\.\d+" + re.escape(MARK) + r"(\S+)",
                 banner)
    return m.group(1) if m else None


def check_firmware(drive):
    """Return (major, first line of boot_out.txt); FlashError unless CircuitPython 9/10."""
    drive = Path(drive)
    if not drive.is_dir():
        raise FlashError("%s is not a folder" % drive)
    boot_out = drive / "boot_out.txt"
    if not boot_out.is_file():
        raise FlashError("%s has no boot_out.txt, so it is not a CircuitPython drive "
                         "(CircuitPython writes that file at every start-up). Nothing was "
                         "copied." % drive)
    try:
        first = boot_out.read_text(encoding="utf-8", errors="replace").splitlines()[:1]
    except OSError as exc:
        raise FlashError("cannot read %s: %s" % (boot_out, exc)) from None
    first = first[0].strip() if first else ""
    m = re.match(r"Adafruit CircuitPython (\d+)\.(\d+)\.(\d+)", first)
    if not m:
        what = "MicroPython" if "micropython" in first.lower() else repr(first[:60])
        raise FlashError("%s/boot_out.txt says %s, not Adafruit CircuitPython: install "
                         "CircuitPython 9 or 10 for the PyPortal first (docs/device.md: From a bare "
                         "PyPortal). Nothing was copied." % (drive, what))
    major = int(m.group(1))
    if major not in SUPPORTED_MAJORS:
        raise FlashError("the board runs CircuitPython %s.%s.%s; Quad Pocket needs "
                         "CircuitPython 9 or 10. Update the firmware (docs/device.md: From a bare "
                         "PyPortal) and flash again. Nothing was copied."
                         % (m.group(1), m.group(2), m.group(3)))
    return major, first


# ---------------------------------------------------------------- the plan

def _files(folder):
    out = {}
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            out[path.relative_to(folder).as_posix()] = path
    return out


def _same(a, b):
    if not b.is_file() or a.stat().st_size != b.stat().st_size:
        return False
    return a.read_bytes() == b.read_bytes()


def _ours(rel):
    """Whether a drive path is in one of our packages (an engine, the shell, a face)."""
    return rel.startswith(tuple(d + "/" for d in OWN_PACKAGES) + ("lib/" + FACE_PREFIX,))


def _owned_units(bundle_files, app_only):
    """Folders (as "lib/x/") and module stems (as "lib/x") whose stale files we may delete."""
    folders, stems = set(p + "/" for p in OWN_PACKAGES), set()
    if not app_only:
        for rel in bundle_files:
            parts = rel.split("/")
            if parts[0] != "lib" or len(parts) < 2:
                continue
            if len(parts) > 2:
                folders.add("lib/%s/" % parts[1])
            elif parts[1].endswith((".py", ".mpy")):
                stems.add("lib/" + parts[1].rsplit(".", 1)[0])
    return folders, stems


def make_plan(bundle, drive, app_only=False, frozen=False):
    """Return (writes [(rel, source, old size or None)], removals [(rel, size)], notes).
    frozen: the board runs our firmware, so only code.py, boot.py and the data files go on
    (the code files of the bundle count as stale on the drive)."""
    bundle, drive = Path(bundle), Path(drive)
    if not (bundle / "code.py").is_file():
        raise FlashError("%s is not a bundle (no code.py): run `make bundle` first" % bundle)
    full = wanted = _files(bundle)
    if frozen:
        wanted = {rel: p for rel, p in wanted.items() if is_data(rel)}
    if app_only:
        wanted = {rel: p for rel, p in wanted.items()
                  if rel in ENTRY_FILES or _ours(rel)}
    present = _files(drive)

    for rel in wanted:
        parts = rel.split("/")
        for i in range(1, len(parts) + 1):
            spot = drive.joinpath(*parts[:i])
            if i < len(parts) and spot.exists() and not spot.is_dir():
                raise FlashError("%s is a file on the drive where the bundle needs a folder: "
                                 "move it away and flash again" % spot)
            if i == len(parts) and spot.is_dir():
                raise FlashError("%s is a folder on the drive where the bundle has a file: move "
                                 "it away and flash again" % spot)

    writes = []
    for rel in sorted(wanted, key=lambda r: (r in ENTRY_FILES, ENTRY_FILES.index(r)
                                             if r in ENTRY_FILES else 0, r)):
        target = drive / rel
        if not _same(wanted[rel], target):
            writes.append((rel, wanted[rel], target.stat().st_size if target.is_file() else None))

    folders, stems = _owned_units(full if frozen else wanted, app_only)
    removals = []
    for rel, path in sorted(present.items()):
        if rel in wanted:
            continue
        stale = (rel.startswith(tuple(folders)) or _ours(rel)
                 or (rel.endswith((".py", ".mpy")) and rel.rsplit(".", 1)[0] in stems)
                 or (rel.endswith(TMP_SUFFIX) and Path(rel).name.startswith(".")))
        if stale:
            removals.append((rel, path.stat().st_size))

    notes = []
    after = {rel for rel in present if rel not in dict(removals)} | set(wanted)
    for py, mpy in twins(after):
        notes.append("warning: %s and %s are both on the drive: CircuitPython imports the .py "
                     "(delete the one you do not want)" % (py, mpy))
    for rel in frozen_copies(after):
        notes.append("note: %s is frozen in the PyPortal's firmware, which is imported "
                     "instead: the copy only takes space" % rel)
    for name in RUN_ORDER[:RUN_ORDER.index("code.py")]:
        if (drive / name).exists():
            notes.append("warning: %s is on the drive and CircuitPython runs it instead of "
                         "code.py: rename or delete it to start the game" % name)
    return writes, removals, notes


def twins(rels):
    """[(x.py, x.mpy)] for modules present in both forms in one folder."""
    rels = set(rels)
    return sorted((r, r[:-3] + ".mpy") for r in rels
                  if r.endswith(".py") and r[:-3] + ".mpy" in rels)


def frozen_copies(rels):
    """Top-level /lib entries that PyPortal firmware freezes (so never imported from /lib)."""
    from tools.bundle import FROZEN
    out = set()
    for r in rels:
        parts = r.split("/")
        if parts[0] == "lib" and len(parts) > 1:
            name = parts[1].rsplit(".", 1)[0] if len(parts) == 2 else parts[1]
            if name in FROZEN["pyportal"]:
                out.add("lib/" + parts[1])
    return sorted(out)


def _space_needed(writes, removals, block):
    def rounded(n):
        return -(-n // block) * block
    running = peak = 0
    for _, size in removals:
        running -= rounded(size)
    for _, source, old in writes:
        running += rounded(source.stat().st_size)  # the temporary copy, beside the old file
        peak = max(peak, running)
        if old is not None:
            running -= rounded(old)  # the rename frees the old one
    return peak


def _bundle_version(bundle):
    info = Path(bundle).with_name(Path(bundle).name + ".json")
    try:
        return json.loads(info.read_text(encoding="utf-8")).get("version")
    except (OSError, ValueError):
        return None


def _bundle_mpy_major(bundle):
    """CircuitPython major version of the mpy-cross that built the bundle's .mpy files."""
    info = Path(bundle).with_name(Path(bundle).name + ".json")
    try:
        banner = json.loads(info.read_text(encoding="utf-8")).get("mpy_cross") or ""
    except (OSError, ValueError):
        return None
    m = re.match(r"CircuitPython (\d+)\.", banner)
    return int(m.group(1)) if m else None


# ---------------------------------------------------------------- doing it

def _write(source, target):
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name("." + target.name + TMP_SUFFIX)
    try:
        with open(tmp, "wb") as f:
            f.write(source.read_bytes())
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise


def _remove_empty_dirs(drive, rels):
    for rel in rels:
        parent = (drive / rel).parent
        while parent != drive and parent.is_dir() and not any(parent.iterdir()):
            parent.rmdir()
            parent = parent.parent


def flash(bundle=DEFAULT_OUT, drive=None, app_only=False, dry_run=False, log=print,
          patterns=DRIVE_PATTERNS + BOOT_PATTERNS, board=None, uf2=None):
    """Bring the drive up to date with the bundle (or, a board in its bootloader, give it
    our firmware: flash_uf2).

    Returns the changes in the order made: [("remove" | "write", drive path)]. Raises
    FlashError (drive untouched) when the drive, firmware, bundle or free space is wrong.
    """
    bundle = Path(bundle)
    drive = Path(drive) if drive else find_drive(patterns)
    if drive.is_dir() and in_bootloader(drive):
        return flash_uf2(drive, board, uf2, dry_run, log)
    major, banner = check_firmware(drive)
    built = our_firmware(banner)
    writes, removals, notes = make_plan(bundle, drive, app_only, frozen=built is not None)
    if built is not None:
        notes.insert(0, "the board runs Quad Pocket's firmware (built from %s): only code.py, "
                        "boot.py and the data files go on the drive" % built)
        made = _bundle_version(bundle)
        if made is not None and stamp_mark(made) != built:
            notes.append("note: the firmware was built from %s, the bundle from %s: its help "
                         "texts may not match the code (make firmware, then flash the .uf2)"
                         % (built, made))
    if any(rel.endswith(".mpy") for rel, _, _ in writes):
        built_for = _bundle_mpy_major(bundle)
        if built_for is not None and built_for != major:
            raise FlashError("the bundle's .mpy files were made by CircuitPython %d's mpy-cross "
                             "but the board runs CircuitPython %d: rebuild with the matching "
                             "mpy-cross (MPY_CROSS=...) or as .py (BUNDLE_ARGS=--py). Nothing "
                             "was copied."
                             % (built_for, major))
    log("%s: %s" % (drive, banner))
    for note in notes:
        log(note)
    if not writes and not removals:
        log("CIRCUITPY is up to date: nothing to copy.")
        return []

    try:
        block = os.statvfs(drive).f_frsize or 512
    except (AttributeError, OSError):
        block = 4096
    need = _space_needed(writes, removals, block)
    free = shutil.disk_usage(drive).free
    if need > free:
        raise FlashError("not enough room on %s: the copy needs %s bytes, %s are free. Remove "
                         "files you no longer need from the drive and flash again. Nothing "
                         "was copied." % (drive, format(need, ","), format(free, ",")))
    if not dry_run and not os.access(drive, os.W_OK):
        raise FlashError("%s is read-only to this computer. %s Nothing was copied."
                         % (drive, READ_ONLY_HINT))

    done = []
    verb = "would " if dry_run else ""
    try:
        for rel, size in removals:
            if not dry_run:
                (drive / rel).unlink()
            done.append(("remove", rel))
            log("  - %s (%sremoved: no longer in the bundle)" % (rel, verb))
        for rel, source, old in writes:
            if not dry_run:
                _write(source, drive / rel)
            done.append(("write", rel))
            log("  %s %s (%s%s, %s bytes)" % ("+" if old is None else "~", rel, verb,
                                               "new" if old is None else "changed",
                                               format(source.stat().st_size, ",")))
        if not dry_run:
            _remove_empty_dirs(drive, [rel for rel, _ in removals])
    except OSError as exc:
        hint = ""
        if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            hint = " The drive is read-only to this computer. " + READ_ONLY_HINT
        elif exc.errno == errno.ENOSPC:
            hint = " The drive is full."
        raise FlashError("copy stopped at %s after %d change(s): %s.%s Run make flash again "
                         "to finish." % (exc.filename or "?", len(done), exc.strerror or exc,
                                         hint)) from None
    finally:
        if not dry_run and hasattr(os, "sync"):
            os.sync()  # push the FAT and data out before anyone unplugs the board

    if dry_run:
        log("dry run: nothing was changed.")
    else:
        written = sum(1 for kind, _ in done if kind == "write")
        log("%d file(s) written, %d removed; the board restarts the game once the copy "
            "settles." % (written, len(removals)))
        if any(rel == "boot.py" for kind, rel in done):
            log("boot.py changed: it runs only at power-up, so press RESET once to apply it.")
    return done


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.flash", description=(
        "Copy the bundle onto a CircuitPython 9/10 CIRCUITPY drive (changed files only)."))
    parser.add_argument("--drive", default=os.environ.get("DRIVE") or None,
                        help="path of the CIRCUITPY drive (env DRIVE; default: look for it)")
    parser.add_argument("--bundle", default=str(DEFAULT_OUT), help="bundle folder (make bundle)")
    parser.add_argument("--app-only", action="store_true",
                        help="copy only code.py, boot.py and our packages, not the libraries")
    parser.add_argument("--dry-run", action="store_true", help="say what would change, change "
                        "nothing")
    parser.add_argument("--board", choices=BOARDS, default=os.environ.get("BOARD") or None,
                        help="a board in its bootloader: which .uf2 it gets (env BOARD)")
    parser.add_argument("--uf2", default=None, help="the .uf2 for a board in its bootloader "
                        "(default: make firmware's build/quadpocket-<board>-<tag>.uf2)")
    args = parser.parse_args(argv)
    try:
        flash(args.bundle, args.drive, app_only=args.app_only, dry_run=args.dry_run,
              board=args.board, uf2=args.uf2)
    except FlashError as exc:
        print("flash: error: %s" % exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
