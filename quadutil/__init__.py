"""quadutil: the two small utilities both engines share (quadcore for Still's Quad, winquad
for Winther's): crc16 for save data and Rng, the seeded generator. A package of its own
below both engines, so that one game loads neither the other's engine nor its tables
(quadcore's package imports its whole engine, ~12 KB on the device, with its __init__).
Imports nothing of the project."""
