"""winquad: Mats Winther's Quad (8 x 8, drop then move, interception capture), the rules
engine. Pure Python for CircuitPython, MicroPython and CPython; rules in
docs/winther-rules.md. The computer player is winquad.ai (imported only when wanted)."""

from .game import COUNTERS, DEFAULT_COUNTERS, Game
from .notation import cell_name, format_turn, parse_cell, parse_turn

__all__ = ["COUNTERS", "DEFAULT_COUNTERS", "Game", "cell_name", "format_turn", "parse_cell",
           "parse_turn"]
