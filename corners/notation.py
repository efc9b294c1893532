"""Notation: a cell is its column letter (a.., the letter i included) and its row number
from 1 at the bottom (`e10`); a move is its covered cells joined by commas
(`f9,e10,f10,g10,f11`), written sorted by row, then column (Pentobi's order); any order is
read. Pure functions on (x, y) pairs: the Game turns them into board cells."""

from quadutil import cell_at, shown

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def cell_name(x, y):
    return LETTERS[x] + str(y + 1)


def parse_cell(text, width):
    """(x, y) of a cell name on a width x width board; ValueError if it is none (a cell off
    the board in every game's words, quadutil.cell_at)."""
    xy = cell_at(text, width)
    if xy is None:
        raise ValueError("%s is not a cell (a column a-%s and a row 1-%d, e.g. e10)"
                         % (shown(text), LETTERS[width - 1], width))
    return xy


def parse_move(text, width):
    """The (x, y) cells of a move's text, in the order written; ValueError if a part is not
    a cell, a cell repeats or there are more than 5."""
    text = text.strip()
    if not text:
        raise ValueError("an empty move")
    parts = text.split(",")
    if len(parts) > 5:
        raise ValueError("%d cells: a piece has 1 to 5" % len(parts))
    out = []
    for part in parts:
        xy = parse_cell(part.strip(), width)
        if xy in out:
            raise ValueError("%s is written twice" % shown(part.strip()))
        out.append(xy)
    return out


def format_cells(xys):
    """A move's text from its (x, y) cells: sorted by row, then column."""
    return ",".join(cell_name(x, y) for x, y in sorted(xys, key=lambda c: (c[1], c[0])))
