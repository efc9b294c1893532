"""Host command line (CPython only): `python3 -m winquad referee|move ...`.

The output contract is the one of `python3 -m quadcore` (docs/contract.md, section
"Winther's Quad"): results as `key: value` lines on stdout, exit 0; anything wrong is one
`error: line L: ...` line on stderr, nothing on stdout, exit 2. Records are read by the
reader every game's command line shares (quadutil.record)."""

from quadutil.record import RecordError, commands, load, number, run

from .game import COUNTERS, DEFAULT_COUNTERS, Game
from .notation import cell_name

LEVELS = ("trainer", "easy", "average", "expert")


def load_record(game, data):
    """Play every turn of a record into `game`; RecordError names the first bad line.
    Returns the number of the last line read."""
    return load(game.play, data, lambda: game.result is not None, one_token=True)


def referee_lines(game):
    r = game.result
    if r is None:
        return ["result: ongoing", "next: %d" % (game.turn + 1)]
    if r[0] == "draw":
        return ["result: draw", "reason: repetition"]
    out = ["result: win", "winner: %d" % (r[1] + 1), "reason: %s" % r[2]]
    if r[2] == "four":
        cells = sorted(game.four, key=lambda x: (x & 7, x >> 3))
        out.append("four: " + " ".join(cell_name(x) for x in cells))
    return out


def _cmd_referee(a, data):
    game = Game(a.counters)
    load_record(game, data)
    return referee_lines(game)


def _cmd_move(a, data):
    from . import ai
    game = Game(a.counters)
    last = load_record(game, data)
    if game.result is not None:
        raise RecordError(max(last, 1), "the game is over: there is no move to make")
    return [ai.choose(game, a.level, a.seed)]


def main(argv=None, stdin=None, stdout=None, stderr=None):
    ap, sub = commands("python3 -m winquad", "Winther's Quad engine tools")
    p = sub.add_parser("referee", help="judge a game record read from stdin")
    p.add_argument("--counters", type=number(choices=COUNTERS), default=DEFAULT_COUNTERS)
    p.set_defaults(fn=_cmd_referee)
    p = sub.add_parser("move", help="the computer's turn for the record on stdin")
    p.add_argument("--counters", type=number(choices=COUNTERS), default=DEFAULT_COUNTERS)
    p.add_argument("--level", required=True, choices=LEVELS)
    p.add_argument("--seed", type=number(), default=0)
    p.set_defaults(fn=_cmd_move)
    return run(ap, argv, stdin, stdout, stderr)
