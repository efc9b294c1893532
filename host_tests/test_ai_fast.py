"""The search's two-colour make/unmake (quadcore/ai/fast.py) against the engine's own
Board.place / Board.remove, byte for byte, and its TWO / NF / H tables against a recount."""

import random

import pytest

from quadcore.ai import fast
from quadcore.ai.core import MAXCELLS
from quadcore.board import MARBLE, STAR, Board
from quadcore.geometry import geometry


def board_state(b):
    """Every attribute of the board, as plain comparable values."""
    out = {}
    for k, v in vars(b).items():
        if k == "geo":
            continue
        if isinstance(v, list):
            out[k] = [bytes(e) if isinstance(e, bytearray) else list(e)
                      if isinstance(e, list) else e for e in v]
        elif isinstance(v, bytearray):
            out[k] = bytes(v)
        else:
            out[k] = v
    return out


def recount_two(b):
    """TWO and NF from scratch: squares open for c with two c marbles, per empty corner."""
    geo = b.geo
    two = bytearray(2 * MAXCELLS)
    for c in range(2):
        for s in range(geo.nsq):
            corners = geo.corners(s)
            pieces = [b.cells[x] for x in corners]
            if pieces.count(MARBLE + c) == 2 and pieces.count(0) == 2:
                for x in corners:
                    if b.cells[x] == 0:
                        two[c * MAXCELLS + x] += 1
    nf = [sum(1 for x in range(MAXCELLS) if two[c * MAXCELLS + x] >= 2) for c in range(2)]
    hist = bytearray(128)
    for c in range(2):
        for x in range(MAXCELLS):
            v = two[c * MAXCELLS + x]
            if v:
                hist[64 * c + min(v, 63)] += 1
    return bytes(two), nf, bytes(hist)


def set_two_from_scratch(b):
    two, nf, _ = recount_two(b)
    fast.reset()
    for c in range(2):
        for x in range(MAXCELLS):
            if x < len(b.cells) and b.cells[x] == 0:
                fast.count(x, c, two[c * MAXCELLS + x])
            else:
                fast.TWO[c * MAXCELLS + x] = 0


@pytest.mark.parametrize("n,seed", [(5, 1), (6, 2), (7, 3), (11, 4), (11, 5), (15, 6)])
def test_make_unmake_match_board_and_recount(n, seed):
    rnd = random.Random(seed)
    geo = geometry(n)
    fast_b = Board(geo, 2)
    ref_b = Board(geo, 2)
    set_two_from_scratch(fast_b)
    placed = []
    for step in range(400):
        empty = [x for x in range(n * n) if fast_b.cells[x] == 0]
        grow = placed == [] or (empty and rnd.random() < 0.6)
        if grow and empty:
            x = rnd.choice(empty)
            piece = rnd.choice((STAR, MARBLE, MARBLE + 1, MARBLE, MARBLE + 1))
            fast.make(fast_b, x, piece)
            ref_b.place(x, piece)
            placed.append(x)
        else:
            # Unmake in any order: the counters are sums, like Board.remove.
            x = placed.pop(rnd.randrange(len(placed)))
            fast.unmake(fast_b, x)
            ref_b.remove(x)
        assert board_state(fast_b) == board_state(ref_b), step
        two, nf, hist = recount_two(fast_b)
        assert bytes(fast.TWO) == two, step
        assert fast.NF == nf, step
        assert bytes(fast.H) == hist, step
