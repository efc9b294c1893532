"""Rule settings: sizes, variants, and the seat / side / colour model of rules.md.

Seats take turns in order; each seat belongs to a side (a team) and places marbles of one or
more colours; squares are counted per colour; a quad of a colour wins for its side.
"""

VARIANTS = ("standard", "trek", "rapid", "duel", "bridge")
_STARS_BY_PLAYERS = (0, 0, 6, 4, 3, 2, 2)  # index = number of players
MOVE_CAP = 200  # Trek and Rapid: drawn after this many turns


class Rules:
    def __init__(self, size=11, players=2, marbles=None, stars=None, one_short=False,
                 variant="standard", claim=False):
        if variant not in VARIANTS:
            raise ValueError("unknown variant %r (choose %s)" % (variant, ", ".join(VARIANTS)))
        if not isinstance(size, int) or not 5 <= size <= 15:
            raise ValueError("board size must be 5..15")
        if not isinstance(players, int) or not 2 <= players <= 6:
            raise ValueError("players must be 2..6")
        if variant == "bridge" and players != 4:
            raise ValueError("Quad Bridge is for exactly 4 players")
        if marbles is None:
            marbles = 6 if variant in ("trek", "rapid") else 10 if variant == "bridge" else 20
        if stars is None:
            if variant in ("trek", "rapid"):
                stars = 6
            elif variant == "bridge":
                stars = 3
            else:
                stars = max(0, min(size - 5, _STARS_BY_PLAYERS[players]))
        if not isinstance(marbles, int) or not 1 <= marbles <= 99:
            raise ValueError("marbles per seat must be 1..99")
        if not isinstance(stars, int) or not 0 <= stars <= 99:
            raise ValueError("stars per seat must be 0..99")
        self.size = size
        self.players = players
        self.marbles = marbles
        self.stars = stars
        self.one_short = bool(one_short)
        self.claim = bool(claim)
        self.variant = variant
        self.moves = variant in ("trek", "rapid")  # marbles may be moved
        if variant == "duel":
            self.seat_colours = tuple((2 * p, 2 * p + 1) for p in range(players))
            self.colour_side = tuple(c // 2 for c in range(2 * players))
            self.seat_side = tuple(range(players))
        elif variant == "bridge":
            # Partners sit opposite: seats 1 and 3 (0 and 2 here) share side and colour.
            self.seat_colours = tuple((p % 2,) for p in range(players))
            self.colour_side = (0, 1)
            self.seat_side = tuple(p % 2 for p in range(players))
        else:
            self.seat_colours = tuple((p,) for p in range(players))
            self.colour_side = tuple(range(players))
            self.seat_side = tuple(range(players))
        self.ncolours = len(self.colour_side)
        self.nsides = max(self.seat_side) + 1
        self.per_turn = len(self.seat_colours[0])  # marbles placed in one turn

    def key(self):
        return (self.size, self.players, self.marbles, self.stars, self.one_short,
                self.variant, self.claim)
