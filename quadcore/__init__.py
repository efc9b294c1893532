"""quadcore: the Quad rules engine (pure Python; CircuitPython, MicroPython and CPython)."""

from .board import EMPTY, MARBLE, STAR, Board
from .game import Game
from .geometry import OFF, geometry
from .notation import cell_name, format_turn, parse_cell, parse_turn
from quadutil import Rng
from .rules import VARIANTS, Rules

__all__ = ["Board", "EMPTY", "Game", "MARBLE", "OFF", "Rng", "Rules", "STAR", "VARIANTS",
           "cell_name", "format_turn", "geometry", "parse_cell", "parse_turn"]
