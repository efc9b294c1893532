"""Stand-in `supervisor` for the MicroPython VM runs."""

_now = [0]


def ticks_ms():
    _now[0] += 20
    return _now[0] & 0x1FFFFFFF


class _Runtime:
    display = None


runtime = _Runtime()
