"""Host command line (CPython only): `python -m quadcore referee|move|squares ...`.

Formats are fixed by shared/contract.md: outside checkers parse them."""

import argparse
import sys

from . import arena
from .game import Game
from .notation import cell_name
from .rules import VARIANTS


def _rule_args(p):
    p.add_argument("--size", type=int, default=11)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--marbles", type=int, default=None)
    p.add_argument("--stars", type=int, default=None)
    p.add_argument("--one-short", action="store_true")
    p.add_argument("--variant", default="standard", choices=VARIANTS)


def _new_game(a):
    return Game(a.size, a.players, a.marbles, a.stars, a.one_short, a.variant)


class RecordError(Exception):
    def __init__(self, line, msg):
        Exception.__init__(self, "error: line %d: %s" % (line, msg))


def load_record(game, text):
    """Play every turn of a record into `game`; RecordError names the first bad line."""
    for number, line in enumerate(text.splitlines(), 1):
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        if game.result is not None:
            raise RecordError(number, "a turn after the game has ended")
        try:
            game.play(body)
        except ValueError as e:
            raise RecordError(number, str(e))
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
    load_record(game, sys.stdin.read())
    print("\n".join(referee_lines(game)))
    return 0


def _cmd_move(a):
    from . import ai
    game = _new_game(a)
    load_record(game, sys.stdin.read())
    if game.result is not None:
        lines = sum(1 for ln in game.record().splitlines())
        raise RecordError(max(lines, 1), "the game is over: there is no move to make")
    print(ai.choose(game, a.level, a.seed))
    return 0


def _cmd_squares(a):
    from .geometry import geometry
    g = geometry(a.size)
    f = (a.size ** 4 - a.size ** 2 - 48 * a.size + 84) // 12
    print("size %d: %d squares (formula %d), %d table bytes" % (a.size, g.nsq, f,
                                                                g.table_bytes()))
    if a.list:
        for s in range(g.nsq):
            print(" ".join(cell_name(x, a.size) for x in g.corners(s)))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m quadcore", description="Quad engine tools")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("referee", help="judge a game record read from stdin")
    _rule_args(p)
    p.set_defaults(fn=_cmd_referee)
    p = sub.add_parser("move", help="the computer's turn for the record on stdin")
    _rule_args(p)
    p.add_argument("--level", required=True, choices=("trainer", "easy", "average", "expert"))
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(fn=_cmd_move)
    p = sub.add_parser("squares", help="count (and list) the squares of a board size")
    p.add_argument("--size", type=int, default=11)
    p.add_argument("--list", action="store_true")
    p.set_defaults(fn=_cmd_squares)
    arena.add_parser(sub)
    a = ap.parse_args(argv)
    try:
        return a.fn(a)
    except RecordError as e:
        print(str(e), file=sys.stderr)
        return 2
    except ValueError as e:  # bad rule flags
        print("error: line 0: %s" % e, file=sys.stderr)
        return 2
