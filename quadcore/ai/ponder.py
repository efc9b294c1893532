"""Master thinking on the opponent's time: a reply table for the human's likely turns.

    p = Ponder(game, seed, seconds)  # the human (the seat to move) is thinking
    for _ in p.run(): ...            # the shell steps it between the human's taps; close()
                                     # or drop it at any tick: the game is as it was
    # the human plays a turn; then, for the computer's turn:
    think(game, "master", seed, seconds, ponder=p)   # the stored answer at once on a hit

What it does, in order, each step a few dozen pieces at most (the same ticks as `think`):
 1. the human's likely turns: what Expert would play for the human, then the human's other
    best cells by that decision's scan (a marble on each of the completion cells it must
    cover, stars on the others, when it faces any), `width` turns in all;
 2. for each, the turn is played on the game, Master's answer to it is searched with
    `seconds` M4-s of nodes, and the turn is taken back (game.undo) before every tick, so
    the game is the shell's own whenever the shell has control;
 3. the answer is stored under the position it answers (turns played, cells, pieces left).

On the computer's turn `answer` returns the stored turn when the position is one of them and
the seed is the same and its time at least the one asked for: with the same seed and time
that is exactly the turn `think` would find (the player depends only on the position, the
level, the seed and the budget), found during the human's time instead of the computer's.
A Ponder with more seconds than the move's own answers with the deeper search. Nothing of
the ponder is used for any other position. Do not call think or hint for another position
between two steps of a ponder (they share the player's scratch buffers): close it first.
"""

from ..notation import format_turn


def position_key(game):
    """What a stored answer is valid for: the turns played, the cells and the pieces left."""
    return (game.turns, bytes(game.board.cells), tuple(game.stars_left),
            tuple(game.marbles_left))


class Ponder:
    def __init__(self, game, seed=0, seconds=5, width=3):
        from .two import master_cfg
        master_cfg(seconds)  # checks the time
        if not isinstance(width, int) or not 1 <= width <= 8:
            raise ValueError("a ponder answers 1 to 8 likely turns, not %r" % (width,))
        if game.result is not None:
            raise ValueError("the game is over: there is nothing to ponder")
        if game.begun:
            raise ValueError("the turn has begun: ponder before the first piece")
        r = game.rules
        if r.players != 2 or r.per_turn != 1 or r.moves or r.claim:
            raise ValueError("pondering is for the two-player standard game")
        self.game = game
        self.seed = seed
        self.seconds = seconds
        self.width = width
        self.start = position_key(game)
        self.likely = []   # the human's likely turns, most likely first (once known)
        self.table = []    # (position key, Master's answer), in the order found
        self.next = 0      # the next likely turn to answer
        self.gen = None    # the search under way (kept over a close), and
        self.stamp = 0     # ai.RUNS when it started
        self.finished = False
        self.steps = None  # run() as the shell steps it (step), kept between ticks

    def answer(self, game, seed, seconds):
        """The stored turn for this position, or None (no ponder of it, another seed, or
        pondered with less time than asked)."""
        if seed != self.seed or seconds is None or seconds > self.seconds:
            return None
        key = position_key(game)
        for k, turn in self.table:
            if k == key:
                return turn
        return None

    def run(self):
        """Generator: yields None at every tick (the game as the shell left it), returns
        when every likely turn has its answer. Raises ValueError if the game moved on or
        the human's turn has begun (step it only before the human puts a piece down).
        Closed and run again, it goes on where it stopped: the search it was in resumes
        if no other search ran in between (they share scratch buffers), else restarts."""
        # quadcore.ai's RUNS and think, from the package this module is part of (loaded
        # before it): not imported, so that the package may import this module.
        import sys
        ai = sys.modules[__name__[:__name__.rindex(".")]]
        RUNS = ai.RUNS
        think = ai.think
        g = self.game
        if position_key(g) != self.start or g.begun:
            raise ValueError("the game is no longer where the ponder started")
        if self.gen is not None and RUNS[0] != self.stamp:
            self.gen.close()
            self.gen = None
        # 1. The human's likely turns.
        if not self.likely:
            if self.gen is None:
                self.gen = think(g, "expert", self.seed)
                self.stamp = RUNS[0]
            turn = None
            while turn is None:
                turn = next(self.gen)
                if turn is None:
                    yield None
                    if RUNS[0] != self.stamp:  # another search ran: this one restarts
                        self.gen.close()
                        self.gen = think(g, "expert", self.seed)
                        self.stamp = RUNS[0]
            self.gen = None
            self.likely.append(turn)
            self.alternatives(g, g.turn)
        # 2. Master's answer to each.
        while self.next < len(self.likely):
            t = self.likely[self.next]
            g.play(t)
            if g.result is not None:
                g.undo()
                self.next += 1
                continue  # the human wins with it: nothing to answer
            key = position_key(g)
            reply = None
            on = True  # t is on the board (taken back before every yield)
            try:
                if self.gen is None:
                    self.gen = think(g, "master", self.seed, self.seconds)
                    self.stamp = RUNS[0]
                while reply is None:
                    reply = next(self.gen)
                    if reply is None:
                        g.undo()
                        on = False
                        yield None  # the shell's game, untouched
                        g.play(t)
                        on = True
                        if RUNS[0] != self.stamp:  # another search ran: this one restarts
                            self.gen.close()
                            self.gen = think(g, "master", self.seed, self.seconds)
                            self.stamp = RUNS[0]
            except Exception:
                self.gen = None
                raise
            finally:
                # Only what this ponder put down comes off: closed (or, in CPython,
                # collected) at a yield, the game is the shell's and has moved on.
                if on:
                    g.undo()
            self.gen = None
            self.table.append((key, reply))
            self.next += 1
        self.finished = True

    def alternatives(self, g, seat):
        """Fill self.likely up to `width` from the scan Expert just made for the human: a
        marble on each completion cell it must cover (stars on the others), then its best
        cells by that scan (fast.ORDER) with stars on every completion cell."""
        from .fast import ORDER
        c = g.rules.seat_colours[seat][0]
        need = g.board.threat_cells(1 - c)
        stars = g.stars_left[seat]
        cand = []
        if len(need) > stars + 1:
            return  # lost: Expert's guess is the turn
        for m in need:
            acts = [("star", y) for y in need if y != m]
            acts.append(("marble", m))
            cand.append(format_turn(acts, g.n))
        if len(need) <= stars:
            cells = g.board.cells
            for i in range(len(ORDER)):
                x = ORDER[i]
                if not cells[x] and g.geo.valid[x] and x not in need:
                    acts = [("star", y) for y in need]
                    acts.append(("marble", x))
                    cand.append(format_turn(acts, g.n))
        for t in cand:
            if len(self.likely) >= self.width:
                break
            if t not in self.likely:
                self.likely.append(t)


def step(p, game, cpu, seed, seconds, deadline, clock):
    """One tick of thinking on the human's time, for a shell (quadcore.ai.ponder_tick):
    p: the Ponder kept from the last tick (or None); game: the game shown, `cpu` the
    computer's seat; seed: the seed of the computer's next turn; deadline: stop stepping
    when clock() (ms) reaches it. Returns the Ponder to keep (p itself while the position
    is the one it ponders, a new one when the game moved on, None where Master does not
    ponder: not the human's turn, the game over, another game than the standard two-player
    one). Nothing is stepped once the human has put a piece down (the turn has begun) or
    the ponder is finished; the game is as it came at every return."""
    if game.result is not None or game.turn == cpu:
        return p
    if p is None or p.game is not game or p.start[0] != game.turns or p.seed != seed \
            or p.seconds != seconds:
        if game.begun:
            return None
        try:
            p = Ponder(game, seed, seconds)
        except ValueError:
            return None
    if p.finished or game.begun:
        return p
    if p.steps is None:
        try:
            p.steps = p.run()
        except ValueError:
            return None
    for _ in range(64):
        try:
            next(p.steps)
        except StopIteration:
            p.steps = None
            break
        except ValueError:  # the position is no longer the ponder's: a new one next tick
            return None
        if (clock() - deadline) & 0x1FFFFFFF < 0x10000000:  # ticks wrap at 2**29
            break
    return p
