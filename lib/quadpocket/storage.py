"""Preferences, statistics and the game in progress, kept in microcontroller.nvm.

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
assignment and only when its bytes changed (callers: save the game at pauses,
not after every marble).  On a SAMD51 the whole 8 KB block is erased and its
16 pages rewritten in order for any slice; a power cut mid-write loses the
pages after the cut, which the CRCs detect.  Prefs and stats sit in page 0,
rewritten first; the older game slot survives a cut after its pages (2-3 for
slot A) and any cut on boards that rewrite only the pages written to.
Boards with less nvm keep prefs and stats (128 bytes) and have no game slots.
"""

try:
    from micropython import const
except ImportError:  # plain CPython without Blinka's micropython module

    def const(x):  # type: ignore[misc]
        return x


_HDR = const(8)
_PREFS_OFF = const(0)
_PREFS_SIZE = const(64)
_STATS_OFF = const(64)
_STATS_SIZE = const(64)
_GAME_OFF = const(1024)
_GAME_SIZE = const(1024)
_VERSION = const(1)
_MAXCOUNT = const(65535)

GAME_MAX = _GAME_SIZE - _HDR  # largest game save in bytes (1016)

LEVELS = ("trainer", "easy", "average", "expert")
OUTCOMES = ("win", "loss", "draw")
STAT_KEYS = ("wins", "losses", "draws", "streak", "best")

# CRC-16/CCITT (poly 0x1021, init 0xFFFF), four bits at a time: a 16-entry table
# keeps every value below 2**16 (small ints on the device) and halves the loop.
_CRC_T = (0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
          0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF)


def crc16(buf, start=0, end=None, crc=0xFFFF):
    """CRC-16/CCITT of buf[start:end] continuing from crc ("123456789" -> 0x29B1)."""
    t = _CRC_T
    if end is None:
        end = len(buf)
    for i in range(start, end):
        b = buf[i]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b & 15)]
    return crc


# Preference fields in stored order: (name, default, allowed).
# allowed: a tuple of choices (stored as the index), a (lo, hi) int range or bool.
_PREF_FIELDS = (
    ("level", "easy", LEVELS),
    ("first", "player", ("player", "computer")),
    ("show_move", True, bool),
    ("sound", 2, (0, 3)),
    ("auto_advance", False, bool),
    ("stars", 6, (6, 7)),
    ("one_short", False, bool),
    ("claim", False, bool),
    ("contrast", False, bool),
    ("confirm", False, bool),
    ("tutorial_done", False, bool),
    ("opponent", "computer", ("computer", "humans")),
    ("humans", 2, (2, 6)),
    ("size", 11, (5, 15)),
)
_VARIANT_MAX = const(15)  # the variant name is stored last, as length + ASCII


class Prefs:
    """Preferences as plain attributes (see _PREF_FIELDS for defaults)."""

    def __init__(self):
        for name, default, _ in _PREF_FIELDS:
            setattr(self, name, default)
        self.variant = "standard"


def _encode_prefs(p):
    """Payload bytes for p; ValueError naming the field if a value is not allowed."""
    out = bytearray()
    for name, _, allowed in _PREF_FIELDS:
        v = getattr(p, name)
        if allowed is bool:
            if v is not True and v is not False:
                raise ValueError("pref %s: not a bool: %r" % (name, v))
            out.append(1 if v else 0)
        elif isinstance(allowed[0], str):
            if v not in allowed:
                raise ValueError("pref %s: %r not in %r" % (name, v, allowed))
            out.append(allowed.index(v))
        else:
            if not isinstance(v, int) or isinstance(v, bool) or not allowed[0] <= v <= allowed[1]:
                raise ValueError("pref %s: %r not in %d..%d" % (name, v, allowed[0], allowed[1]))
            out.append(v)
    v = p.variant
    if not isinstance(v, str) or not 0 < len(v) <= _VARIANT_MAX or not _is_name(v):
        raise ValueError("pref variant: %r is not a short lower-case name" % (v,))
    out.append(len(v))
    out.extend(v.encode())
    return bytes(out)


def _is_name(s):
    for c in s:
        if not ("a" <= c <= "z" or c == "-" or c == "_" or "0" <= c <= "9"):
            return False
    return True


def _decode_prefs(data):
    """Prefs from a payload; any field out of range keeps its default."""
    p = Prefs()
    n = len(_PREF_FIELDS)
    if data is None or len(data) < n + 1:
        return p
    i = 0
    for name, _, allowed in _PREF_FIELDS:
        b = data[i]
        i += 1
        if allowed is bool:
            if b < 2:
                setattr(p, name, b == 1)
        elif isinstance(allowed[0], str):
            if b < len(allowed):
                setattr(p, name, allowed[b])
        elif allowed[0] <= b <= allowed[1]:
            setattr(p, name, b)
    k = data[n]
    if 0 < k <= _VARIANT_MAX and n + 1 + k == len(data):
        try:
            v = bytes(data[n + 1:]).decode()
        except (ValueError, UnicodeError):
            v = ""
        if v and _is_name(v):
            p.variant = v
    return p


def _new_stats():
    s = {}
    for lv in LEVELS:
        d = {}
        for k in STAT_KEYS:
            d[k] = 0
        s[lv] = d
    return s


class Store:
    """Reads the nvm once; writes a region only when its bytes change."""

    def __init__(self, nvm):
        self.nvm = nvm
        self._size = len(nvm)
        r = _load(nvm, _PREFS_OFF, _PREFS_SIZE, 0x70)
        self._prefs_raw = r[1] if r else None
        self.prefs = _decode_prefs(self._prefs_raw)
        self.stats = _new_stats()
        r = _load(nvm, _STATS_OFF, _STATS_SIZE, 0x73)
        self._stats_raw = r[1] if r else None
        raw = self._stats_raw
        if raw is not None and len(raw) == 2 * len(LEVELS) * len(STAT_KEYS):
            i = 0
            for lv in LEVELS:
                d = self.stats[lv]
                for k in STAT_KEYS:
                    d[k] = raw[i] | raw[i + 1] << 8
                    i += 2
        # Newest valid game slot (-1: none), its sequence byte and payload length.
        self._slot = -1
        self._seq = 0
        self._glen = 0
        if self.has_game_slots():
            for s in (0, 1):
                r = _load(nvm, _GAME_OFF + s * _GAME_SIZE, _GAME_SIZE, 0x67)
                if r is not None and (self._slot < 0 or 0 < ((r[0] - self._seq) & 255) < 128):
                    self._slot, self._seq, self._glen = s, r[0], len(r[1])

    def has_game_slots(self):
        return self._size >= _GAME_OFF + 2 * _GAME_SIZE

    # -- preferences --------------------------------------------------------
    def save_prefs(self):
        """Write the prefs if they changed; ValueError (nothing written) on a bad value."""
        data = _encode_prefs(self.prefs)
        if data == self._prefs_raw:
            return False
        _write(self.nvm, _PREFS_OFF, 0x70, 0, data)
        self._prefs_raw = data
        return True

    # -- statistics ---------------------------------------------------------
    def record_result(self, level, outcome):
        """Count a finished game against the computer and save the stats."""
        if level not in LEVELS:
            raise ValueError("unknown level %r" % (level,))
        if outcome not in OUTCOMES:
            raise ValueError("unknown outcome %r" % (outcome,))
        d = self.stats[level]
        key = ("wins", "losses", "draws")[OUTCOMES.index(outcome)]
        d[key] = min(d[key] + 1, _MAXCOUNT)
        # streak = current run of wins; a loss or a draw ends it.
        d["streak"] = min(d["streak"] + 1, _MAXCOUNT) if outcome == "win" else 0
        if d["streak"] > d["best"]:
            d["best"] = d["streak"]
        return self.save_stats()

    def reset_stats(self):
        self.stats = _new_stats()
        return self.save_stats()

    def save_stats(self):
        out = bytearray()
        for lv in LEVELS:
            d = self.stats[lv]
            for k in STAT_KEYS:
                v = d[k]
                if not isinstance(v, int) or not 0 <= v <= _MAXCOUNT:
                    raise ValueError("stat %s/%s: %r" % (lv, k, v))
                out.append(v & 255)
                out.append(v >> 8)
        data = bytes(out)
        if data == self._stats_raw:
            return False
        _write(self.nvm, _STATS_OFF, 0x73, 0, data)
        self._stats_raw = data
        return True

    # -- game in progress ---------------------------------------------------
    def save_game(self, data):
        """Keep data (bytes, up to GAME_MAX) as the game in progress; False if unchanged."""
        if not isinstance(data, (bytes, bytearray)) or not 0 < len(data) <= GAME_MAX:
            raise ValueError("game save must be 1..%d bytes" % GAME_MAX)
        if not self.has_game_slots():
            return False
        return self._put_game(data)

    def load_game(self):
        """The saved game bytes, or None if there is none or it is corrupt."""
        if self._slot < 0 or self._glen == 0:
            return None
        r = _load(self.nvm, _GAME_OFF + self._slot * _GAME_SIZE, _GAME_SIZE, 0x67)
        return r[1] if r else None

    def clear_game(self):
        """Forget the game in progress (writes an empty record unless already empty)."""
        if self._slot < 0 or self._glen == 0:
            return False
        return self._put_game(b"")

    def _put_game(self, data):
        n = len(data)
        if self._slot >= 0 and n == self._glen:
            # Byte-by-byte compare with the stored copy: no allocation.
            off = _GAME_OFF + self._slot * _GAME_SIZE + _HDR
            nvm = self.nvm
            i = 0
            while i < n and nvm[off + i] == data[i]:
                i += 1
            if i == n:
                return False
        # Write the other slot so the current save survives a torn write.
        slot = 1 - self._slot if self._slot >= 0 else 0
        seq = (self._seq + 1) & 255
        _write(self.nvm, _GAME_OFF + slot * _GAME_SIZE, 0x67, seq, data)
        self._slot, self._seq, self._glen = slot, seq, n
        return True


def _load(nvm, off, size, tag):
    """(seq, payload bytes) of a valid record at off, else None."""
    if off + size > len(nvm):
        return None
    h = nvm[off:off + _HDR]
    n = h[4] | h[5] << 8
    if h[0] != 0x51 or h[1] != tag or h[2] != _VERSION or n > size - _HDR:
        return None
    body = bytes(nvm[off + _HDR:off + _HDR + n])
    # The CRC covers header[0:6] then the payload.
    if crc16(body, 0, n, crc16(h, 0, 6)) != (h[6] | h[7] << 8):
        return None
    return (h[3], body)


def _write(nvm, off, tag, seq, data):
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
