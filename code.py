"""Quad Pocket: CircuitPython runs this file at start-up (after boot.py)."""

from quadpocket.app import run
from quadpocket.hw_pyportal import Platform

run(Platform())
