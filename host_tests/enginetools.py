"""Test helpers: snapshots, from-scratch recounts and random turn generation."""
from quadcore import Game
from quadcore.board import MARBLE
from quadcore.notation import cell_name

COLS = "abcdefghijklmno"


def snapshot(g):
    """Every byte and counter of a game's state."""
    b = g.board
    return (bytes(b.cells), [bytes(c) for c in b.cnt], [bytes(t) for t in b.thr],
            [list(o) for o in b.nopen], b.empty, list(g.stars_left), list(g._mleft),
            g.turn, g.history, g.current, bytes(g._log[:g._top]), g.result, g.quad,
            list(g._reps[:g.turns + 1]) if g._reps is not None else None)


def recount(g):
    """Counters computed from scratch from the cells, for comparison with the incremental ones."""
    b = g.board
    geo = g.geo
    ncol = b.ncolours
    cnt = [bytearray(geo.nsq) for _ in range(ncol)]
    thr = [bytearray(len(b.cells)) for _ in range(ncol)]
    nopen = [[0] * 5 for _ in range(ncol)]
    for s in range(geo.nsq):
        corners = geo.corners(s)
        for c in range(ncol):
            own = sum(1 for x in corners if b.cells[x] == MARBLE + c)
            other = sum(1 for x in corners if b.cells[x] not in (0, MARBLE + c))
            cnt[c][s] = own + 8 * other
            if other == 0:
                nopen[c][own] += 1
                if own == 3:
                    empty = [x for x in corners if b.cells[x] == 0]
                    thr[c][empty[0]] += 1
    empty = sum(1 for x in range(len(b.cells)) if b.cells[x] == 0)
    return [bytes(c) for c in cnt], [bytes(t) for t in thr], nopen, empty


def counters(g):
    b = g.board
    return [bytes(c) for c in b.cnt], [bytes(t) for t in b.thr], [list(o) for o in b.nopen], \
        b.empty


def random_line(g, rnd, illegal_rate=0.15):
    """A random turn line for the seat to move: mostly legal, sometimes not."""
    n = g.n
    cells = [x for x in range(n * n) if g.cells[x] == 0]
    every = list(range(n * n))
    seat = g.turn
    r = g.rules

    def pick(pool):
        if rnd.random() < illegal_rate:
            x = rnd.choice(every)  # may be a corner or taken
            if rnd.random() < 0.2:
                return COLS[x % n] + str(n + 1)  # off the board
            return cell_name(x, n) if g.geo.valid[x] else COLS[x % n] + str(x // n + 1)
        return cell_name(rnd.choice(pool), n) if pool else "a1"

    toks = []
    k = 0
    if g.stars_left[seat] and rnd.random() < 0.3:
        k = rnd.choice([1, 1, 1, 2, 3])
    for _ in range(k):
        toks.append("*" + pick(cells))
    own = [x for x in range(n * n) if g.cells[x] >= MARBLE
           and g.cells[x] - MARBLE in r.seat_colours[seat]]
    if r.moves and own and (r.variant == "rapid" and rnd.random() < 0.4
                            or g.marbles_left[seat] == 0):
        toks.append(pick([x for x in own]) + "-" + pick(cells))
    else:
        for _ in range(r.per_turn):
            toks.append(pick(cells))
    if rnd.random() < illegal_rate / 3:
        rnd.shuffle(toks)
    if rnd.random() < illegal_rate / 4:
        toks.append(pick(cells))
    if rnd.random() < illegal_rate / 6:
        toks = toks[:-1]
    if rnd.random() < 0.01:
        toks.append("zz")
    return " ".join(toks)
