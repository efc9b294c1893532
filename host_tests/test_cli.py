"""The referee command line, exactly as shared/contract.md fixes it (system Python, stdlib only)."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(args, record):
    # The engine needs nothing outside the standard library: use a bare interpreter with
    # only the repo on the path (no venv site-packages).
    p = subprocess.run([sys.executable, "-S", "-m", "quadcore"] + args, input=record,
                       capture_output=True, text=True, cwd=ROOT)
    return p.returncode, p.stdout, p.stderr


def test_quad_win():
    rc, out, err = run(["referee"], "*e6 f7\na2\nc3\nb2\nc5\nb3\ne3\nb4\ne5\n")
    assert rc == 0 and err == ""
    assert out == "result: win\nwinner: 1\nreason: quad\nquad: c3 c5 e3 e5\n"


def test_tilted_quad_cells_sorted_by_column_then_row():
    rc, out, _ = run(["referee"], "b2\nk5\ne3\nk6\nd6\nk7\na5\n")
    assert rc == 0
    assert out.splitlines()[-1] == "quad: a5 b2 d6 e3"


def test_ongoing_with_comments_and_blank_lines():
    rc, out, _ = run(["referee"], "# opening\n\ne6 # centre\n\n")
    assert (rc, out) == (0, "result: ongoing\nnext: 2\n")


def test_stars_win_and_draw():
    rc, out, _ = run(["referee", "--size", "7", "--marbles", "2", "--stars", "2"],
                     "*b2 c3\nd4\n*e5 b6\nf2\n")
    assert out == "result: win\nwinner: 2\nreason: stars\n"
    rc, out, _ = run(["referee", "--size", "7", "--marbles", "1", "--stars", "1"], "c3\nd4\n")
    assert out == "result: draw\n"


def test_one_short_flag():
    rec = "b2\nf2\nb4\nf3\nd2\ne6\n"
    _, out, _ = run(["referee", "--size", "7", "--marbles", "3", "--stars", "0"], rec)
    assert out == "result: draw\n"
    _, out, _ = run(["referee", "--size", "7", "--marbles", "3", "--stars", "0",
                     "--one-short"], rec)
    assert out == "result: win\nwinner: 1\nreason: one-short\n"


@pytest.mark.parametrize("record,line,words", [
    ("e6\na1\n", 2, "'a1' is off the 11 x 11 board (its four corner cells are not part"),
    ("e6\ne6\n", 2, "already holds"),
    ("\n\nf5\n*e6\n", 4, "must end with a marble"),
    ("c3\nb2\nc5\nb3\ne3\nb4\ne5\nf9\n", 8, "after the game has ended"),
    ("e6 foo\n", 1, "unknown token"),
    ("*a2 *a3 *a4 *a5 *a6 *a7 *a8 e6\n", 1, "no stars left"),
])
def test_errors(record, line, words):
    rc, out, err = run(["referee"], record)
    assert rc == 2 and out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith("error: line %d: " % line) and words in err


def test_variant_flags():
    _, out, _ = run(["referee", "--variant", "trek", "--size", "7", "--marbles", "1"],
                    "b2\nf6\nb2-c3\n")
    assert out == "result: ongoing\nnext: 2\n"
    _, out, _ = run(["referee", "--variant", "duel"], "c3 c5\nk4 k5\n")
    assert out == "result: ongoing\nnext: 1\n"
    _, out, _ = run(["referee", "--variant", "bridge", "--players", "4"], "c3\n")
    assert out == "result: ongoing\nnext: 2\n"


def test_squares_subcommand():
    rc, out, _ = run(["squares", "--size", "11"], "")
    assert rc == 0 and "1173 squares (formula 1173)" in out


def test_hostile_tokens_get_the_one_wording_quoted_short():
    """docs/contract.md, "Errors": a cell off the board (a column or row past it, row 0,
    5000 digits) is one line in every game's words; a huge garbage token is quoted cut."""
    from clitools import check_hostile_tokens
    check_hostile_tokens(run, ["referee"], "e6", 11, ("l5", "z9", "e12", "e0", "e100"),
                         "unknown token")
    check_hostile_tokens(run, ["referee", "--size", "15"], "e6", 15, ("p5", "e16"),
                         "unknown token")


def test_hostile_flag_numbers_are_refused_in_our_words():
    from clitools import check_hostile_flags
    check_hostile_flags(run, ["move", "--level", "easy"])
