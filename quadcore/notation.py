"""Game notation of rules.md: cells `e6`, stars `*e6`, moves `g5-c3`, one turn a line."""

_COLS = "abcdefghijklmno"


def cell_name(x, n):
    return _COLS[x % n] + str(x // n + 1)


def parse_cell(text, n):
    """`e6` -> cell index on an n x n board; ValueError names the problem."""
    t = text.strip().lower()
    if len(t) < 2 or t[0] not in _COLS or not t[1:].isdigit():
        raise ValueError("%r is not a cell (write a column letter and a row number, e.g. e6)"
                         % text)
    col = _COLS.index(t[0])
    row = int(t[1:]) - 1
    if col >= n or not 0 <= row < n or t[1] == "0":
        raise ValueError("there is no cell %s on a %dx%d board" % (t, n, n))
    if (col == 0 or col == n - 1) and (row == 0 or row == n - 1):
        raise ValueError("there is no cell %s: the four corner cells are not part of the board"
                         % t)
    return row * n + col


def parse_turn(line, n):
    """One turn as a list of actions: ("star", x), ("marble", x), ("move", frm, to).

    Only the syntax and the cells' existence are checked here; the game checks the rest.
    A `#` starts a comment."""
    i = line.find("#")
    if i >= 0:
        line = line[:i]
    actions = []
    for tok in line.split():
        if tok.startswith("*"):
            actions.append(("star", parse_cell(tok[1:], n)))
        elif "-" in tok:
            parts = tok.split("-")
            if len(parts) != 2:
                raise ValueError("%r is not a move (write from-to, e.g. g5-c3)" % tok)
            actions.append(("move", parse_cell(parts[0], n), parse_cell(parts[1], n)))
        else:
            try:
                actions.append(("marble", parse_cell(tok, n)))
            except ValueError:
                if tok[:1].lower() in _COLS and tok[1:].isdigit():
                    raise
                raise ValueError("unknown token %r" % tok)
    return actions


def format_turn(actions, n):
    """Actions -> one line of notation; a turn passed in claim mode (no actions) is
    written as the comment "# pass"."""
    out = []
    for a in actions:
        if a[0] == "star":
            out.append("*" + cell_name(a[1], n))
        elif a[0] == "marble":
            out.append(cell_name(a[1], n))
        else:
            out.append(cell_name(a[1], n) + "-" + cell_name(a[2], n))
    return " ".join(out) or "# pass"
