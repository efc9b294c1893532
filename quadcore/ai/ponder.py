"""Master thinking on the human's time: a reply table for the human's likely turns.

    p = start(game, seed, seconds)   # the human (the seat to move) is thinking
    for _ in prun.run(p): ...        # the shell steps it between the human's taps
                                     # (pstep.tick); stop at any step: the game is as it was
    # the human plays a turn; then, for the computer's turn:
    think(game, "master", seed, seconds, ponder=p)   # the stored answer at once on a hit

In order, each step a few dozen pieces at most (the same ticks as think): the human's likely
turns (what Expert would play for the human, then the human's other best cells by that
decision's scan: a marble on each completion cell it must cover, stars on the others, when
it faces any; `width` turns in all); for each, the turn is played, Master's answer to it
searched with `seconds` M4-s of nodes and the turn taken back after every step (the game
is the shell's whenever the shell has control); the answer is stored under the position it
answers. The player depends only on the position, the level, the seed and the budget, so
with the same seed and time a stored answer is exactly the turn think would find; a ponder
with more seconds than the move's own answers with the deeper search. Do not call think or
hint for another position between two steps (they share the player's scratch buffers)
unless the ponder may restart its search: it does when another search ran since
(quadcore.ai.RUNS).

On the device every byte of a ponder shares the heap with the search it runs
(docs/heap.md): a Ponder is plain data, the search is stepped by pstep.py (a few hundred
bytes, loaded while the ponder is stepped), the table read by ptable.py, and this module
(the planning) is loaded only between two searches and dropped at once (pstep.tick).
"""

from .ptable import key


class Ponder:
    """What a ponder knows, as plain data (no methods: nothing here holds this module's
    code on the heap between ticks)."""
    game = None
    seed = 0
    seconds = 5
    width = 3
    start = b""        # key(game) where it started (pstep.key)
    likely = None      # the human's likely turns, most likely first (once known)
    table = None       # key from start, Master's answer (None: the human wins), ...
    t = None           # the likely turn the search under way answers (None: Expert's guess)
    k = None           # its key
    gen = None         # that search (kept over a stop), and
    stamp = 0          # quadcore.ai.RUNS when it started
    got = None         # the turn it found, till plan stores it
    finished = False


def checks(game, seconds, width):
    """ValueError unless a Ponder can think for `game` with Master's `seconds`, `width`
    likely turns."""
    from .master import master_cfg, _off
    master_cfg(seconds, {}, 0)  # checks the time
    master_cfg = None
    _off()  # master.py goes (loaded again by Master's own search; not held while Expert's runs)
    if type(width) is not int or not 1 <= width <= 8:
        raise ValueError("a ponder answers 1 to 8 likely turns, not %r" % (width,))
    if game.result is not None or game.begun:
        raise ValueError("nothing to ponder: the game is over or the turn has begun")
    r = game.rules
    if r.players != 2 or r.per_turn != 1 or r.moves or r.claim:
        raise ValueError("pondering is for the two-player standard game")


def start(game, seed=0, seconds=5, width=3):
    """A new Ponder for the seat to move in `game` (ValueError if it cannot ponder: see
    checks); its first search is Expert's guess at the human's turn."""
    checks(game, seconds, width)
    p = Ponder()
    p.game = game
    p.seed = seed
    p.seconds = seconds
    p.width = width
    p.start = key(game)
    p.likely = []
    p.table = []
    # Every attribute set now, on the heap just collected: the instance's table is not
    # grown (and moved) later, among a search's blocks.
    p.t = p.k = p.gen = p.got = None
    p.stamp = 0
    p.finished = False
    return p


def plan(p):
    """Store the turn p's search found (p.got) and set up the next search: the next
    likely turn's answer (a likely turn with which the human wins needs none), or
    finished."""
    g = p.game
    likely = p.likely
    table = p.table
    if p.got is not None:
        got = "".join((p.got,))  # a copy made now (the search's was made among its blocks)
        if p.t is None:
            likely.append(got)
            likely_turns(g, likely, p.width)
        else:
            table += (p.k, got)
        p.got = None
    while len(table) // 2 < len(likely):
        t = likely[len(table) // 2]
        g.play(t)
        try:
            k = key(g, p.start)
            won = g.result is not None
        finally:
            g.undo()  # (the shell's game even when the heap runs out here)
        if not won:
            p.t = t
            p.k = k
            return
        table += (k, None)  # the human wins with it: nothing to answer
    p.t = p.k = None
    p.finished = bool(likely)


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
