"""`python3 -m winquad referee|move`: the output contract of docs/contract.md ("Winther's
Quad"): key: value lines and exit 0, or one `error: line L: ...` line on stderr, nothing on
stdout, exit 2."""

import os
import subprocess
import sys

import pytest

from clitools import contract
from winquad import cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


run, error_line = contract(cli)


def test_referee_four_win():
    code, out, err = run(["referee"], "d4\na1\na2\nb1\na3\nc1\na4\nh8\na5\n")
    assert code == 0 and err == ""
    assert out == "result: win\nwinner: 1\nreason: four\nfour: a2 a3 a4 a5\n"


def test_referee_ongoing_and_empty():
    assert run(["referee"], "") == (0, "result: ongoing\nnext: 1\n", "")
    assert run(["referee"], "d4 # centre\n\n# note\ne5\r\n") == (
        0, "result: ongoing\nnext: 1\n", "")
    assert run(["referee"], "D4\n") == (0, "result: ongoing\nnext: 2\n", "")


def test_referee_captures_and_counters_flag():
    rec = "c3\nd3\na1\nh8\ne3xd3\n"
    code, out, _ = run(["referee", "--counters", "12"], rec)
    assert code == 0 and out == "result: ongoing\nnext: 2\n"


@pytest.mark.parametrize("data,line", [
    ("d4\nd4\n", 2),                 # taken
    ("d4\ne5\nc3\n", 3),             # White's second not on the rim
    ("d4\ne5\nh4\nq9\n", 4),         # not a cell
    ("d4\n\n# x\nd4-d5\n", 4),       # a move while counters are in hand
    ("d4 e5\n", 1),                  # two turns on one line
    ("d4\ne5xd4\n", 2),              # nothing to take
    ("d4\re5\n", 1),                 # a lone carriage return
    ("d4\n\x01\n", 2),               # a control character
])
def test_referee_errors_name_the_first_bad_line(data, line):
    assert error_line(["referee"], data) == line


def test_non_ascii_is_an_error_on_its_line():
    assert error_line(["referee"], "d4\ne5 \xc3\xa9\n".encode("latin-1")) == 2


def test_a_turn_after_the_end_is_an_error():
    assert error_line(["referee"], "d4\na1\na2\nb1\na3\nc1\na4\nh8\na5\nh1\n") == 10


@pytest.mark.parametrize("args", [["referee", "--counters", "13"],
                                  ["referee", "--counters", "x"], ["referee", "--bogus"],
                                  ["bogus"], [], ["move"], ["move", "--level", "god"],
                                  ["move", "--level", "easy", "--seed", "x"]])
def test_flag_errors_are_line_0(args):
    assert error_line(args, "") == 0


def test_move_is_legal_and_deterministic():
    rec = "d4\ne5\nh4\nd5\n"
    code, out, _ = run(["move", "--level", "expert", "--seed", "3"], rec)
    assert code == 0 and out.count("\n") == 1
    assert run(["move", "--level", "expert", "--seed", "3"], rec)[1] == out
    code, out2, _ = run(["referee"], rec + out)
    assert code == 0 and out2.startswith("result: ")


def test_move_after_the_end_is_an_error():
    assert error_line(["move", "--level", "easy"], "d4\na1\na2\nb1\na3\nc1\na4\nh8\na5\n") == 9


def test_the_command_runs_as_a_module():
    p = subprocess.run([sys.executable, "-m", "winquad", "referee"], input=b"d4\ne5\n",
                       capture_output=True, cwd=ROOT)
    assert p.returncode == 0 and p.stdout == b"result: ongoing\nnext: 1\n" and p.stderr == b""
    p = subprocess.run([sys.executable, "-m", "winquad", "referee"], input=b"d4\nd4\n",
                       capture_output=True, cwd=ROOT)
    assert p.returncode == 2 and p.stdout == b"" and p.stderr.startswith(b"error: line 2: ")


def test_hostile_tokens_get_the_one_wording_quoted_short():
    """docs/contract.md, "Errors": a cell off the board (a column or row past it, row 0,
    5000 digits) is one line in every game's words; a huge garbage token is quoted cut."""
    from clitools import check_hostile_tokens
    check_hostile_tokens(run, ["referee"], 'd4', 8, ("i1", "a9", "a0", "q9", "h10"), 'is not a turn')


def test_hostile_flag_numbers_are_refused_in_our_words():
    from clitools import check_hostile_flags
    check_hostile_flags(run, ["move", "--level", "easy"])
