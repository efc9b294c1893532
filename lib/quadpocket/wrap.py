"""Word wrap for the panel's 13 columns: a message, a tutorial step or a result line is
shown whole over several rows, never cut at the panel's edge, and where on the panel a
long message goes. Loaded only when a text is longer than a row (App.use), then dropped:
~450 bytes the resident view does not carry.
"""


def wrap(text, cols):
    """text split at spaces into lines of at most cols characters (a word longer than a
    line is cut into pieces), so a message is shown whole, never cut at the panel's edge."""
    out = []
    line = ""
    for word in text.split():
        while len(word) > cols:
            if line:
                out.append(line)
                line = ""
            out.append(word[:cols])
            word = word[cols:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= cols:
            line += " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out


# The engine's refusals worded for a touch screen where its own words name typed moves.
SAY = {"All your marbles are on the board: move one (e.g. g5-c3)":
       "All placed: move one"}


def panel(status, text, p):
    """The status rows of a view.Panel p showing a long message: the message wrapped
    under the seat rows in place of the lines there, so the counts it may be about stay
    in sight; with no room there (many seats), over the seat rows (p.covered) until the
    next tap: 8 rows of 13 on the Titano, 14 on the PyPortal (test_app_ui.py)."""
    w = say(text, p.cols)
    if p.free_row + len(w) <= p.rows:
        return [status] + [""] * (p.free_row - 1) + w
    p.covered = True
    return [status] + w


def say(text, cols):
    """A message as the panel shows it: reworded if the engine's words are for typing,
    wrapped whole. A refusal that starts with a cell ("F4 already holds a marble": the
    shell made its first letter capital) names it as the board does: "Cell f4 ..."."""
    text = SAY.get(text, text)
    if text[:1].isupper() and text[1:2].isdigit():
        text = "Cell " + text[:1].lower() + text[1:]
    return wrap(text, cols)
