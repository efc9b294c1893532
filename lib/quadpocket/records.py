# Records in microcontroller.nvm, and the game in progress (the part of quadpocket.storage
# the running game needs after every round; preferences and statistics live in storage,
# which is imported only at start-up, in the menus and at the end of a game).
#
# Layout (offsets in bytes; nvm is 8192 bytes on a SAMD51, one 8 KB erase block of sixteen
# 512-byte pages):
#
#     0     prefs  A, B   48 bytes each  tag "p"   every record type has two slots
#     96    stats  A, B   48 bytes each  tag "s"   written in turn, so a write torn by a
#     192   game   A     1024 bytes      tag "g"   power cut leaves the other, older copy
#     1216  game   B     1024 bytes      tag "g"
#
# Every record starts with an 8-byte header: "Q", tag, version (2), sequence (1 byte, +1
# per write of that type), payload length (2, little-endian), CRC-16/CCITT of header[0:6] +
# payload. A record whose magic, tag, version, length or CRC is wrong reads as absent, so
# corrupt or foreign data gives defaults and never an exception; of two valid slots the one
# with the later sequence number is the newest.
#
# Why this layout (measured by tools/nvm_cuts.py, README "Persistence"): CircuitPython's
# atmel-samd nvm rewrites the whole 8 KB block for any slice assignment: it copies the block
# to RAM, erases it and programs the 16 pages in order. A power cut in that window keeps only
# the pages programmed before it. So everything that matters sits as low as it can:
# prefs, stats (both copies of each) and a game of up to 312 bytes (a standard game is
# under 130) are all in page 0, which is programmed first. A cut during the erase or early
# in page 0 loses everything, and no layout can avoid that on this chip (measured: 3% of
# the model's cut points lose the game, under 1% the prefs or the stats). Boards whose nvm
# write touches only the bytes written get the full benefit of the two copies.
#
# Version 1 (before two copies of prefs and stats) kept prefs at 0, stats at 64 and games
# at 1024 / 2048; quadpocket.storage still reads those when the new slots are empty.
#
# Each write is one slice assignment (one erase cycle; flash wears out after something like
# 10,000) and happens only when the bytes change.
#
# (Comments, not a docstring: the device keeps a module docstring on the heap, ~2 KB
# here, measured by tools/app_heap.py; this module stays loaded all game.)


try:
    from micropython import const
except ImportError:  # plain CPython without Blinka's micropython module

    def const(x):  # type: ignore[misc]
        return x


from quadutil import crc16  # the game save's CRC-16/CCITT: one copy for both

_HDR = const(8)
_GAME_OFF = const(192)
_GAME_SIZE = const(1024)
_VERSION = const(2)
GAME_OFF = _GAME_OFF
GAME_SIZE = _GAME_SIZE
VERSION = _VERSION

GAME_MAX = _GAME_SIZE - _HDR  # largest game save in bytes (1016)


def write(nvm, off, tag, seq, data):
    # Header + payload in one slice assignment (one erase/write cycle).
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


def save_game(nvm, slots, data, off=_GAME_OFF, size=_GAME_SIZE, tag=0x67):
    # Keep data as the newest record of a two-slot type (slots at off and off + size; by
    # default the game in progress); False if unchanged or beyond this board's nvm,
    # ValueError if too big for its slot. slots = [newest valid slot (-1: none), its
    # sequence byte, its payload length], read at start-up (quadpocket.storage) and kept
    # up to date here. The other slot is written, so the newest copy so far survives a
    # torn write.
    n = len(data)
    if _HDR + n > size:
        raise ValueError("record over %d bytes" % (size - _HDR))
    if off + 2 * size > len(nvm):
        return False  # a board with less nvm
    old = slots[0]
    if old >= 0 and n == slots[2]:
        # Byte-by-byte compare with the stored copy: no allocation.
        o = off + old * size + _HDR
        i = 0
        while i < n and nvm[o + i] == data[i]:
            i += 1
        if i == n:
            return False
    slot = 1 - old if old >= 0 else 0
    seq = (slots[1] + 1) & 255
    write(nvm, off + slot * size, tag, seq, data)
    slots[0] = slot
    slots[1] = seq
    slots[2] = n
    return True
