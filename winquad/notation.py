"""Notation of Winther's Quad (docs/winther-rules.md, "Notation"):
cells a1..h8 (file letter, rank digit), a drop `d4`, a move `d4-d5`, and each counter taken
written after it as `x` and its cell: `c3xd3`, `d4-d5xd6xe5`. A capture not written is a
capture declined."""

from quadutil import cell_at, shown

FILES = "abcdefgh"


def cell_name(x):
    return FILES[x & 7] + str((x >> 3) + 1)


def parse_cell(tok):
    """'d4' -> 27; ValueError for anything that is not a cell of the 8 x 8 board (a cell
    off the board in every game's words, quadutil.cell_at)."""
    t = tok.strip().lower()
    xy = cell_at(t, 8)
    if xy is None:
        raise ValueError("%s is not a cell (write a file a..h and a rank 1..8, e.g. d4)"
                         % shown(tok.strip()))
    return xy[1] * 8 + xy[0]


def parse_turn(text):
    """'d4-d5xd6' -> (frm, to, [captured cells]); frm == to for a drop. Syntax only: whether
    the turn is legal is the game's question."""
    t = text.strip().lower()
    if not t:
        raise ValueError("an empty turn")
    for ch in t:
        if not ("a" <= ch <= "z" or "0" <= ch <= "9" or ch == "-"):
            raise ValueError("%s is not a turn (a drop d4, a move d4-d5, captures xe4)"
                             % shown(text.strip()))
    parts = t.split("x")
    head = parts[0]
    if "-" in head:
        a, _, b = head.partition("-")
        frm, to = parse_cell(a), parse_cell(b)
        if frm == to:
            raise ValueError("%s does not go anywhere" % head)
    else:
        frm = to = parse_cell(head)
    caps = []
    for p in parts[1:]:
        if "-" in p or not p:
            raise ValueError("%s: a capture is one cell after x, e.g. xe4"
                             % shown(text.strip()))
        c = parse_cell(p)
        if c in caps:
            raise ValueError("%s is taken twice" % cell_name(c))
        caps.append(c)
    return frm, to, caps


def format_turn(frm, to, caps=()):
    s = cell_name(to) if frm == to else cell_name(frm) + "-" + cell_name(to)
    for c in sorted(caps):
        s += "x" + cell_name(c)
    return s
