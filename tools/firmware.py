"""`make firmware BOARD=pyportal|pyportal_titano`: CircuitPython with our games frozen in.

    .venv/bin/python -m tools.firmware --board pyportal [--jobs 2]

Builds CircuitPython CP_TAG (tools/cpvm.py) for the board from its tag, with the device
packages `make bundle` stages (lib/ of the bundle as .py, the Adafruit libraries the game
imports included) frozen in beside the libraries Adafruit already freezes for the board,
and writes build/quadpocket-<board>-<tag>.uf2. Its size is printed against the board's
flash region for firmware. The drive then needs only code.py, boot.py and the data files
(`make flash` copies them; docs/device.md).

What it needs, and gets itself where it can (times measured here on 2 shared cores):

* CircuitPython's source at the tag with the submodules the SAMD51 build uses: unpacked
  from ../shared/circuitpython/src when it is beside the clone, else cloned from the tag
  (git, the internet; then CircuitPython's own `make fetch-port-submodules` brings the
  port's submodules).
* arm-none-eabi-gcc 14 or newer (CircuitPython 10 refuses older ones). One on PATH is used
  as it is. Otherwise, on a Debian or Ubuntu machine as root, a Debian 13 root is made
  with debootstrap in build/firmware/root-trixie (1.5 GB; 7 minutes here), holding Debian 13's gcc-arm-none-eabi 14.2 and the Python packages
  CircuitPython's build scripts use, and the build runs inside it (chroot). Anywhere else
  the tool says how to get a toolchain and stops.
* huffman and cascadetoml (pure Python, pinned in tools/cproute.py), installed with pip
  beside the build, never into the venv.

The firmware says what it is: CircuitPython's version string becomes
"<tag>-quadpocket.<bundle version>" (so boot_out.txt, `make doctor` and the About page tell
it from stock CircuitPython; the major version CircuitPython's tools read is unchanged).
`make test` never needs any of this; the tests that look at a built .uf2 skip, saying how
to build one.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from tools import cproute, cpvm

ROOT = cpvm.REPO_ROOT
BOARDS = ("pyportal", "pyportal_titano")
FW_DIR = cproute.FW_DIR
CHROOT = FW_DIR / "root-trixie"
CLONE_URL = "https://github.com/adafruit/circuitpython"
MIN_GCC = 14
# Debian 13 (trixie), from debootstrap's default mirror: its gcc-arm-none-eabi is 14.2; gcc
# and libc6-dev build the host's mpy-cross, which the firmware's build makes first; the
# Python packages are those CircuitPython's build scripts import (huffman and cascadetoml
# come from pip).
DEBIAN_SUITE = "trixie"
DEBIAN_PACKAGES = ("gcc-arm-none-eabi", "libnewlib-arm-none-eabi", "gcc", "libc6-dev", "make",
                   "python3", "git",
                   "python3-jinja2", "python3-typer", "python3-polib", "python3-tabulate",
                   "python3-tomlkit", "python3-parse")
# Marks our build in CircuitPython's version string (MICROPY_GIT_TAG): boot_out.txt's first
# line then reads "Adafruit CircuitPython 10.2.1-quadpocket.<version> on <date>; ...".
MARK = "-quadpocket."
# The SAMD51's flash for firmware: 1 MB less the 16 KB UF2 bootloader and CircuitPython's
# 8 KB nvm (ports/atmel-samd/boards/common.template.ld); the build prints its own figure,
# this one is the check when the build's line is not found.
FLASH_REGION = 1024000
BOOTLOADER_SIZE = 0x4000

NO_TOOLCHAIN = (
    "no arm-none-eabi-gcc >= %d here. CircuitPython %s needs one: put Arm's GNU toolchain "
    "14 (or newer) on PATH, or run `make firmware` as root on a Debian/Ubuntu machine with "
    "the internet, where it makes a Debian 13 root with debootstrap and builds inside it."
    % (MIN_GCC, cpvm.CP_TAG))


class FirmwareError(RuntimeError):
    """The firmware cannot be built here; the message says what is missing."""


def stamp_mark(stamp: str) -> str:
    """A bundle's version stamp as it is written into the firmware's version string."""
    return re.sub(r"[^A-Za-z0-9.]", ".", stamp)


def uf2_path(board: str) -> Path:
    return ROOT / "build" / ("quadpocket-%s-%s.uf2" % (board, cpvm.CP_TAG))


def gcc_major(program) -> int | None:
    try:
        out = subprocess.run([str(program), "-dumpversion"], capture_output=True, text=True,
                             timeout=60)
    except OSError:
        return None
    m = re.match(r"(\d+)", out.stdout.strip())
    return int(m.group(1)) if out.returncode == 0 and m else None


def host_toolchain() -> bool:
    gcc = shutil.which("arm-none-eabi-gcc")
    return bool(gcc) and (gcc_major(gcc) or 0) >= MIN_GCC


def chroot_ready() -> bool:
    return (CHROOT / ".quadpocket-ready").is_file()


def make_chroot(log=print) -> None:
    """A Debian 13 root in build/firmware/root-trixie with the toolchain (debootstrap)."""
    if chroot_ready():
        return
    if os.name != "posix" or not hasattr(os, "geteuid") or os.geteuid() != 0:
        raise FirmwareError(NO_TOOLCHAIN)
    if shutil.which("debootstrap") is None:
        if shutil.which("apt-get") is None:
            raise FirmwareError(NO_TOOLCHAIN)
        log("installing debootstrap (apt-get)")
        subprocess.run(["apt-get", "install", "-y", "-q", "debootstrap"], check=True,
                       stdout=subprocess.DEVNULL)
    t0 = time.monotonic()
    log("making a Debian 13 root with arm-none-eabi-gcc 14 in %s (debootstrap: 7 minutes "
        "here, 1.5 GB)" % CHROOT)
    if CHROOT.exists():
        shutil.rmtree(CHROOT)
    CHROOT.parent.mkdir(parents=True, exist_ok=True)
    with open(FW_DIR / "debootstrap.log", "w") as f:
        run = subprocess.run(["nice", "-n", "19", "debootstrap", "--variant=minbase",
                              "--include=" + ",".join(DEBIAN_PACKAGES), DEBIAN_SUITE,
                              str(CHROOT)], stdout=f, stderr=subprocess.STDOUT)
    if run.returncode != 0:
        raise FirmwareError("debootstrap failed: see %s" % (FW_DIR / "debootstrap.log"))
    (CHROOT / ".quadpocket-ready").write_text(DEBIAN_SUITE + "\n")
    log("Debian 13 root made in %.0f s" % (time.monotonic() - t0))


def _inside(path: Path) -> str:
    """A path under CHROOT as the chroot sees it."""
    return "/" + Path(path).resolve().relative_to(CHROOT.resolve()).as_posix()


def source(work: Path, log=print) -> Path:
    """CircuitPython's source tree under work/: unpacked from the shared archive, else a
    clone of the tag with the SAMD port's submodules."""
    tree = work / ("circuitpython-" + cpvm.CP_TAG)
    if (tree / ".git").exists() and (tree / "ports" / "atmel-samd").is_dir():
        return tree
    unpack = cproute.SHARED_SRC / "unpack.sh"
    t0 = time.monotonic()
    if unpack.is_file():
        log("unpacking CircuitPython %s's source (../shared/circuitpython/src)" % cpvm.CP_TAG)
        subprocess.run(["bash", str(unpack), str(work)], check=True, stdout=subprocess.DEVNULL)
    else:
        if shutil.which("git") is None:
            raise FirmwareError("CircuitPython's source is needed and git is not installed")
        log("cloning CircuitPython %s (needs the internet; several minutes)" % cpvm.CP_TAG)
        subprocess.run(["git", "clone", "--depth", "1", "--branch", cpvm.CP_TAG, CLONE_URL,
                        str(tree)], check=True)
        subprocess.run(["make", "-C", str(tree / "ports" / "atmel-samd"),
                        "fetch-port-submodules"], check=True)
    log("source ready in %.0f s" % (time.monotonic() - t0))
    return tree


def stage(board: str, dest: Path, version: str) -> Path:
    """dest/frozen: what the firmware freezes (the bundle's lib/ as .py, the Adafruit
    libraries the game imports and the board does not freeze included). It is made a
    one-commit git tree tagged with the bundle's version, as the libraries CircuitPython
    freezes are git trees: its freezing step asks git for the version of any module with
    a __version__ line (adafruit_touchscreen has one)."""
    frozen = cproute.stage(dest, board=board, libraries=True, version=version) / "frozen"
    git = ["git", "-C", str(frozen), "-c", "user.name=build", "-c", "user.email=build@localhost"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-qm", "Quad Pocket " + version], check=True)
    subprocess.run(git + ["tag", version], check=True)
    return frozen


def board_mk(tree: Path, board: str) -> Path:
    return tree / "ports" / "atmel-samd" / "boards" / board / "mpconfigboard.mk"


def add_frozen(tree: Path, board: str, frozen_as_seen: str) -> None:
    """The board's mpconfigboard.mk as the tag has it, plus our frozen folder."""
    mk = board_mk(tree, board)
    subprocess.run(["git", "-C", str(tree), "checkout", "--", str(mk.relative_to(tree))],
                   check=True)
    with open(mk, "a") as f:
        f.write("\n# Quad Pocket's device packages (tools/firmware.py)\n"
                "FROZEN_MPY_DIRS += %s\n" % frozen_as_seen)


def size_lines(output: str) -> list:
    """The build's own lines on flash and RAM use."""
    return [line.strip() for line in output.splitlines()
            if re.search(r"bytes used, .* bytes free in (flash firmware space|ram)", line)]


def flash_used(output: str) -> tuple | None:
    m = re.search(r"(\d+) bytes used, (\d+) bytes free in flash firmware space out of "
                  r"(\d+) bytes", output)
    return (int(m.group(1)), int(m.group(3))) if m else None


def check_uf2(path) -> dict:
    """A .uf2 file's blocks checked (magic numbers, 256-byte payloads, addresses past the
    bootloader, numbered 0..n-1): -> {"blocks", "start", "end"}; FirmwareError if not."""
    data = Path(path).read_bytes()
    if not data or len(data) % 512:
        raise FirmwareError("%s: %d bytes, not whole 512-byte UF2 blocks" % (path, len(data)))
    n = len(data) // 512
    start, end = None, 0
    for i in range(n):
        b = data[i * 512:(i + 1) * 512]
        words = [int.from_bytes(b[j:j + 4], "little") for j in range(0, 32, 4)]
        if (words[0], words[1]) != (0x0A324655, 0x9E5D5157) or \
                int.from_bytes(b[508:512], "little") != 0x0AB16F30:
            raise FirmwareError("%s: block %d is not a UF2 block" % (path, i))
        addr, size, num, total = words[3], words[4], words[5], words[6]
        if size != 256 or num != i or total != n:
            raise FirmwareError("%s: block %d is out of order or not 256 bytes" % (path, i))
        if addr < BOOTLOADER_SIZE:
            raise FirmwareError("%s: block %d writes over the bootloader" % (path, i))
        start = addr if start is None else min(start, addr)
        end = max(end, addr + size)
    return {"blocks": n, "start": start, "end": end}


def build(board: str, jobs: int = 2, log=print) -> Path:
    if board not in BOARDS:
        raise FirmwareError("BOARD=%s: one of %s" % (board, ", ".join(BOARDS)))
    t_all = time.monotonic()
    if host_toolchain():
        work, inside = FW_DIR / "fw", None
    else:
        make_chroot(log)
        work, inside = CHROOT / "quadpocket", True
    work.mkdir(parents=True, exist_ok=True)
    tree = source(work, log)
    from tools import bundle

    stamp = bundle.version_source(bundle.version_stamp(ROOT))[1]
    mark = cpvm.CP_TAG + MARK + stamp_mark(stamp)
    frozen = stage(board, work / ("stage-" + board), stamp)
    add_frozen(tree, board, _inside(frozen) if inside else str(frozen.resolve()))
    port = tree / "ports" / "atmel-samd"
    out_dir = port / ("build-" + board)
    for stale in (out_dir / "frozen_mpy", out_dir / "manifest.py"):
        if stale.is_dir():
            shutil.rmtree(stale)
        elif stale.exists():
            stale.unlink()
    pylib = cproute.build_pylib(log)
    make = ["make", "-C", _inside(port) if inside else str(port), "BOARD=" + board,
            "-j%d" % jobs]
    if not (tree / "lib" / "micropython-lib" / "README.md").is_file():
        # The trimmed source leaves micropython-lib out (nothing of it is frozen here): an
        # empty folder with its README stands in, as for the unix VM (tools/cproute.py).
        (work / "mpylib").mkdir(exist_ok=True)
        (work / "mpylib" / "README.md").touch()
        lib = work / "mpylib"
        make.append("MPY_LIB_DIR=" + (_inside(lib) if inside else str(lib)))
    if inside:
        dest = CHROOT / "opt" / "quadpocket-py"
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(pylib, dest)
        cmd = ["nice", "-n", "19", "chroot", str(CHROOT), "/usr/bin/env", "-i",
               "PATH=/usr/bin:/bin", "HOME=/root", "LANG=C.UTF-8",
               "PYTHONPATH=/opt/quadpocket-py", "CP_VERSION=" + mark] + make
        env = None
    else:
        cmd = ["nice", "-n", "19"] + make
        env = dict(os.environ, CP_VERSION=mark, PYTHONPATH=str(pylib))
    t0 = time.monotonic()
    log("building CircuitPython %s for %s with our packages frozen in (-j%d; 30 minutes "
        "the first time here on two loaded cores; again after a change, most of that)" % (mark, board, jobs))
    logfile = FW_DIR / ("build-%s.log" % board)
    with open(logfile, "w") as f:
        run = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env)
    output = logfile.read_text(errors="replace")
    if run.returncode != 0:
        raise FirmwareError("the build failed (log: %s):\n%s" % (
            logfile, "\n".join(output.splitlines()[-25:])))
    uf2 = uf2_path(board)
    uf2.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(out_dir / "firmware.uf2", uf2)
    info = check_uf2(uf2)
    used = flash_used(output)
    binary = (out_dir / "firmware.bin").stat().st_size
    log("built in %.0f s (all steps %.0f s)" % (time.monotonic() - t0, time.monotonic() - t_all))
    for line in size_lines(output):
        log("  " + line)
    region = used[1] if used else FLASH_REGION
    log("%s: %s bytes (%d UF2 blocks); firmware %s of the %s bytes of flash for firmware "
        "(%.1f%%, %s left)" % (uf2, format(uf2.stat().st_size, ","), info["blocks"],
                               format(binary, ","), format(region, ","),
                               100.0 * binary / region, format(region - binary, ",")))
    if binary > region:
        raise FirmwareError("the firmware does not fit the flash region")
    return uf2


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(prog="python -m tools.firmware", description=__doc__.split(
        "\n")[0])
    ap.add_argument("--board", required=True, choices=BOARDS)
    ap.add_argument("--jobs", type=int, default=2, help="parallel compile jobs (default 2)")
    args = ap.parse_args(argv)
    try:
        build(args.board, args.jobs)
    except (FirmwareError, cproute.RouteError) as exc:
        print("firmware: error: %s" % exc, file=sys.stderr)
        return 2
    except subprocess.CalledProcessError as exc:
        print("firmware: error: %s failed (exit %d)" % (" ".join(map(str, exc.cmd[:4])),
                                                     exc.returncode), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
