"""Minimal vectorio for the MicroPython VM runs, sized like CircuitPython's objects (see
displayio.py here): a shape is a 32-byte shape struct plus a 64-byte VectorShape; a
polygon also keeps its points as int16 pairs (4 bytes a point)."""


class Rectangle:
    def __init__(self, pixel_shader=None, width=1, height=1, x=0, y=0, color_index=0):
        self.color_index = color_index
        self.hidden = False
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self._p = bytearray(0)


class Polygon:
    def __init__(self, pixel_shader=None, points=None, x=0, y=0, color_index=0):
        self.color_index = color_index
        self.hidden = False
        self.x = x
        self.y = y
        self._p = bytearray(0)
        self._pts = bytearray(4 * len(points))

    @property
    def points(self):
        return [(0, 0)] * (len(self._pts) // 4)

    @points.setter
    def points(self, pts):
        self._pts = bytearray(4 * len(pts))
