"""Issue 42 item 5: Preferences, Calibrate touch, on a simulated panel that reads unlike
the published constants (tools/sim.py's SKEWED panel, through adafruit_touchscreen itself).

Four crosses tapped in turn; the calibration is stored with the preferences (the same
two-slot record, torn-write safe) and used from the next tap; crossed, off-screen or
scattered taps are refused with words and the calibration before is kept. The self-test
shows where a tap lands.
"""

import pytest

from apptools import start
from tools.sim import PUBLISHED, SKEWED, Platform, screen_text

from quadpocket.calibrate import fit

SIZES = ((320, 240), (480, 320))
HUMANS = {"opponent": "humans", "humans": 2}
CELLS = ("a2", "k2", "b11", "j11", "f6", "b10", "j2", "e7", "h4", "c3", "k10", "a10")


def misses(app, d):
    """Board cells tapped at their centres that a tap does not reach (the marble lands
    elsewhere or nowhere); each tap is taken back."""
    from quadcore import parse_cell
    g = app.play.game
    out = []
    for c in CELLS:
        x = parse_cell(c, 11)
        if g.cells[x] == 255:
            continue
        before = g.turns
        d.tap_cell(c)
        if g.turns == before or g.history[-1][-1][1] != x:
            out.append(c)
        if g.turns != before:
            d.press("undo")
    return out


def calibrate(app, d, pts=None):
    d.press("menu")
    d.press("prefs")
    d.press("calibrate")
    cal = app.menus.cal
    assert "Tap the centre of the cross: 1 of 4" in screen_text(app)
    for k, pt in enumerate(pts or cal.pts):
        assert app.p.raw  # the panel's raw readings while the crosses are shown
        d.tap_xy(*pt)
    return screen_text(app)


@pytest.mark.parametrize("size", SIZES)
def test_a_skewed_panel_misses_until_calibrated_then_every_tap_lands(size, tmp_path):
    nvm = str(tmp_path / "nvm")
    app, d, p = start(nvm, prefs=HUMANS, size=size, panel=SKEWED)
    assert len(misses(app, d)) >= 5  # the published constants on this panel
    text = calibrate(app, d)
    assert "Calibrated" in text
    assert app.prefs.cal is not None and p.calibration == app.prefs.cal
    d.tap_xy(60, app.p.height - 20)  # below the buttons: where it lands
    assert app.menus.cal.spot is not None
    assert abs(app.menus.cal.spot[0] - 60) <= 2 and abs(app.menus.cal.spot[1] - (app.p.height - 20)) <= 2
    d.press("done")
    d.press("back")
    d.press("resume")
    assert misses(app, d) == []
    # kept with the preferences: a restart on the same panel plays accurately at once
    from quadpocket.app import App
    from tools.sim import Driver
    p2 = Platform(headless=True, width=size[0], height=size[1], nvm_path=nvm, panel=SKEWED)
    app2 = App(p2)
    assert app2.prefs.cal == app.prefs.cal and p2.calibration == app.prefs.cal
    assert misses(app2, Driver(app2)) == []


def test_crossed_taps_are_refused_and_the_calibration_before_kept(tmp_path):
    app, d, p = start(str(tmp_path / "nvm"), prefs=HUMANS, panel=SKEWED)
    text = calibrate(app, d)
    good = app.prefs.cal
    d.press("again")
    pts = app.menus.cal.pts
    crossed = (pts[1], pts[0], pts[3], pts[2])  # left and right swapped
    for pt in crossed:
        d.tap_xy(*pt)
    text = screen_text(app)
    assert "Crossed: tap each cross where shown." in text
    assert "Your calibration before is kept." in text
    assert app.prefs.cal == good and p.calibration == good
    assert [n for n, _ in app.menus.rects()] == ["again", "done"]
    assert "Back" in text and "Done" not in text


def test_off_screen_and_scattered_taps_are_refused():
    app, d, p = start(prefs=HUMANS)  # an ideal panel, the published constants
    # the top crosses tapped at the very top, the bottom ones far too high: the top
    # edge's reading would lie below the panel's range
    text = calibrate(app, d, [(32, 0), (287, 0), (287, 60), (32, 60)])
    assert "Off the screen: tap inside each cross." in text
    assert app.prefs.cal is None and p.calibration == PUBLISHED
    d.press("again")
    pts = app.menus.cal.pts
    for pt in (pts[0], pts[1], pts[2], (pts[3][0] + 90, pts[3][1])):  # one far off
        d.tap_xy(*pt)
    assert "Too far apart: tap each cross's centre." in screen_text(app)
    assert app.prefs.cal is None and p.calibration == PUBLISHED
    d.press("done")  # (Back: nothing stored)
    assert app.menus.page == "prefs" and app.menus.cal is None and not app.menus.changed


def test_fit_finds_the_edges_and_refuses_bad_readings():
    pts = ((32, 32), (287, 32), (287, 207), (32, 207))
    (x0, x1), (y0, y1) = SKEWED

    def raw(x, y):
        return x0 + (x1 - x0) * x // 319, y0 + (y1 - y0) * y // 239

    cal, why = fit([raw(*pt) for pt in pts], pts, 320, 240)
    assert why == ""
    assert abs(cal[0][0] - x0) < 200 and abs(cal[0][1] - x1) < 200
    assert abs(cal[1][0] - y0) < 200 and abs(cal[1][1] - y1) < 200
    assert fit([(0, 100), (2, 100), (2, 200), (0, 200)], pts, 320, 240)[0] is None
    assert fit([(9000, 9000)] * 4, pts, 320, 240)[1].startswith("Crossed")
    assert fit([(65535, 9000)] * 4, pts, 320, 240)[1].startswith("Off the screen")


def test_the_platform_calibration_goes_to_adafruit_touchscreen():
    """The simulator maps through the pinned library itself: the same readings give the
    library's own answer, for the published constants and for another calibration."""
    p = Platform(headless=True, nvm_path=None, panel=PUBLISHED)
    assert p._read((100, 50)) in ((100, 50), (99, 49), (99, 50), (100, 49))
    p.calibrate("raw")
    rx, ry = p._read((100, 50))
    assert 5200 + 53800 * 100 // 319 - 2 <= rx <= 5200 + 53800 * 100 // 319 + 2
    p.calibrate(((rx, rx + 1000), (ry, ry + 1000)))
    assert p._read((100, 50)) == (0, 0)  # the library: that reading is the left/top edge


def test_the_selftest_shows_where_a_tap_lands():
    from quadpocket import selftest
    p = Platform(headless=True, nvm_path=None)
    p.inject = [None, (100, 60), (100, 60), None, (250, 200), None]
    out = []
    selftest.where(p, out.append, polls=6)
    assert out[1:] == ["touch 100 60", "touch 250 200"]
    g = p.display.root_group
    assert (g[0].x + 15, g[0].y + 1) == (250, 200) and (g[1].x + 1, g[1].y + 15) == (250, 200)
