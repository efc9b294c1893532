#!/usr/bin/env bash
# `make circuitpython`: build CircuitPython's mpy-cross and its unix port (32-bit) from the
# release the project targets, into build/circuitpython/bin, where tools/cpvm.py looks.
#
# Needs: git, the internet (one shallow clone of the tag, no submodules), gcc with 32-bit
# support (Debian/Ubuntu: apt-get install gcc-multilib), make, python3 with venv.
# About 5 minutes on two cores. The 32-bit build matters: object sizes then match the
# SAMD51's, so heap figures are the device's.
set -euo pipefail
tag="${1:?usage: build_circuitpython.sh TAG}"
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/build/circuitpython"
src="$out/src-$tag"
mkdir -p "$out/bin"
if [ ! -d "$src/.git" ]; then
    git clone --depth 1 --branch "$tag" https://github.com/adafruit/circuitpython "$src"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# CircuitPython's build scripts want the huffman module (qstr compression).
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q huffman
export PATH="$work/venv/bin:$PATH"
# The unix port expects the micropython-lib submodule and a frozen manifest: an empty
# folder and a manifest that freezes nothing stand in, so no submodule is fetched.
mkdir -p "$work/mpylib"
echo "# nothing frozen" > "$work/manifest.py"
make -C "$src/mpy-cross" -j"$(nproc)" LDFLAGS_EXTRA=-static
# No ffi/ssl/btree: they need libraries the game never uses; ringio is not in CircuitPython.
make -C "$src/ports/unix" -j"$(nproc)" VARIANT=standard BUILD=build-i386 MICROPY_FORCE_32BIT=1 \
    MPY_LIB_DIR="$work/mpylib" FROZEN_MANIFEST="$work/manifest.py" \
    MICROPY_PY_BTREE=0 MICROPY_PY_FFI=0 MICROPY_PY_SSL=0 MICROPY_SSL_AXTLS=0 \
    CFLAGS_EXTRA="-DMICROPY_PY_MICROPYTHON_RINGIO=0" LDFLAGS_EXTRA=-static
cp "$src/mpy-cross/build/mpy-cross" "$out/bin/mpy-cross-$tag"
cp "$src/ports/unix/build-i386/micropython" "$out/bin/circuitpython-unix-i386-$tag"
"$out/bin/mpy-cross-$tag" --version
ls -l "$out/bin"
