"""Minimal displayio for running the device app on a MicroPython VM (no pixels): enough
behaviour for the app's calls, so its Python-side heap and logic can be measured."""


class Bitmap:
    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        bits = 1
        while (value_count - 1) >> bits:
            bits *= 2
        self.bits = bits
        # rows padded to 32 bits, as on the device: the heap figure matches
        self._d = bytearray((width * bits + 31) // 32 * 4 * height)

    def __setitem__(self, xy, v):
        pass

    def __getitem__(self, xy):
        return 0


class Palette:
    def __init__(self, n):
        self._c = [0] * n

    def __setitem__(self, i, v):
        self._c[i] = v

    def __getitem__(self, i):
        return self._c[i]

    def __len__(self):
        return len(self._c)

    def make_transparent(self, i):
        pass


class Group:
    def __init__(self, scale=1, x=0, y=0):
        self._l = []
        self.hidden = False
        self.x = x
        self.y = y

    def append(self, o):
        self._l.append(o)

    def insert(self, i, o):
        self._l.insert(i, o)

    def pop(self, i=-1):
        return self._l.pop(i)

    def __len__(self):
        return len(self._l)


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.hidden = False
        self._t = bytearray(width * height)

    def __setitem__(self, xy, v):
        self._t[xy[1] * self.width + xy[0]] = v

    def __getitem__(self, xy):
        return self._t[xy[1] * self.width + xy[0]]
