"""Host command line (CPython only): `python -m quadcore referee|move|squares|arena ...`.

Formats are fixed by the project's command-line contract: outside checkers parse them.
Every error is one line on stderr, `error: line L: <what is wrong>`, exit 2, nothing on
stdout; L is the 1-based record line, 0 for the command line (flags).

What the referee accepts (the error rules, in order):
- Input is bytes. Lines end at "\n"; a "\r" straight before it is dropped ("\r\n").
  Nothing else ends a line (not "\r" alone, "\f", "\v", "\x85", U+2028 ...).
- Every line is plain ASCII: printable characters (0x20-0x7E) and tab. Anything else,
  a control character, a lone "\r", a non-ASCII character (fullwidth or Arabic-Indic
  digits, no-break spaces) or bytes that are not UTF-8, is refused on its own line as
  "character U+XXXX is not allowed" or "byte 0xXX is not text".
- `#` starts a comment; tokens are separated by spaces or tabs; cells are an ASCII letter
  and ASCII digits (quadcore.notation). A token quoted in a message is cut after 24
  characters (quadutil.shown, the same in every game).
- Flags: each known flag at most once, numbers in ASCII digits (at most 9), values from
  the lists; otherwise `error: line 0: ...`. Rule values out of range give the engine's
  own message on line 0 (e.g. "board size must be 5..15").
"""

import sys

from quadutil.record import RecordError, load

from .game import Game
from .notation import cell_name
from .rules import VARIANTS

LEVELS = ("trainer", "easy", "average", "expert")


def _q(text):
    """A flag value quoted for a message: ASCII only (others as \\uXXXX), cut after 24
    characters as every game's tokens are (quadutil.shown)."""
    t = text.encode("ascii", "backslashreplace").decode("ascii")
    return "'%s'" % (t[:24] + "..." if len(t) > 24 else t)


def load_record(game, data):
    """Play every turn of a record (bytes or str) into `game`; RecordError names the
    first bad line."""
    load(game.play, data, lambda: game.result is not None)
    return game


def referee_lines(game):
    r = game.result
    if r is None:
        return ["result: ongoing", "next: %d" % (game.turn + 1)]
    if r[0] == "draw":
        return ["result: draw"]
    out = ["result: win", "winner: %d" % (r[1] + 1), "reason: %s" % r[2]]
    if r[2] == "quad":
        n = game.n
        cells = sorted(game.quad, key=lambda x: (x % n, x // n))
        out.append("quad: " + " ".join(cell_name(x, n) for x in cells))
    return out


def _cmd_referee(a):
    game = _new_game(a)
    load_record(game, sys.stdin.buffer.read())
    print("\n".join(referee_lines(game)))
    return 0


def _cmd_move(a):
    from . import ai
    game = _new_game(a)
    load_record(game, sys.stdin.buffer.read())
    if game.result is not None:
        lines = sum(1 for ln in game.record().splitlines())
        raise RecordError(max(lines, 1), "the game is over: there is no move to make")
    print(ai.choose(game, a.level, a.seed))
    return 0


def _cmd_squares(a):
    from .geometry import geometry
    if not 5 <= a.size <= 99:
        raise ValueError("board size must be 5..99")
    g = geometry(a.size)
    f = (a.size ** 4 - a.size ** 2 - 48 * a.size + 84) // 12
    print("size %d: %d squares (formula %d), %d table bytes" % (a.size, g.nsq, f,
                                                                g.table_bytes()))
    if a.list:
        for s in range(g.nsq):
            print(" ".join(cell_name(x, a.size) for x in g.corners(s)))
    return 0


def _new_game(a):
    return Game(a.size, a.players, a.marbles, a.stars, a.one_short, a.variant)


class Flags:
    """Parsed flags of referee / move / squares (defaults as in the contract)."""
    size = 11
    players = 2
    marbles = None
    stars = None
    one_short = False
    variant = "standard"
    level = None
    seed = 0
    list = False


# command -> {flag: kind}; kind: "n" a number, "b" a switch, or a tuple of choices
_RULES = {"--size": "n", "--players": "n", "--marbles": "n", "--stars": "n",
          "--one-short": "b", "--variant": VARIANTS}
_COMMANDS = {
    "referee": (_cmd_referee, dict(_RULES), "judge a game record read from stdin"),
    "move": (_cmd_move, dict(_RULES, **{"--level": LEVELS, "--seed": "n"}),
             "the computer's turn for the record on stdin"),
    "squares": (_cmd_squares, {"--size": "n", "--list": "b"},
                "count (and list) the squares of a board size"),
}


class FlagError(Exception):
    pass


def parse_flags(cmd, args):
    """Flags of a contract command -> Flags; FlagError with a one-line message."""
    known = _COMMANDS[cmd][1]
    out = Flags()
    seen = []
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        name, eq, value = arg.partition("=")
        if name not in known:
            if not arg.startswith("-"):
                raise FlagError("unexpected argument %s (%s reads the record from stdin)"
                                % (_q(arg), cmd))
            raise FlagError("unknown flag %s for %s (flags: %s)"
                            % (_q(name), cmd, " ".join(sorted(known))))
        if name in seen:
            raise FlagError("%s given twice" % name)
        seen.append(name)
        kind = known[name]
        attr = name[2:].replace("-", "_")
        if kind == "b":
            if eq:
                raise FlagError("%s takes no value" % name)
            setattr(out, attr, True)
            continue
        if not eq:
            if i >= len(args):
                raise FlagError("%s needs a value" % name)
            value = args[i]
            i += 1
        if kind == "n":
            if not (value.isascii() and value.isdigit() and len(value) <= 9):
                raise FlagError("%s: %s is not a whole number (digits 0-9)"
                                % (name, _q(value)))
            setattr(out, attr, int(value))
        else:
            if value not in kind:
                raise FlagError("%s: %s is not one of %s" % (name, _q(value),
                                                             "|".join(kind)))
            setattr(out, attr, value)
    if cmd == "move" and out.level is None:
        raise FlagError("move needs --level %s" % "|".join(LEVELS))
    return out


def _usage():
    lines = ["usage: python -m quadcore COMMAND [flags]"]
    for cmd, (_, known, what) in _COMMANDS.items():
        lines.append("  %-8s %s; flags: %s" % (cmd, what, " ".join(sorted(known))))
    lines.append("  arena    play two computer players against each other (arena -h)")
    return "\n".join(lines)


def _error(line, msg):
    print("error: line %d: %s" % (line, msg), file=sys.stderr)
    return 2


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or argv[0] in ("-h", "--help"):
        if argv:
            print(_usage())
            return 0
        return _error(0, "a command is needed: referee, move, squares or arena")
    cmd = argv[0]
    if cmd == "arena":
        return _arena(argv)
    if cmd not in _COMMANDS:
        return _error(0, "unknown command %s (referee, move, squares or arena)"
                      % _q(cmd))
    if "-h" in argv[1:] or "--help" in argv[1:]:
        print(_usage())
        return 0
    try:
        a = parse_flags(cmd, argv[1:])
        return _COMMANDS[cmd][0](a)
    except FlagError as e:
        return _error(0, str(e))
    except RecordError as e:
        print(str(e), file=sys.stderr)
        return 2
    except ValueError as e:  # bad rule values (the engine's message)
        return _error(0, str(e))


def _arena(argv):
    """The arena keeps argparse (it is not part of the contract), with one-line errors."""
    import argparse

    from . import arena

    class Parser(argparse.ArgumentParser):
        def error(self, message):
            raise FlagError(message)

    ap = Parser(prog="python -m quadcore")
    sub = ap.add_subparsers(dest="cmd", required=True)
    arena.add_parser(sub)
    try:
        a = ap.parse_args(argv)
        return a.fn(a)
    except FlagError as e:
        return _error(0, str(e))
    except ValueError as e:
        return _error(0, str(e))
