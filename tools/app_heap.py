"""The whole device game on CircuitPython's own VM: heap figures and the device budget.

    .venv/bin/python -m tools.app_heap              # checkpoints (change since the last shown)
    .venv/bin/python -m tools.app_heap --all        # ... and every reading during searches
    .venv/bin/python -m tools.app_heap --modules    # also: compiled code per module
    .venv/bin/python -m tools.app_heap --smallest   # bisect the smallest heap, .mpy and .py
    .venv/bin/python -m tools.app_heap --py         # the scenario from .py sources
    .venv/bin/python -m tools.app_heap --variant trek [--smallest]   # Trek, Rapid, Duel
    .venv/bin/python -m tools.app_heap --humans 6 [--smallest]       # pass-and-play, Hint
    .venv/bin/python -m tools.app_heap --level master [--smallest]   # Master and its ponder
    .venv/bin/python -m tools.app_heap --level master-noponder       # Master, no ponder

One harness for every game: Still's Quad's scenario is this module's (scenario_code);
another game's scenario is a program maker its own small module gives to the functions
here (program=: tools/wq_app_heap.py, quax_app_heap.py, corners_app_heap.py, commands of
their own), run by the same guest, platform, checkpoints, bisection, budget and report
(game_program, game_report). The game modules import this one, never the other way round.
Which VM runs the guest is tools/cpvm.py's choice (through tools/cpdevice.py), apart from
the scenarios.

The VM: CircuitPython 10.2.1's unix port built 32-bit (tools/cpvm.py finds it), with a
fixed heap (`-X heapsize=`): the same py/ core, bytecode, GC and qstr handling as the
PyPortal's firmware, so a MemoryError here is one there. The game runs from a tree the
bundle tool makes (tools/cpdevice.stage_device_tree): the very .mpy files `make bundle` ships,
or .py with --py.

What counts: everything the game keeps on the heap once CircuitPython, displayio, the font
and the Adafruit libraries are loaded (about 100 KB are left then on a PyPortal): compiled
code of quadcore and lib/quadpocket (a .py is compiled into RAM at import, an .mpy is
loaded), qstrs, the engine's tables and game state, the computer player, the app's objects,
bitmaps and displayio objects. displayio, vectorio, board, ... are stand-ins
(host_tests/vmstubs) sized like CircuitPython's C objects (test_app_vm.py checks them); they
are imported before the base reading, as firmware is, and what they take is the "base".

Two figures:
* live readings: at every checkpoint the guest collects and reads gc.mem_alloc() less the
  base; the peak is the largest.
* the smallest heap that completes (bisected in 1 KB steps): what predicts a MemoryError on
  the device, compile spikes and fragmentation included. Reported as the heap's free bytes
  at the base reading: the game needs that much free once the firmware is loaded.

Scenario (deterministic: fake clock, fixed taps, the computer player depends on no clock;
the player's own moves are what Hint proposes, so the game is Expert against Expert and
lasts): preferences "Expert, tutorial done" in nvm, ROUNDS_BEFORE rounds, the menu tour
(main menu, preferences, help, a help topic and its next page, statistics, back to the
game, the move list from the board), then rounds up to ROUNDS (a finished game is followed
by a new one from the New button). In the last SAMPLED rounds the heap is also read during
the computer's search (every other step of its generator), so its working set is in the
peak.
"""

import os
import re
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)

from tools import cpdevice, cpvm  # noqa: E402

# The guest. Everything it needs for itself (helpers, the stand-in platform) exists before
# the base reading; after it, only the game allocates. One checkpoint per output line:
#   "cp <name> <live bytes above base>" followed by micropython.qstr_info()'s line.
SCENARIO = r"""
import gc, sys, micropython
import displayio, vectorio, terminalio, board, microcontroller, supervisor
import adafruit_touchscreen, audiocore, audioio, digitalio
from vmplatform import Platform
p = Platform(WIDTH, HEIGHT)
p.nvm[0:64] = PREFS_RECORD  # the preferences, written by the host (see prefs_record)
S = {"base": 0, "app": None, "tag": "", "ticks": 0, "sample": 0, "i": 0, "stop": STOP_AT_BASE}
SCREENS = ("menu", "prefs", "back", "help", "topic1", "next", "back", "back", "stats",
           "back", "resume", "moves", "back")


def cp(name):
    gc.collect()
    print("cp", name, gc.mem_alloc() - S["base"])
    micropython.qstr_info()  # the host adds QSTR_ENTRY bytes per new qstr


def grow_qstr_pool():
    # Intern throw-away names until the interpreter allocates a qstr pool of >= MIN_POOL
    # entries: the game's qstrs then land in its free part (see QSTR_ENTRY).
    i = 0
    while True:
        a = gc.mem_alloc()
        hasattr(None, "zq%d" % i)  # interns the name
        i += 1
        if gc.mem_alloc() - a >= QSTR_ENTRY * MIN_POOL:
            return


def rects():
    app = S["app"]
    if app.mode != "play":
        return app.menus.rects()
    pn = app.play.panel
    out = []
    for i, f in enumerate(pn.fills):
        name = pn.slots[i]
        if not f.hidden:
            out.append((name, (f.x, f.y, f.width, f.height)))
    return out


def press(name):
    for n, r in rects():
        if n == name:
            p.tap(r[0] + r[2] // 2, r[1] + r[3] // 2)
            while p.samples:
                S["app"].tick()
            return
    raise KeyError(name)


def think(tag):
    # Tick until the taps are used up and the search (computer or hint) is done; in the
    # sampled rounds the heap is read after every other step of the search.
    app = S["app"]
    while p.samples or app.play.thinker is not None:
        app.tick()
        if app.play.thinker is not None:
            S["ticks"] += 1
            if S["sample"] and S["ticks"] % 2:
                cp(tag)
    # play.step turns an exception in a search into a message and the computer's move
    # into a plain legal one (never stall): a MemoryError there means the heap is too
    # small, so the run fails as one instead of going on with another game.
    said = app.play.msg + " " + str(getattr(p, "last_log", ""))
    short = getattr(p, "short_of_memory", "")  # e.g. a sound skipped for lack of room
    if "MemoryError" in said or short:
        raise MemoryError(said + " " + short)


def tap_cell(x):
    c = S["app"].play.board.centre(x)
    p.tap(c[0], c[1])
    think("think" + S["tag"])


def move(name):
    # One round: the player asks for a hint (Expert's move) and plays it through the star
    # box and the board, then the computer answers: Expert against Expert, a long game.
    play = S["app"].play
    S["tag"] = name
    if play.game.result is not None:  # the game is over: a new one, from the New button
        press("new")
        press("start")
        cp("new_game" + name)
    press("hint")
    think("hint" + name)
    stars, marble = play.hint_stars, play.hint[0]  # placing a star clears the hint
    for x in stars:
        press("star")
        tap_cell(x)
    tap_cell(marble)
    S["app"].tick()
    cp("move" + name)


_pad = bytearray(PAD_BYTES)  # shifts every block of the game: see LAYOUTS
if GROW_QSTRS:
    grow_qstr_pool()
gc.collect()
S["base"] = gc.mem_alloc()
print("base", S["base"], gc.mem_free())
micropython.qstr_info()
if S["stop"]:  # heapsize_for_free(): the same bytecode (same base), stopped here
    sys.exit(0)
import quadpocket.hw_pyportal
hw = quadpocket.hw_pyportal.Platform()
cp("hw_platform")
import quadpocket.app
cp("app_code")
quadpocket.app.THINK_STEPS = 1  # a slow device: a search spans many ticks
S["app"] = quadpocket.app.App(p)
cp("started")
while S["i"] < ROUNDS_BEFORE:
    S["i"] += 1
    move(str(S["i"]))
for name in SCREENS:
    press(name)
    cp("screen_" + name)
while S["i"] < ROUNDS:
    S["i"] += 1
    S["sample"] = S["i"] > ROUNDS - SAMPLED
    move(str(S["i"]))
g = S["app"].play.game
print("turns", g.turns, g.turn, S["app"].prefs.level, S["ticks"], p.display.refreshes,
      S["app"].play.game.result)
print("resident", ",".join(sorted(m[11:] if m.startswith("quadpocket.") else m
                                  for m in sys.modules if m.startswith(("quadpocket.", "face_")))))
print("done")
"""

# Compiled code per module: every module is imported once (so all its qstrs exist), all are
# dropped, then each is imported again on its own in dependency order: the second figure is
# its bytecode, functions, classes and module dict, without qstrs. qstrs are read from
# micropython.qstr_info() after the first pass, per module in the same order.
MODULES = r'''
import gc, sys, micropython
import displayio, vectorio, terminalio, board, microcontroller, supervisor
import adafruit_touchscreen, audiocore, audioio, digitalio
gc.collect()
_base = gc.mem_alloc()
NAMES = %r
print("qs -")
micropython.qstr_info()
for m in NAMES:
    print("qs", m)
    __import__(m)
    micropython.qstr_info()
gc.collect()
print("first", gc.mem_alloc() - _base)
for m in list(sys.modules):
    if m.startswith("quadcore") or m.startswith("quadpocket") or m.startswith("face_"):
        del sys.modules[m]
gc.collect()
_last = gc.mem_alloc()
print("qstrs_and_rest", _last - _base)
for m in NAMES:
    __import__(m)
    gc.collect()
    _now = gc.mem_alloc()
    print("mod", m, _now - _last)
    _last = _now
'''

def run_guest(code, *, mpy=True, heapsize="4M", raw=False):
    """Run guest code on CircuitPython's VM over the device-like tree; returns stdout."""
    return cpdevice.run_device(code, mpy=mpy, heapsize=heapsize, raw=raw)


def prefs_record(**prefs):
    """The 64-byte prefs region of an nvm holding these preferences (made on the host with
    the app's own storage module, so the guest starts exactly like a device would)."""
    lib = os.path.join(ROOT, "lib")
    if lib not in sys.path:
        sys.path.insert(0, lib)
    from quadpocket.storage import Store
    nvm = bytearray(b"\xff" * 8192)
    st = Store(nvm)
    st.prefs.confirm = 2  # off: the scenario taps a move once (the confirm tap's mark is a tile)
    st.prefs.dim = 0  # never dimmed: the touch that would wake it would be a tap lost
    for k, v in prefs.items():
        setattr(st.prefs, k, v)
    st.save_prefs()
    return bytes(nvm[:64])


ROUNDS_BEFORE = 2  # rounds played before the menu tour
ROUNDS = 12        # rounds in all: the first game ends in round 10, a new one follows
SAMPLED = 3        # last rounds read at every other step of the computer's search

# qstrs (interned names) live in pools the interpreter allocates whole, each twice the size
# of the last: a new pool is mostly empty at first. For the live readings (not for the
# smallest-heap runs, where every pool counts as it falls) the guest grows the pools before
# the base reading (a free pool of at least MIN_POOL entries) and the host counts
# QSTR_ENTRY bytes for each qstr the game adds (pointer, hash, length: 7 bytes); their text
# is allocated as used and is in the readings already. Otherwise the readings would jump by
# a pool (~4.5 KB) when one name more or less is interned anywhere.
QSTR_ENTRY = 7
MIN_POOL = 1200

# The device's free heap for the game once CircuitPython, displayio, the font and the
# Adafruit libraries are loaded (PyPortal): the hard budget, and the goal.
BUDGET = 100 * 1024
GOAL = 80 * 1024


# The round of a variant game (scenario_code's variant=): Hint's turn played through the
# taps a player would make. A Trek/Rapid hint may move a marble ("f6-g7", or "*e5 f6-g7":
# the board marks only the star and where the marble goes) and a Duel turn is two marbles
# ("f6 g7"), so the guest keeps the hint's text as play.thought receives it (seen(): its
# class is wrapped once, a few dozen bytes) and plays that. In pass-and-play one round is
# one seat's turn; against the computer its reply is played in the last tap.
VARIANT_MOVE = r"""
def seen(self, purpose, turn):
    if purpose == "hint":
        S["said"] = turn
    return S["thought"](self, purpose, turn)


def move(name):
    from quadcore import parse_turn  # already loaded with the game: no new code
    play = S["app"].play
    S["tag"] = name
    if "thought" not in S:
        S["thought"] = type(play).thought
        type(play).thought = seen
        S["star"] = S["marble"] = S["move"] = 0  # pieces of Hint's turns played, by kind
    if play.game.result is not None:  # the game is over: a new one, from the New button
        press("new")
        press("start")
        cp("new_game" + name)
    S["said"] = ""
    press("hint")
    think("hint" + name)
    g = play.game
    acts = parse_turn(S["said"], g.n)
    if not acts:
        raise RuntimeError("no hint: %r %r" % (S["said"], play.msg))
    seat, turns = g.turn, g.turns
    for a in acts:
        S[a[0]] += 1
        if a[0] == "star":
            press("star")
        elif a[0] == "move":
            tap_cell(a[1])
        tap_cell(a[-1])
    if g.turns == turns and g.result is None:
        raise RuntimeError("the hinted turn was not played: %r %r" % (acts, play.msg))
    S["app"].tick()
    cp("move" + name)
"""

# Master (--level master): the same scenario at Master, MASTER_SECONDS a move (its scratch
# and code are the same at every time; 5 s keeps the VM run short), and before each hint
# the app is ticked while Master ponders the human's turn, until the ponder has answered
# all its likely turns (the shell's ponder at its largest: its table and its searches).
MASTER_SECONDS = 5
PONDER_WAIT = r"""
def ponder(tag):
    app = S["app"]
    if not p.ponder:  # the device's Master: nothing to wait for
        return
    for _ in range(4000):
        pd = app.play.pondering
        g = app.play.game
        if g.result is not None or (pd is not None and pd.finished) or g.turns == 0 \
                or getattr(app.play, "rest", -1) == g.turns:  # (none, or stopped: no room)
            break
        app.tick()
        S["ticks"] += 1
        if S["sample"] and S["ticks"] % 2:
            cp("ponder" + tag)
    pd = app.play.pondering
    S["ponders"] += 1 if pd is not None and pd.finished else 0


"""

VARIANTS = ("standard", "duel", "trek", "rapid")
# The computer's level in the standard scenario: Expert, Master with its ponder (the
# PyPortal's and the desktop's), Master without (the Titano's: its Platform has `ponder` false).
LEVELS = ("expert", "master", "master-noponder")
# Rounds of a variant scenario: against Expert a Trek or Rapid game ends in round 25, a
# Duel game in 16 (then a new game from the New button, as in the standard scenario); 4-6
# humans on 11x11 play 30 turns, 5-8 a seat, without reaching the end.
VARIANT_ROUNDS = 30


def scenario_code(grow_qstrs=True, size=(320, 240), board=11, stop_at_base=False, pad=0,
                  rounds=None, variant=None, humans=None, level="expert", ponder=True):
    """The guest program of the scenario: Expert, tutorial done, a board x board game;
    rounds: ROUNDS unless given (more rounds: more games, each from the New button).
    variant: another game against Expert (e.g. "trek"), with humans=N: N humans passing
    the device, every seat playing Hint's turn. Neither given: the standard scenario,
    the very program text the README's figures come from. level "master": the standard
    scenario at Master with its ponder waited for (PONDER_WAIT; a variant: the platform
    ponders, which Master does not do in a variant); with ponder=False
    ("master-noponder"), Master on a platform without `ponder`, nothing stepped on the
    human's time (hw_pyportal's Platform on 480x320)."""
    if level not in LEVELS:
        raise ValueError("level %r: one of %s" % (level, ", ".join(LEVELS)))
    if level == "master-noponder":  # the Titano's Master (no `ponder` on its platform)
        level, ponder = "master", False
    if level == "master" and humans is not None:
        raise ValueError("Master plays against the computer")
    if level == "master" and variant is None:
        rec = prefs_record(tutorial_done=True, level="expert", master=MASTER_SECONDS,
                           size=board)
        code = SCENARIO.replace('S = {"base": 0,', 'S = {"ponders": 0, "base": 0,')
        code = code.replace("def move(name):", PONDER_WAIT.lstrip() + "def move(name):")
        code = code.replace('    press("hint")\n', '    ponder(name)\n    press("hint")\n', 1)
        code += 'print("pondered", S["ponders"])\n'
    elif variant is None and humans is None:
        rec = prefs_record(tutorial_done=True, level="expert", size=board)
        code = SCENARIO
    else:
        if (variant or "standard") not in VARIANTS:
            raise ValueError("variant %r: one of %s" % (variant, ", ".join(VARIANTS)))
        if humans is not None and not 2 <= humans <= (3 if variant == "duel" else 6):
            raise ValueError("humans %r: 2..6 (Duel: 2..3)" % (humans,))
        rec = prefs_record(tutorial_done=True, level="expert", size=board,
                           variant=variant or "standard",
                           opponent="computer" if humans is None else "humans",
                           humans=humans or 2, master=MASTER_SECONDS if level == "master" else 0)
        start = SCENARIO.index("def move(name):")
        end = SCENARIO.index("_pad = bytearray")
        code = SCENARIO[:start] + VARIANT_MOVE.lstrip() + "\n\n" + SCENARIO[end:]
        code += 'print("played", S["star"], S["marble"], S["move"])\n'
    if level == "master":
        # A platform that offers Master, as the firmware route's does (startup plays Expert
        # where `master` is false), and `ponder` as asked (App.tick reads it; a variant's
        # Master never ponders)
        code = code.replace("p = Platform(WIDTH, HEIGHT)\n",
                            "p = Platform(WIDTH, HEIGHT)\np.master = 1\np.ponder = %d\n"
                            % bool(ponder))
    code = code.replace("PREFS_RECORD", repr(rec))
    # The base-only run (heapsize_for_free) must compile to the same bytecode as the full
    # one, or its base reading differs (by 32 B): so the flag is a value read at run time
    # (`if 0:` would be folded away by the compiler), written 1 / 0 (same length).
    code = code.replace("GROW_QSTRS", str(int(bool(grow_qstrs))))
    code = code.replace("STOP_AT_BASE", str(int(bool(stop_at_base))))
    code = code.replace("PAD_BYTES", "%5d" % pad)  # same width: the same program text
    code = code.replace("WIDTH, HEIGHT", "%d, %d" % size)
    if rounds is None and not (variant is None and humans is None):
        rounds = VARIANT_ROUNDS
    if rounds is not None:
        code = code.replace("< ROUNDS:", "< %d:" % rounds)
        code = code.replace("> ROUNDS -", "> %d -" % rounds)
    for name in ("ROUNDS_BEFORE", "ROUNDS", "SAMPLED", "QSTR_ENTRY", "MIN_POOL"):
        code = code.replace(name, str(globals()[name]))
    return code


def game_program(kw, name, gid, conf, move, screens, rounds, sample=None, platform=""):
    """The guest program of another game's scenario (tools/wq_app_heap.py and the like:
    their program maker calls this with its keywords kw, scenario_code's): the standard
    one with the preferences choosing game `gid` (tutorial done, Expert), its settings
    written to nvm (conf: conf_record's offset and bytes), the game's own
    move(name) and SCREENS line, `rounds` rounds, the game's plies in the "turns" line;
    sample: the expression that replaces "the last SAMPLED rounds" (None: kept, read
    from the standard ROUNDS); platform: lines added after the stand-in platform is made
    (its `games`, ...). kw's rounds, variant, humans and level are Still's Quad's
    options: a ValueError naming the game (name) when one is given."""
    if kw.get("rounds") is not None or kw.get("variant") not in (None, "standard") \
            or kw.get("humans") is not None or kw.get("level", "expert") != "expert":
        raise ValueError("%s's scenario has no rounds, variant or humans option" % name)
    size = kw.get("size", (320, 240))
    board = kw.get("board", 11)
    code = scenario_code(kw.get("grow_qstrs", True), size, board, kw.get("stop_at_base", False),
                         kw.get("pad", 0))
    old_rec = repr(prefs_record(tutorial_done=True, level="expert", size=board))
    rec = prefs_record(tutorial_done=True, level="expert", game=gid)
    at, slots = conf
    code = code.replace(old_rec, repr(rec) + "\np.nvm[%d:%d] = " % (at, at + len(slots))
                        + repr(slots))
    start = code.index("def move(name):")
    end = code.index("_pad = bytearray")
    code = code[:start] + move.lstrip() + "\n\n" + code[end:]
    i = code.index("SCREENS = (")
    j = code.index(")", code.index("\n", i) + 1) + 1
    code = code[:i] + screens + code[j:]
    if platform:
        made = "p = Platform(%d, %d)\n" % size
        code = code.replace(made, made + platform)
    code = code.replace('print("turns", g.turns, g.turn', 'print("turns", g.plies, g.turn')
    code = code.replace("while S[\"i\"] < %d:" % ROUNDS, "while S[\"i\"] < %d:" % rounds)
    if sample is not None:
        code = code.replace("S[\"sample\"] = S[\"i\"] > %d - %d" % (ROUNDS, SAMPLED),
                            "S[\"sample\"] = " + sample)
    return code


def face_module(name):
    """A module of the device's lib/ (a face's start module: its records' places),
    imported on the host."""
    lib = os.path.join(ROOT, "lib")
    if lib not in sys.path:
        sys.path.insert(0, lib)
    __import__(name)
    return sys.modules[name]


def conf_record(start, payload):
    """(nvm offset, bytes) of a game's two settings slots holding payload as the newest
    record (records.py's format, made on the host with the app's own records module);
    start: its face's start module, which names their place (CONF_OFF, CONF_SIZE, T_CONF)."""
    face = face_module(start)
    from quadpocket.records import save_game
    off, size = face.CONF_OFF, face.CONF_SIZE
    nvm = bytearray(b"\xff" * 8192)
    save_game(nvm, [-1, 0, 0], bytes(payload), off, size, face.T_CONF)
    return off, bytes(nvm[off:off + 2 * size])


def game_parser(prog, doc):
    """The command line every game's heap tool shares (tools/wq_app_heap.py, ...): --titano,
    --py, --budget, --smallest; the tool adds its own options."""
    import argparse
    ap = argparse.ArgumentParser(prog=prog, description=doc.split("\n")[0])
    ap.add_argument("--titano", action="store_true", help="480x320 instead of 320x240")
    ap.add_argument("--py", action="store_true", help="from .py sources, not .mpy")
    ap.add_argument("--budget", action="store_true",
                    help="run in a heap leaving exactly the 100 KB budget free")
    ap.add_argument("--smallest", action="store_true",
                    help="bisect the smallest free heap that completes (worst of the layouts)")
    return ap


def budget_report(mpy, size, program, base_program=None):
    """(text, exit status) of a run with exactly the BUDGET free at the base (the heap
    worked out from a 320x240 base reading, as the game tools always have; base_program:
    the program whose base it is, when not the one run)."""
    heap = heapsize_for_free(BUDGET, mpy=mpy, program=base_program or program)
    ok, res = attempt(heap, mpy=mpy, size=size, program=program)
    return ("free at base %d: %s; last checkpoint %r" % (
        res["free_at_base"], "completes" if ok else "MemoryError",
        res["checkpoints"][-1:]), 0 if ok else 1)


def game_report(args, title, program, smallest, base_program=None):
    """What a game's heap tool prints and its exit status, for its parsed game_parser
    options (--titano, --py, --budget, --smallest): the smallest free heap over the layouts
    (smallest(mpy, size) -> [free bytes per layout]), a run with the budget free, or the
    live readings. title: the game's words in the --smallest line ("Winther's Quad's")."""
    if cpvm.find_vm() is None:
        print(cpvm.MISSING_VM, file=sys.stderr)
        return 2
    size = (480, 320) if args.titano else (320, 240)
    mpy = not args.py
    if args.smallest:
        free = smallest(mpy, size)
        print("%s whole game needs %d bytes free (%.1f KB; the worst of %d layouts, best "
              "%.1f KB; %s, %dx%d, CircuitPython %s unix VM); budget %d KB" % (
                  title, max(free), max(free) / 1024, len(free), min(free) / 1024,
                  ".mpy" if mpy else ".py", size[0], size[1], cpvm.CP_TAG, BUDGET // 1024))
        return 0 if max(free) <= BUDGET else 1
    if args.budget:
        text, rc = budget_report(mpy, size, program, base_program)
    else:
        text, rc = live_report(scenario(mpy=mpy, size=size, program=program))
    print(text)
    return rc


def live_report(res):
    """(text, exit status) of a game tool's live readings: the checkpoints outside the
    searches, the peak, the last turns line and the modules resident at the end."""
    lines = ["%-22s %8d" % (name, v) for name, v in res["checkpoints"]
             if not name.startswith("think") and not name.startswith("hint")]
    lines.append("peak %d B at %s; turns %s; resident %s" % (
        res["peak"][0], res["peak"][1], res.get("turns"), ",".join(res.get("resident", []))))
    return "\n".join(lines), 0 if res.get("done") else 1


def parse(out, qstr_entries=True):
    cps = []
    res = {"checkpoints": cps, "peak": (0, "")}
    base_q = None
    last = None
    for line in out.splitlines():
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "base":
            res["base"], res["free_at_base"] = int(parts[1]), int(parts[2])
        elif parts[0] == "cp":
            last = (parts[1], int(parts[2]))
        elif parts[0] == "qstr":
            n = int(re.search(r"n_qstr=(\d+)", line).group(1))
            if base_q is None:
                base_q = n
            elif last is not None:
                v = last[1] + (QSTR_ENTRY * (n - base_q) if qstr_entries else 0)
                cps.append((last[0], v))
                if v > res["peak"][0]:
                    res["peak"] = (v, last[0])
                last = None
        elif parts[0] == "turns":
            res["turns"] = parts[1:]
        elif parts[0] == "resident":
            res["resident"] = parts[1].split(",") if len(parts) > 1 else []
        elif parts[0] == "played":  # a variant's hinted pieces: stars, marbles, moves
            res["played"] = tuple(int(v) for v in parts[1:])
        elif parts[0] == "pondered":  # Master: rounds whose ponder finished
            res["pondered"] = int(parts[1])
        elif parts[0] == "done":
            res["done"] = True
    return res


def scenario(mpy=True, size=(320, 240), board=11, rounds=None, variant=None, humans=None,
             level="expert", program=None):
    """-> {"checkpoints": [(name, bytes)], "peak": (bytes, name), "turns": [...],
    "resident": [...], "base": bytes, ...}: the live readings, with a roomy heap.
    program: the game's guest program maker, called with scenario_code's keywords
    (None: scenario_code, Still's Quad; another game's: see game_program)."""
    program = program or scenario_code
    return parse(run_guest(program(size=size, board=board, rounds=rounds, variant=variant,
                                   humans=humans, level=level),
                           mpy=mpy, raw=True))


def attempt(heapsize, mpy=True, size=(320, 240), board=11, pad=0, variant=None, humans=None,
            rounds=None, level="expert", program=None):
    """Run the scenario (no qstr-pool padding) in a heap of `heapsize` bytes (program: as
    in scenario). -> (completed, parsed output or None)."""
    code = (program or scenario_code)(grow_qstrs=False, size=size, board=board, pad=pad,
                                      variant=variant, humans=humans, rounds=rounds,
                                      level=level)
    try:
        out = run_guest(code, mpy=mpy, heapsize=heapsize, raw=True)
    except cpvm.GuestError as exc:
        if exc.memory_error:
            return False, parse(exc.output, qstr_entries=False)
        raise
    res = parse(out, qstr_entries=False)
    if not res.get("done"):
        raise cpvm.GuestError("scenario ended early", out)
    return True, res


def heapsize_for_free(free, mpy=True, pad=0, variant=None, humans=None, level="expert",
                      program=None):
    """The -X heapsize at which `free` bytes are free at the base reading: what the
    stand-ins (and this harness) take, plus `free`, plus the GC's own allocation table,
    which grows with the heap (measured from a probe run, then checked). variant and
    humans as in scenario_code, program as in scenario: the guest's own program text is
    on the heap too."""
    vh = (variant, humans, level, program)
    probe = 512 * 1024
    code = "import gc\ngc.collect()\nprint(gc.mem_free() + gc.mem_alloc())\n"
    total = int(run_guest(code, mpy=mpy, heapsize=probe, raw=True))
    ratio = total / probe  # usable fraction of the heap (the rest is the GC's table)
    base = attempt_base(probe, mpy, pad, *vh)[2]
    # The first heap that leaves at least `free` at the base, to 16 bytes (a GC block):
    # from a heap below it, up in 64-byte steps, then in 16. (Stepping up from above the
    # estimate once left 80 bytes more than asked after a merge moved the base.)
    heap = int((base + free) / ratio) - 256
    while attempt_base(heap, mpy, pad, *vh)[1] >= free:
        heap -= 256
    for step in (64, 16):
        while attempt_base(heap + step, mpy, pad, *vh)[1] < free:
            heap += step
    return heap + 16


def attempt_base(heapsize, mpy=True, pad=0, variant=None, humans=None, level="expert",
                 program=None):
    """(heapsize, free bytes at the base reading, base bytes) without running the game."""
    code = (program or scenario_code)(grow_qstrs=False, stop_at_base=True, pad=pad,
                                      variant=variant, humans=humans, level=level)
    res = parse(run_guest(code, mpy=mpy, heapsize=heapsize, raw=True))
    return heapsize, res["free_at_base"], res["base"]


# Whether a heap is big enough is not monotonic in its size: where the game's blocks fall
# decides how fragmented the heap gets (measured: .mpy completes at 126K, fails at 127K,
# completes from 128K on). So the figure is the smallest heap from which STABLE heaps in a
# row, 1 KB apart, all complete. And the same game needs a few KB more or less when its
# blocks start elsewhere (a 1-line change to the harness moved the .py figure by 5 KB): the
# figure is the worst over LAYOUTS, runs whose blocks are all shifted by a kept buffer of
# that many bytes before the base reading (the buffer counts as base, not as the game's).
STABLE = 4
LAYOUTS = (0, 272, 784, 1808)


def smallest_heap(mpy=True, lo_kb=40, hi_kb=200, size=(320, 240), board=11, pad=0,
                  variant=None, humans=None, rounds=None, level="expert", program=None):
    """Bisect (1 KB steps) for the smallest -X heapsize (KB) at which the scenario
    (program: as in scenario) completes, then move up until STABLE heaps in a row
    complete. -> (heap KB, free bytes at the base in that heap, base bytes, runs)."""
    runs = [0]

    def ok_at(kb):
        runs[0] += 1
        return attempt(kb * 1024, mpy=mpy, size=size, board=board, pad=pad,
                       variant=variant, humans=humans, rounds=rounds, level=level,
                       program=program)

    ok, res = ok_at(hi_kb)
    if not ok:
        raise RuntimeError("the scenario does not complete even in %d KB" % hi_kb)
    while hi_kb - lo_kb > 1:
        mid = (lo_kb + hi_kb) // 2
        if ok_at(mid)[0]:
            hi_kb = mid
        else:
            lo_kb = mid
    kb = hi_kb
    while True:
        results = [ok_at(kb + i) for i in range(STABLE)]
        fails = [i for i, (ok, _) in enumerate(results) if not ok]
        if not fails:
            res = results[0][1]
            return kb, res["free_at_base"], res["base"], runs[0]
        kb += fails[-1] + 1


def smallest_free(layouts=None, **kw):
    """[free bytes at the base the scenario needs] per layout (LAYOUTS unless given): the
    figure of smallest_heap(pad=layout, **kw) for each; the worst (max) is the one
    reported."""
    return [smallest_heap(pad=pad, **kw)[1] for pad in (LAYOUTS if layouts is None
                                                       else layouts)]


def _top_imports(path):
    """quadpocket modules a file imports at module level (function-level imports are lazy)."""
    import ast
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    out = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "quadpocket":
                out.update(a.name for a in node.names)
            elif node.module.startswith("quadpocket."):
                out.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("quadpocket."):
                    out.add(a.name.split(".")[1])
    return out


def module_names():
    """Every module of the game in dependency order (quadcore's package first, as its
    __init__ imports all of its engine modules at once)."""
    names = ["quadcore"]
    ai = os.path.join(ROOT, "quadcore", "ai")
    if os.path.isdir(ai):
        names.append("quadcore.ai")
        order = ["core", "fast", "two", "other"]
        present = [f[:-3] for f in os.listdir(ai) if f.endswith(".py") and f != "__init__.py"]
        names += ["quadcore.ai." + m for m in order if m in present]
        names += ["quadcore.ai." + m for m in sorted(present) if m not in order]
    qp = os.path.join(ROOT, "lib", "quadpocket")
    mods = sorted(f[:-3] for f in os.listdir(qp) if f.endswith(".py") and f != "__init__.py")
    deps = {m: _top_imports(os.path.join(qp, m + ".py")) & set(mods) for m in mods}
    names.append("quadpocket")
    done = []
    while len(done) < len(mods):  # leaves first, so each import loads one module
        ready = [m for m in mods if m not in done and deps[m] <= set(done)]
        if not ready:  # an import cycle: take the rest in name order
            ready = [m for m in mods if m not in done]
        done.append(ready[0])
    names += ["quadpocket." + m for m in done]
    lib = os.path.join(ROOT, "lib")
    for face in sorted(f for f in os.listdir(lib) if f.startswith("face_")):
        names.append(face)  # a face package: its __init__ (the game screen), then the rest
        names += sorted(face + "." + f[:-3] for f in os.listdir(os.path.join(lib, face))
                        if f.endswith(".py") and f != "__init__.py")
    return names


def modules(mpy=True):
    """-> ([(module, code bytes, new qstrs, their text bytes)], qstr pool bytes in all)."""
    names = module_names()
    out = run_guest(MODULES % (names,), mpy=mpy)
    qs = {}
    code = {}
    cur = None
    for line in out.splitlines():
        if line.startswith("qs "):
            cur = line[3:].strip()
        elif line.startswith("qstr pool:"):
            m = re.search(r"n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)", line)
            qs[cur] = tuple(int(v) for v in m.groups())
        elif line.startswith("mod "):
            _, name, nbytes = line.split()
            code[name] = int(nbytes)
    rows = []
    before = qs["-"]
    for name in names:
        now = qs[name]
        rows.append((name, code[name], now[0] - before[0], now[1] - before[1]))
        before = now
    return rows, qs[names[-1]][2] - qs["-"][2]


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m tools.app_heap",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--modules", action="store_true", help="compiled code per module too")
    ap.add_argument("--all", action="store_true", help="every reading, search steps too")
    ap.add_argument("--py", action="store_true", help="from .py sources, not .mpy")
    ap.add_argument("--titano", action="store_true", help="480x320 (Titano) instead of 320x240")
    ap.add_argument("--board", type=int, default=11, choices=(11, 15), help="board size")
    ap.add_argument("--smallest", action="store_true",
                    help="bisect the smallest heap that completes, .mpy and .py")
    ap.add_argument("--variant", choices=VARIANTS,
                    help="another game: against Expert, or with --humans pass-and-play")
    ap.add_argument("--humans", type=int, choices=range(2, 7), metavar="N",
                    help="N humans passing the device (2-6), every seat playing Hint's turn")
    ap.add_argument("--level", choices=LEVELS, default="expert",
                    help="the computer's level (master: %d s a move, pondering as on the "
                         "PyPortal, its ponder waited for before each hint; "
                         "master-noponder: as on the Titano, which does not ponder)"
                         % MASTER_SECONDS)
    args = ap.parse_args(argv)
    if args.level != "expert" and args.humans:
        ap.error("--level master plays against the computer, not with --humans")
    vh = {"variant": args.variant, "humans": args.humans, "level": args.level}
    if cpvm.find_vm() is None:
        print(cpvm.MISSING_VM, file=sys.stderr)
        return 2
    size = (480, 320) if args.titano else (320, 240)
    mpy = not args.py
    if args.smallest:
        print(smallest_report(size, args.board, mpy_only=bool(args.variant or args.humans or
                                                               args.level != "expert"), **vh))
        return 0
    res = scenario(mpy=mpy, size=size, board=args.board, **vh)
    prev = 0
    print("%-22s %8s %8s" % ("checkpoint", "live B", "change"))
    for name, v in res["checkpoints"]:
        if args.all or not name.startswith(("think", "hint")):
            print("%-22s %8d %+8d" % (name, v, v - prev))
            prev = v
    print("peak %d bytes (%.1f KB) at %s (%s, %dx%d board, CircuitPython %s VM)" % (
        res["peak"][0], res["peak"][0] / 1024, res["peak"][1], ".mpy" if mpy else ".py",
        args.board, args.board, cpvm.CP_TAG))
    print("resident app modules at the end:", " ".join(res["resident"]))
    if "pondered" in res:
        print("rounds whose ponder answered all its likely turns:", res["pondered"])
    if args.modules:
        rows, pool = modules(mpy)
        print()
        print("%-26s %8s %6s %8s" % ("module", "code B", "qstrs", "qstr txt"))
        for name, nbytes, nq, sdata in rows:
            print("%-26s %8d %6d %8d" % (name, nbytes, nq, sdata))
        print("qstr pools (as allocated) and text, all modules: %d bytes" % pool)
    return 0


def smallest_report(size=(320, 240), board=11, mpy_only=False, variant=None, humans=None,
                    level="expert"):
    game = "standard, Expert" if variant is None and humans is None else "%s, %s" % (
        variant or "standard", "Expert" if humans is None else "%d humans" % humans)
    if level != "expert":
        game = "%s, Master %d s %s" % (variant or "standard",
            MASTER_SECONDS, "with its ponder" if level == "master" else "without a ponder")
    lines = ["free heap the whole-app scenario needs above the stand-ins (CircuitPython %s "
             "unix VM, 32-bit, %dx%d screen, %dx%d board, %s; smallest heap in 1 KB steps "
             "from which %d in a row complete):"
             % (cpvm.CP_TAG, size[0], size[1], board, board, game, STABLE)]
    for mpy in (True,) if mpy_only else (True, False):
        free = smallest_free(mpy=mpy, size=size, board=board, variant=variant,
                             humans=humans, level=level)
        lines.append("  %-4s needs %6d bytes free (%.1f KB; the worst of %d layouts, best %.1f "
                     "KB)  budget %d KB, goal %d KB" % (
                         ".mpy" if mpy else ".py", max(free), max(free) / 1024, len(LAYOUTS),
                         min(free) / 1024, BUDGET // 1024, GOAL // 1024))
        lines.append("       by layout (pad: bytes free): " + ", ".join(
            "%d: %d" % pf for pf in zip(LAYOUTS, free)))
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())


# Text: adafruit_display_text against the glyph TileGrid the app uses. The PyPortal freezes
# adafruit_display_text, so its code costs no heap there: it is imported before the base
# reading here, like the stand-ins. Each label is one caption of the game's size.
TEXT = r"""
import gc
import displayio, terminalio
import adafruit_display_text.bitmap_label as bl, adafruit_display_text.label as lb
keep = []
for kind in ("bitmap_label", "label", "tilegrid"):
    keep = []
    gc.collect()
    a = gc.mem_alloc()
    for i in range(N):
        t = "Expert: %d stars" % i
        if kind == "bitmap_label":
            keep.append(bl.Label(terminalio.FONT, text=t, color=0xFFFFFF))
        elif kind == "label":
            keep.append(lb.Label(terminalio.FONT, text=t, color=0xFFFFFF))
        else:
            keep.append(displayio.TileGrid(terminalio.FONT.bitmap, pixel_shader=PAL, width=16,
                                           height=1, tile_width=6, tile_height=12))
    gc.collect()
    print(kind, (gc.mem_alloc() - a) // N)
"""


def text_costs(n=10):
    """{kind: heap bytes per 16-character caption} on CircuitPython's VM: bitmap_label and
    label from the pinned adafruit_display_text (compiled .mpy, its code outside the
    figure as if frozen), and the app's glyph TileGrid (sharing one palette, as the app's
    do)."""
    from importlib import metadata

    mpy_cross = cpvm.require_mpy_cross()
    with tempfile.TemporaryDirectory() as tmp:
        for dist in ("adafruit-circuitpython-display-text", "adafruit-circuitpython-ticks"):
            d = metadata.distribution(dist)
            for rel in d.files or ():
                if rel.suffix == ".py" and not rel.parts[0].endswith("-info"):
                    dest = os.path.join(tmp, *rel.parts)
                    os.makedirs(os.path.dirname(dest), exist_ok=True)
                    cpvm.compile_file(mpy_cross, d.locate_file(rel), dest[:-3] + ".mpy",
                                      "/".join(rel.parts))
        code = TEXT.replace("N)", "%d)" % n).replace("range(N)", "range(%d)" % n)
        code = "import displayio\nPAL = displayio.Palette(2)\n" + code
        out = cpvm.run(code, path="%s:%s" % (os.path.join(ROOT, "host_tests", "vmstubs"), tmp))
    return {k: int(v) for k, v in (line.split() for line in out.splitlines())}
