"""Helpers for the device-app tests: a headless simulated device with chosen prefs."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)

from tools.sim import Driver, Platform, info_text, rects, screen_text  # noqa: E402  (lib/ on sys.path)

from quadpocket.storage import Store  # noqa: E402


def device(nvm_path=None, prefs=None, size=(320, 240), tutorial_done=True, panel=None):
    """A fresh headless Platform (fake clock, no audio) and, if prefs is given or the
    tutorial should be skipped, preferences written to its NVM first: every game's
    tutorial seen (tutorial_done=True) and, unless prefs say otherwise, Confirm tap off
    (these tests tap a move once; the default, Auto, is the fat-finger tests' and
    test_touch_targets.py's)."""
    p = Platform(headless=True, width=size[0], height=size[1], nvm_path=nvm_path,
                 panel=panel)
    if prefs or tutorial_done:
        st = Store(p.nvm)
        st.prefs.tutorial_done = tutorial_done
        st.prefs.confirm = 2
        for k, v in (prefs or {}).items():
            setattr(st.prefs, k, v)
        st.save_prefs()
    return p


def start(nvm_path=None, prefs=None, size=(320, 240), tutorial_done=True, panel=None):
    from quadpocket.app import App
    p = device(nvm_path, prefs, size, tutorial_done, panel)
    app = App(p)
    return app, Driver(app), p


def pages_text(app, d):
    """The text of the page shown and of every page after it (Next pressed until gone)."""
    text = screen_text(app)
    while "next" in [n for n, _ in rects(app)]:
        d.press("next")
        text += screen_text(app)
    return text


def close(a, b, tol=12):
    """Two RGB triples equal up to RGB565 rounding."""
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def rgb(c):
    return ((c >> 16) & 255, (c >> 8) & 255, c & 255)


def inner_point(rect):
    """A pixel inside a box's fill, clear of its icon and text (bottom-right corner)."""
    x, y, w, h = rect
    return x + w - 3, y + h - 3


def info_line(app, row):
    """One status line of the game screen, stripped."""
    lines = info_text(app).split("\n")
    return lines[row].strip() if row < len(lines) else ""


def tile(app, x):
    """The sprite tile shown at board cell x."""
    return app.play.board.grid[grid_index(app, x)]


def ringed(app, x):
    """A marble at board cell x shown with the last-move frame: its colour's ringed tile
    (two colours), or the frame on the ring layer above it (more: view.Board.ring)."""
    from quadpocket import view
    b = app.play.board
    t = tile(app, x)
    if t < view.T_MARBLE:
        return False
    if b.ring is None:
        return (t - view.T_MARBLE) % 2 == 1
    return b.ring[grid_index(app, x)] == view.T_RING


def grid_index(app, x):
    n = app.play.board.n
    return (n - 1 - x // n) * n + x % n


def stats(nvm):
    """Statistics as saved in nvm."""
    return Store(nvm).stats


__all__ = ["Driver", "Platform", "info_text", "screen_text", "info_line", "tile", "ringed",
           "stats", "device", "start", "start_with", "close", "rgb", "inner_point"]


def start_with(game, cpu=1, prefs=None, nvm_path=None, size=(320, 240)):
    """Start the app on a prepared game (saved to NVM first, as after a reset)."""
    from quadpocket.app import App
    from face_still import Session
    p = device(nvm_path, prefs, size)
    st = Store(p.nvm)
    st.save_game(Session(game, cpu, 1).to_bytes())
    app = App(p)
    return app, Driver(app), p
