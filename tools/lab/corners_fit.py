"""Fits corners.ai.PREF, the static look's preference of one piece over another, to the
choices of a stronger player: Pentobi's GTP engine (tools/pentobi.py) as a teacher.

    python -m tools.lab.corners_fit --teacher 3 --pentobi 3 --games 300 --first 90000

Games of our Expert against Pentobi at level --pentobi (colours alternating as in
tools/lab/corners_match.py; game numbers from --first, kept apart from the match ranges the
strength table is measured on) give the positions: at each of our moves in the seat of
--seat (2: when our colour moves second, the seat PREF is used in; 1: first; 0: both) the
teacher, Pentobi at level --teacher in a process of its own (seed = game number + 11),
is asked what it would play there (and takes it back). Every legal move of ours gets the
static look's score without noise and without PREF (static_scores); the fit is the
conditional logit

    P(move m) = exp(a * score(m) + T[piece of m]) / sum over the legal moves

with T[the monomino] = 0, by Newton's method on the log-likelihood (numpy). PREF[p] =
T[p] / a (the units of the static look's score, as corners.ai.PREF at weight 80), printed
as the tuple to paste into corners/ai.py, with a and how often the teacher's move is the
best by the score alone and by the score + PREF. --moves N keeps only the positions before
our N-th move; --save / --load keep the positions (JSON) to fit again without games. Only
Duo so far (the variant the seat split is measured on).

Figures: docs/corners.md, "Strength against Pentobi: where it stands".
"""

import argparse
import json
import sys
import time

from corners import Game, ai
from corners.board import MAXMOVES
from corners.pieces import MAXD, NCELL, ND, NPIECES, PIECE
from tools.lab import corners_match
from tools.pentobi import Gtp


def static_scores(g):
    """Every legal move of the colour to move and its static-look score (Expert's weights,
    the colour's own ring, no PREF, no noise): [(move int, score)] as rank rates them
    before its x 8 and its noise."""
    b = g.board
    c = g.turn
    pl = ai.Player(g, "expert", 0)
    pl.st = st = ai.SETTINGS["expert"]
    corners_match.seat(pl, c)
    en = ai.enemies(g, c)
    sc = ai._scratch()
    moves = sc[0]
    n = b.gen(c, moves, 0, MAXMOVES)
    bias = pl.tables(c, en)
    nwt, val = sc[3], sc[4]
    off, doff = b.off, b.doff
    sb = st["size"] - bias
    ow = st["own"]
    out = []
    for i in range(n):
        m = moves[i]
        o = m & 127
        a = m >> 7
        s = NCELL[o] * sb
        for q in range(o * 5, o * 5 + NCELL[o]):
            s += val[a + off[q]]
        for q in range(o * MAXD, o * MAXD + ND[o]):
            s += nwt[a + doff[q]] * ow
        s = -4000 if s < -4000 else 4000 if s > 4000 else s
        out.append((m, s))
    pl.untables()
    return out


def collect(games, first, plevel, teacher, seat, log=None):
    """[(scores, pieces, the teacher's index)] from our moves in `seat` (see the module)."""
    data = []
    for k in range(first, first + games):
        g = Game("duo")
        ours = k % 2            # the player index Pentobi plays (0 moves first)
        mine_first = ours == 1
        if seat and (seat == 1) != mine_first:
            continue
        with Gtp("duo", level=plevel, seed=k + 1) as p, \
                Gtp("duo", level=teacher, seed=k + 11) as t:
            while not g.over:
                c = g.turn
                if g.player_of(c) == ours:
                    mv = p.genmove(c)
                    t.play(c, mv)
                else:
                    taught = t.genmove(c)
                    t.cmd("undo")
                    tm = g.parse(taught)
                    rows = static_scores(g)
                    idx = [m for m, _ in rows].index(tm)
                    data.append(([s for _, s in rows], [PIECE[m & 127] for m, _ in rows],
                                 idx, NPIECES - bin(g.board.left[c]).count("1")))
                    mv = ai.choose(g, "expert", k)
                    t.play(c, mv)
                    p.play(c, mv)
                g.play(mv)
        if log:
            print("game %d: %d positions" % (k, len(data)), file=log, flush=True)
    return data


def fit(data, iters=60, ridge=1.0):
    """(a, T[0:NPIECES]) of the conditional logit (module docstring), T[0] = 0: Newton's
    method with step halving on the log-likelihood less ridge / 2 x |T|^2 (a piece the
    teacher seldom meets stays near 0). The positions are padded to the longest one's
    move count (a padded move's probability is 0)."""
    import numpy as np
    n = len(data)
    width = max(len(d[0]) for d in data)
    score = np.zeros((n, width))
    piece = np.zeros((n, width), dtype=int)
    live = np.zeros((n, width), dtype=bool)
    pick = np.zeros(n, dtype=int)
    for r, (scores, pieces, idx, _) in enumerate(data):
        k = len(scores)
        score[r, :k] = scores
        piece[r, :k] = pieces
        live[r, :k] = True
        pick[r] = idx
    score /= 100.0
    onehot = np.zeros((n, width, NPIECES))
    onehot[np.arange(n)[:, None], np.arange(width)[None, :], piece] = 1.0
    onehot[:, :, 0] = score     # column 0: the score (the monomino's T is 0)
    onehot[~live] = 0.0
    chosen = onehot[np.arange(n), pick]
    pen = np.full(NPIECES, ridge)
    pen[0] = 0.0

    def loglik(w, need=True):
        u = onehot @ w
        u[~live] = -np.inf
        top = u.max(axis=1, keepdims=True)
        e = np.exp(u - top)
        z = e.sum(axis=1)
        ll = (u[np.arange(n), pick] - top[:, 0] - np.log(z)).sum() - 0.5 * (pen * w * w).sum()
        if not need:
            return ll, None, None
        p = e / z[:, None]
        mean = np.einsum("nm,nmk->nk", p, onehot)
        grad = (chosen - mean).sum(axis=0) - pen * w
        second = np.einsum("nm,nmk,nml->kl", p, onehot, onehot)
        hess = -(second - mean.T @ mean) - np.diag(pen) - 1e-9 * np.eye(NPIECES)
        return ll, grad, hess

    w = np.zeros(NPIECES)
    w[0] = 1.0
    ll, grad, hess = loglik(w)
    for _ in range(iters):
        step = np.linalg.solve(hess, grad)
        t = 1.0
        while t > 1e-4:
            nw = w - t * step
            nll = loglik(nw, False)[0]
            if nll >= ll:
                break
            t /= 2
        else:
            break
        w = nw
        ll, grad, hess = loglik(w)
        if abs(t * step).max() < 1e-5:
            break
    a = w[0] / 100.0
    t = [0.0] + [float(x) for x in w[1:]]
    return a, t


def agreement(data, pref):
    """How often the best by score + PREF (no noise; the first on a tie) is the teacher's
    move."""
    hit = 0
    for scores, pieces, idx, _ in data:
        best = max(range(len(scores)), key=lambda i: scores[i] + pref[pieces[i]])
        hit += best == idx
    return hit / len(data)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--teacher", type=int, default=3, metavar="LEVEL")
    ap.add_argument("--pentobi", type=int, default=3, metavar="LEVEL",
                    help="the level of the opponent in the games the positions come from")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--first", type=int, default=90000)
    ap.add_argument("--seat", type=int, default=2, choices=(0, 1, 2))
    ap.add_argument("--moves", type=int, default=99, metavar="N",
                    help="fit only the positions before our colour's N-th move")
    ap.add_argument("--save", metavar="FILE", help="write the positions (JSON) to FILE")
    ap.add_argument("--load", metavar="FILE", help="fit the positions of FILE, no games")
    a = ap.parse_args(argv)
    t0 = time.time()
    if a.load:
        with open(a.load) as f:
            data = json.load(f)
    else:
        data = collect(a.games, a.first, a.pentobi, a.teacher, a.seat, sys.stderr)
    if a.save:
        with open(a.save, "w") as f:
            json.dump(data, f)
    data = [d for d in data if d[3] < a.moves]
    av, t = fit(data)
    pref = tuple(int(round(x / av)) for x in t)
    print("%d positions from %d games (teacher level %d, seat %d) [%.0f s]"
          % (len(data), a.games, a.teacher, a.seat, time.time() - t0))
    print("a = %.5f; the teacher's move is the static look's best: %.1f%% without PREF, "
          "%.1f%% with" % (av, 100 * agreement(data, [0] * NPIECES),
                           100 * agreement(data, pref)))
    print("PREF = %s" % (pref,))
    return 0


if __name__ == "__main__":
    sys.exit(main())
