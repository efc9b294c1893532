"""The game in progress plus what the app must remember about it, saved as one record.

Save layout (before quadcore's own Game.to_bytes() bytes):
    0  b"S"   1  version (1)   2  computer seat (255: all human)   3  flags (bit 0: result
    already counted in the statistics)   4-5  AI seed   6-11  wrong-claim star penalties
    per seat   12  number of missed (stale) claimable squares k   13..  k x (seat, square hi,
    square lo)   then the Game bytes.
Anything malformed -> ValueError (the app then starts a fresh game).
"""

from quadcore import Game

_MAGIC = 0x53
_VERSION = 1
NO_CPU = 255


class Session:
    def __init__(self, game, cpu=-1, seed=0):
        self.game = game
        self.cpu = cpu          # seat played by the computer, -1 for pass-and-play
        self.seed = seed & 0xFFFF
        self.recorded = False   # statistics already updated for this game's result
        self.penalty = [0] * game.rules.players
        self.stale = []         # (seat, square) pairs whose claim window has closed

    def human(self, seat):
        return self.cpu < 0 or seat != self.cpu

    def to_bytes(self):
        out = bytearray((_MAGIC, _VERSION, NO_CPU if self.cpu < 0 else self.cpu,
                         1 if self.recorded else 0, self.seed >> 8, self.seed & 255))
        pen = self.penalty + [0] * (6 - len(self.penalty))
        out.extend(bytes(pen))
        stale = self.stale[-40:]  # a bound: 40 entries = 120 bytes
        out.append(len(stale))
        for seat, s in stale:
            out.extend(bytes((seat, s >> 8, s & 255)))
        out.extend(self.game.to_bytes())
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        if data is None or len(data) < 13 or data[0] != _MAGIC or data[1] != _VERSION:
            raise ValueError("not a session record")
        k = data[12]
        start = 13 + 3 * k
        if len(data) < start:
            raise ValueError("session record ends early")
        game = Game.from_bytes(data[start:])
        players = game.rules.players
        cpu = -1 if data[2] == NO_CPU else data[2]
        if cpu >= players or data[3] & ~1:
            raise ValueError("session header is damaged")
        s = cls(game, cpu, data[4] << 8 | data[5])
        s.recorded = bool(data[3] & 1)
        for seat in range(players):
            p = data[6 + seat]
            if p > game.stars_left[seat]:
                raise ValueError("session penalty exceeds the stars left")
            s.penalty[seat] = p
            game.stars_left[seat] -= p
        nsq = game.geo.nsq
        for i in range(k):
            seat, hi, lo = data[13 + 3 * i:16 + 3 * i]
            sq = hi << 8 | lo
            if seat >= players or sq >= nsq:
                raise ValueError("session claim data is damaged")
            s.stale.append((seat, sq))
        return s

    # --- claim mode ------------------------------------------------------------------
    def full_squares(self, seat):
        """Squares holding four marbles of one of the seat's colours (claim mode)."""
        g = self.game
        sq = g.geo.sq_cells
        cells = g.cells
        out = []
        for c in g.rules.seat_colours[seat]:
            v = 2 + c
            for s in range(g.geo.nsq):
                j = 4 * s
                if cells[sq[j]] == v and cells[sq[j + 1]] == v and cells[sq[j + 2]] == v \
                        and cells[sq[j + 3]] == v:
                    out.append(s)
        return out

    def fresh_square(self, seat):
        """A completed, still claimable square of the seat, or -1."""
        if not self.game.rules.claim:
            return -1
        for s in self.full_squares(seat):
            if (seat, s) not in self.stale:
                return s
        return -1

    def close_window(self, seat):
        """The seat is about to place something: its unclaimed squares can no longer be
        claimed (rules.md: claim at the latest at the start of your next turn)."""
        if self.game.rules.claim and self.game.pending == 0:
            for s in self.full_squares(seat):
                if (seat, s) not in self.stale:
                    self.stale.append((seat, s))

    def claim(self, seat):
        """-> True (game won), or False after applying the wrong-claim penalty: one star
        (the engine has no way to skip a turn, so with no star left nothing is taken)."""
        g = self.game
        s = self.fresh_square(seat)
        if s >= 0 and g.claim(seat):
            g.quad = g.geo.corners(s)
            return True
        if g.stars_left[seat] > 0:
            g.stars_left[seat] -= 1
            self.penalty[seat] += 1
        return False
