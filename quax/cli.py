"""Host command line (CPython only): `python3 -m quax referee|move ...`.

The output contract is the one of `python3 -m quadcore` (docs/contract.md, section "The Quax
family"): results as `key: value` lines on stdout, exit 0; anything wrong is one
`error: line L: ...` line on stderr, nothing on stdout, exit 2. Records are read by the
reader every game's command line shares (quadutil.record)."""

import argparse

from quadutil import shown
from quadutil.record import RecordError, commands, load, number, run

from .board import RULES
from .game import Game
from .notation import MAXN, MINN, cell_name

LEVELS = ("trainer", "easy", "average", "expert")


def load_record(game, data):
    """Play every turn of a record into `game`; RecordError names the first bad line.
    Returns the number of the last line read."""
    return load(game.play, data, lambda: game.result is not None, one_token=True)


def referee_lines(game):
    r = game.result
    if r is None:
        return ["result: ongoing", "next: %d" % (game.turn + 1),
                "player: %d" % (game.seat(game.turn) + 1)]
    if r[0] == "draw":
        return ["result: draw", "reason: blocked"]
    n = game.n
    cells = sorted(game.chain, key=lambda x: (x % n, x // n))
    return ["result: win", "winner: %d" % (r[1] + 1), "player: %d" % (game.seat(r[1]) + 1),
            "reason: chain", "chain: " + " ".join(cell_name(x, n) for x in cells)]


def _pie(text):
    if text not in ("on", "off"):
        raise argparse.ArgumentTypeError("must be on or off (not %s)" % shown(text))
    return text == "on"


def _game(a):
    return Game(a.rules, a.size, a.pie)


def _cmd_referee(a, data):
    game = _game(a)
    load_record(game, data)
    return referee_lines(game)


def _cmd_move(a, data):
    from . import ai
    game = _game(a)
    last = load_record(game, data)
    if game.result is not None:
        raise RecordError(max(last, 1), "the game is over: there is no move to make")
    return [ai.choose(game, a.level, a.seed)]


def _common(p):
    p.add_argument("--rules", choices=RULES, default="quax")
    p.add_argument("--size", type=number(MINN, MAXN), default=None)
    p.add_argument("--pie", type=_pie, default=None)


def main(argv=None, stdin=None, stdout=None, stderr=None):
    ap, sub = commands("python3 -m quax", "Quax family engine tools")
    p = sub.add_parser("referee", help="judge a game record read from stdin")
    _common(p)
    p.set_defaults(fn=_cmd_referee)
    p = sub.add_parser("move", help="the computer's turn for the record on stdin")
    _common(p)
    p.add_argument("--level", required=True, choices=LEVELS)
    p.add_argument("--seed", type=number(), default=0)
    p.set_defaults(fn=_cmd_move)
    return run(ap, argv, stdin, stdout, stderr)
