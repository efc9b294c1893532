"""quadpocket.storage: prefs, stats and the game in progress in an 8 KB nvm."""

import os
import random
import sys

import pytest

LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib")
if LIB not in sys.path:
    sys.path.append(LIB)

from quadpocket import storage  # noqa: E402
from quadpocket.storage import GAME_MAX, LEVELS, Prefs, Store  # noqa: E402

NVM_SIZE = 8192
PREFS_REC = (0, 96)    # two 48-byte slots each (quadpocket.records)
STATS_REC = (96, 192)
SLOT_A = 192
SLOT_B = 1216
HDR = 8


class CountingNvm:
    """A bytearray that counts slice writes and refuses single-byte writes.

    torn=k makes the next write store only its first k bytes (a power cut).
    """

    def __init__(self, size=NVM_SIZE, fill=0):
        self.buf = bytearray([fill]) * size
        self.writes = []
        self.torn = None

    def __len__(self):
        return len(self.buf)

    def __getitem__(self, i):
        return self.buf[i]

    def __setitem__(self, i, value):
        assert isinstance(i, slice), "nvm must be written one slice at a time"
        start, stop, step = i.indices(len(self.buf))
        assert step == 1 and stop - start == len(value), "slice write must not resize nvm"
        self.writes.append((start, stop))
        if self.torn is not None:
            k = self.torn
            self.torn = None
            self.buf[start:start + k] = value[:k]
            return
        self.buf[i] = value


def default_prefs():
    return vars(Prefs())


def other_prefs():
    """A value different from the default for every preference."""
    return dict(level="expert", first="computer", show_move=False, sound=3, auto_advance=True,
                stars=7, one_short=True, claim=True, contrast=True, confirm=1,
                tutorial_done=255, opponent="humans", humans=6, size=15, variant="duel",
                game="S",  # a record with no game id is Still's Quad's (written before ids)
                firsts=5, dim=5, cal=((9000, 56000), (1300, 60500)))


def test_crc16_known_vectors():
    assert storage.crc16(b"123456789") == 0x29B1  # CRC-16/CCITT-FALSE check value
    assert storage.crc16(b"") == 0xFFFF
    assert storage.crc16(b"6789", crc=storage.crc16(b"12345")) == 0x29B1


def test_defaults_documented():
    assert default_prefs() == dict(
        level="easy", first="player", show_move=True, sound=2, auto_advance=False, stars=6,
        one_short=False, claim=False, contrast=False, confirm=0, tutorial_done=0,
        opponent="computer", humans=2, size=11, variant="standard", game=None, firsts=0,
        dim=2, cal=None)
    assert set(other_prefs()) == set(default_prefs())
    for k, v in other_prefs().items():
        assert default_prefs()[k] != v, k


@pytest.mark.parametrize("fill", [0x00, 0xFF])
def test_blank_nvm_gives_defaults_without_writing(fill):
    nvm = CountingNvm(fill=fill)
    st = Store(nvm)
    assert vars(st.prefs) == default_prefs()
    assert st.stats == {lv: dict(wins=0, losses=0, draws=0, streak=0, best=0) for lv in LEVELS}
    assert st.load_game() is None
    assert st.clear_game() is False
    assert nvm.writes == []


def test_prefs_round_trip_and_write_only_on_change():
    nvm = CountingNvm()
    st = Store(nvm)
    for k, v in other_prefs().items():
        setattr(st.prefs, k, v)
    assert st.save_prefs() is True
    assert st.save_prefs() is False
    assert len(nvm.writes) == 1
    start, stop = nvm.writes[0]
    assert PREFS_REC[0] <= start < stop <= PREFS_REC[1]
    st2 = Store(nvm)
    assert vars(st2.prefs) == other_prefs()
    assert st2.save_prefs() is False  # nothing changed since it was read
    st2.prefs.sound = 0
    assert st2.save_prefs() is True
    assert Store(nvm).prefs.sound == 0
    assert len(nvm.writes) == 2


@pytest.mark.parametrize("field,value", [
    ("level", "grandmaster"), ("sound", 4), ("sound", -1), ("sound", True), ("sound", "2"),
    ("show_move", 1), ("stars", 5), ("humans", 7), ("size", 4), ("size", 16),
    ("first", "nobody"), ("opponent", None), ("variant", ""), ("variant", "x" * 16),
    ("variant", "Trek"), ("variant", 3), ("confirm", 3), ("tutorial_done", 256),
    ("dim", 3), ("cal", ((1, 2),)), ("cal", ((1, 2), (3, 70000))), ("cal", "raw"),
])
def test_bad_pref_raises_and_writes_nothing(field, value):
    nvm = CountingNvm()
    st = Store(nvm)
    st.prefs.level = "average"
    st.save_prefs()
    before = bytes(nvm.buf)
    setattr(st.prefs, field, value)
    with pytest.raises(ValueError, match=field):
        st.save_prefs()
    assert bytes(nvm.buf) == before
    assert len(nvm.writes) == 1


def test_stats_counts_streaks_and_round_trip():
    nvm = CountingNvm()
    st = Store(nvm)
    for outcome in ["win", "win", "loss", "win", "win", "win", "draw", "win"]:
        assert st.record_result("average", outcome) is True
    assert st.record_result("expert", "loss") is True
    assert len(nvm.writes) == 9  # one write per finished game
    want = dict(wins=6, losses=1, draws=1, streak=1, best=3)
    assert st.stats["average"] == want
    st2 = Store(nvm)
    assert st2.stats["average"] == want
    assert st2.stats["expert"] == dict(wins=0, losses=1, draws=0, streak=0, best=0)
    assert st2.stats["easy"] == dict(wins=0, losses=0, draws=0, streak=0, best=0)
    for start, stop in nvm.writes:
        assert STATS_REC[0] <= start < stop <= STATS_REC[1]
    assert st2.reset_stats() is True
    assert Store(nvm).stats["average"]["wins"] == 0
    assert st2.reset_stats() is False


def test_stats_saturate_instead_of_overflowing():
    st = Store(CountingNvm())
    st.stats["easy"]["wins"] = 65535
    st.stats["easy"]["streak"] = 65535
    st.record_result("easy", "win")
    assert st.stats["easy"]["wins"] == 65535
    assert st.stats["easy"]["best"] == 65535


@pytest.mark.parametrize("level,outcome", [("hard", "win"), ("easy", "won"), (None, "win")])
def test_bad_result_raises_and_changes_nothing(level, outcome):
    nvm = CountingNvm()
    st = Store(nvm)
    with pytest.raises(ValueError):
        st.record_result(level, outcome)
    assert nvm.writes == []
    assert all(v == 0 for d in st.stats.values() for v in d.values())


def game_bytes(n, seed):
    rng = random.Random(seed)
    return bytes(rng.randrange(256) for _ in range(n))


def test_game_round_trip_sizes_and_write_only_on_change():
    nvm = CountingNvm()
    st = Store(nvm)
    for n in (1, 100, 512, 600, GAME_MAX):
        data = game_bytes(n, n)
        assert st.save_game(data) is True
        assert st.save_game(bytearray(data)) is False  # same bytes: no erase cycle
        assert st.load_game() == data
        assert Store(nvm).load_game() == data
    assert len(nvm.writes) == 5
    for start, stop in nvm.writes:
        assert stop - start <= 1024
        assert (SLOT_A <= start and stop <= SLOT_A + 1024) or (SLOT_B <= start and stop <= SLOT_B + 1024)
    # The slots alternate.
    assert [w[0] for w in nvm.writes] == [SLOT_A, SLOT_B, SLOT_A, SLOT_B, SLOT_A]


@pytest.mark.parametrize("bad", [b"", b"x" * (GAME_MAX + 1), "text", None, [1, 2]])
def test_bad_game_save_raises_and_writes_nothing(bad):
    nvm = CountingNvm()
    st = Store(nvm)
    st.save_game(b"keep")
    with pytest.raises(ValueError):
        st.save_game(bad)
    assert len(nvm.writes) == 1
    assert Store(nvm).load_game() == b"keep"


def test_clear_game():
    nvm = CountingNvm()
    st = Store(nvm)
    st.save_game(b"one")
    st.save_game(b"two")
    assert st.clear_game() is True
    assert st.load_game() is None
    assert Store(nvm).load_game() is None
    assert st.clear_game() is False
    assert Store(nvm).clear_game() is False
    assert len(nvm.writes) == 3
    st.save_game(b"two")  # same bytes as before the clear: must be written again
    assert Store(nvm).load_game() == b"two"


def test_regions_are_independent():
    nvm = CountingNvm()
    st = Store(nvm)
    st.prefs.level = "expert"
    st.save_prefs()
    st.record_result("easy", "win")
    st.save_game(b"game")
    st2 = Store(nvm)
    assert st2.prefs.level == "expert"
    assert st2.stats["easy"]["wins"] == 1
    assert st2.load_game() == b"game"


def record_span(nvm, off):
    n = nvm.buf[off + 4] | nvm.buf[off + 5] << 8
    return off, off + HDR + n


def populated():
    nvm = CountingNvm(fill=0xFF)
    st = Store(nvm)
    for k, v in other_prefs().items():
        setattr(st.prefs, k, v)
    st.save_prefs()
    st.record_result("expert", "win")
    st.save_game(game_bytes(64, 1))
    return nvm


def check_region_lost(nvm, region):
    """Store never raises; the damaged region reads as defaults, the others intact."""
    st = Store(nvm)
    if region == "prefs":
        assert vars(st.prefs) == default_prefs()
    else:
        assert vars(st.prefs) == other_prefs()
    if region == "stats":
        assert st.stats["expert"]["wins"] == 0
    else:
        assert st.stats["expert"]["wins"] == 1
    if region == "game":
        assert st.load_game() is None
    else:
        assert st.load_game() == game_bytes(64, 1)


@pytest.mark.parametrize("region,off", [("prefs", 0), ("stats", 96), ("game", SLOT_A)])
def test_every_bit_flip_gives_defaults(region, off):
    base = populated()
    start, stop = record_span(base, off)
    assert stop - start > HDR
    for i in range(start, stop):
        for bit in range(8):
            nvm = CountingNvm()
            nvm.buf[:] = base.buf
            nvm.buf[i] ^= 1 << bit
            check_region_lost(nvm, region)


@pytest.mark.parametrize("region,off", [("prefs", 0), ("stats", 96), ("game", SLOT_A)])
@pytest.mark.parametrize("fill", [0x00, 0xFF])
def test_every_truncation_gives_defaults(region, off, fill):
    base = populated()
    start, stop = record_span(base, off)
    for cut in range(start, stop):
        nvm = CountingNvm()
        nvm.buf[:] = base.buf
        nvm.buf[cut:stop] = bytes([fill]) * (stop - cut)
        if nvm.buf == base.buf:
            continue  # the tail already held `fill` bytes: nothing was lost
        check_region_lost(nvm, region)


def test_foreign_data_gives_defaults():
    rng = random.Random(2024)
    for _ in range(200):
        nvm = CountingNvm()
        nvm.buf[:] = bytes(rng.randrange(256) for _ in range(NVM_SIZE))
        st = Store(nvm)
        assert vars(st.prefs) == default_prefs()
        assert st.load_game() is None
    # Our own records in the wrong place or with another version are foreign too.
    base = populated()
    nvm = CountingNvm()
    nvm.buf[:] = base.buf
    nvm.buf[0:48] = base.buf[96:144]  # a stats record where prefs belong
    check_region_lost(nvm, "prefs")
    nvm.buf[:] = base.buf
    nvm.buf[PREFS_REC[0] + 2] = 3  # version 3 (CRC covers it, but the check must not rely on that)
    check_region_lost(nvm, "prefs")


def test_valid_record_with_out_of_range_values_keeps_defaults_per_field():
    nvm = CountingNvm()
    # level index 9, sound 7, stars 6, humans 0, size 11 ... variant "trek"
    fields = bytes([9, 1, 0, 7, 1, 6, 0, 0, 0, 0, 0, 0, 0, 11]) + bytes([4]) + b"trek"
    storage._write(nvm, PREFS_REC[0], 0x70, 0, fields)
    p = Store(nvm).prefs
    assert p.level == "easy" and p.sound == 2 and p.humans == 2  # out of range: defaults
    assert p.first == "computer" and p.show_move is False and p.auto_advance is True
    assert p.variant == "trek"


def test_torn_game_write_keeps_previous_save():
    old = game_bytes(300, 7)
    new = game_bytes(310, 8)
    for k in range(0, HDR + len(new), 3):
        nvm = CountingNvm()
        st = Store(nvm)
        st.save_game(game_bytes(200, 6))
        st.save_game(old)
        nvm.torn = k
        st.save_game(new)
        st2 = Store(nvm)
        assert st2.load_game() == old, k
        # The next save goes to the torn slot, never over the good one.
        st2.save_game(new)
        assert nvm.writes[-1][0] == nvm.writes[-2][0]
        assert Store(nvm).load_game() == new


def test_torn_whole_block_rewrite_never_returns_garbage():
    """A SAMD51 rewrites all 16 pages of the 8 KB block for any slice: a power cut
    after page p leaves pages > p erased.  Whatever survives is old or new data."""
    old = game_bytes(300, 7)
    new = game_bytes(310, 8)
    for p in range(17):
        nvm = CountingNvm(fill=0xFF)
        st = Store(nvm)
        st.prefs.level = "expert"
        st.save_prefs()
        st.save_game(old)  # slot A, pages 2-3
        st.save_game(new)  # slot B, pages 4-5
        nvm.buf[512 * p:] = bytes([0xFF]) * (NVM_SIZE - 512 * p)
        st2 = Store(nvm)
        assert st2.load_game() in (old, new, None)
        assert st2.prefs.level == ("expert" if p >= 1 else "easy")
        if p >= 4:  # slot A (pages 2-3) rewritten before the cut
            assert st2.load_game() in (old, new)
        if p >= 6:
            assert st2.load_game() == new


def test_small_nvm_keeps_prefs_and_stats_only():
    nvm = CountingNvm(size=256)
    st = Store(nvm)
    assert not st.has_game_slots()
    st.prefs.level = "expert"
    st.save_prefs()
    st.record_result("easy", "draw")
    assert st.save_game(b"game") is False
    assert st.load_game() is None
    st2 = Store(nvm)
    assert st2.prefs.level == "expert" and st2.stats["easy"]["draws"] == 1
    assert all(stop <= 192 for _, stop in nvm.writes)


def test_empty_nvm_never_grows():
    nvm = bytearray()
    st = Store(nvm)
    st.prefs.level = "expert"
    st.save_prefs()
    st.record_result("easy", "win")
    assert len(nvm) == 0


# --- the same module on a real MicroPython VM (tools/mpvm.py) -------------------

GUEST = r'''
from quadpocket import storage
from quadpocket.storage import Store
print("crc", hex(storage.crc16(b"123456789")))
nvm = bytearray(8192)
st = Store(nvm)
st.prefs.level = "expert"
st.prefs.variant = "duel"
st.prefs.sound = 3
print("prefs", st.save_prefs(), st.save_prefs())
for o in ("win", "win", "loss", "win"):
    st.record_result("average", o)
old = bytes(range(200))
new = bytes(range(1, 201)) * 2
st.save_game(old)
print("game", st.save_game(new), st.save_game(new))
st2 = Store(nvm)
print("read", st2.prefs.level, st2.prefs.variant, st2.prefs.sound,
      st2.stats["average"]["wins"], st2.stats["average"]["best"], st2.load_game() == new)
nvm[4000] ^= 1  # outside every region: no effect
nvm[1216 + 100] ^= 4  # newest game slot (B) damaged -> the previous save
print("flip", Store(nvm).load_game() == old)
nvm[5] ^= 1  # prefs length byte
print("prefs-flip", Store(nvm).prefs.level)
try:
    st2.prefs.sound = 9
    st2.save_prefs()
except ValueError as e:
    print("bad", "sound" in str(e))
print("clear", st2.clear_game(), Store(nvm).load_game())
'''


def test_storage_on_micropython_vm():
    from tools import mpvm

    out, _ = mpvm.run_wasm(GUEST)
    assert out.split("\n")[:8] == [
        "crc 0x29b1",
        "prefs True False",
        "game True False",
        "read expert duel 3 3 2 True",
        "flip True",
        "prefs-flip easy",
        "bad True",
        "clear True None",
    ], out


def test_storage_costs_on_micropython_vm():
    """Deterministic VM figures (fuel -> estimated M4 seconds), with ~2x headroom."""
    from tools import mpvm

    setup = (
        "from quadpocket.storage import Store\n"
        "nvm = bytearray(8192)\n"
        "st = Store(nvm)\n"
        "st.prefs.level = 'expert'\n"
        "st.save_prefs()\n"
        "st.record_result('easy', 'win')\n"
        "data = bytes(range(256)) * 2\n"
        "data2 = bytes(range(1, 256)) + bytes(257)\n"
        "st.save_game(data)\n"
    )
    # Reading everything at start-up (prefs, stats, both 1 KB game slots).
    m = mpvm.measure(setup, "Store(nvm)")
    assert m.m4_seconds <= 0.05 and m.bytes_allocated <= 4096, m
    # Saving a changed 512-byte game: one record buffer, two CRC passes.
    m = mpvm.measure(setup, "st.save_game(data2)")
    assert m.m4_seconds <= 0.03 and m.bytes_allocated <= 1100, m
    # Saving an unchanged game compares in place: allocates nothing.
    m = mpvm.measure(setup, "st.save_game(data)")
    assert m.m4_seconds <= 0.02 and m.bytes_allocated <= 64, m


def test_prefs_carry_the_last_game_chosen_and_old_records_are_still_s_quad():
    nvm = CountingNvm()
    st = Store(nvm)
    assert st.prefs.game is None  # nothing stored: no game chosen yet (the chooser shows)
    st.prefs.game = "W"
    st.prefs.level = "expert"
    st.save_prefs()
    assert (Store(nvm).prefs.game, Store(nvm).prefs.level) == ("W", "expert")
    # a record written before games had ids (no byte after the variant) is Still's Quad's
    old = CountingNvm()
    st = Store(old)
    st.prefs.level = "expert"
    st.save_prefs()  # game None: no id byte, the old layout
    assert Store(old).prefs.game == "S" and Store(old).prefs.level == "expert"
    # a bad id is refused and nothing is written
    for bad in ("w", "SS", 3, ""):
        st = Store(nvm)
        st.prefs.game = bad
        before = bytes(nvm.buf)
        with pytest.raises(ValueError, match="game"):
            st.save_prefs()
        assert bytes(nvm.buf) == before


def test_the_statistics_page_reads_what_store_wrote_without_storage():
    """quadpocket.slots.read_stats (the statistics page: 1 KB of code, not storage's 4 KB)
    gives Store's statistics after games are recorded, over both slots and a torn write,
    and zeros where Store finds none or resets them."""
    from quadpocket import slots
    nvm = CountingNvm()
    assert slots.read_stats(nvm) == Store(nvm).stats == {
        lv: dict.fromkeys(("wins", "losses", "draws", "streak", "best"), 0) for lv in LEVELS}
    rnd = random.Random(7)
    for i in range(40):
        st = Store(nvm)
        st.record_result(rnd.choice(LEVELS), rnd.choice(("win", "loss", "draw")))
        if i == 20:
            nvm.torn = 5  # a power cut in the next write: the older copy is read
        assert slots.read_stats(nvm) == Store(nvm).stats
    assert sum(d["wins"] + d["losses"] + d["draws"] for d in slots.read_stats(nvm).values()) \
        == 39  # 40 recorded, the torn one lost
    nvm.buf[STATS_REC[0]:STATS_REC[1]] = bytes(STATS_REC[1] - STATS_REC[0])  # both gone
    assert slots.read_stats(nvm) == Store(nvm).stats == slots.stats(None)
