"""Master thinking on the human's time: a reply table for the human's likely turns.

    p = Ponder(game, seed, seconds)  # the human (the seat to move) is thinking
    for _ in p.run(): ...            # the shell steps it between the human's taps; close()
                                     # or drop it at any tick: the game is as it was
    # the human plays a turn; then, for the computer's turn:
    think(game, "master", seed, seconds, ponder=p)   # the stored answer at once on a hit

In order, each step a few dozen pieces at most (the same ticks as think): the human's likely
turns (what Expert would play for the human, then the human's other best cells by that
decision's scan: a marble on each completion cell it must cover, stars on the others, when
it faces any; `width` turns in all); for each, the turn is played, Master's answer to it
searched with `seconds` M4-s of nodes and the turn taken back before every yield (the game
is the shell's whenever the shell has control); the answer is stored under the position it
answers. The player depends only on the position, the level, the seed and the budget, so
with the same seed and time a stored answer is exactly the turn think would find; a ponder
with more seconds than the move's own answers with the deeper search. Do not call think or
hint for another position between two steps (they share the player's scratch buffers)
unless the ponder may restart its search: it does when another search ran since
(quadcore.ai.RUNS). On the device every byte of a ponder shares the heap with the search it
runs (docs/heap.md): this module is loaded only while Master ponders.
"""


def key(game, start=None):
    """What a stored answer is valid for: the cells, the pieces left and the turns played
    as bytes; with `start` (such bytes, of the same game), only where they differ: index,
    value, index, value... (a turn's few pieces instead of the whole board)."""
    k = (bytes(game.board.cells) + bytes(game.stars_left) + bytes(game.marbles_left)
         + bytes((game.turns & 255,)))
    if start is None:
        return k
    d = bytearray()
    for i in range(len(k)):
        if k[i] != start[i]:
            d.append(i)  # (at most 255 bytes: boards up to 15x15)
            d.append(k[i])
    return bytes(d)


def checks(game, seconds, width):
    """ValueError unless a Ponder can think for `game` with Master's `seconds`, `width`
    likely turns."""
    from .master import master_cfg
    master_cfg(seconds, {}, 0)  # checks the time
    if type(width) is not int or not 1 <= width <= 8:
        raise ValueError("a ponder answers 1 to 8 likely turns, not %r" % (width,))
    if game.result is not None or game.begun:
        raise ValueError("nothing to ponder: the game is over or the turn has begun")
    r = game.rules
    if r.players != 2 or r.per_turn != 1 or r.moves or r.claim:
        raise ValueError("pondering is for the two-player standard game")


class Ponder:
    def __init__(self, game, seed=0, seconds=5, width=3):
        checks(game, seconds, width)
        self.game = game
        self.seed = seed
        self.seconds = seconds
        self.width = width
        self.start = key(game)
        self.likely = []    # the human's likely turns, most likely first (once known)
        self.table = []     # key from start, Master's answer (None: the human wins), ...
        self.gen = None     # the search under way (kept over a close), and
        self.stamp = 0      # quadcore.ai.RUNS when it started
        self.finished = False
        self.steps = None   # run() as the shell steps it (step), kept between ticks

    def answer(self, game, seed, seconds):
        """The stored turn for this position, or None (not pondered, another seed, or
        pondered with less time than asked)."""
        if seed != self.seed or seconds is None or seconds > self.seconds:
            return None
        k = key(game, self.start)
        t = self.table
        for i in range(0, len(t), 2):
            if t[i] == k:
                return t[i + 1]
        return None

    def run(self):
        """Generator: None at every tick (the game as the shell left it); returns when
        every likely turn has its answer. ValueError if the game moved on or the human's
        turn has begun. Closed and run again, it goes on where it stopped: its search
        resumes if no other search ran in between (they share scratch), else restarts."""
        import gc
        import sys
        ai = sys.modules[__name__[:__name__.rindex(".")]]  # quadcore.ai, loaded before this
        runs = ai.RUNS
        g = self.game
        if key(g) != self.start or g.begun:
            raise ValueError("the game is no longer where the ponder started")
        likely = self.likely
        table = self.table
        while not self.finished:
            t = likely[len(table) // 2] if likely else None  # None: Expert's guess first
            k = None
            if t is not None:
                g.play(t)
                k = key(g, self.start)
                if g.result is not None:  # the human wins with it: nothing to answer
                    g.undo()
                    table += (k, None)
                    self.finished = len(table) // 2 == len(likely)
                    continue
            try:
                if self.gen is None or runs[0] != self.stamp:  # (another search ran)
                    if self.gen is not None:
                        self.gen.close()
                    self.gen = None
                    gc.collect()  # the last search's blocks freed before this one's
                    self.gen = ai.think(g, "master" if t else "expert", self.seed,
                                        self.seconds if t else None)
                    self.stamp = runs[0]
                turn = next(self.gen)
            except Exception:
                self.gen = None
                raise
            finally:
                if t is not None:
                    g.undo()  # the shell's game at every yield
            if turn is None:
                yield None
                continue
            self.gen = None
            if t is None:
                likely.append(turn)
                likely_turns(g, likely, self.width)
            else:
                table += (k, turn)
            self.finished = len(table) // 2 == len(likely)


def likely_turns(g, likely, width):
    """Fill likely (Expert's guess for the seat to move in it) up to width from the scan
    Expert just made: a marble on each completion cell it must cover (stars on the others),
    then its best cells by that scan (fast.ORDER) with stars on every completion cell."""
    from .fast import ORDER
    from ..notation import format_turn
    seat = g.turn
    need = g.board.threat_cells(1 - g.rules.seat_colours[seat][0])
    if len(need) > g.stars_left[seat] + 1:
        return  # lost: Expert's guess is the turn
    cand = list(need)
    if len(need) <= g.stars_left[seat]:
        cells = g.board.cells
        valid = g.geo.valid
        cand += [x for x in ORDER if not cells[x] and valid[x] and x not in need]
    for m in cand:
        if len(likely) >= width:
            break
        acts = [("star", y) for y in need if y != m]
        acts.append(("marble", m))
        t = format_turn(acts, g.n)
        if t not in likely:
            likely.append(t)


def step(p, game, cpu, seed, seconds, deadline, clock):
    """One tick of thinking on the human's time (quadcore.ai.ponder_tick): p, the Ponder
    kept from the last tick (or None); `cpu` the computer's seat; seed, that of the
    computer's next turn; stop stepping when clock() (ms) reaches deadline. Returns the
    Ponder to keep: p while the position is the one it ponders, a new one when the game
    moved on, None where Master does not ponder (not the standard two-player game, the
    turn begun before it started). Nothing is stepped on the computer's turn, once the
    human has put a piece down or when it is finished; the game is as it came."""
    if game.result is not None or game.turn == cpu:
        return p
    if p is None or p.game is not game or p.start[-1] != game.turns & 255 or p.seed != seed \
            or p.seconds != seconds:
        if game.begun:
            return None
        try:
            p = Ponder(game, seed, seconds)
        except ValueError:
            return None
    if p.finished or game.begun:
        return p
    try:
        if p.steps is None:
            p.steps = p.run()
        for _ in range(64):
            next(p.steps)
            if (clock() - deadline) & 0x1FFFFFFF < 0x10000000:  # ticks wrap at 2**29
                break
    except StopIteration:
        p.steps = None
    except ValueError:  # the position is no longer the ponder's: a new one next tick
        return None
    return p
