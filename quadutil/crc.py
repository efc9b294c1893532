"""CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): catches every single-byte change and every
burst of up to 16 bits, which is what torn or corrupted save data looks like. One copy serves
the game save and the device's nvm records."""

# Four bits at a time: a 16-entry table keeps every value below 2**16 (small ints on the
# device) and halves the loop of the bit-by-bit form.
_T = (0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
      0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF)


def crc16(buf, start=0, end=None, crc=0xFFFF):
    """CRC of buf[start:end] (no slice is made), continuing from `crc`.
    crc16(b"123456789") == 0x29B1."""
    t = _T
    if end is None:
        end = len(buf)
    for i in range(start, end):
        b = buf[i]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b & 15)]
    return crc
