"""Minimal displayio for running the device app on a MicroPython VM (no pixels).

Each object holds as many heap bytes as CircuitPython's C object does on a 32-bit board
(tools/sim.py DEVICE_BYTES; test_app_vm.py measures every class against it): padding
bytearrays make up the difference, so the VM's gc.mem_alloc() is the device's figure.
Sizes measured on this VM: an instance with 3-4 attributes is 48 bytes, 7-8 is 80;
bytearray(k) is 16 + k rounded up to 16 (k = 0: 16); a list of up to 4 items 32.
"""


def _data(nbytes):
    # A buffer of nbytes on the device is one block run of nbytes rounded up to 16; here a
    # bytearray object adds its own 16 bytes, so ask for 16 less.
    r = (nbytes + 15) // 16 * 16
    return bytearray(max(1, r - 16))


class Bitmap:
    # device: 48-byte struct + pixel rows padded to 32 bits
    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        bits = 1
        while (value_count - 1) >> bits:
            bits *= 2
        self._d = _data((width * bits + 31) // 32 * 4 * height)

    def __setitem__(self, xy, v):
        pass

    def __getitem__(self, xy):
        return 0

    def fill(self, v):
        pass

    def blit(self, x, y, source, x1=0, y1=0, x2=None, y2=None, skip_index=None):
        pass


class Palette:
    # device: 32-byte struct + 12 bytes a colour
    def __init__(self, n):
        self._n = n
        self._c = _data(12 * n)

    def __setitem__(self, i, v):
        if not 0 <= i < self._n:
            raise IndexError("palette index")

    def __len__(self):
        return self._n

    def __getitem__(self, i):
        if not 0 <= i < self._n:
            raise IndexError("palette index")
        return 0

    def make_transparent(self, i):
        pass

    def make_opaque(self, i):
        pass

    def is_transparent(self, i):
        return False


class Group:
    # device: 48-byte struct + a list of its members (the same list object as here)
    scale = 1  # a class attribute: no per-object bytes (adafruit_display_text reads it)
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

    def remove(self, o):
        self._l.remove(o)

    def __len__(self):
        return len(self._l)

    def __getitem__(self, i):
        return self._l[i]


class TileGrid:
    # device: 112-byte struct; a grid of more than one tile adds 1 byte a tile
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.hidden = False
        self.x = x
        self.y = y
        self.width = width
        self._t = bytearray(width * height)
        self._p = bytearray(0) if width * height > 1 else None

    def __setitem__(self, xy, v):
        if isinstance(xy, int):
            self._t[xy] = v
        else:
            self._t[xy[1] * self.width + xy[0]] = v

    def __getitem__(self, xy):
        if isinstance(xy, int):
            return self._t[xy]
        return self._t[xy[1] * self.width + xy[0]]
