"""Minimal vectorio for the MicroPython VM runs (see displayio.py here)."""


class Rectangle:
    def __init__(self, pixel_shader=None, width=1, height=1, x=0, y=0):
        self.color_index = 0
        self.hidden = False


class Polygon:
    def __init__(self, pixel_shader=None, points=None, x=0, y=0):
        self.points = points
        self.color_index = 0
        self.hidden = False
