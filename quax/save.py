"""Save format: magic b"QX", format version, rule set, board size, pie rule (0/1), the number
of turns (two bytes), each turn's move int (two bytes, high first), CRC-16 of all that (two
bytes). Loading replays every turn through the checked API, so a save that is truncated,
damaged, from another version or describing an illegal game is refused with a ValueError."""

from quadutil import crc16

SAVE_MAGIC = b"QX"
SAVE_VERSION = 1
_HEAD = 8   # magic 2, version 1, rules 1, size 1, pie 1, turns 2


def dump(g):
    out = bytearray(SAVE_MAGIC)
    k = g.plies
    out.extend(bytes((SAVE_VERSION, g.rule, g.n, 1 if g.pie else 0, k >> 8, k & 255)))
    out.extend(g._log)
    c = crc16(out)
    out.append(c >> 8)
    out.append(c & 255)
    return bytes(out)


def load(cls, data):
    data = bytes(data)
    if len(data) < _HEAD + 2 or data[:2] != SAVE_MAGIC:
        raise ValueError("not a saved game of the Quax family")
    if data[2] != SAVE_VERSION:
        raise ValueError("save is from format version %d, this is %d" % (data[2], SAVE_VERSION))
    if crc16(data, 0, len(data) - 2) != (data[-2] << 8 | data[-1]):
        raise ValueError("save data is damaged (checksum mismatch)")
    k = data[6] << 8 | data[7]
    if _HEAD + 2 * k != len(data) - 2 or data[5] > 1:
        raise ValueError("save data is damaged (bad length)")
    try:
        g = cls(data[3], data[4], data[5] == 1)
        for i in range(_HEAD, _HEAD + 2 * k, 2):
            g.apply_move(data[i] << 8 | data[i + 1])
    except ValueError as e:
        raise ValueError("save data is damaged (%s)" % e)
    return g
