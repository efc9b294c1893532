"""The finger rule's own measures (host_tests/fingers.py) on made-up screens: each one
can fail, and passes where it should."""

from fingers import GAP, MIN, MISS, Finger, aim, largest_square, regions, smallest_cell
from fingers import target_faults


class _P:
    def __init__(self, w, h):
        self.width, self.height = w, h
        self.taps = []

    def tap(self, x, y, hold=3, release=3):
        self.taps.append((x, y))


class _Screen:
    def __init__(self, boxes):
        self.boxes = boxes

    def hit(self, x, y):
        for name, (bx, by, bw, bh) in self.boxes:
            if bx <= x < bx + bw and by <= y < by + bh:
                return name
        return None


class _App:
    def __init__(self, boxes, w=320, h=240):
        self.p = _P(w, h)
        self.mode = "play"
        self.play = _Screen(boxes)


class _Driver:
    def __init__(self, app):
        self.app = app

    def tap_xy(self, x, y, settle=True):
        self.app.p.taps.append((x, y))


def test_buttons_big_enough_and_apart_pass():
    app = _App([("a", (0, 0, 30, 30)), ("b", (32, 0, 30, 30)), (5, (100, 100, 12, 12))])
    assert target_faults(app) == []
    assert smallest_cell(app) == 12


def test_a_small_button_fails_on_each_screen():
    for w, h in ((320, 240), (480, 320)):
        side = MIN[w] - 1
        faults = target_faults(_App([("a", (10, 10, 100, side))], w, h))
        assert len(faults) == 1 and "'a'" in faults[0] and "%d px" % side in faults[0]


def test_touching_buttons_fail():
    for w, h in ((320, 240), (480, 320)):
        m, g = MIN[w], GAP[w]
        near = _App([("a", (0, 0, m, m)), ("b", (m + g - 1, 0, m, m))], w, h)
        assert target_faults(near) == ["'a' and 'b': less than %d px apart" % g]
        apart = _App([("a", (0, 0, m, m)), ("b", (m + g, 0, m, m))], w, h)
        assert target_faults(apart) == []


def test_largest_square_and_aim_on_an_l_shape():
    app = _App([("l", (0, 0, 60, 20)), ("l", (0, 20, 20, 40))])
    m = regions(app)["l"]
    assert largest_square(m) == 20
    x, y = aim(m)
    assert m[y, x]


def test_finger_lands_within_its_miss_and_spreads():
    for w, h in ((320, 240), (480, 320)):
        app = _App([("a", (100, 100, 60, 60))], w, h)
        f = Finger(_Driver(app), seed=7)
        for _ in range(60):
            f.press("a")
        r = MISS[w]
        cx, cy = aim(regions(app)["a"])
        d2 = [(x - cx) ** 2 + (y - cy) ** 2 for x, y in app.p.taps]
        assert max(d2) <= (r + 1) ** 2
        assert max(d2) >= (r - 2) ** 2  # it does miss by nearly the whole radius
        assert len(set(app.p.taps)) > 40
        again = _App([("a", (100, 100, 60, 60))], w, h)
        g = Finger(_Driver(again), seed=7)
        for _ in range(60):
            g.press("a")
        assert again.p.taps == app.p.taps  # seeded: the same taps every run
