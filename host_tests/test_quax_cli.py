"""`python3 -m quax referee|move`: the output contract of docs/contract.md ("The Quax family"):
key: value lines and exit 0, or one `error: line L: ...` line on stderr, nothing on stdout,
exit 2; records read by the shared reader (quadutil.record)."""

import os
import subprocess
import sys

import pytest

from clitools import contract
from quax import cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK4 = "b2\na2\na1\nb1\nb3\nc3\nc4\nb4\na1-b2\nd2\nd1\nd3\nb3-c4\n"


run, error_line = contract(cli)


def test_referee_link_example_win():
    code, out, err = run(["referee", "--rules", "link", "--size", "4"], LINK4)
    assert code == 0 and err == ""
    assert out == ("result: win\nwinner: 1\nplayer: 1\nreason: chain\n"
                   "chain: a1 b2 b3 c4\n")


def test_referee_ongoing_swap_and_comments():
    assert run(["referee"], "") == (0, "result: ongoing\nnext: 1\nplayer: 1\n", "")
    assert run(["referee", "--rules", "crossway"], "e5 # centre\n\n# note\nSWAP\r\nd4\n") == (
        0, "result: ongoing\nnext: 1\nplayer: 2\n", "")


def test_referee_white_win_after_a_swap_names_the_player():
    # Black's a2 then swap: the second player is Black; White (the first player) joins
    # file a to file d along rank 1.
    rec = "a2\nswap\na1\nb2\nb1\nc2\nc1\nd3\nd1\n"
    code, out, _ = run(["referee", "--rules", "quickway", "--size", "4"], rec)
    assert code == 0 and out == ("result: win\nwinner: 2\nplayer: 1\nreason: chain\n"
                                 "chain: a1 b1 c1 d1\n")


@pytest.mark.parametrize("args,data,line", [
    ([], "c3\nc3\n", 2),                          # taken
    ([], "c3\nswap\nswap\n", 3),                  # a second swap
    ([], "c3\nd4\nswap\n", 3),                    # swap too late
    (["--rules", "link"], "c3\nswap\n", 2),       # no pie rule in Link
    ([], "c3\nd4\npass\n", 3),                    # a pass with turns to play
    ([], "c3\nd4\nl12\n", 3),                     # not a cell of 11 x 11
    (["--size", "9"], "c3\nd4\nj1\n", 3),         # not a cell of 9 x 9
    ([], "a1\nb1\nb2\na2\na1-c3\n", 5),           # not diagonal
    ([], "a1\nb1\nb2\na2\nb1-a2\n", 5),           # not White's stones
    (["--rules", "quickway"], "a1\nb1\nb2\na2\na1-b2\n", 5),   # no link turns
    (["--rules", "crossway", "--pie", "off"], "a1\nb1\ne5\na2\nb2\n", 5),  # checkerboard
    ([], "c3 d4\n", 1),                           # two turns on one line
    ([], "c3\rd4\n", 1),                          # a lone carriage return
    ([], "c3\n\x01\n", 2),                        # a control character
])
def test_referee_errors_name_the_first_bad_line(args, data, line):
    assert error_line(["referee"] + args, data) == line


def test_non_ascii_and_a_turn_after_the_end():
    assert error_line(["referee"], "c3\nd4 \xc3\xa9\n".encode("latin-1")) == 2
    assert error_line(["referee", "--rules", "link", "--size", "4"], LINK4 + "a4\n") == 14


@pytest.mark.parametrize("args", [["referee", "--size", "3"], ["referee", "--size", "20"],
                                  ["referee", "--size", "x"], ["referee", "--rules", "hex"],
                                  ["referee", "--pie", "yes"], ["referee", "--bogus"],
                                  ["bogus"], [], ["move"], ["move", "--level", "god"],
                                  ["move", "--level", "easy", "--seed", "x"]])
def test_flag_errors_are_line_0(args):
    assert error_line(args, "") == 0


@pytest.mark.parametrize("rules", ["quax", "link", "quickway", "crossway", "quadrex"])
def test_move_is_legal_and_deterministic(rules):
    rec = "e5\nd4\nf6\n"
    args = ["move", "--rules", rules, "--size", "9", "--level", "expert", "--seed", "3"]
    code, out, _ = run(args, rec)
    assert code == 0 and out.count("\n") == 1
    assert run(args, rec)[1] == out
    code, out2, _ = run(["referee", "--rules", rules, "--size", "9"], rec + out)
    assert code == 0 and out2.startswith("result: ")


def test_move_after_the_end_is_an_error():
    assert error_line(["move", "--level", "easy", "--rules", "link", "--size", "4"],
                      LINK4) == 13


def test_the_command_runs_as_a_module():
    p = subprocess.run([sys.executable, "-m", "quax", "referee", "--rules", "crossway"],
                       input=b"e5\nd4\n", capture_output=True, cwd=ROOT)
    assert p.returncode == 0 and p.stdout == b"result: ongoing\nnext: 1\nplayer: 1\n"
    p = subprocess.run([sys.executable, "-m", "quax", "referee"], input=b"d4\nd4\n",
                       capture_output=True, cwd=ROOT)
    assert p.returncode == 2 and p.stdout == b"" and p.stderr.startswith(b"error: line 2: ")


def test_hostile_tokens_get_the_one_wording_quoted_short():
    """docs/contract.md, "Errors": a cell off the board (a column or row past it, row 0,
    5000 digits) is one line in every game's words; a huge garbage token is quoted cut."""
    from clitools import check_hostile_tokens
    check_hostile_tokens(run, ["referee", "--size", "9"], 'c3', 9, ("j1", "a10", "t1", "a0"), 'is not a turn')


def test_hostile_flag_numbers_are_refused_in_our_words():
    from clitools import check_hostile_flags
    check_hostile_flags(run, ["move", "--level", "easy"])
