"""Save format: magic b"CP", format version, variant (index in Game.VARIANTS), start rule
(index in Game.STARTS), the number of placements, each placement's move code (two bytes,
high first: Game.code_of), CRC-16 of all that (two bytes). Passes are not stored: the game
finds them again. Loading replays every placement through the checked API, so a save that
is truncated, damaged, from another version or describing an illegal game is refused with
a ValueError."""

from quadutil import crc16

SAVE_MAGIC = b"CP"
SAVE_VERSION = 1
_HEAD = 6   # magic 2, version 1, variant 1, start 1, placements 1


def dump(g):
    out = bytearray(SAVE_MAGIC)
    out.extend(bytes((SAVE_VERSION, g.VARIANTS.index(g.variant), g.STARTS.index(g.start),
                      g.plies)))
    for i in range(g.plies):
        out.append(g._log[4 * i])
        out.append(g._log[4 * i + 1])
    c = crc16(out)
    out.append(c >> 8)
    out.append(c & 255)
    return bytes(out)


def load(cls, data):
    data = bytes(data)
    if len(data) < _HEAD + 2 or data[:2] != SAVE_MAGIC:
        raise ValueError("not a saved corner polyomino game")
    if data[2] != SAVE_VERSION:
        raise ValueError("save is from format version %d, this is %d" % (data[2], SAVE_VERSION))
    if crc16(data, 0, len(data) - 2) != (data[-2] << 8 | data[-1]):
        raise ValueError("save data is damaged (checksum mismatch)")
    n = data[5]
    # The variant and start tables come from the class (no import of game.py: no circle).
    if data[3] >= len(cls.VARIANTS) or data[4] >= len(cls.STARTS) or \
            _HEAD + 2 * n != len(data) - 2:
        raise ValueError("save data is damaged (bad header or length)")
    try:
        g = cls(cls.VARIANTS[data[3]], cls.STARTS[data[4]])
        for i in range(_HEAD, _HEAD + 2 * n, 2):
            code = data[i] << 8 | data[i + 1]
            if code >= g.width * g.width * 91:
                raise ValueError("move code %d out of range" % code)
            g.apply_move(g.decode(code))
    except ValueError as e:
        raise ValueError("save data is damaged (%s)" % e)
    return g
