"""Winther's Quad scenarios printed the same way on CPython and on the MicroPython VMs
(host_tests/test_winquad_vm.py compares the outputs): seeded random games, errors, saves,
and a few computer moves."""

from quadcore.prng import Rng
from winquad import Game, ai

for seed in range(3):
    r = Rng(seed)
    g = Game((12, 15, 20)[seed])
    while g.result is None and g.plies < 70:
        ms = g.moves()
        g.apply_move(ms[r.below(len(ms))])
    print(seed, g.plies, g.result, g.four, " ".join(g.record().split()))
    data = g.to_bytes()
    print("save", len(data), data[-2], data[-1], Game.from_bytes(data).record() == g.record())
    bad = bytearray(data)
    bad[len(bad) // 2] ^= 4
    try:
        Game.from_bytes(bytes(bad))
        print("corrupt accepted?!")
    except ValueError as e:
        print("refused:", e)

g = Game()
for t in ("d4", "e5", "c3", "d4-d5", "a1xb1", "q1"):
    try:
        g.play(t)
        print("ok", t)
    except ValueError as e:
        print("error", t, e)
for level in ("trainer", "easy"):
    print(level, ai.choose(g, level, 5))
