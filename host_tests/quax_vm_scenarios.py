"""Quax family scenarios printed the same way on CPython and on the MicroPython VMs
(host_tests/test_quax_vm.py compares the outputs): seeded random games of every rule set,
errors, saves, undo, and a few computer moves."""

from quadutil import Rng
from quax import RULES, Game, ai

for i in range(5):
    rules = RULES[i]
    r = Rng(i)
    g = Game(rules, (7, 8, 9, 6, 9)[i])
    while g.result is None:
        ms = g.moves()
        g.apply_move(ms[r.below(len(ms))])
    print(rules, g.plies, g.result, g.chain, " ".join(g.record().split()))
    data = g.to_bytes()
    print("save", len(data), data[-2], data[-1], Game.from_bytes(data).record() == g.record())
    bad = bytearray(data)
    bad[len(bad) // 2] ^= 4
    try:
        Game.from_bytes(bytes(bad))
        print("corrupt accepted?!")
    except ValueError as e:
        print("refused:", e)
    g.undo()
    print("undo", g.plies, g.result)

g = Game("quax", 9)
for t in ("e5", "swap", "d4", "e4", "d5", "d4-e5", "e5-d4", "d5-e4", "q1", "pass", "swap"):
    try:
        g.play(t)
        print("ok", t)
    except ValueError as e:
        print("error", t, e)
for rules in RULES:
    g = Game(rules, 9)
    for t in ("e5", "d4", "f6", "d6"):
        g.play(t)
    print(rules, [ai.choose(g, lv, 5) for lv in ai.LEVELS])
