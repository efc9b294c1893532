# Reading the two-slot records of quadpocket.records, and the statistics record: what the
# statistics page, a game's settings and a saved game need, without quadpocket.storage
# (4 KB of code: loading it to show the statistics once failed in a heap with 12 KB free in
# pieces, docs/heap.md). Loaded through App.use and dropped after; storage imports it too.
# (Comments, not a docstring: a module docstring is kept on the heap while loaded.)

try:
    from micropython import const
except ImportError:  # CPython without Blinka's micropython

    def const(x):  # type: ignore[misc]
        return x


from quadpocket.records import VERSION, crc16

_HDR = const(8)
STATS_OFF = const(96)
STATS_SIZE = const(48)
STATS_TAG = const(0x73)

LEVELS = ("trainer", "easy", "average", "expert")
STAT_KEYS = ("wins", "losses", "draws", "streak", "best")


def load(nvm, off, size, tag, version=VERSION):
    # (seq, payload bytes) of a valid record at off, else None.
    if off + size > len(nvm):
        return None
    h = nvm[off:off + _HDR]
    n = h[4] | h[5] << 8
    if h[0] != 0x51 or h[1] != tag or h[2] != version or n > size - _HDR:
        return None
    body = bytes(nvm[off + _HDR:off + _HDR + n])
    # The CRC covers header[0:6] then the payload.
    if crc16(body, 0, n, crc16(h, 0, 6)) != (h[6] | h[7] << 8):
        return None
    return (h[3], body)


def newest(nvm, off, size, tag):
    # [newest valid slot (-1: none), its sequence byte, its payload length] of a two-slot
    # record type at off.
    g = [-1, 0, 0]
    if off + 2 * size <= len(nvm):
        for s in (0, 1):
            r = load(nvm, off + s * size, size, tag)
            # the later sequence number (mod 256): the newer copy
            if r is not None and (g[0] < 0 or 0 < ((r[0] - g[1]) & 255) < 128):
                g = [s, r[0], len(r[1])]
    return g


def payload(nvm, slots, off, size, tag):
    # The payload of the newest slot (slots: as newest() gives), or None.
    if slots[0] < 0:
        return None
    r = load(nvm, off + slots[0] * size, size, tag)
    return r[1] if r else None


def damaged(nvm, off, size, tag):
    # True if a slot starts like one of our records (was written) but is not valid.
    for s in (0, 1):
        o = off + s * size
        if o + 3 <= len(nvm) and nvm[o] == 0x51 and nvm[o + 1] == tag and \
                nvm[o + 2] == VERSION:
            return True
    return False


def stats(data):
    # {level: {key: count}} from a statistics payload; None or a payload of another
    # length gives zeros.
    ok = data is not None and len(data) == 2 * len(LEVELS) * len(STAT_KEYS)
    out = {}
    i = 0
    for lv in LEVELS:
        d = out[lv] = {}
        for k in STAT_KEYS:
            d[k] = data[i] | data[i + 1] << 8 if ok else 0
            i += 2
    return out


def read_stats(nvm):
    # The statistics as stored now (zeros where there is no valid record).
    return stats(payload(nvm, newest(nvm, STATS_OFF, STATS_SIZE, STATS_TAG), STATS_OFF,
                         STATS_SIZE, STATS_TAG))


# Version 1 places (one copy each), read only when the version 2 slots are empty.
_V1 = ((0x70, 0, 64), (0x73, 64, 64), (0x67, 1024, 1024), (0x67, 2048, 1024))


def read(nvm, off, size, slots, tag, note, notes):
    """The newest payload of a type, or None; a note if its slots hold only damage."""
    if slots[0] >= 0:
        return payload(nvm, slots, off, size, tag)
    if damaged(nvm, off, size, tag):
        notes.append(note)
    return None


def v1(nvm):
    """(prefs, stats, game) payloads of a version 1 layout, None for each one absent."""
    out = []
    best = None
    for tag, off, size in _V1:
        r = load(nvm, off, size, tag, 1)
        if tag != 0x67:
            out.append(r[1] if r else None)
        elif r is not None and (best is None or 0 < ((r[0] - best[0]) & 255) < 128):
            best = r
    out.append(best[1] if best and best[1] else None)
    return out


