"""Stand-in audiocore: RawSample keeps a reference to the caller's buffer, as on the device."""


class RawSample:
    def __init__(self, buffer, sample_rate=8000):
        self.buffer = buffer
        self.sample_rate = sample_rate
