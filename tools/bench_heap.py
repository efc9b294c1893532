"""bench section: the smallest heap that runs the whole game, on CircuitPython's own VM."""

import sys

from tools import app_heap, cpvm


def heap_section():
    """Whole-app heap on CircuitPython's unix VM (smallest heap that completes; live peak)"""
    if cpvm.find_vm() is None:
        print("  skipped: " + cpvm.MISSING_VM)
        return
    for size in ((320, 240), (480, 320)):
        print(app_heap.smallest_report(size))
    for mpy in (True, False):
        res = app_heap.scenario(mpy=mpy)
        print("  live peak (gc.mem_alloc() after a collection, %s, 320x240): %d bytes "
              "(%.1f KB) at %s" % (".mpy" if mpy else ".py", res["peak"][0],
                                   res["peak"][0] / 1024, res["peak"][1]))
    sys.stdout.flush()
