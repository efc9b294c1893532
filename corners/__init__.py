"""corners: the corner polyomino game (the rules of Blokus: four colours, 21 pieces each,
a colour's pieces touch each other only at corners), the rules engine. Pure Python for
CircuitPython, MicroPython and CPython; rules in docs/corners-rules.md. The computer player
is corners.ai, SGF is corners.sgf (imported only when wanted)."""

from .game import STARTS, VARIANTS, Game
from .notation import cell_name, format_cells, parse_cell, parse_move

__all__ = ["Game", "STARTS", "VARIANTS", "cell_name", "format_cells", "parse_cell",
           "parse_move"]
