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
