"""Quad Pocket: CircuitPython runs this file at start-up (after boot.py).

Holding the top-left corner of the screen while it starts runs the self-test instead
(quadpocket/selftest.py: free heap at every stage of a scripted game, on the serial console,
then a cross where each touch lands).
"""

import sys

from quadpocket.hw_pyportal import Platform

platform = Platform()
from quadpocket import selftest  # noqa: E402  (a small module: dropped unless asked for)

if selftest.requested(platform):
    selftest.run(platform)
    selftest.where(platform)  # where each touch lands, until RESET (the figures stay)
del selftest
sys.modules.pop("quadpocket.selftest", None)
import quadpocket  # noqa: E402

if hasattr(quadpocket, "selftest"):
    delattr(quadpocket, "selftest")
from quadpocket.app import run  # noqa: E402

run(platform)
