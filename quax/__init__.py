"""quax: the Quax family of connection games on a square board (Quax, Link, Quickway,
Crossway, Quadrex), the rules engine. Pure Python for CircuitPython, MicroPython and
CPython; rules in docs/quax-rules.md. The computer player is quax.ai (imported only when
wanted)."""

from .game import DEFAULT_SIZE, RULES, Game
from .notation import PASS, SWAP, cell_name, format_move, parse_cell, parse_turn

__all__ = ["DEFAULT_SIZE", "PASS", "RULES", "SWAP", "Game", "cell_name", "format_move",
           "parse_cell", "parse_turn"]
