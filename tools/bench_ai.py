"""Computer-player rows for `make bench`: the cost of one move per level on the device.

Over the fixed suite of 30 positions (host_tests/data/ai_suite.txt: 10 openings, 10 middle
games, 10 late games on the standard 11 x 11 board), each level's median and worst move, in
fuel and heap bytes, measured on the MicroPython VM by tools/ai_vm.py. The budgets (test:
host_tests/test_ai_vm.py) are 0.3 M4-s for Trainer and Easy, 1.0 for Average, 2.0 for Expert,
and 4 KB allocated per move.
"""

import statistics

from tools import ai_vm


def ai_section():
    """Computer player: one move over 30 positions (11 x 11), median and worst per level"""
    from tools.benchrow import row
    rows = ai_vm.suite_costs(ai_vm.LEVELS, ai_vm.load_suite())
    for lv in ai_vm.LEVELS:
        mine = [r for r in rows if r[1] == lv]
        fuel = sorted(r[2] for r in mine)
        nbytes = sorted(r[3] for r in mine)
        nodes = max(r[4] for r in mine)
        row("%s: median move" % lv, int(statistics.median(nbytes)),
            int(statistics.median(fuel)))
        worst = max(mine, key=lambda r: r[2])
        row("%s: worst move (%s, %d nodes)" % (lv, worst[0], nodes), max(nbytes), worst[2])
