"""quadcore.crc: the shared CRC-16 (quadutil.crc16), under its old name for the engine's
callers and the tests."""

from quadutil import crc16

__all__ = ["crc16"]
