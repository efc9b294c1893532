"""Master's code and scratch (quadcore/ai/master.py) stay off an Expert game's heap: Average
and Expert load neither master.py nor the larger per-ply scratch; Master loads both."""

import subprocess
import sys
from pathlib import Path

CODE = """
import sys
from quadcore import Game, ai
from quadcore.ai import turns
g = Game(size=11)
g.play("f6")
for lv in ("average", "expert"):
    ai.choose(g, lv, 3)
ai.hint(g, 3)
print("quadcore.ai.master" in sys.modules, len(turns.TOPI), len(turns.NNEED), turns.S)
ai.choose(g, "master", 3, seconds=5)
print("quadcore.ai.master" in sys.modules, len(turns.TOPI), len(turns.NNEED), turns.S,
      "quadcore.ai.deep" in sys.modules)
ai.choose(g, "expert", 3)
print(turns.S)
ai.choose(g, "master", 3, seconds=5)
print("quadcore.ai.master" in sys.modules)
"""


def test_expert_loads_no_master_code_and_keeps_the_small_scratch():
    root = str(Path(__file__).resolve().parent.parent)
    out = subprocess.run([sys.executable, "-c", CODE], cwd=root, capture_output=True,
                         text=True, check=True).stdout.split("\n")
    assert out[0] == "False 9 3 3"  # 3 plies x 3 turns, no Master module
    assert out[1] == "False 15 3 5 False"  # Master: 5 turns a node, 3 deep (no deep.py)
    assert out[2] == "3"  # Expert after Master searches 3 wide again
    # Master's module is needed at a search's start only (and to enlarge the scratch, the
    # first time): during a later search it is off the heap.
    assert out[3] == "False"


def test_a_search_deeper_than_master_allows_is_refused():
    import pytest
    from quadcore import Game
    from quadcore.ai import turns
    from quadcore.ai.master import fit
    from quadcore.ai.master import master_cfg
    from quadcore.ai.turns import Turns
    from quadutil import Rng
    g = Game(size=11)
    g.play("f6")
    pl = Turns(g, "master", Rng(0), dict(master_cfg(5), depth=7))
    with pytest.raises(ValueError):
        list(pl.run())  # the turn search starts with fit
    with pytest.raises(ValueError):
        fit(vars(turns), 9, 3)
    assert len(turns.NNEED) <= 6  # nothing enlarged


def test_only_a_search_deeper_than_3_loads_the_deep_plies():
    code = ("import sys; from quadcore import Game; from quadcore.ai.master import master_cfg; "
            "from quadcore.ai.turns import Turns; from quadutil import Rng; "
            "g = Game(size=11); g.play('f6'); "
            "t = list(Turns(g, 'master', Rng(0), dict(master_cfg(5), depth=4)).run())[-1]; "
            "print('quadcore.ai.deep' in sys.modules, g.turns)")
    root = str(Path(__file__).resolve().parent.parent)
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                         text=True, check=True).stdout.strip()
    assert out == "True 1"
