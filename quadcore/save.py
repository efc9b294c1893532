"""Loading a saved game: magic b"QP", format version, the rules, the undo stack, star mode
and a CRC-16 (written by Game.to_bytes, which the device calls once a round: that code lives
in quadcore.game, so a save loads no module). Loading replays the stack through the checked
API, so anything truncated, corrupted, from another version or describing an illegal game
is refused."""

from quadutil import crc16
from .kinds import CLAIM as _CLAIM, MARBLE as _MARBLE, MOVE as _MOVE, PASS as _PASS
from .kinds import SAVE_MAGIC, SAVE_VERSION
from .kinds import STAR as _STAR
from .rules import VARIANTS


def dump(g):
    """The same bytes as g.to_bytes()."""
    return g.to_bytes()


def load(cls, data):
    data = bytes(data)
    if len(data) < 13 or data[:2] != SAVE_MAGIC:
        raise ValueError("not a Quad Pocket save")
    if data[2] != SAVE_VERSION:
        raise ValueError("save is from format version %d, this is %d"
                         % (data[2], SAVE_VERSION))
    if crc16(data, 0, len(data) - 2) != (data[-2] << 8 | data[-1]):
        raise ValueError("save data is damaged (checksum mismatch)")
    size, players, marbles, stars, var, flags = data[3:9]
    length = data[9] << 8 | data[10]
    if var >= len(VARIANTS) or flags & ~7 or 11 + length != len(data) - 2:
        raise ValueError("save data is damaged (bad header)")
    try:
        g = cls(size, players, marbles, stars, bool(flags & 1), VARIANTS[var],
                bool(flags & 2))
        i = 11
        end = len(data) - 2
        log = g._log
        while i < end:
            code = data[i]
            if g._top > i - 11:
                # Written by the game itself (the automatic pass of a turn a wrong claim
                # cost): the record must hold exactly that.
                if i + 2 > end or log[i - 11] != code or log[i - 10] != data[i + 1]:
                    raise ValueError("it disagrees with the rules at byte %d" % i)
                i += 2
                continue
            if code == _MOVE:
                if i + 3 > end:
                    raise ValueError("it ends inside a move")
                g.move(data[i + 1], data[i + 2])
                i += 3
                continue
            if i + 2 > end:
                raise ValueError("it ends inside an action")
            if code == _STAR:
                g.star(data[i + 1])
            elif code == _MARBLE:
                g.marble(data[i + 1])
            elif (code == _CLAIM or code == _PASS) and g.rules.claim:
                g.claim(data[i + 1] & 15)
                if log[i - 11] != code or log[i - 10] != data[i + 1]:
                    raise ValueError("a claim turns out differently")
            else:
                raise ValueError("unknown action code %d" % code)
            i += 2
        if g._top != length:
            raise ValueError("it disagrees with the rules at its end")
    except ValueError as e:
        raise ValueError("save data is damaged (%s)" % e)
    g.star_armed = bool(flags & 4)
    return g
