"""The sparring partner's game records (`tools/sparring.py --out DIR`): every game is written
as a plain record that the referee replays to the same result, and writing records does not
change how either side plays (the partner is the ladder's fixed yardstick)."""

import subprocess
import sys
from pathlib import Path

from quadcore import Game
from quadcore.cli import load_record
from tools import sparring

ROOT = Path(__file__).resolve().parent.parent


def test_record_replays_to_the_same_result():
    for first in (True, False):
        rec = []
        r = sparring.play("easy", first, 5, record=rec)
        assert r == sparring.play("easy", first, 5)  # a record changes nothing
        g = load_record(Game(size=11), "\n".join(rec))
        assert g.result is not None and g.turns == len(rec)
        lv_seat = 0 if first else 1
        kind, winner, _ = g.result
        want = 0.5 if kind == "draw" else (1 if winner == lv_seat else 0)
        assert want == r


def test_out_writes_one_record_a_game(tmp_path):
    out = tmp_path / "games"
    p = subprocess.run([sys.executable, "-m", "tools.sparring", "--level", "easy", "--games",
                        "2", "--seed", "5", "--out", str(out)],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    files = sorted(x.name for x in out.iterdir())
    assert files == ["game-000.txt", "game-001.txt"]
    for i, name in enumerate(files):
        text = (out / name).read_text()
        head = text.splitlines()[0]
        assert head.startswith("# easy moved %s" % ("first" if i == 0 else "second"))
        r = sparring.play("easy", i == 0, 5)
        assert head.endswith({1: "won by easy", 0: "lost by easy", 0.5: "drawn by easy"}[r])
        ref = subprocess.run([sys.executable, "-m", "quadcore", "referee"], input=text,
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert ref.returncode == 0 and ref.stdout.startswith("result: ")
    # The summary is the same as without records.
    wins = sum(sparring.play("easy", i == 0, 5) == 1 for i in range(2))
    assert "overall: 2 games, +%d =" % wins in p.stdout


def _minimax(p, b, c, o, s_c, s_o, depth):
    """The deeper partner's value without pruning (the same turns, every one searched)."""
    ev = sparring.evaluate
    if b.nopen[c][3]:
        return sparring.WIN
    if depth == 0:
        return ev(b, c, o, s_c, s_o)
    if len(b.threat_cells(o)) > s_c + 1:
        return -sparring.WIN
    opts = p.ordered(b, c, o, s_c, s_o)
    if not opts:
        return ev(b, c, o, s_c, s_o)
    if opts[0][0] == sparring.WIN:
        return sparring.WIN
    best = -2 * sparring.WIN
    for _, (stars, m) in opts:
        p.put(b, stars, m, c)
        best = max(best, -_minimax(p, b, o, c, s_o, s_c - len(stars), depth - 1))
        p.take(b, stars, m)
    return best


def test_deeper_partner_prunes_nothing_that_counts():
    """Alpha-beta gives the value of the full search, and the board comes back unchanged."""
    from quadcore.arena import random_turn
    from quadutil import Rng
    checked = 0
    for seed in range(12):
        g = Game(size=7)
        rng = Rng(seed)
        for _ in range(4 + seed % 5):
            g.play(random_turn(g, rng))
        if g.result is not None:
            continue
        p = sparring.Deeper(3, width=4)
        b = g.board
        c = g.rules.seat_colours[g.turn][0]
        s_c, s_o = g.stars_left[g.turn], g.stars_left[1 - g.turn]
        before = bytes(b.cells)
        W = 2 * sparring.WIN
        got = p.value(b, c, 1 - c, s_c, s_o, 3, -W, W)
        assert bytes(b.cells) == before
        assert got == _minimax(p, b, c, 1 - c, s_c, s_o, 3)
        checked += 1
    assert checked >= 8


def test_deeper_partner_plays_replayable_games():
    rec, cnt = [], []
    r = sparring.play("partner-3", False, 3, record=rec, counts_out=cnt)
    g = load_record(Game(size=11), "\n".join(rec))
    assert g.result is not None and g.turns == len(rec)
    kind, winner, _ = g.result
    assert r == (0.5 if kind == "draw" else (1 if winner == 1 else 0))
    assert len(cnt) == (len(rec) - 2) // 2 and max(cnt) > 8 * 8  # it searched 3 turns


def test_unknown_levels_are_refused():
    for bad in ("partner-2", "partner-x", "wizard"):
        p = subprocess.run([sys.executable, "-m", "tools.sparring", "--level", bad],
                           cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert p.returncode == 2 and "error:" in p.stderr and "Traceback" not in p.stderr
