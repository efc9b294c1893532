"""The MicroPython VM harness (tools/mpvm.py) works, and reports failures."""

import textwrap

import pytest

from tools import mpvm


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


# ---------------------------------------------------------------- run_node

def test_node_runs_code():
    out = mpvm.run_node("import sys\nprint(sys.implementation.name, 2 ** 70)", packages=())
    assert out == "micropython 1180591620717411303424\n"


def test_node_default_copies_quadcore():
    out = mpvm.run_node("import os\nprint(sorted(os.listdir('/input')), os.stat('/input/quadcore/__init__.py')[6] > 0)")
    assert out == "['quadcore'] True\n"


def test_node_imports_copied_packages(pkg_root):
    code = "import toppkg, toppkg.sub, libpkg\nprint(toppkg.sub.twice(toppkg.VALUE), libpkg.NAME)"
    out = mpvm.run_node(code, root=pkg_root, packages=("toppkg", "lib/libpkg"))
    assert out == "82 libpkg\n"
    # Only .py files are copied.
    with pytest.raises(mpvm.GuestError):
        mpvm.run_node("open('/input/lib/libpkg/notes.txt')", root=pkg_root, packages=("lib/libpkg",))


def test_node_gc_collect_frees_garbage():
    # 20 rounds of 200 KB garbage: the live heap stays small only if
    # collections really happen (this port defers them to mpvm_collect()).
    code = textwrap.dedent("""\
        import gc
        await mpvm_collect()
        base = gc.mem_alloc()
        for _ in range(20):
            junk = [bytearray(1000) for _ in range(200)]
            grown = gc.mem_alloc()
            junk = None
            await mpvm_collect()
        print(grown - base >= 200000, gc.mem_alloc() - base < 10000)
        """)
    assert mpvm.run_node(code, packages=()) == "True True\n"


def test_node_heap_only_grows_without_collect():
    # Documents the port's deferred GC: without returning to JS, garbage stays.
    code = textwrap.dedent("""\
        import gc
        await mpvm_collect()
        base = gc.mem_alloc()
        junk = [bytearray(1000) for _ in range(200)]
        junk = None
        gc.collect()
        print(gc.mem_alloc() - base >= 200000)
        """)
    assert mpvm.run_node(code, packages=()) == "True\n"


def test_node_guest_exception_is_reported():
    with pytest.raises(mpvm.GuestError) as info:
        mpvm.run_node("print('partial')\nraise KeyError('gone')", packages=())
    assert "partial" in info.value.output
    assert "KeyError" in info.value.output


def test_node_missing_package_is_an_error(pkg_root):
    with pytest.raises(mpvm.GuestError, match="no such package"):
        mpvm.run_node("pass", root=pkg_root, packages=("nope",))
    with pytest.raises(mpvm.GuestError, match="inside the root"):
        mpvm.run_node("pass", root=pkg_root, packages=("../etc",))
