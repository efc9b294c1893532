"""Stand-in adafruit_touchscreen (an Adafruit library the game counts outside its budget)."""


class Touchscreen:
    def __init__(self, *pins, calibration=None, size=None):
        self.touch_point = None
