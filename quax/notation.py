"""Notation of the Quax family (docs/quax-rules.md, "Notation"): cells a1 (bottom left) to
s19, file letter then rank number; a drop `c3`, a link `c3-d4` (its two stones, either
order), `swap` (the pie rule) and `pass`. One turn a line."""

from quadutil import cell_at, shown

FILES = "abcdefghijklmnopqrs"
MAXN = 19
MINN = 4
LINKBASE = 1024      # a link's move int: LINKBASE + 2 * (lower-left cell of its block) + d
SWAP = 4000
PASS = 4001


def cell_name(x, n):
    return FILES[x % n] + str(x // n + 1)


def parse_cell(tok, n):
    """'c3' -> its cell number on the n x n board; ValueError for anything else (a cell off
    the board in every game's words, quadutil.cell_at)."""
    t = tok.strip().lower()
    xy = cell_at(t, n)
    if xy is None:
        raise ValueError("%s is not a turn (a drop c3, a link c3-d4, swap or pass)"
                         % shown(tok.strip()))
    return xy[1] * n + xy[0]


def parse_turn(text, n):
    """'c3' -> ('drop', x, x); 'c3-d4' -> ('link', a, b) with a < b; 'swap', 'pass' ->
    (word, -1, -1). Syntax only: legality is the game's question."""
    t = text.strip().lower()
    if not t:
        raise ValueError("an empty turn")
    if t in ("swap", "pass"):
        return t, -1, -1
    if "-" in t:
        a, _, b = t.partition("-")
        x, y = parse_cell(a, n), parse_cell(b, n)
        if x == y:
            raise ValueError("%s links a stone to itself" % t)
        if x > y:
            x, y = y, x
        return "link", x, y
    x = parse_cell(t, n)
    return "drop", x, x


def link_cells(m, n):
    """The two cells (lower first) of a link move int."""
    k = m - LINKBASE
    b = k >> 1
    if k & 1:
        return b + 1, b + n      # "\": lower-right and upper-left
    return b, b + n + 1          # "/": lower-left and upper-right


def format_move(m, n):
    if m == SWAP:
        return "swap"
    if m == PASS:
        return "pass"
    if m >= LINKBASE:
        a, b = link_cells(m, n)
        return cell_name(a, n) + "-" + cell_name(b, n)
    return cell_name(m, n)
