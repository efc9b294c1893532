"""Master's ponder table: the key of a position and the lookup of a stored answer (used by
Master's turn, quadcore.ai.master, and by the ponder's planning, ponder.py); not loaded
while the ponder's search is stepped (docs/heap.md)."""


def key(game, start=None):
    """What a stored answer is valid for: the cells, the pieces left and the turns played
    as bytes; with `start` (such bytes, of the same game), only where they differ: index,
    value, index, value... (a turn's few pieces instead of the whole board)."""
    k = (bytes(game.board.cells) + bytes(game.stars_left) + bytes(game.marbles_left)
         + bytes((game.turns & 255,)))
    if start is None:
        return k
    d = bytearray()
    for i in range(len(k)):
        if k[i] != start[i]:
            d.append(i)  # (at most 255 bytes: boards up to 15x15)
            d.append(k[i])
    return bytes(d)


def answer(p, game, seed, seconds):
    """The ponder p's stored turn for this position, or None (not pondered, another seed,
    or pondered with less time than asked)."""
    if seed != p.seed or seconds is None or seconds > p.seconds:
        return None
    k = key(game, p.start)
    t = p.table
    for i in range(0, len(t), 2):
        if t[i] == k:
            return t[i + 1]
    return None
