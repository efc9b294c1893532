"""Tap detection for a resistive touchscreen: act on release, never on the first contact.

Each poll the app maps the raw sample to a target (a board cell, a button name, or None
for "nothing there") and feeds it here. A target counts only after two consecutive
samples agree, so a single jittery reading never selects anything; the finger must also
be seen lifted for two consecutive polls, because a resistive panel often drops one
reading in the middle of a press (one dropout must not become two taps). The tap reports
the last target that was held steady; sliding off onto nothing before lifting cancels it.
"""

_NONE = object()  # "no steady target yet" (None is a real target: outside everything)


class Tapper:
    def __init__(self, confirm=2, release=2):
        self.confirm = confirm    # equal consecutive samples that make a target steady
        self.release = release    # consecutive "not pressed" polls that end a press
        self.reset()

    def reset(self):
        self.down = False
        self._last = _NONE
        self._same = 0
        self._steady = _NONE
        self._up = 0

    def feed(self, pressed, target=None):
        """One poll. pressed: finger on the glass; target: what is under it.

        Returns the tapped target once, on release, or None. A press whose steady target
        is None (outside every target) returns None too.
        """
        if pressed:
            self._up = 0
            self.down = True
            if target == self._last:
                self._same += 1
            else:
                self._last = target
                self._same = 1
            if self._same >= self.confirm:
                self._steady = target
            return None
        if not self.down:
            return None
        self._up += 1
        if self._up < self.release:
            return None
        tapped = self._steady
        self.reset()
        return None if tapped is _NONE else tapped


def ticks_diff(a, b):
    """a - b for millisecond tick counts that wrap at 2**29 (CircuitPython's
    supervisor.ticks_ms); plain difference for smaller spans."""
    d = (a - b) & 0x1FFFFFFF
    return d - 0x20000000 if d & 0x10000000 else d
