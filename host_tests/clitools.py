"""The command-line contract's two checks, for any game whose cli.main takes
(argv, stdin=, stdout=, stderr=) as winquad's, quax's and corners' do (docs/contract.md)."""

import io


def contract(cli):
    """(run, error_line) for a game's cli module: run(args, data) -> (exit code, stdout,
    stderr); error_line(args, data) asserts the one-error-line answer and returns its L."""

    def run(args, data):
        if isinstance(data, str):
            data = data.encode("ascii")
        out, err = io.StringIO(), io.StringIO()
        code = cli.main(args, stdin=io.BytesIO(data), stdout=out, stderr=err)
        return code, out.getvalue(), err.getvalue()

    def error_line(args, data):
        code, out, err = run(args, data)
        assert code == 2 and out == ""
        lines = err.split("\n")
        assert len(lines) == 2 and lines[1] == "" and lines[0].startswith("error: line "), err
        assert all(32 <= ord(ch) < 127 for ch in lines[0])
        return int(lines[0].split()[2].rstrip(":"))

    return run, error_line


# docs/contract.md, "Errors": the one wording of a cell that is not on the board, in every
# game, and how a token of the input is quoted (cut after 24 characters).
OFF_BOARD = "error: line %d: '%s' is off the %d x %d board (a1 to %s)"
QUOTE = 24


def check_hostile_tokens(run, args, first, n, off, garbage_words):
    """A game's answers to hostile record lines after the good line `first`: every cell of
    `off` (written as a cell, not on the n x n board) gets the one off-board line; a row
    of 5000 digits the same, in our words (not Python's digit limit), quoted cut; a
    200,000-character garbage token is quoted cut after QUOTE characters, in a line that
    says `garbage_words`. run(args, data) -> (exit code, stdout, stderr)."""
    last = "%s%d" % ("abcdefghijklmnopqrstuvwxyz"[n - 1], n)
    for cell in off:
        rc, out, err = run(args, "%s\n%s\n" % (first, cell))
        assert (rc, out, err) == (2, "", OFF_BOARD % (2, cell, n, n, last) + "\n"), err
    huge = "a" + "1" * 5000
    rc, out, err = run(args, "%s\n%s\n" % (first, huge))
    assert (rc, out) == (2, "")
    assert err == "error: line 2: '%s...' is off the %d x %d board (a1 to %s)\n" % (
        huge[:QUOTE], n, n, last), err
    junk = "q" * 7 + "%" * 200_000
    rc, out, err = run(args, "%s\n%s\n" % (first, junk))
    assert (rc, out) == (2, "") and err.count("\n") == 1
    assert "'%s...'" % junk[:QUOTE] in err and garbage_words in err, err[:200]
    assert len(err) < 160, err[:200]


def check_hostile_flags(run, args):
    """A number on the command line (the seed) of 5000 digits, of 100,000 characters of
    garbage (a process argument holds at most 128 KB) or negative is refused in our words,
    the value quoted cut, on line 0."""
    for flag, value in (("--seed", "9" * 5000), ("--seed", "x" * 100_000), ("--seed", "-3")):
        rc, out, err = run(args + [flag, value], "")
        assert (rc, out) == (2, "") and err.count("\n") == 1, err[:200]
        assert err.startswith("error: line 0: --seed: %s" % (
            "'%s...'" % value[:QUOTE] if len(value) > QUOTE else repr(value)))
        assert "is not a whole number (digits 0-9)" in err and len(err) < 160, err[:200]
