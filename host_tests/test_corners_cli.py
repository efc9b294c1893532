"""`python3 -m corners referee|legal|move|sgf`: the output contract of docs/contract.md
("Corner polyominoes"): key: value lines and exit 0, or one `error: line L: ...` line on
stderr, nothing on stdout, exit 2."""

import os
import subprocess
import sys

from clitools import contract
from corners import cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


run, error_line = contract(cli)


def test_referee_ongoing():
    code, out, err = run(["referee"], "e10,e11,e12,f12,g12\n# a comment\n\nj5\n")
    assert code == 0 and err == ""
    assert out == "result: ongoing\nnext: purple\nplayer: 1\nscores: -84 -88\n"
    code, out, _ = run(["referee", "--variant", "classic_2"], "a20\n")
    assert out == "result: ongoing\nnext: yellow\nplayer: 2\nscores: -177 -178\n"


def test_referee_finished_game_and_move_appends():
    from corners import Game, ai
    g = Game("duo")
    while not g.over:
        g.play(ai.choose(g, "easy", g.plies))
    code, out, _ = run(["referee"], g.record() + "\n")
    s = g.player_scores()
    w = g.winners()
    assert code == 0 and out.startswith("result: win\n" if len(w) == 1 else "result: draw\n")
    assert out.endswith("scores: %d %d\n" % tuple(s))
    assert error_line(["move", "--level", "easy"], g.record() + "\n") == g.plies


def test_move_is_legal_and_deterministic():
    rec = "e10,e11,e12,f12,g12\nj5\n"
    code, out, _ = run(["move", "--level", "average", "--seed", "3"], rec)
    assert code == 0 and out.count("\n") == 1
    assert run(["move", "--level", "average", "--seed", "3"], rec)[1] == out
    assert run(["referee"], rec + out)[0] == 0


def test_legal_lists_moves():
    code, out, _ = run(["legal"], "")
    assert code == 0 and len(out.splitlines()) == 414 and "e10" in out.splitlines()


def test_errors_name_the_first_bad_line():
    assert error_line(["referee"], "e10\nf10\n") == 2      # Orange must cover j5
    assert error_line(["referee"], "e10\nj5\nf10\n\xe9\n".encode("latin-1")) == 3
    assert error_line(["referee"], "e10\nj5\nd9,e9\n") == 3
    assert error_line(["referee"], "e10\r") == 1
    assert error_line(["referee"], "e10\nq5\n") == 2
    assert error_line(["referee", "--variant", "trigon"], "") == 0
    assert error_line(["referee", "--variant", "duo", "--start", "any"], "") == 0
    assert error_line(["move"], "") == 0


def test_sgf_round_trip():
    rec = "e10,e11,e12,f12,g12\nj5\n"
    code, out, _ = run(["sgf", "export"], rec)
    assert code == 0 and out == "(\n;GM[Blokus Duo]\n;B[e10,e11,e12,f12,g12]\n;W[j5]\n)\n"
    code, back, _ = run(["sgf", "import"], out)
    assert back == "# variant: duo\n" + rec
    assert error_line(["sgf", "import"], "(;GM[Go])") == 0


def test_module_entry_point():
    p = subprocess.run([sys.executable, "-m", "corners", "referee"], input=b"e10\n",
                       capture_output=True, cwd=ROOT)
    assert p.returncode == 0 and p.stdout == b"result: ongoing\nnext: orange\nplayer: 2\nscores: -88 -89\n"


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from tiers import examples  # the quick tier: a quarter of the examples


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.text(alphabet="abcdefghijklmnopqrstz0123456789,# \t-", max_size=16),
                max_size=6))
def test_any_record_gets_a_result_or_one_error_line(lines):
    code, out, err = run(["referee", "--variant", "classic"], "\n".join(lines) + "\n")
    if code == 0:
        assert err == "" and out.startswith("result: ")
    else:
        assert code == 2 and out == "" and err.count("\n") == 1
        assert err.startswith("error: line ")


def test_hostile_tokens_get_the_one_wording_quoted_short():
    """docs/contract.md, "Errors": a cell off the board (a column or row past it, row 0,
    5000 digits) is one line in every game's words; a huge garbage token is quoted cut."""
    from clitools import check_hostile_tokens
    check_hostile_tokens(run, ["referee"], 'e10', 14, ("o1", "e15", "z9", "e0"), 'is not a cell')


def test_hostile_flag_numbers_are_refused_in_our_words():
    from clitools import check_hostile_flags
    check_hostile_flags(run, ["move", "--level", "easy"])
