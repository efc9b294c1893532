"""A fingertip, not a pixel: what the touch-target and fat-finger tests share.

The app decides what a touch means through one function, `hit(x, y)` of the screen shown
(the game screen's face, or the menu pages): `target_at` asks exactly that, so every
measure here is of what a tap would really do, not of what is drawn.

- `regions(app)`: each target's hit area on the shown screen, as a boolean pixel mask;
  board cells (int targets) apart from buttons and choices.
- `target_faults(app)`: what breaks the rule of a finger on the shown screen: a button or
  choice whose hit area holds no MIN x MIN square (30 px on 320x240, 40 px on 480x320,
  ~6 mm on both panels), or two of them nearer than GAP px (their hit areas must not
  touch). Board cells are not buttons: `smallest_cell` reports their size, and a board
  whose cells are under MIN must not play a move on one tap (the confirm tap, tested by
  the fat-finger games).
- `Finger`: a scripted player's fingertip. Every tap lands a seeded random offset of up to
  MISS px (10 on 320x240, 15 on 480x320) from the point it aims at, uniform over a disc.

The sizes are keyed by the screen's width (320: the PyPortal, 480: the Titano).
"""

import math
import random

import numpy as np

MIN = {320: 30, 480: 40}   # px: a target's hit area holds a square this big
GAP = {320: 2, 480: 3}     # px: at least this much of nothing between two targets
MISS = {320: 10, 480: 15}  # px: how far a fat finger's tap lands from its aim, at most

__all__ = ["MIN", "GAP", "MISS", "Finger", "target_at", "regions", "target_faults",
           "smallest_cell", "aim", "on_board", "largest_square"]


def on_board(target):
    """A board cell (an int) or the board's dead ground ("off": a removed corner): the
    board's own rule (smallest_cell, the confirm tap), not a button's."""
    return isinstance(target, int) or target == "off"


def target_at(app, x, y):
    """What a touch at screen pixel (x, y) would select on the screen shown now."""
    return (app.play if app.mode == "play" else app.menus).hit(x, y)


def regions(app, step=1):
    """{target: boolean mask (height // step, width // step)} of every target on the
    screen shown, sampled every `step` pixels; None (nothing there) is left out."""
    w, h = app.p.width, app.p.height
    hit = (app.play if app.mode == "play" else app.menus).hit
    ids = {}
    label = np.zeros((h // step, w // step), dtype=np.int32)
    for j in range(h // step):
        y = j * step
        row = label[j]
        for i in range(w // step):
            t = hit(i * step, y)
            if t is None:
                continue
            k = ids.get(t)
            if k is None:
                k = ids[t] = len(ids) + 1
            row[i] = k
    return {t: label == k for t, k in ids.items()}


def _erode(mask):
    """The mask shrunk by one pixel on every side (8-neighbourhood)."""
    out = mask.copy()
    out[1:, :] &= mask[:-1, :]
    out[:-1, :] &= mask[1:, :]
    out[:, 1:] &= mask[:, :-1]
    out[:, :-1] &= mask[:, 1:]
    out[1:, 1:] &= mask[:-1, :-1]
    out[:-1, :-1] &= mask[1:, 1:]
    out[1:, :-1] &= mask[:-1, 1:]
    out[:-1, 1:] &= mask[1:, :-1]
    out[0, :] = out[-1, :] = False
    out[:, 0] = out[:, -1] = False
    return out


def _dilate(mask, r):
    """The mask grown by r pixels (a (2r+1)-square neighbourhood)."""
    out = mask.copy()
    for _ in range(r):
        m = out.copy()
        out[1:, :] |= m[:-1, :]
        out[:-1, :] |= m[1:, :]
        out[:, 1:] |= m[:, :-1]
        out[:, :-1] |= m[:, 1:]
        out[1:, 1:] |= m[:-1, :-1]
        out[:-1, :-1] |= m[1:, 1:]
        out[1:, :-1] |= m[:-1, 1:]
        out[:-1, 1:] |= m[1:, :-1]
    return out


def _has_square(mask, side):
    """True if the mask holds a side x side square of True pixels (an integral image)."""
    h, w = mask.shape
    if side > h or side > w:
        return False
    s = np.zeros((h + 1, w + 1), dtype=np.int32)
    s[1:, 1:] = mask.astype(np.int32).cumsum(0).cumsum(1)
    win = s[side:, side:] - s[:-side, side:] - s[side:, :-side] + s[:-side, :-side]
    return bool((win == side * side).any())


def largest_square(mask):
    """Side in pixels of the largest axis-aligned square of True pixels in the mask."""
    lo, hi = 0, min(mask.shape)
    while lo < hi:  # the largest side that fits: lo fits, hi + 1 does not
        mid = (lo + hi + 1) // 2
        if _has_square(mask, mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def aim(mask):
    """Where a player aims at a hit area: its deepest pixel (the centre of the largest
    region an erosion leaves last), as (x, y) in the mask's pixels."""
    m = mask
    while True:
        e = _erode(m)
        if not e.any():
            break
        m = e
    ys, xs = np.nonzero(m)
    # the surviving pixel nearest the survivors' centre (a bar leaves a line)
    cx, cy = xs.mean(), ys.mean()
    k = int(np.argmin((xs - cx) ** 2 + (ys - cy) ** 2))
    return int(xs[k]), int(ys[k])


def target_faults(app, skip=()):
    """Every way the shown screen breaks the finger rule, as readable strings (empty:
    none). skip: target names not measured (none, unless a test says why)."""
    w = app.p.width
    need, gap = MIN[w], GAP[w]
    regs = {t: m for t, m in regions(app).items() if not on_board(t) and t not in skip}
    faults = []
    for t, m in regs.items():
        side = largest_square(m)
        if side < need:
            ys, xs = np.nonzero(m)
            faults.append("%r: its hit area holds only a %d px square (needs %d); box %d,%d %dx%d"
                          % (t, side, need, xs.min(), ys.min(), xs.max() - xs.min() + 1,
                             ys.max() - ys.min() + 1))
    names = list(regs)
    label = np.zeros(next(iter(regs.values())).shape if regs else (1, 1), dtype=np.int32)
    for k, t in enumerate(names, 1):
        label[regs[t]] = k
    for k, t in enumerate(names, 1):
        near = np.unique(label[_dilate(regs[t], gap)])
        for j in near[near > k]:  # each pair once
            faults.append("%r and %r: less than %d px apart" % (t, names[j - 1], gap))
    return faults


def smallest_cell(app):
    """Side of the largest square inside the smallest board cell's hit area (None: no
    board cell on the screen shown)."""
    cells = [m for t, m in regions(app).items() if isinstance(t, int)]
    return min((largest_square(m) for m in cells), default=None)


class Finger:
    """A fingertip for a scripted player: taps land up to MISS px (a seeded random offset,
    uniform over a disc) from where it aims, clamped to the screen.

    tap(x, y): aim at a pixel; press(target): aim at a target's hit area (its deepest
    point); taps counts them; landed holds the last tap's pixel."""

    def __init__(self, driver, seed, miss=None):
        self.d = driver
        self.app = driver.app
        self.rng = random.Random(seed)
        self.miss = MISS[self.app.p.width] if miss is None else miss
        self.taps = 0
        self.landed = None

    def land(self, x, y):
        r = self.miss * math.sqrt(self.rng.random())
        a = 2 * math.pi * self.rng.random()
        p = self.app.p
        lx = min(max(int(round(x + r * math.cos(a))), 0), p.width - 1)
        ly = min(max(int(round(y + r * math.sin(a))), 0), p.height - 1)
        return lx, ly

    def tap(self, x, y, settle=True):
        self.landed = self.land(x, y)
        self.taps += 1
        self.d.tap_xy(self.landed[0], self.landed[1], settle)
        return self.landed

    def where(self, target):
        """The point a player aims at to press target on the screen shown (KeyError if
        it is not there)."""
        app = self.app
        if app.mode != "play" or getattr(app.play, "panel", None) is not None:
            from tools.sim import rects  # drawn boxes: aim at the middle of what is seen
            for name, (x, y, w, h) in rects(app):
                c = (x + w // 2, y + h // 2)
                if name == target and target_at(app, c[0], c[1]) == target:
                    return c
        m = regions(app).get(target)
        if m is None:
            raise KeyError("no %r on the %s screen" % (target, self.app.mode))
        return aim(m)

    def press(self, target, settle=True):
        x, y = self.where(target)
        return self.tap(x, y, settle)
