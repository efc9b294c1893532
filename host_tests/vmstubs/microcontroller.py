"""Stand-in `microcontroller`: nvm is firmware memory on the device, loaded with the stubs
(before any heap reading) here."""

nvm = bytearray(b"\xff" * 8192)
