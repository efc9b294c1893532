"""Pentobi's Blokus SGF (.blksgf): export a game so that Pentobi opens it, and import one.

What is written: `(;GM[...]` with Pentobi's game names (Blokus Duo, Blokus, Blokus
Three-Player, Blokus Two-Player), GM alone in the root node as Pentobi writes it, then one
node per placement, `;B[e10,e11]` / `;W[...]` for Duo, `;1[...]`..`;4[...]` for Classic,
cells in notation order. Reading accepts any other property (FF, CA, AP, DT, PB, PW, C,
...) and skips it, takes the main line of variations, and checks every move through the
checked Game (ValueError with the move's number on a bad one). "any corner" starts are
ours, not Pentobi's: such a game exports with its GM, and Pentobi would refuse a first
piece off its colour's corner.
"""

from .game import Game

GM = {"duo": "Blokus Duo", "classic": "Blokus", "classic_3": "Blokus Three-Player",
      "classic_2": "Blokus Two-Player"}
_VARIANT = {v: k for k, v in GM.items()}


def _prop(variant, c):
    return "BW"[c] if variant == "duo" else str(c + 1)


def export_lines(game):
    """The game's Blokus SGF line by line (no newlines): what export joins. A device
    writes them one at a time, with no text of the whole game on its heap."""
    yield "("
    yield ";GM[%s]" % GM[game.variant]
    for i in range(game.plies):
        yield ";%s[%s]" % (_prop(game.variant, game.colour_at(i)),
                           game.text_of(game.move_at(i)))
    yield ")"


def export(game):
    """The game as Blokus SGF text."""
    return "\n".join(export_lines(game)) + "\n"


def _tokens(text):
    """'(' , ')', ';' and (name, [values]) in order; ValueError on broken SGF."""
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in "();":
            yield ch
            i += 1
        elif ch.isspace():
            i += 1
        elif ch.isalpha() or ch.isdigit():     # (MicroPython's str has no isalnum)
            j = i
            while j < n and (text[j].isalpha() or text[j].isdigit()):
                j += 1
            name = text[i:j]
            vals = []
            while True:
                while j < n and text[j].isspace():
                    j += 1
                if j >= n or text[j] != "[":
                    break
                k = j + 1
                val = []
                while k < n and text[k] != "]":
                    if text[k] == "\\" and k + 1 < n:
                        k += 1
                    val.append(text[k])
                    k += 1
                if k >= n:
                    raise ValueError("SGF: a value is not closed with ']'")
                vals.append("".join(val))
                j = k + 1
            if not vals:
                raise ValueError("SGF: property %s has no value" % name)
            yield name, vals
            i = j
        else:
            raise ValueError("SGF: unexpected %r" % ch)


def _nodes(text):
    """The property lists of the main line's nodes: [[(name, [values])]]. The main line
    is the first variation at every branch; later siblings are skipped whole."""
    nodes = []
    depth = 0
    closed = [False]     # per open level: has a child variation already ended?
    skip = 0             # depth at which a skipped variation began, 0 when reading
    for tok in _tokens(text):
        if tok == "(":
            depth += 1
            if not skip and closed[-1] and depth > 1:
                skip = depth
            closed.append(False)
        elif tok == ")":
            if not depth:
                raise ValueError("SGF: ')' without '('")
            closed.pop()
            if skip == depth:
                skip = 0
            depth -= 1
            closed[-1] = True
            if not depth:
                break
        elif skip:
            continue
        elif not depth:
            raise ValueError("SGF: text before the game tree's '('")
        elif tok == ";":
            nodes.append([])
        elif not nodes:
            raise ValueError("SGF: a property before the first ';'")
        else:
            nodes[-1].append(tok)
    if depth:
        raise ValueError("SGF: the game tree is not closed with ')'")
    if not nodes and depth == 0 and not closed[-1]:
        raise ValueError("not SGF: no game tree '('")
    return nodes


def import_(text, start="fixed"):
    """A Game from Blokus SGF text (its main line); ValueError on anything wrong."""
    nodes = _nodes(text)
    if not nodes:
        raise ValueError("SGF: no nodes")
    gm = None
    for name, vals in nodes[0]:
        if name == "GM":
            gm = vals[0].strip()
    if gm not in _VARIANT:
        raise ValueError("SGF: GM[%s] is not a game of ours (%s)" % (
            gm, ", ".join(sorted(_VARIANT))))
    g = Game(_VARIANT[gm], start)
    k = 0
    for node in nodes:
        for name, vals in node:
            if name in ("B", "W", "1", "2", "3", "4"):
                k += 1
                if g.variant == "duo":
                    if name not in "BW":
                        raise ValueError("SGF: move %d: Duo's colours are B and W" % k)
                    c = "BW".index(name)
                else:
                    if name not in "1234":
                        raise ValueError("SGF: move %d: Classic's colours are 1 to 4" % k)
                    c = int(name) - 1
                v = vals[0].strip()
                if v in ("", "pass"):
                    continue      # a pass: ours are implicit
                if g.over:
                    raise ValueError("SGF: move %d after the game has ended" % k)
                if c != g.turn:
                    raise ValueError("SGF: move %d is %s's, but %s is to move" % (
                        k, g.colours[c], g.colours[g.turn]))
                try:
                    g.play(v)
                except ValueError as e:
                    raise ValueError("SGF: move %d (%s): %s" % (k, v, e))
    return g
