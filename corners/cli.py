"""Host command line (CPython only): `python3 -m corners referee|move|legal|sgf ...`.

The output contract is the one of `python3 -m quadcore` (docs/contract.md, section "Corner
polyominoes"): results as `key: value` lines (or moves, or SGF) on stdout, exit 0; anything
wrong is one `error: line L: ...` line on stderr, nothing on stdout, exit 2. Records are read
by the reader every game's command line shares (quadutil.record)."""


from quadutil.record import RecordError, commands, load, number, record_lines, run

from .game import STARTS, VARIANTS, Game

LEVELS = ("custom", "easy", "average", "expert")


def load_record(game, data):
    """Play every move of a record into `game`; RecordError names the first bad line.
    Returns the number of the last line read."""
    return load(game.play, data, lambda: game.over)


def referee_lines(game):
    scores = game.player_scores()
    if not game.over:
        c = game.turn
        return ["result: ongoing", "next: %s" % game.colours[c].lower(),
                "player: %d" % (game.player_of(c) + 1),
                "scores: " + " ".join(str(s) for s in scores)]
    w = game.winners()
    out = ["result: win" if len(w) == 1 else "result: draw",
           ("winner: " if len(w) == 1 else "tied: ") + " ".join(str(p + 1) for p in w),
           "scores: " + " ".join(str(s) for s in scores)]
    return out


def _game(a):
    try:
        return Game(a.variant, a.start)
    except ValueError as e:
        raise RecordError(0, str(e))


def _cmd_referee(a, data):
    game = _game(a)
    load_record(game, data)
    return referee_lines(game)


def _cmd_legal(a, data):
    game = _game(a)
    last = load_record(game, data)
    if game.over:
        raise RecordError(max(last, 1), "the game is over: there is no move to make")
    return sorted(game.text_of(m) for m in game.moves())


def _cmd_move(a, data):
    from . import ai
    game = _game(a)
    last = load_record(game, data)
    if game.over:
        raise RecordError(max(last, 1), "the game is over: there is no move to make")
    return [ai.choose(game, a.level, a.seed)]


def _cmd_sgf(a, data):
    from . import sgf
    if a.direction == "export":
        game = _game(a)
        load_record(game, data)
        return [sgf.export(game).rstrip("\n")]
    # import: the input is SGF, checked as text like a record (ASCII lines) first.
    text = "\n".join(line for _, line in record_lines(data))
    try:
        game = sgf.import_(text, a.start)
    except ValueError as e:
        raise RecordError(0, str(e))
    return ["# variant: %s" % game.variant] + [game.text_of(game.move_at(i))
                                               for i in range(game.plies)]


def _common(p):
    p.add_argument("--variant", choices=VARIANTS, default="duo")
    p.add_argument("--start", choices=STARTS, default="fixed")


def main(argv=None, stdin=None, stdout=None, stderr=None):
    ap, sub = commands("python3 -m corners", "corner polyomino engine tools")
    p = sub.add_parser("referee", help="judge a game record read from stdin")
    _common(p)
    p.set_defaults(fn=_cmd_referee)
    p = sub.add_parser("legal", help="every legal move of the colour to move")
    _common(p)
    p.set_defaults(fn=_cmd_legal)
    p = sub.add_parser("move", help="the computer's move for the record on stdin")
    _common(p)
    p.add_argument("--level", required=True, choices=LEVELS)
    p.add_argument("--seed", type=number(), default=0)
    p.set_defaults(fn=_cmd_move)
    p = sub.add_parser("sgf", help="a record to Blokus SGF (export) or back (import)")
    p.add_argument("direction", choices=("export", "import"))
    _common(p)
    p.set_defaults(fn=_cmd_sgf)
    return run(ap, argv, stdin, stdout, stderr)
