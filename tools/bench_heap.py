"""bench section: the smallest heap that runs the whole game, on CircuitPython's own VM."""

import sys

from tools import app_heap, cpvm


def heap_section():
    """Whole-app heap on CircuitPython's unix VM (smallest heap that completes; live peak)"""
    if cpvm.find_vm() is None:
        print("  skipped: " + cpvm.MISSING_VM)
        return
    for size, board in (((320, 240), 11), ((480, 320), 11), ((320, 240), 15)):
        print(app_heap.smallest_report(size, board))
    for mpy in (True, False):
        res = app_heap.scenario(mpy=mpy)
        print("  live peak (gc.mem_alloc() after a collection, %s, 320x240): %d bytes "
              "(%.1f KB) at %s" % (".mpy" if mpy else ".py", res["peak"][0],
                                   res["peak"][0] / 1024, res["peak"][1]))
    c = app_heap.text_costs()
    print("  one 16-character caption: glyph TileGrid %d bytes, adafruit_display_text "
          "bitmap_label %d, label %d (display_text's code frozen: not counted)"
          % (c["tilegrid"], c["bitmap_label"], c["label"]))
    sys.stdout.flush()
