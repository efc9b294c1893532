"""The referee under fuzzing: ASCII and non-ASCII records, every flag, good and bad values.

Whatever the input, the command keeps the contract: exit 0 with the result lines on stdout
and nothing on stderr, or exit 2 with nothing on stdout and exactly one short ASCII line
`error: line L: ...` on stderr, in our words (no Python exception text, no usage block),
with L the line the problem is on (0 for flags). Notation is ASCII and lines end at "\\n"
(or "\\r\\n"): the first line holding anything else is the line named.
"""

import contextlib
import io
import re
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples  # the quick tier: a quarter of the examples

import pytest

from quadcore import Game, cli
from quadcore.arena import random_turn
from quadcore.prng import Rng

ERROR = re.compile(r"^error: line (\d+): ([ -~]{1,200})$")
LEAKS = ("Traceback", "invalid literal", "int()", "usage:", "Errno", "object",
         "NoneType", "codec", "decode", "argument -")
RESULT = re.compile(r"^(result: (win|draw|ongoing))$|^winner: [1-6]$|^reason: (quad|stars|"
                    r"one-short)$|^quad: ([a-o]\d{1,2} ){3}[a-o]\d{1,2}$|^next: [1-6]$")
FUZZ = settings(max_examples=examples(200), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def referee(args, data):
    """cli.main in this process (stdin as bytes); (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = cli.main(["referee"] + list(args))
    finally:
        sys.stdin = old
    return rc, out.getvalue(), err.getvalue()


def first_bad_line(data):
    """Independent reference: the 1-based line holding a byte outside tab and 0x20-0x7E
    (a "\\r" straight before a "\\n" is the line end), or 0."""
    lines = data.split(b"\n")
    for i, raw in enumerate(lines):
        if i + 1 < len(lines) and raw[-1:] == b"\r":
            raw = raw[:-1]
        for b in raw:
            if not (b == 9 or 32 <= b <= 126):
                return i + 1
    return 0


def check_contract(rc, out, err, data=None, flags_ok=True):
    if rc == 0:
        assert err == ""
        lines = out.splitlines()
        assert lines and all(RESULT.match(s) for s in lines), out
        assert data is None or first_bad_line(data) == 0
        return None
    assert rc == 2 and out == "", (rc, out)
    assert err.endswith("\n") and err.count("\n") == 1, err
    m = ERROR.match(err[:-1])
    assert m, err
    for leak in LEAKS:
        assert leak not in m.group(2), err
    line = int(m.group(1))
    if data is not None and flags_ok:
        bad = first_bad_line(data)
        if bad:
            assert 1 <= line <= bad, (line, bad, err)
            if "not allowed" in err or "not text" in err:
                assert line == bad
        else:
            assert line >= 1
            assert "not allowed" not in err and "not text" not in err
    return line


# ----- strategies ------------------------------------------------------------------------

TOKENS = st.sampled_from(["e6", "f5", "*e6", "*g7", "g5-c3", "a1", "k11", "o15", "E6",
                          "#", "# note", "e", "6", "*", "-", "e0", "z9", "c3 c5", "f6 g7",
                          "*a2 *a3 e6", "x" * 40, "b2-", "e66", "e６", "e٦", "e\u00a06"])
SEPS = st.sampled_from([" ", "  ", "\t", "\n", "\r\n", "\n\n", " # c\n", "\r", "\f", "\v",
                        "\x85", "\u2028", "\u3000", "\x00", "\x7f"])
JUNK = st.sampled_from([b"\xff", b"\xc3", b"\xe2\x80", b"\xed\xa0\x80", b"\xf0\x9f\x98\x80",
                        b"\x80"])


@st.composite
def records(draw):
    parts = []
    for _ in range(draw(st.integers(0, 30))):
        parts.append(draw(TOKENS))
        parts.append(draw(SEPS))
    data = "".join(parts).encode("utf-8")
    if draw(st.booleans()):
        i = draw(st.integers(0, len(data)))
        data = data[:i] + draw(JUNK) + data[i:]
    return data


FLAG_VALUES = {
    "--size": ["5", "7", "11", "15", "4", "16", "abc", "", "５", "-3", "1e3", "0x10",
               "9" * 40, " 7", "7 "],
    "--players": ["2", "3", "4", "6", "1", "7", "two", "٣"],
    "--marbles": ["1", "3", "20", "0", "100", "x"],
    "--stars": ["0", "1", "6", "99", "100", "-1", "six"],
    "--variant": ["standard", "trek", "rapid", "duel", "bridge", "Duel", "chess", "",
                  "x" * 50],
}


@st.composite
def flag_lists(draw):
    out = []
    for name in draw(st.lists(st.sampled_from(sorted(FLAG_VALUES) + ["--one-short",
                                                                     "--bogus", "-s", "x"]),
                              max_size=4)):
        if name in FLAG_VALUES:
            v = draw(st.sampled_from(FLAG_VALUES[name]))
            if draw(st.booleans()):
                out.append("%s=%s" % (name, v))
            else:
                out += [name, v]
        else:
            out.append(name)
    if draw(st.integers(0, 9)) == 0 and out:
        out = out[:-1]  # a flag without its value
    return out


# ----- properties ------------------------------------------------------------------------

@FUZZ
@given(data=records())
def test_any_record_keeps_the_contract(data):
    rc, out, err = referee([], data)
    check_contract(rc, out, err, data)


@FUZZ
@given(flags=flag_lists(), data=records())
def test_any_flags_keep_the_contract(flags, data):
    rc, out, err = referee(flags, data)
    line = check_contract(rc, out, err, data, flags_ok=False)
    if line == 0:
        return
    # A record line was judged: the flags must have been good.
    assert rc == 0 or line >= 1


@settings(max_examples=examples(100), deadline=None)
@given(seed=st.integers(0, 10 ** 6), size=st.integers(5, 15),
       variant=st.sampled_from(["standard", "duel", "trek", "rapid"]),
       players=st.integers(2, 3), style=st.data())
def test_legal_games_in_any_ascii_layout_are_judged_like_the_engine(seed, size, variant,
                                                                    players, style):
    """Differential: the engine plays a random game; its record, with comments, blank
    lines, tabs and CRLF endings added, gets the engine's own result."""
    g = Game(size, players, None, None, False, variant)
    rng = Rng(seed)
    n = style.draw(st.integers(0, 40))
    while g.result is None and g.turns < n:
        t = random_turn(g, rng)
        try:
            g.play(t)
        except ValueError:  # a Duel's first marble already won: the turn ends there
            g.play(t.split()[0])
    lines = []
    for t in g.record().split("\n") if g.turns else []:
        pre = style.draw(st.sampled_from(["", " ", "\t", "  "]))
        post = style.draw(st.sampled_from(["", " ", " # ok", "\t#x"]))
        lines.append(pre + t.replace(" ", style.draw(st.sampled_from([" ", "\t", "  "])))
                     + post)
        if style.draw(st.integers(0, 5)) == 0:
            lines.append(style.draw(st.sampled_from(["", "# comment", "   "])))
    end = style.draw(st.sampled_from(["\n", "\r\n"]))
    data = end.join(lines).encode("ascii") + (end.encode() if lines else b"")
    flags = ["--size", str(size), "--players", str(players), "--variant", variant]
    rc, out, err = referee(flags, data)
    assert (rc, err) == (0, ""), err
    want = cli.referee_lines(g)
    assert out.splitlines() == want


# ----- the cases of the issue, one by one ------------------------------------------------

@pytest.mark.parametrize("data,line", [
    ("e6\ne５\n".encode(), 2),                 # fullwidth digit
    ("e6\nf٥\n".encode(), 2),                  # Arabic-Indic digit
    ("e6\nf5\u00a0\n".encode(), 2),            # no-break space
    ("e6\u3000f5\n".encode(), 1),              # ideographic space
    (b"e6\ff5\n", 1),                          # form feed is not a line break
    (b"e6\vf5\n", 1),                          # nor vertical tab
    ("e6\x85f5\n".encode(), 1),                # nor NEL
    ("e6\u2028f5\n".encode(), 1),              # nor LINE SEPARATOR
    (b"e6\rf5\n", 1),                          # nor a lone CR
    (b"e6\nf5\n\xff\xfe\n", 3),                # invalid UTF-8: its line, not line 0
    (b"e6\n\x00\n", 2),
])
def test_non_notation_is_refused_on_its_line(data, line):
    rc, out, err = referee([], data)
    assert rc == 2 and out == ""
    assert err.startswith("error: line %d: " % line), err
    assert "not allowed" in err or "not text" in err


def test_crlf_line_ends_are_line_ends():
    rc, out, err = referee([], b"e6\r\nf5\r\ng4\r\n")
    assert (rc, out) == (0, "result: ongoing\nnext: 2\n")


def test_a_huge_bad_token_is_not_echoed_whole():
    rc, out, err = referee([], b"e6\n" + b"x" * 10 ** 7 + b"\n")
    assert rc == 2 and err.startswith("error: line 2: ") and len(err) < 120, err[:200]
    rc, out, err = referee([], b"e" + b"9" * 10 ** 6 + b"\n")
    assert rc == 2 and err.startswith("error: line 1: ") and len(err) < 120, err[:200]


@pytest.mark.parametrize("flags,words", [
    (["--size", "abc"], "not a whole number"), (["--size", "５"], "not a whole number"),
    (["--size=abc"], "not a whole number"), (["--size"], "needs a value"),
    (["--players", "9"], "players must be 2..6"), (["--bogus"], "unknown flag"),
    (["--variant", "chess"], "not one of"), (["--size", "11", "--size", "9"], "twice"),
    (["--one-short=yes"], "takes no value"), (["extra"], "unexpected argument"),
    (["--size", "9" * 5000], "not a whole number"),
])
def test_bad_flags_give_one_error_line(flags, words):
    rc, out, err = referee(flags, b"e6\n")
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: line 0: ") and words in err, err
    assert len(err) < 160


def test_real_process_bytes_in_and_one_line_out():
    """The same through a real interpreter without site-packages (standard library only):
    stdin read as bytes whatever the locale."""
    for args, data, want in ((["referee", "--size", "abc"], b"e6\n", "error: line 0: "),
                             (["referee"], b"e6\n\xff\n", "error: line 2: "),
                             (["move", "--level", "easy", "--size", "٧"], b"", "error: line 0: "),
                             (["squares", "--size", "x"], b"", "error: line 0: ")):
        p = subprocess.run([sys.executable, "-S", "-m", "quadcore"] + args, input=data,
                           capture_output=True, cwd=cli.__file__.rsplit("/", 2)[0],
                           env={"LC_ALL": "C", "PATH": "/usr/bin:/bin"})
        assert p.returncode == 2 and p.stdout == b"", p
        assert p.stderr.startswith(want.encode()) and p.stderr.count(b"\n") == 1, p.stderr
        p.stderr.decode("ascii")
