"""Preferences and statistics in microcontroller.nvm, plus Store: the nvm API in one
object (layout: quadpocket.records). Loaded by App.use and dropped: the app keeps only
the preference values (no methods: no reference to this code) and the slots.
"""

try:
    from micropython import const
except ImportError:  # CPython without Blinka's micropython

    def const(x):  # type: ignore[misc]
        return x

from quadpocket.records import GAME_MAX, GAME_OFF, GAME_SIZE, crc16, save_game
from quadpocket.records import write as _write
from quadpocket.slots import LEVELS, STAT_KEYS, STATS_OFF as _STATS_OFF
from quadpocket.slots import STATS_SIZE as _STATS_SIZE, damaged as _damaged
from quadpocket.slots import load as _load, newest as _newest, payload as _payload
from quadpocket.slots import stats as _stats

USES = ("quadpocket.slots",)  # dropped with this module (App.forget)

# Two slots per type (quadpocket.records: the layout and why; statistics: quadpocket.slots).
_PREFS_OFF = const(0)
_PREFS_SIZE = const(48)
_MAXCOUNT = const(65535)
# Version 1 places (one copy each), read only when the version 2 slots are empty.
_V1 = ((0x70, 0, 64), (0x73, 64, 64), (0x67, 1024, 1024), (0x67, 2048, 1024))

__all__ = ["GAME_MAX", "LEVELS", "OUTCOMES", "STAT_KEYS", "Prefs", "Store", "crc16"]

OUTCOMES = ("win", "loss", "draw")

# Preference fields in stored order: (name, default, allowed).
# allowed: a tuple of choices (stored as the index), a (lo, hi) int range or bool.
# Per game (one bit a game, in ORDER): firsts, the games whose computer moves first (the
# shown game's is `first`, "player" or "computer"); tutorial_done, the games whose
# tutorial was offered (True stored as every game's, False as none). confirm: 0 auto (on
# where the board's cells are under a fingertip), 1 on, 2 off (True stored as on, False
# as off). A record from before stored first and tutorial_done as one flag for every game
# and confirm as off/on: it reads as Still's Quad's first and tutorial, and auto/on.
_PREF_FIELDS = (
    ("level", "easy", LEVELS),
    ("firsts", 0, (0, 255)),
    ("show_move", True, bool),
    ("sound", 2, (0, 3)),
    ("auto_advance", False, bool),
    ("stars", 6, (6, 7)),
    ("one_short", False, bool),
    ("claim", False, bool),
    ("contrast", False, bool),
    ("confirm", 0, (0, 2)),
    ("tutorial_done", 0, (0, 255)),
    ("opponent", "computer", ("computer", "humans")),
    ("humans", 2, (2, 6)),
    ("size", 11, (5, 15)),
)
_FLAGS = {"tutorial_done": (0, 255), "confirm": (2, 1)}  # a bool stored: (False, True)
_VARIANT_MAX = const(15)  # the variant name is stored next, as length + ASCII
# Then the last game's id (docs/shell.md); records without it (or with 0 there) are
# Still's Quad's ("S"). Then idle dimming's minutes (0: never) and, if the player
# calibrated the touch, its four 16-bit raw readings: x at the left and right edge, y at
# the top and bottom (adafruit_touchscreen's calibration; none: the platform's own).
ORDER = "SWXB"  # the games' bits in firsts and tutorial_done (quadpocket.games' rows)
DIMS = (0, 1, 2, 5, 10)  # idle minutes offered before the backlight dims (0: never)


def bit(gid):
    """The bit of game gid in the per-game preferences (Still's Quad's for None)."""
    return 1 << max(0, ORDER.find(gid or "S"))


class Values:
    """Preference values as plain attributes (no methods: the app keeps one)."""

    variant = "standard"  # (the others: set from _PREF_FIELDS)
    master = 0  # Master's seconds (level expert; level byte 4-6)
    game = None  # id of the last game chosen (None: none yet)
    first = "player"  # who moves first in the shown game (its bit of firsts)
    dim = 2  # idle minutes before the backlight dims (0: never)
    cal = None  # touch calibration ((x left, x right), (y top, y bottom)), or None


def Prefs():  # noqa: N802 (a class name: it makes the preference object)
    """Preferences at their defaults (see _PREF_FIELDS)."""
    p = Values()
    for name, default, _ in _PREF_FIELDS:
        setattr(p, name, default)
    p.variant = "standard"
    p.game = None
    p.first = "player"
    p.dim = 2
    p.cal = None
    return p


def _encode_prefs(p):
    """Payload bytes for p; ValueError naming the field if a value is not allowed."""
    out = bytearray()
    g = p.game
    if g is not None and (not isinstance(g, str) or len(g) != 1 or not "A" <= g <= "Z"):
        raise ValueError("pref game: %r is not a game id (A-Z)" % (g,))
    if p.first not in ("player", "computer"):
        raise ValueError("pref first: %r is not player or computer" % (p.first,))
    if p.dim not in DIMS:
        raise ValueError("pref dim: %r not in %r" % (p.dim, DIMS))
    c = p.cal
    if c is not None:
        try:
            c = (c[0][0], c[0][1], c[1][0], c[1][1])
            if not all([isinstance(v, int) and 0 <= v <= 65535 for v in c]):
                raise ValueError
        except (TypeError, IndexError, ValueError):
            raise ValueError("pref cal: %r is not ((x, x), (y, y)) of 0..65535" % (c,))
    b = bit(g)
    if isinstance(p.firsts, int):  # the shown game's own choice into its bit
        p.firsts = p.firsts | b if p.first == "computer" else p.firsts & ~b & 255
    for name, _, allowed in _PREF_FIELDS:
        v = getattr(p, name)
        if name in _FLAGS and (v is True or v is False):
            v = _FLAGS[name][v]
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
    m = p.master
    if m:
        if m not in (5, 10, 20) or p.level != "expert":
            raise ValueError("pref master: %r" % m)
        out[0] = 4 + (m > 5) + (m > 10)
    v = p.variant
    if not isinstance(v, str) or not 0 < len(v) <= _VARIANT_MAX or not _is_name(v):
        raise ValueError("pref variant: %r is not a short lower-case name" % (v,))
    out.append(len(v))
    out.extend(v.encode())
    out.append(ord(g) if g else 0)  # (0: none yet, read as Still's Quad's)
    out.append(p.dim)
    if c is not None:
        for v in c:
            out.append(v & 255)
            out.append(v >> 8)
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
    p.game = "S"  # no id: written before the chooser, by Still's Quad
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
    b = data[0] - 4
    if 0 <= b < 3:
        p.level = "expert"
        p.master = 5 << b
    k = data[n]
    end = n + 1 + k
    m = len(data)
    if end < m and m in (end + 1, end + 2, end + 10):
        if 0x41 <= data[end] <= 0x5A:
            p.game = chr(data[end])
        if m > end + 1 and data[end + 1] in DIMS:
            p.dim = data[end + 1]
        if m == end + 10:
            c = [data[i] | data[i + 1] << 8 for i in range(end + 2, end + 10, 2)]
            if c[0] != c[1] and c[2] != c[3]:  # (crossed or blank: the platform's own)
                p.cal = ((c[0], c[1]), (c[2], c[3]))
    if 0 < k <= _VARIANT_MAX and end <= m:
        try:
            v = bytes(data[n + 1:end]).decode()
        except (ValueError, UnicodeError):
            v = ""
        if v and _is_name(v):
            p.variant = v
    p.first = "computer" if p.firsts & bit(p.game) else "player"
    return p


class Store:
    """Reads prefs and stats at once; writes a record only when its bytes change.
    notes: status-line messages (13 characters at most) for records found damaged with
    no good copy left: why something was reset."""

    def __init__(self, nvm):
        self.nvm = nvm
        self.notes = []  # type: list[str]
        self._prefs = _newest(nvm, _PREFS_OFF, _PREFS_SIZE, 0x70)
        self._stats = _newest(nvm, _STATS_OFF, _STATS_SIZE, 0x73)
        self._games = None
        raw = _read(nvm, _PREFS_OFF, _PREFS_SIZE, self._prefs, 0x70, "Prefs reset",
                    self.notes)
        st = _read(nvm, _STATS_OFF, _STATS_SIZE, self._stats, 0x73, "Stats reset",
                   self.notes)
        old = None  # version 1 records to carry over: [prefs, stats, game]
        if raw is None and st is None and self._prefs[0] < 0 and self._stats[0] < 0 \
                and not self.notes:
            old = _v1(nvm)
            raw, st = old[0], old[1]
        self.prefs = _decode_prefs(raw)
        if raw is not None and len(raw) < len(_PREF_FIELDS) + 1:
            self.notes.append("Prefs reset")  # a valid record of no use: say so
        self.stats = _stats(st)
        if st is not None and len(st) != 2 * len(LEVELS) * len(STAT_KEYS):
            self.notes.append("Stats reset")
        if old is not None:
            # Version 1 data into the new slots, once.
            if st is not None:
                self.save_stats()
            if raw is not None:
                self.save_prefs()
            if old[2] is not None and len(old[2]) <= GAME_MAX:
                self.save_game(old[2])

    @property
    def games(self):
        """The game slots, read when first needed (as _newest; records.save_game keeps
        it up to date)."""
        if self._games is None:
            self._games = _newest(self.nvm, GAME_OFF, GAME_SIZE, 0x67)
            if self._games[0] < 0 and _damaged(self.nvm, GAME_OFF, GAME_SIZE, 0x67):
                self.notes.append("Save damaged")
        return self._games

    def has_game_slots(self):
        return len(self.nvm) >= GAME_OFF + 2 * GAME_SIZE

    def save_prefs(self):
        """Write the prefs if they changed; ValueError (nothing written) on a bad value."""
        return save_game(self.nvm, self._prefs, _encode_prefs(self.prefs), _PREFS_OFF,
                         _PREFS_SIZE, 0x70)

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
        self.stats = _stats(None)
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
        return save_game(self.nvm, self._stats, out, _STATS_OFF, _STATS_SIZE, 0x73)

    def save_game(self, data):
        """Keep data (bytes, up to GAME_MAX) as the game in progress; False if unchanged."""
        if not isinstance(data, (bytes, bytearray)) or not 0 < len(data) <= GAME_MAX:
            raise ValueError("game save must be 1..%d bytes" % GAME_MAX)
        return save_game(self.nvm, self.games, data)

    def load_game(self):
        """The saved game bytes, or None if there is none or it is corrupt."""
        g = self.games
        if g[2] == 0:
            return None
        return _payload(self.nvm, g, GAME_OFF, GAME_SIZE, 0x67)

    def clear_game(self):
        """Forget the game in progress (writes an empty record unless already empty)."""
        g = self.games
        if g[0] < 0 or g[2] == 0:
            return False
        return save_game(self.nvm, g, b"")


def _read(nvm, off, size, slots, tag, note, notes):
    """The newest payload of a type, or None; a note if its slots hold only damage."""
    if slots[0] >= 0:
        return _payload(nvm, slots, off, size, tag)
    if _damaged(nvm, off, size, tag):
        notes.append(note)
    return None


def _v1(nvm):
    """(prefs, stats, game) payloads of a version 1 layout, None for each one absent."""
    out = []
    best = None
    for tag, off, size in _V1:
        r = _load(nvm, off, size, tag, 1)
        if tag != 0x67:
            out.append(r[1] if r else None)
        elif r is not None and (best is None or 0 < ((r[0] - best[0]) & 255) < 128):
            best = r
    out.append(best[1] if best and best[1] else None)
    return out


