"""Records in microcontroller.nvm, and the game in progress (the part of quadpocket.storage
the running game needs after every round; preferences and statistics live in storage,
which is imported only at start-up, in the menus and at the end of a game).

Layout (offsets in bytes; nvm is 8192 bytes on a SAMD51):

    0     prefs   64 bytes    magic b"Qp"
    64    stats   64 bytes    magic b"Qs"
    1024  game A  1024 bytes  magic b"Qg"   two slots written in turn, so a save
    2048  game B  1024 bytes  magic b"Qg"   torn by a power cut leaves the other one

Every region starts with an 8-byte header: magic (2), version (1), sequence (1),
payload length (2, little-endian), CRC-16/CCITT of header[0:6] + payload (2).
A region whose magic, version, length or CRC is wrong reads as absent, so
corrupt or foreign data gives defaults and never an exception.

Each nvm slice assignment costs an erase and write cycle, and flash wears out
after something like 10,000 of them, so every record is written with one slice
assignment and only when its bytes changed (the app saves the game once a round
against the computer, once a turn in pass-and-play).  On a SAMD51 the whole 8 KB
block is erased and its 16 pages rewritten in order for any slice; a power cut
mid-write loses the pages after the cut, which the CRCs detect.  Prefs and stats
sit in page 0, rewritten first; the older game slot survives a cut after its
pages (2-3 for slot A) and any cut on boards that rewrite only the pages written
to.  Boards with less nvm keep prefs and stats (128 bytes) and have no game slots.
"""

try:
    from micropython import const
except ImportError:  # plain CPython without Blinka's micropython module

    def const(x):  # type: ignore[misc]
        return x


from quadcore.crc import crc16  # the game save's CRC-16/CCITT: one copy for both

_HDR = const(8)
_GAME_OFF = const(1024)
_GAME_SIZE = const(1024)
_VERSION = const(1)
GAME_OFF = _GAME_OFF
GAME_SIZE = _GAME_SIZE

GAME_MAX = _GAME_SIZE - _HDR  # largest game save in bytes (1016)

def write(nvm, off, tag, seq, data):
    """Header + payload in one slice assignment (one erase/write cycle)."""
    n = len(data)
    if off + _HDR + n > len(nvm):
        return  # region beyond this board's nvm: keep it in RAM only
    rec = bytearray(_HDR + n)
    rec[0] = 0x51  # "Q"
    rec[1] = tag  # "p" prefs, "s" stats, "g" game
    rec[2] = _VERSION
    rec[3] = seq
    rec[4] = n & 255
    rec[5] = n >> 8
    rec[_HDR:] = data
    c = crc16(rec, _HDR, _HDR + n, crc16(rec, 0, 6))
    rec[6] = c & 255
    rec[7] = c >> 8
    nvm[off:off + _HDR + n] = rec


def save_game(nvm, slots, data):
    """Keep data (bytes; ValueError beyond GAME_MAX) as the game in progress; False if
    unchanged or the board has no game slots. slots = [newest valid slot (-1: none), its
    sequence byte, its payload length], read from nvm at start-up (quadpocket.storage)
    and kept up to date here."""
    if len(data) > GAME_MAX:
        raise ValueError("game save over %d bytes" % GAME_MAX)
    if len(nvm) < _GAME_OFF + 2 * _GAME_SIZE:
        return False  # a board with less nvm: no game slots
    n = len(data)
    old = slots[0]
    if old >= 0 and n == slots[2]:
        # Byte-by-byte compare with the stored copy: no allocation.
        off = _GAME_OFF + old * _GAME_SIZE + _HDR
        i = 0
        while i < n and nvm[off + i] == data[i]:
            i += 1
        if i == n:
            return False
    # Write the other slot so the current save survives a torn write.
    slot = 1 - old if old >= 0 else 0
    seq = (slots[1] + 1) & 255
    write(nvm, _GAME_OFF + slot * _GAME_SIZE, 0x67, seq, data)
    slots[0] = slot
    slots[1] = seq
    slots[2] = n
    return True
