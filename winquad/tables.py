"""The tables and scratch of Winther's Quad's computer player (winquad.ai), a module of
their own so that they outlive the player's code on the device.

The shell drops the player's code (winquad.ai) while a menu is open or a game is over, and
its next use imports it again. Its tables and scratch are ~18 KB in blocks of 0.1 to 6.5 KB;
made again each time, they met a heap that the screen's objects had scattered meanwhile, and
a 3.7 KB block found no hole with 108 KB free (tools/wq_app_heap.py --smallest, before this
split). Kept here, they are made once, at the player's first use in a session of this game,
and stay where they are; only the code (small blocks) comes and goes. Leaving the game for
Still's Quad drops them with the rest of winquad (lib/quadpocket/games.py).
"""

from array import array

from .board import FOUR, POP

ROOTMAX = 1088        # root move slots: 64 cells x 16 capture choices at the very most
MAXDEPTH = 8
MAXGEN = 192          # move slots a ply; see Board.gen
DEEPEST = 6           # the deepest level's depth (winquad.ai.SETTINGS; checked there)

# Line weights (own perspective): open two, open three, a counter we can take, a counter
# with room to step.
W2, W3, WCAP, WMOB = 3, 18, 10, 1


def _line_value(o, p):
    v = 0
    e = ~(o | p) & 255
    for s in range(5):
        w = 15 << s
        if p & w:
            continue
        k = POP[o & w]
        if k < 2:
            continue
        # Filling the window must give exactly four: no own counter right outside it.
        if (s > 0 and o >> (s - 1) & 1) or (s < 4 and o >> (s + 4) & 1):
            continue
        v += W3 if k == 3 else W2
    caps = e & (((p << 1) & (o << 2)) | ((p >> 1) & (o >> 2))) & 255
    v += WCAP * POP[caps]
    v += WMOB * POP[o & ((e << 1) | (e >> 1))]
    return v


def _build():
    """T3[m]: the 8-bit mask m read as base-3 digits 0/1 (White's index); twice that is
    Black's. LV[T3[w] + 2 * T3[b]] = White's line value minus Black's, + 128, in a byte:
    3**8 = 6,561 bytes, built once when the player is first imported."""
    t3 = array("H", bytes(512))   # (both VMs read bytes as raw memory here)
    for m in range(256):
        v = 0
        for i in range(7, -1, -1):
            v = v * 3 + (m >> i & 1)
        t3[m] = v
    lv = bytearray(6561)
    for o in range(256):
        for p in range(256):
            if o & p:
                continue
            i = t3[o] + 2 * t3[p]
            d = _line_value(o, p) - _line_value(p, o)
            lv[i] = 128 + (127 if d > 127 else -128 if d < -128 else d)
    c1 = bytearray(256)
    for o in range(256):
        for t in range(8):
            if not o >> t & 1 and FOUR[o | 1 << t]:
                c1[o] |= 1 << t
    m2 = bytearray(256)
    for o in range(256):
        for t in range(8):
            q = o | 1 << t
            if q != o and POP[c1[q] & ~q & 255] >= 2:
                m2[o] |= 1 << t
    return t3, lv, c1, m2


# M2[o]: the cells of a line where one more counter of the side holding o leaves two
# completion cells in it (before the other side's counters are masked off: winquad.ai
# checks those). 256 bytes.
# C1[o]: the cells of a line where one more counter of the side holding o makes an exact
# four (its completion cells once the other side's and taken cells are masked off:
# POP[C1[o] & ~(o | p)]). 256 bytes; it was a 6,561-byte table indexed like LV, computed
# from the two masks a line already has at the cost of two lookups more.
T3, LV, C1, M2 = _build()
P3 = array("H", [1, 3, 9, 27, 81, 243, 729, 2187])   # 3**i: one counter's index step
# The scratch of every search, made once: the root's move slots (ROOT), MAXGEN slots for
# each ply that generates moves (PLY[p - 1] for ply p: a node at ply p searches depth
# D - p of the level's D, and depth 1 is the frontier's, which generates none: plies
# 1 .. D - 2, 4 for Expert); the root's scores and noise; the killer move of each ply; the
# 16 line indices of the frontier node. 7 KB, and a move then allocates only its few small
# objects. Blocks of 2.2 KB at most: one 3.7 KB block for all the move slots found no hole
# at the player's first use with 99 KB free (480x320, tools/wq_app_heap.py). (Made from
# zero bytes, read as raw memory by both VMs: a list of zeros first would be a temporary
# twice the size; MicroPython has no array * n.)
GEN_PLIES = DEEPEST - 2
ROOT = array("H", bytes(2 * ROOTMAX))
PLY = tuple(array("H", bytes(2 * MAXGEN)) for _ in range(GEN_PLIES))
SCORE = array("h", bytes(2 * ROOTMAX))
NOISE = bytearray(ROOTMAX)
KILLER = array("H", [0] * (MAXDEPTH + 1))
LINE = array("H", [0] * 16)
LC = bytearray(16)       # the frontier's completion cells per line: own | enemy's << 4
TCELLS = bytearray(16)   # completion cells of the side not to move (see forced)
MKL = bytearray(16)      # the frontier's open-three makers per line: own | enemy's << 1
CAPL = bytearray(16)     # the frontier's capture spots per line (bit = cell of the line)
FKILL = bytearray(MAXDEPTH + 1)   # the frontier's killer drop per ply (255: none)
FSTEP = array("H", bytes(2 * (MAXDEPTH + 1)))   # ... and killer step (x << 2 | direction)
HIST = array("H", bytes(256))     # history of best moves per colour and cell (Player)
VPLY = 18                # threat sequences (winquad.ai.Player.vcf): plies at most
VCAP = bytearray(16 * (VPLY + 1))       # the defender's capture spots per line, per ply
VWIN = array("H", bytes(2 * VPLY))   # the winning threat found at each ply
