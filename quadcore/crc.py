"""CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): catches every single-byte change and every
burst of up to 16 bits, which is what torn or corrupted save data looks like. Ints stay < 2**17."""


def crc16(data, crc=0xFFFF):
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc
