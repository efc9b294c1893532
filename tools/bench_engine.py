"""Engine rows for `make bench`: what one move costs on the device, per board size."""

from tools import cpdevice, mpvm

SIZES = (9, 11, 13, 15)

_SETUP = """
from quadcore import Game, Rng
g = Game({n})
r = Rng(11)
# A mid-game position: a third of each side's marbles and a few stars, placed at random.
while g.turns < {turns}:
    x = r.below({n} * {n})
    try:
        if g.stars_left[g.turn] and r.below(4) == 0:
            g.star(x)
        else:
            g.marble(x)
    except ValueError:
        pass
b = g.board
free = bytes([x for x in range({n} * {n}) if b.cells[x] == 0][:64])
def place_undo(b, free, reps):
    for i in range(reps):
        x = free[i & 63]
        b.place(x, 2 + (i & 1))
        b.remove(x)
def threat_query(b, free, reps):
    t = 0
    thr = b.thr[0]
    for i in range(reps):
        if b.completes(free[i & 63], 1):
            t += 1
        t += thr[free[(i + 1) & 63]]
    return t
def loop_only(free, reps):
    for i in range(reps):
        x = free[i & 63]
lines = ["*{a} {b}", "{c}"]
"""

_RESIDENT = """
import gc
from quadcore.geometry import geometry
import quadcore.squares  # the tables' builder: its code is not the tables (the app drops it)
gc.collect()
a = gc.mem_alloc()
geo = geometry({n})
gc.collect()
print(gc.mem_alloc() - a, geo.nsq, len(geo.cell_sq))
"""

REPS = 200


def _names(n):
    from quadcore import geometry
    from quadcore.notation import cell_name
    # three cells near the centre that the random opening is unlikely to have taken:
    # the play() row falls back to any free cells if they are taken.
    return cell_name(1 * n + 1, n), cell_name(n * (n - 2) + n - 2, n), cell_name(2 * n + n - 2, n)


def measure_size(n):
    turns = max(6, (20 * 2) // 3 if n >= 11 else 10)
    a, b, c = _names(n)
    setup = _SETUP.format(n=n, turns=turns, a=a, b=b, c=c)
    loop = mpvm.measure(setup, "loop_only(free, %d)" % REPS)
    pu = mpvm.measure(setup, "place_undo(b, free, %d)" % REPS)
    tq = mpvm.measure(setup, "threat_query(b, free, %d)" % REPS)
    # play() of a typical turn (a star and a marble) and its undo, through the checked API.
    turn = ("t = [x for x in free[:2]]\n"
            "g.play('*' + g.name(t[0]) + ' ' + g.name(t[1]))\n")
    play = mpvm.measure(setup, turn)
    base = mpvm.measure(setup, "t = [x for x in free[:2]]\n'*' + g.name(t[0]) + ' ' + g.name(t[1])\n")
    out = cpdevice.run_device(_RESIDENT.format(n=n))
    resident, nsq, inc = (int(v) for v in out.split())
    return {
        "n": n,
        "squares": nsq,
        "per_cell": inc / (n * n - 4),
        "table_bytes": resident,
        "place_undo": (pu.fuel - loop.fuel) // REPS,
        "place_undo_bytes": pu.bytes_allocated,
        "threat": (tq.fuel - loop.fuel) // (2 * REPS),
        "threat_bytes": tq.bytes_allocated,
        "play": play.fuel - base.fuel,
    }


def engine_section():
    """Engine cost per board size (place+undo and threat queries on the unchecked core; play() checked)"""
    from tools.benchrow import row
    rows = [measure_size(n) for n in SIZES]
    for r in rows:
        n = r["n"]
        row("n=%d: tables resident (CircuitPython VM, after gc)" % n, r["table_bytes"], None)
        row("n=%d: place + undo of one marble" % n, r["place_undo_bytes"], r["place_undo"])
        row("n=%d: threat query (completes / thr)" % n, r["threat_bytes"], r["threat"])
        row("n=%d: play('*s m') of a typical turn" % n, None, r["play"])
    print()
    print("| n | squares | squares per cell | tables (bytes) | place+undo (fuel) | M4-ms "
          "| threat query (fuel) | play() turn (fuel) | M4-ms |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print("| %d | %d | %.1f | %d | %d | %.2f | %d | %d | %.2f |" % (
            r["n"], r["squares"], r["per_cell"], r["table_bytes"], r["place_undo"],
            1000 * mpvm.fuel_to_m4_seconds(r["place_undo"]), r["threat"], r["play"],
            1000 * mpvm.fuel_to_m4_seconds(r["play"])))
    base = rows[0]
    print()
    print("growth vs n=%d: " % base["n"] + ", ".join(
        "n=%d place+undo x%.2f, squares/cell x%.2f, cells x%.2f" % (
            r["n"], r["place_undo"] / base["place_undo"], r["per_cell"] / base["per_cell"],
            (r["n"] ** 2 - 4) / (base["n"] ** 2 - 4)) for r in rows[1:]))
