"""The exact checker for Winther's Quad tactics positions, on the slow reference only.

For the side to move it finds, by trying every legal turn and every answer:
  wins     turns that win at once;
  safe     turns after which the opponent has no winning answer.
A position is a tactic when `wins` is not empty (the answer must be one of them) or when
some turns are safe and some are not (the answer must be a safe one)."""

from winther_reference import RefGame


def replay(counters, turns):
    ref = RefGame(counters)
    for t in turns:
        ref.play(t)
    return ref


def after(ref, turn):
    """A copy of ref with one more turn played (the reference has no undo)."""
    r = RefGame(ref.n)
    r.grid = [col[:] for col in ref.grid]
    r.hand = dict(ref.hand)
    r.dropped = dict(ref.dropped)
    r.side = ref.side
    r.seen = dict(ref.seen)
    r.play(turn)
    return r


def wins_now(ref):
    me = "WB".index(ref.side)
    return sorted(t for t in ref.legal_turns() if after(ref, t).result == ("win", me, _why(ref, t)))


def _why(ref, t):
    res = after(ref, t).result
    return res[2] if res else None


def answer_sets(ref):
    """(wins, safe, all) for the side to move."""
    me = "WB".index(ref.side)
    turns = sorted(ref.legal_turns())
    wins = []
    safe = []
    for t in turns:
        r = after(ref, t)
        if r.result is not None:
            if r.result[0] == "win" and r.result[1] == me:
                wins.append(t)
            continue
        if not any(_won_by_mover(r, u) for u in r.legal_turns()):
            safe.append(t)
    return wins, safe, turns


def _won_by_mover(ref, t):
    who = "WB".index(ref.side)
    res = after(ref, t).result
    return res is not None and res[0] == "win" and res[1] == who
