"""Stand-in `board` for the MicroPython VM runs: a PyPortal's display, touch and speaker
pins (pins are plain strings here)."""

from vmplatform import _Display

DISPLAY = _Display(320, 240)
TOUCH_XL = "TOUCH_XL"
TOUCH_XR = "TOUCH_XR"
TOUCH_YD = "TOUCH_YD"
TOUCH_YU = "TOUCH_YU"
SPEAKER = "SPEAKER"
SPEAKER_ENABLE = "SPEAKER_ENABLE"
