"""Word wrap for the panel's 13 columns: a message, a tutorial step or a result line is
shown whole over several rows, never cut at the panel's edge. Loaded only when a text is
longer than a row (App.use), then dropped: ~300 bytes the resident view does not carry.
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
       "All placed: tap one of your marbles, then its new cell"}


def say(text, cols):
    """A message as the panel shows it: reworded if the engine's words are for typing,
    wrapped whole. A refusal that starts with a cell ("F4 already holds a marble": the
    shell made its first letter capital) names it as the board does: "Cell f4 ..."."""
    text = SAY.get(text, text)
    if text[:1].isupper() and text[1:2].isdigit():
        text = "Cell " + text[:1].lower() + text[1:]
    return wrap(text, cols)
