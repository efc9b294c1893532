"""A Platform for the MicroPython VM runs: fake display, touch samples from a list,
8192-byte NVM, a tick counter and a list of log lines."""


class _Display:
    def __init__(self, w, h):
        self.width = w
        self.height = h
        self.root_group = None
        self.auto_refresh = True
        self.refreshes = 0

    def refresh(self):
        self.refreshes += 1
        return True


class Platform:
    # The game-record file (game-record mode, as on the device): a name relative to the
    # VM's working folder, a temporary one (tools/cpvm.run), never the host's "/".
    record_file = "quad_games.txt"

    def __init__(self, w=320, h=240):
        self.display = _Display(w, h)
        self.width = w
        self.height = h
        self.nvm = bytearray(b"\xff" * 8192)
        self.calibration = None
        self.version = "vm"
        self.samples = []
        self.sounds = 0
        self.logs = 0        # lines logged (only the last is kept: the heap figures must
        self.last_log = ""   # not grow with the stand-in's own records)
        self._now = 0

    def touch(self):
        self._now += 20
        if self.samples:
            return self.samples.pop(0)
        return None

    def tap(self, x, y):
        self.samples.extend([(x, y)] * 3 + [None] * 9)

    def play(self, samples, rate):
        self.sounds += 1

    def sound_idle(self):
        pass

    def ticks_ms(self):
        return self._now

    def log(self, text):
        self.logs += 1
        self.last_log = text
        if "MemoryError" in text or "no room" in text:
            # something the game gave up for lack of heap (a sound, a hint): the harness
            # fails the run even if the game itself went on
            self.short_of_memory = text

    def should_quit(self):
        return False

    def calibrate(self, cal):
        self.calibration = cal

    def dim(self, on):
        pass
