"""tools/lab/corners_fit.py: its scores are the static look's, move by move, and its fit finds a
preference table planted in choices drawn from the model it fits (no Pentobi needed)."""

import math

import pytest

from corners import ai
from corners.board import MAXMOVES
from corners.pieces import NPIECES
from quadutil import Rng
from test_corners_ai import _NoNoise, positions

pytest.importorskip("numpy")
from tools.lab import corners_fit  # noqa: E402


@pytest.mark.parametrize("seed", [3, 4])
def test_static_scores_are_the_static_looks(seed):
    """Every move's score from static_scores x 8 is what rank keeps for it alone, without
    noise or preference, with the colour's own ring."""
    sc = ai._scratch()
    moves, ts = sc[0], sc[2]
    checked = 0
    for g in positions("duo", "fixed", seed=seed, every=4):
        rows = corners_fit.static_scores(g)
        assert len(rows) == g.board.gen(g.turn, moves, 0, MAXMOVES)
        p = ai.Player(g, "expert", 0)
        p.st = ai.SETTINGS["expert"]
        p.ring = ai.SETTINGS["expert"]["ring2" if g.turn == 1 else "ring"]
        p.rng = _NoNoise()
        for m, s in rows[::5]:
            moves[0] = m
            for _ in p.rank(g.turn, ai.enemies(g, g.turn), 1, 1, 0):
                pass
            assert ts[0] == s * 8
            checked += 1
    assert checked >= 100


def _planted(n, a, table, seed):
    """n positions of 30 moves with random scores and pieces, the teacher's choice drawn
    from the logit with coefficient a on the score and table[piece] (quadutil.Rng)."""
    rng = Rng(seed)
    data = []
    for _ in range(n):
        scores = [100 + rng.below(400) for _ in range(30)]
        pieces = [rng.below(NPIECES) for _ in range(30)]
        u = [a * s + table[p] for s, p in zip(scores, pieces)]
        top = max(u)
        w = [math.exp(x - top) for x in u]
        r = rng.below(32768) / 32768 * sum(w)
        i = 0
        while r >= w[i] and i < 29:
            r -= w[i]
            i += 1
        data.append((scores, pieces, i, 0))
    return data


def test_fit_finds_a_planted_table():
    table = [0.0] + [((p * 7) % 11 - 5) / 4 for p in range(1, NPIECES)]
    a, t = corners_fit.fit(_planted(3000, 0.01, table, 5), ridge=0.01)
    assert abs(a - 0.01) < 0.002
    assert max(abs(x - y) for x, y in zip(t, table)) < 0.4
    # the table it prints (the static look's score's units) agrees with the teacher more
    # often than no table does
    data = _planted(600, 0.01, table, 6)
    pref = [round(x / a) for x in t]
    assert corners_fit.agreement(data, pref) > corners_fit.agreement(data, [0] * NPIECES)


def test_load_and_moves_filter(tmp_path, capsys):
    data = _planted(400, 0.01, [0.0] + [1.0] * (NPIECES - 1), 7)
    data = [list(d[:3]) + [k % 10] for k, d in enumerate(data)]
    import json
    f = tmp_path / "d.json"
    f.write_text(json.dumps(data))
    corners_fit.main(["--load", str(f), "--moves", "5"])
    out = capsys.readouterr().out
    assert out.startswith("200 positions")
    assert "PREF = (0, " in out
