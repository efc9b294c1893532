"""One row of a `make bench` table (tools/bench.py and its section modules print with it)."""

from __future__ import annotations

from tools import mpvm

_FORMAT = "{:<52} {:>9} {:>13} {:>8}"


def row(label: str, nbytes: int | None, fuel: int | None) -> None:
    """One line of a table: heap bytes allocated, fuel, and fuel as M4-seconds."""
    print(_FORMAT.format(
        label,
        "-" if nbytes is None else nbytes,
        "-" if fuel is None else f"{fuel:,}",
        "-" if fuel is None else f"{mpvm.fuel_to_m4_seconds(fuel):.4g}",
    ))
