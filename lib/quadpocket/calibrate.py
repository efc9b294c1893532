"""Preferences, Calibrate touch: four crosses tapped in turn give the panel's readings at
the screen's edges, adafruit_touchscreen's calibration (the platform's calibrate: the
library maps raw readings to pixels with it, this module only finds its four numbers).
Stored with the preferences (quadpocket.storage: the two-slot record, torn-write safe),
used from the next tap. Crossed, off-screen or scattered taps are refused with words and
the calibration before is kept. Then a tap anywhere shows where it lands.

Loaded through App.use from the Preferences page; the Calibration object keeps its class
(and so this code) until Done, like a review. It draws on the menu screen (Menus.cal):
its text rows and buttons, and a cross of its own.
"""

import displayio
import vectorio

from quadpocket import view

CROSSES = 4


def start(app):
    """Calibrate touch, from the Preferences page (app.menus open)."""
    m = app.menus
    m.cal = Calibration(m)
    m.cal.show()


class Calibration:
    """The calibration screen on menus m: step 0-3 a cross to tap (the panel reports raw
    readings meanwhile), 4 the result (and where taps land), with Again and Done/Back."""

    def __init__(self, m):
        app = m.app
        p = app.p
        self.m = m
        self.app = app
        self.old = app.prefs.cal        # kept on a refusal
        w, h = p.width, p.height
        d = w // 10                     # crosses a tenth of the width in from each edge
        self.pts = ((d, d), (w - 1 - d, d), (w - 1 - d, h - 1 - d), (d, h - 1 - d))
        self.raw = []                   # the readings, one (x, y) a cross
        self.sum = [0, 0, 0]            # this press's readings: x, y and how many
        self.step = 0
        self.text = ()
        self.ok = False                 # the last four readings gave a calibration
        self.at = None                  # where the touch now on the glass is (step 4)
        self.spot = None                # where the last tap landed (step 4)
        self.cross = g = displayio.Group()
        s = 1 + (w >= 440)              # the lines' thickness: 1 px, 2 on the Titano
        for cw, ch in ((8 * d // 5, s), (s, 8 * d // 5)):
            r = vectorio.Rectangle(pixel_shader=app.ui, width=cw, height=ch, x=0, y=0)
            r.color_index = view.TURN
            g.append(r)
        m.group.append(g)
        p.calibrate("raw")

    def place(self, x, y):
        """The cross's centre at (x, y)."""
        a, b = self.cross[0], self.cross[1]
        a.x = x - a.width // 2
        a.y = y - a.height // 2
        b.x = x - b.width // 2
        b.y = y - b.height // 2

    def show(self):
        m = self.m
        rows = [""] * (m.rows - 1)
        mid = m.rows // 2 - 1
        if self.step < CROSSES:
            lines = ("Tap the centre of the cross: %d of %d" % (self.step + 1, CROSSES),
                     "with a fingertip, as you play")
            self.place(*self.pts[self.step])
            buttons = ()
        else:
            lines = self.text
            if self.spot is not None:
                self.place(*self.spot)
            self.cross.hidden = self.spot is None
            buttons = (("again", "Again"), ("done", "Done" if self.ok else "Back"))
        for i in range(len(lines)):
            t = lines[i]
            rows[mid + i] = " " * ((m.cols - len(t)) // 2) + t
        m._show("Calibrate touch", rows, buttons, 2)

    # --- taps (Menus.hit and Menus.tap hand them over) ---
    def hit(self, x, y):
        if self.step < CROSSES:  # raw readings: every touch is the cross's
            s = self.sum
            if not self.app.tapper.down:  # a new press
                s[0] = s[1] = s[2] = 0
            s[0] += x
            s[1] += y
            s[2] += 1
            return "cross"
        m = self.m
        t = m.hit_buttons(x, y)
        b = m.boxes[0]
        if t is None and y >= b[1] + b[3] + m.gap:  # below the buttons: where it lands
            self.at = (x, y)
            return "spot"
        return t

    def tap(self, name):
        m = self.m
        if name == "cross":
            s = self.sum
            self.raw.append((s[0] // s[2], s[1] // s[2]))
            self.step += 1
            if self.step == CROSSES:
                self.finish()
        elif name == "spot":
            self.spot = self.at
        elif name == "again":
            self.old = self.app.prefs.cal  # the one a refusal keeps: the one in use
            self.step = 0
            self.raw = []
            self.spot = None
            self.cross.hidden = False
            self.app.p.calibrate("raw")
        else:  # done, back
            m.group.remove(self.cross)
            m.cal = None
            m.open("prefs")
            return
        self.show()

    def finish(self):
        """The four readings: the new calibration, or the reason it is refused (the one
        before kept)."""
        app = self.app
        cal, why = fit(self.raw, self.pts, app.p.width, app.p.height)
        self.ok = cal is not None
        if self.ok:
            app.prefs.cal = cal
            self.m.changed = True  # saved with the preferences when the menu closes
            self.text = ("Calibrated: taps land where you touch.",
                         "Tap anywhere: the cross shows where.")
        else:
            cal = self.old
            self.text = (why, "Your calibration before is kept.")
        app.p.calibrate(cal)
        self.spot = None


def fit(raw, pts, w, h):
    """(calibration, "") from the raw readings at the four crosses pts (top left, top
    right, bottom right, bottom left), or (None, the reason in words): crossed (a cross
    tapped where another was, or the readings in the wrong order), off the screen (a
    reading at the end of its range, or edges beyond it), or scattered (two taps on one
    side of the screen disagreeing by more than a fifth of the crosses' spacing)."""
    for x, y in raw:
        if not (0 < x < 65535 and 0 < y < 65535):
            return None, "Off the screen: tap inside each cross."
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = raw
    if not (x1 > x0 and x2 > x3 and y3 > y0 and y2 > y1):
        return None, "Crossed: tap each cross where shown."
    dx = pts[1][0] - pts[0][0]  # px between the left and right crosses
    dy = pts[3][1] - pts[0][1]
    left, right = (x0 + x3) // 2, (x1 + x2) // 2
    top, bottom = (y0 + y1) // 2, (y2 + y3) // 2
    sx, sy = right - left, bottom - top
    if 5 * max(abs(x0 - x3), abs(x1 - x2)) > sx or 5 * max(abs(y0 - y1), abs(y2 - y3)) > sy:
        return None, "Too far apart: tap each cross's centre."
    # the readings at the screen's edges (pixel 0 and w - 1, 0 and h - 1)
    c = ((left - sx * pts[0][0] // dx, left + sx * (w - 1 - pts[0][0]) // dx),
         (top - sy * pts[0][1] // dy, top + sy * (h - 1 - pts[0][1]) // dy))
    if min(c[0][0], c[1][0]) < 0 or max(c[0][1], c[1][1]) > 65535:
        return None, "Off the screen: tap inside each cross."
    return c, ""
