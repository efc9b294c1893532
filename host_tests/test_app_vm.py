"""The whole device game on CircuitPython's own VM (its unix port, 32-bit, fixed heap):
proves the app uses only what CircuitPython offers, from the very .mpy files `make bundle`
ships, and holds the game to the PyPortal's heap budget.

tools/app_heap.py runs the scenario (Expert, a hint-driven game of ten rounds, the menu,
help, statistics and the move list opened once); displayio, vectorio and the board modules
are stand-ins (host_tests/vmstubs) sized like CircuitPython's own objects, measured here too.
The budget is stated the device's way: the scenario completes in a heap that leaves exactly
the budget free once the stand-ins are loaded (-X heapsize = what they take + 100 KB + the
GC's own table), compile spikes and fragmentation included.
"""

import os

import pytest

from tools import app_heap, cpvm
from tools.sim import DEVICE_BYTES, PALETTE_ENTRY, POLY_POINT, group_list_bytes

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LIB = os.path.join(ROOT, "lib", "quadpocket")

# device-budget: about 100 KB of heap is left for the game on a PyPortal.
PEAK_BUDGET = app_heap.BUDGET
# What stays loaded while playing; everything else is imported when needed and dropped.
RESIDENT = {"app", "hw_pyportal", "play", "records", "view", "face_still"}


@pytest.fixture(scope="module")
def vm():
    cpvm.need_vm()


@pytest.fixture(scope="module")
def run(vm):
    return app_heap.scenario()


def test_a_long_game_against_expert_with_the_menus_runs_on_circuitpython(run):
    turns, turn, level, ticks, refreshes, result = run["turns"][:6]
    assert level == "expert"
    assert int(turns) >= 2      # the last game of the scenario got going
    assert int(ticks) > 50      # the computer's searches were stepped between polls
    names = [n for n, _ in run["checkpoints"]]
    for screen in ("screen_menu", "screen_topic1", "screen_stats", "screen_moves"):
        assert screen in names
    assert any(n.startswith("new_game") for n in names)  # a finished game and a new one
    assert any(n.startswith("think") for n in names)  # read during a search, too


def test_only_the_playing_modules_stay_loaded(run):
    assert set(run["resident"]) == RESIDENT


@pytest.mark.budget
def test_peak_live_heap_of_the_whole_game_within_budget(run):
    """Deterministic: the same scenario gives the same bytes."""
    peak, where = run["peak"]
    assert peak <= PEAK_BUDGET, (peak, where, run["checkpoints"])
    menus = max(v for n, v in run["checkpoints"] if n.startswith("screen_"))
    assert menus <= peak  # menus unload the computer player: they never set the peak


def test_the_heap_does_not_creep_over_the_game(run):
    """Round after round the live heap after the computer's reply stays flat (a few bytes
    a turn for the engine's records), nothing that grows with the game. (The menu tour in
    between adds its names to the interpreter for good: compared after it.)"""
    moves = [(n, v) for n, v in run["checkpoints"] if n.startswith(("move", "new_game"))]
    moves = moves[app_heap.ROUNDS_BEFORE:]
    playing = [v for n, v in moves if n.startswith("move") and v > run["peak"][0] - 8192]
    # Readings may swing by ~0.5 KB from round to round (a conservative collector: a stale
    # pointer on the C stack keeps a block one round and not the next); no upward trend.
    assert len(playing) >= 4, moves
    assert max(playing) - min(playing) <= 1024, moves  # both games, the new one included
    # The trend within one game: its first and last readings with the player loaded. (The
    # next game's first reading moved by -292..+300 B between merges that did not touch the
    # new-game path: where its blocks land, not growth; the bound above still holds it.)
    first = []
    for n, v in moves:
        if n.startswith("new_game"):
            break
        if v > run["peak"][0] - 8192:
            first.append(v)
    assert len(first) >= 4, moves
    assert first[-1] - first[0] <= 256, moves


def test_new_games_keep_nothing_of_the_games_before(vm):
    """Three games in a row (each ends, the next starts from the New button): every new
    game starts at the very reading of the finished one (its board is the old game's,
    cleared: quadcore's Game recycle), and the second and third games add no byte that
    stays. Before recycling, the old game's 3.8 KB stayed through the new game's start
    (a stale word on the C stack, which the collector scans conservatively)."""
    run = app_heap.scenario(rounds=34)
    cps = run["checkpoints"]
    news = [i for i, (n, _) in enumerate(cps) if n.startswith("new_game")]
    assert len(news) >= 2, [n for n, _ in cps]
    over = [cps[i - 1][1] for i in news]   # the finished game's last reading
    fresh = [cps[i][1] for i in news]      # the new game's first
    # the first new game comes from the New game page's first showing, which interns its
    # settings module's names for good (~250 B of qstrs, counted here): once only
    assert abs(fresh[0] - over[0]) <= 512, (over, fresh)
    # the finished game's reading holds its result lines (gone with the new game), whose
    # size follows their words (~0.1 KB here): far below the 3.8 KB an old game kept
    for o, f in zip(over[1:], fresh[1:]):
        assert abs(f - o) <= 256, (over, fresh)
    assert max(fresh) - min(fresh) <= 64, fresh  # the third game starts where the second did
    playing = [v for n, v in cps[news[0]:] if n.startswith("move") and v > run["peak"][0] - 8192]
    assert len(playing) >= 8 and max(playing) - min(playing) <= 1024, playing


@pytest.mark.budget
@pytest.mark.parametrize("size", [(320, 240), (480, 320)], ids=["pyportal", "titano"])
@pytest.mark.parametrize("pad", app_heap.LAYOUTS)
def test_the_whole_game_completes_with_100_kb_free_from_mpy(vm, size, pad):
    """The hard budget: .mpy bundle, a heap leaving 100 KB free at the base reading (not
    a byte more than 1 KB over), and the scenario runs to its end, in every layout (the
    game's blocks shifted by `pad` bytes: fragmentation differs)."""
    heap = app_heap.heapsize_for_free(PEAK_BUDGET, pad=pad)
    ok, res = app_heap.attempt(heap, size=size, pad=pad)
    assert PEAK_BUDGET <= res["free_at_base"] <= PEAK_BUDGET + 1024, res["free_at_base"]
    assert ok, ("MemoryError with %d bytes free for the game; last checkpoint %r"
                % (res["free_at_base"], res["checkpoints"][-1:]))


@pytest.mark.budget
def test_the_budget_check_can_fail(vm):
    """The same run in a heap leaving 60 KB ends in MemoryError: the check above is real."""
    heap = app_heap.heapsize_for_free(60 * 1024)
    ok, res = app_heap.attempt(heap)
    assert not ok and res["free_at_base"] < 61 * 1024


STUB_GUEST = r"""
import gc
import displayio, vectorio
slot = [None]
for kind, make in (
        ("Group", lambda: displayio.Group()),
        ("TileGrid1", lambda: displayio.TileGrid(B, pixel_shader=P, width=1, height=1,
                                                 tile_width=4, tile_height=4)),
        ("TileGrid121", lambda: displayio.TileGrid(B, pixel_shader=P, width=11, height=11,
                                                   tile_width=4, tile_height=4)),
        ("Rectangle", lambda: vectorio.Rectangle(pixel_shader=P, width=5, height=5)),
        ("Polygon10", lambda: vectorio.Polygon(pixel_shader=P, points=[(0, 0)] * 10)),
        ("Palette16", lambda: displayio.Palette(16)),
        ("Bitmap240x20x16", lambda: displayio.Bitmap(240, 20, 16))):
    best = None
    for _ in range(3):
        slot[0] = None
        gc.collect()
        a = gc.mem_alloc()
        slot[0] = make()
        gc.collect()
        v = gc.mem_alloc() - a
        best = v if best is None else min(best, v)
    print(kind, best)
"""


def test_displayio_stand_ins_hold_what_circuitpython_objects_hold(vm):
    """The VM stand-ins are sized like the device's C objects (tools.sim.DEVICE_BYTES),
    so the heap figures above count displayio as the device would (16-byte blocks; the
    reading itself costs a few bytes, hence the tolerance)."""
    code = ("B = None\nP = None\nimport displayio\nB = displayio.Bitmap(8, 8, 2)\n"
            "P = displayio.Palette(2)\n" + STUB_GUEST)
    out = app_heap.run_guest(code)
    got = dict((k, int(v)) for k, v in (line.split() for line in out.strip().splitlines()))
    want = {
        "Group": DEVICE_BYTES["Group"] + group_list_bytes(0),
        "TileGrid1": DEVICE_BYTES["TileGrid"],
        "TileGrid121": DEVICE_BYTES["TileGrid"] + 128,
        "Rectangle": DEVICE_BYTES["Rectangle"],
        "Polygon10": DEVICE_BYTES["Polygon"] + (10 * POLY_POINT + 15) // 16 * 16,
        "Palette16": DEVICE_BYTES["Palette"] + (16 * PALETTE_ENTRY + 15) // 16 * 16,
        "Bitmap240x20x16": DEVICE_BYTES["Bitmap"] + 120 * 20,
    }
    for kind, v in want.items():
        assert abs(got[kind] - v) <= 32, (kind, got[kind], v)


def test_device_modules_stay_small():
    """CircuitPython compiles each .py at import, needing heap for the parse: modules are
    kept under ~12 KB of source."""
    lib = os.path.dirname(LIB)
    for d in [LIB] + [os.path.join(lib, x) for x in os.listdir(lib) if x.startswith("face_")]:
        for f in os.listdir(d):
            if f.endswith(".py"):
                assert os.path.getsize(os.path.join(d, f)) <= 12 * 1024, (d, f)


SELFTEST = r"""
import displayio, vectorio, terminalio, board, microcontroller, supervisor
import adafruit_touchscreen, audiocore, audioio, digitalio
from vmplatform import Platform
p = Platform()
from quadpocket import selftest
p.samples = [(3, 4)] * 8
print("corner", selftest.requested(p))
p.samples = [(3, 4)] * 4 + [(300, 200)] * 4
print("elsewhere", selftest.requested(p))
p.samples = []
print("untouched", selftest.requested(p))
low = selftest.run(p)
print("nvm kept", min(p.nvm) == 255, low is not None)
"""


def test_on_device_self_test_runs_the_scripted_game(vm):
    """The self-test (hold a corner at start) plays the scenario through the real App and
    prints the free heap at every stage, without writing the board's nvm."""
    out = app_heap.run_guest(SELFTEST, heapsize="200K")
    lines = out.splitlines()
    assert lines[:3] == ["corner True", "elsewhere False", "untouched False"]
    stages = [ln.split()[1] for ln in lines if ln.startswith("selftest ")]
    for stage in ("start", "app_code", "started", "move1", "screen_stats", "screen_moves",
                  "move12", "done"):
        assert stage in stages, stage
    # a finished game and a new one; the round it starts in depends on the players' moves
    assert any(s.startswith("new_game") for s in stages), stages
    assert lines[-1] == "nvm kept True True"


def test_self_test_reports_a_memory_error_instead_of_raising(vm):
    out = app_heap.run_guest(SELFTEST, heapsize="112K")
    assert "selftest FAILED at" in out and "MemoryError" in out, out[-400:]
    assert out.splitlines()[-1] == "nvm kept True False"


@pytest.mark.budget
def test_text_through_display_text_would_cost_several_times_the_glyph_grid(vm):
    """Why the app keeps its glyph TileGrid for text: on CircuitPython's VM (display_text's
    code outside the figure, as frozen firmware), a 16-character bitmap_label holds ~1.3 KB
    and a label ~2.4 KB, the app's text TileGrid ~0.13 KB; a dozen captions in labels would
    use up the game's whole margin under the budget."""
    if cpvm.find_mpy_cross(download=False) is None:
        pytest.skip(cpvm.MISSING_MPY_CROSS)
    c = app_heap.text_costs()
    assert 60 < c["tilegrid"] < 400, c
    assert c["bitmap_label"] > 5 * c["tilegrid"] and c["label"] > c["bitmap_label"], c
