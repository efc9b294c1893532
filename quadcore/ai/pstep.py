"""Master's ponder, the part a tick needs: step its search (and the planning between two
searches, loaded only then).

The ponder's state is plain data (ponder.Ponder, a class without methods), so its code
goes whenever its module goes: this module stays loaded while a ponder is stepped, from
its first tick until it is finished or another search starts (master.think drops it; a
menu drops every module of the player), and ponder.py (the planning: the human's likely
turns, the table, with ptable.py) is loaded only in the ticks that plan, when no search
is under way, and dropped at once. On the device the ponder's search then shares the heap
with this small module, not with the whole ponder (docs/heap.md). It is not dropped at
every tick: blocks a search allocates above it would leave holes when it goes (measured:
the smallest heap grew 1.5 KB when it was).

    p = ponder.start(game, seed, seconds)   # the human is thinking
    for _ in prun.run(p): ...               # the desktop's way (the shell's: tick)
"""


def off(name):
    """Drop quadcore.ai.<name> (a module of the ponder) from the heap."""
    import sys
    pkg = __name__[:__name__.rindex(".")]
    sys.modules.pop(pkg + "." + name, None)
    m = sys.modules.get(pkg)
    if m is not None and hasattr(m, name):
        delattr(m, name)


def step(p, n, deadline, clock, ai):
    """Up to n steps of p's search (fewer when clock() reaches deadline; clock None: n
    steps), the likely turn it answers played before each step and taken back after it:
    the game is as it came at every return. True when the search has its turn (p.got:
    ponder.plan stores it and picks the next search)."""
    import gc
    g = p.game
    t = p.t
    runs = ai.RUNS
    for _ in range(n):
        if t is not None:
            g.play(t)
        try:
            if p.gen is None or runs[0] != p.stamp:  # (another search ran since)
                if p.gen is not None:
                    p.gen.close()
                p.gen = None
                gc.collect()  # the last search's blocks freed before this one's
                p.gen = ai.think(g, "master" if t else "expert", p.seed,
                                 p.seconds if t else None)
                p.stamp = runs[0]
            turn = next(p.gen)
        except Exception:
            p.gen = None
            raise
        finally:
            if t is not None:
                g.undo()  # the shell's game at every return
        if turn is not None:
            p.gen = None
            p.got = turn
            return True
        if clock is not None and (clock() - deadline) & 0x1FFFFFFF < 0x10000000:
            break  # (ticks wrap at 2**29)
    return False


def tick(p, game, cpu, seed, seconds, deadline, clock, ai):
    """quadcore.ai.ponder_tick: p, the Ponder kept from the last tick (or None); `cpu` the
    computer's seat; seed, that of the computer's next turn; steps until clock() (ms)
    reaches deadline. Returns the Ponder to keep: p while the position is the one it
    ponders, a new one when the game moved on, None where Master does not ponder (not the
    standard two-player game, the turn begun before it started). Nothing is stepped on the
    computer's turn, once the human has put a piece down or when it is finished; a tick
    that plans (a new ponder, a search just done) steps nothing. The game is as it came.
    A finished ponder (or none) lets this module go."""
    if game.result is not None or game.turn == cpu:
        return p
    if p is None or p.game is not game or p.start[-1] != game.turns & 255 \
            or p.seed != seed or p.seconds != seconds:
        p = None
        if not game.begun:
            from .ponder import start
            try:
                p = start(game, seed, seconds)
            except ValueError:
                pass
    elif p.got is not None:
        import gc
        gc.collect()  # the search's blocks free: what the plan keeps goes low, not among them
        from .ponder import plan
        plan(p)
    elif not (p.finished or game.begun):
        step(p, 64, deadline, clock, ai)
    off("ponder")
    off("ptable")
    if p is None or p.finished:
        off("pstep")
    return p

