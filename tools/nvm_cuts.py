"""Power cuts during nvm writes: what a scripted session writes, and what a cut at every
point of every write leaves, in a page-by-page model of the SAMD51's nvm.

    .venv/bin/python -m tools.nvm_cuts            # summary (the README's figures)
    .venv/bin/python -m tools.nvm_cuts --writes   # also every write: when, what, where

The model follows CircuitPython's atmel-samd nvm (common-hal/nvm/ByteArray.c and ASF4's
hpl_nvmctrl.c `_flash_write`): any slice assignment copies the whole 8 KB block to RAM,
patches it, erases the block and programs its sixteen 512-byte pages in order, each in
sixteen-byte quad words. A cut is modelled at every point of that window: during the erase
(the block reads as erased, 0xFF), and after each of the block's 512 quad words (bytes
written so far hold the new image, the rest still erased): 513 cut points per write. Each
cut image is read back by quadpocket.storage as a restart would, and compared with what
was stored before and after the write.

The session (deterministic: fake clock, seeded computer): preferences changed in the menu
(level three times, sound, claim mode off and on), a whole game against the Average
computer with the player's moves from Hint, the end of the game (statistics), then a new
game with two rounds.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)
if os.path.join(ROOT, "host_tests") not in sys.path:
    sys.path.append(os.path.join(ROOT, "host_tests"))

BLOCK = 8192
QUAD = 16  # bytes programmed at once


class RecordingNvm:
    """An 8 KB nvm that keeps (before, after, start, stop, label) of every write."""

    def __init__(self, data=None):
        self.data = bytearray(data if data is not None else b"\xff" * BLOCK)
        self.log = []
        self.label = ""

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        if isinstance(key, slice):
            return bytes(self.data[key])
        return self.data[key]

    def __setitem__(self, key, value):
        assert isinstance(key, slice)
        before = bytes(self.data)
        self.data[key] = value
        assert len(self.data) == BLOCK
        start, stop, _ = key.indices(BLOCK)
        self.log.append((before, bytes(self.data), start, stop, self.label))


def cut_images(after):
    """Every image a cut in the write of `after` can leave (SAMD51 model)."""
    yield b"\xff" * BLOCK  # during the erase
    for q in range(BLOCK // QUAD):
        k = q * QUAD
        yield after[:k] + b"\xff" * (BLOCK - k)


def state(image):
    """What a restart reads from an image: (prefs, stats, game bytes or None)."""
    from quadpocket.storage import Store
    st = Store(bytearray(image))
    return (tuple(sorted(vars(st.prefs).items())),
            tuple((lv, tuple(sorted(d.items()))) for lv, d in sorted(st.stats.items())),
            st.load_game())


def session():
    """Run the scripted session; returns the nvm with its write log."""
    from apptools import device
    from tools.sim import Driver
    from quadpocket.app import App
    from quadcore import ai
    p = device(None, prefs=dict(level="average", sound=0))
    nvm = RecordingNvm(p.nvm[0:BLOCK])
    p.nvm = nvm
    nvm.label = "start"
    app = App(p)
    d = Driver(app)
    nvm.label = "menu"
    d.press("menu")
    d.press("new")  # a game's own settings, then the shared preferences: one write
    for name in ("level", "level", "level", "claim", "claim"):
        d.press(name)
    d.press("back")
    d.press("prefs")
    d.press("sound")
    d.press("back")
    d.press("resume")
    d.settle()
    g = app.play.game
    nvm.label = "round"  # (the last round's writes include the game's end)
    while g.result is None:
        turn = ai.choose(g, "average", g.turns)
        for tok in turn.split():
            if tok.startswith("*"):
                d.press("star")
                d.tap_cell(tok[1:])
            else:
                d.tap_cell(tok)
        if g.result is not None:
            break
    nvm.label = "new game"
    d.press("new")
    d.press("start")
    nvm.label = "round"
    g = app.play.game
    for _ in range(2):
        d.tap_cell(ai.choose(g, "average", g.turns).split()[-1])
    return nvm


KEYS = ("cuts", "all_kept", "game_lost", "game_rolled_back", "prefs_lost", "prefs_older",
        "stats_lost", "stats_older")
BLANK = None  # what blank nvm reads as (set in classify)


def classify(nvm):
    """Per write: (label, start, stop, counts) with counts of cut outcomes."""
    global BLANK
    BLANK = state(b"\xff" * BLOCK)
    out = []
    for before, after, start, stop, label in nvm.log:
        b = state(before)
        a = state(after)
        c = dict((k, 0) for k in KEYS)
        for img in cut_images(after):
            s = state(img)
            c["cuts"] += 1
            ok = True
            for i, name in ((0, "prefs"), (1, "stats")):
                if s[i] == BLANK[i] and a[i] != BLANK[i]:
                    c[name + "_lost"] += 1  # back to the defaults
                    ok = False
                elif s[i] not in (a[i], b[i]):
                    c[name + "_older"] += 1  # the copy before the last change
                    ok = False
            if a[2] is not None and s[2] is None:
                c["game_lost"] += 1  # a new game at the next start
                ok = False
            elif s[2] != a[2]:
                c["game_rolled_back"] += 1  # an earlier save: the last round(s) again
                ok = False
            if ok:
                c["all_kept"] += 1
        out.append((label, start, stop, c))
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    nvm = session()
    rows = classify(nvm)
    if "--writes" in argv:
        for label, start, stop, c in rows:
            what = "prefs" if start < 96 else "stats" if start < 192 else "game"
            print("%-9s %-5s bytes %4d..%4d  " % (label, what, start, stop - 1)
                  + ", ".join("%s %d" % (k, c[k]) for k in KEYS))
    kinds = {}
    for label, _, _, _ in rows:
        kinds[label] = kinds.get(label, 0) + 1
    tot = dict((k, 0) for k in KEYS)
    for _, _, _, c in rows:
        for k in tot:
            tot[k] += c[k]
    print("writes: %d (%s); every one rewrites the whole 8192-byte block" % (
        len(rows), ", ".join("%s %d" % kv for kv in sorted(kinds.items()))))
    print("largest slice written: %d bytes" % max(stop - start for _, start, stop, _ in rows))
    print("cut points: %d (%d per write)" % (tot["cuts"], tot["cuts"] // max(1, len(rows))))
    for k in KEYS[1:]:
        print("  %-17s %5d  %5.1f%%" % (k, tot[k], 100.0 * tot[k] / max(1, tot["cuts"])))
    return rows, tot


if __name__ == "__main__":
    main()
