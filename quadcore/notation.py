"""Game notation of rules.md: cells `e6`, stars `*e6`, moves `g5-c3`, one turn a line."""

from quadutil import cell_at, shown

_COLS = "abcdefghijklmno"


def cell_name(x, n):
    return _COLS[x % n] + str(x // n + 1)


def _digits(t):
    """True for a non-empty run of ASCII digits (str.isdigit also takes "５" or "²")."""
    for c in t:
        if not "0" <= c <= "9":
            return False
    return t != ""


def parse_cell(text, n):
    """`e6` -> cell index on an n x n board; ValueError names the problem (a cell off the
    board in every game's words, quadutil.cell_at)."""
    t = text.strip().lower()
    xy = cell_at(t, n, False)  # the four corner cells are not part of the board
    if xy is None:
        raise ValueError("%s is not a cell (write a column letter and a row number, e.g. e6)"
                         % shown(text.strip()))
    return xy[1] * n + xy[0]


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
                raise ValueError("%s is not a move (write from-to, e.g. g5-c3)" % shown(tok))
            actions.append(("move", parse_cell(parts[0], n), parse_cell(parts[1], n)))
        else:
            try:
                actions.append(("marble", parse_cell(tok, n)))
            except ValueError:
                if "a" <= tok[:1].lower() <= "z" and _digits(tok[1:]):
                    raise  # written as a cell: off the board
                raise ValueError("unknown token %s" % shown(tok))
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
