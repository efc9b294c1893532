"""The record reader every game's command line shares (quadutil.record): the same strict
input rules and the same first-line-at-fault answer for quadcore and winquad."""

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples  # the quick tier: a quarter of the examples

from conftest import ROOT
from quadutil.record import RecordError, load, record_lines


def lines(data):
    return list(record_lines(data))


def test_line_ends():
    assert lines(b"") == []
    assert lines(b"a\nb") == [(1, "a"), (2, "b")]
    assert lines(b"a\r\nb\r\n") == [(1, "a"), (2, "b")]
    assert lines(b"a\n\n") == [(1, "a"), (2, "")]


@pytest.mark.parametrize("data, line", [
    (b"a\rb\n", 1),       # a lone carriage return ends no line
    (b"a\n b\r", 2),      # nor at the very end of the input
    (b"a\r\r\n", 1),      # only the one straight before the newline is dropped
    (b"a\n\x0cb\n", 2),   # form feed
    (b"a\nb\n\xff\n", 3),
    (b"\xef\xbc\x95\n", 1),  # a fullwidth 5 (UTF-8): named as a character
])
def test_refused(data, line):
    with pytest.raises(RecordError) as e:
        lines(data)
    assert e.value.line == line
    assert str(e.value).startswith("error: line %d: " % line)


def test_utf8_named_raw_byte_not():
    with pytest.raises(RecordError, match="U\\+FF15"):
        lines("\uff15".encode("utf-8"))
    with pytest.raises(RecordError, match="byte 0xFF is not text"):
        lines(b"\xff")


def test_lazy_first_fault_wins():
    """A turn refused on line 2 is named before a bad byte on line 3 is looked at."""
    played = []

    def play(text):
        if text in played:
            raise ValueError("%s is taken" % text)
        played.append(text)

    with pytest.raises(RecordError) as e:
        load(play, b"d4\nd4\n\xff\n", lambda: False)
    assert e.value.line == 2


def test_load_comments_over_and_tokens():
    seen = []
    assert load(seen.append, b"# c\na # x\n\n  b  \n", lambda: False) == 4
    assert seen == ["a", "b"]
    with pytest.raises(RecordError, match="line 2: a turn after the game has ended"):
        load(seen.append, b"a\nb\n", lambda: len(seen) >= 3)
    with pytest.raises(RecordError, match="line 1: two turns on one line"):
        load(seen.append, b"a b\n", lambda: False, one_token=True)


@settings(max_examples=examples(200), deadline=None)
@given(st.binary(max_size=40))
def test_any_bytes_give_lines_or_one_error(data):
    """Whatever the bytes, the reader yields ASCII lines or stops with one RecordError."""
    try:
        for number, text in record_lines(data):
            assert all(c == "\t" or " " <= c <= "~" for c in text)
    except RecordError as e:
        assert 1 <= e.line <= data.count(b"\n") + 1


def run(pkg, data):
    return subprocess.run([sys.executable, "-m", pkg, "referee"], input=data,
                          capture_output=True, cwd=ROOT)


@pytest.mark.parametrize("pkg", ["quadcore", "winquad"])
@pytest.mark.parametrize("data, line", [
    (b"d4\nd4\n\xff\n", 2),  # regression: winquad answered line 3 (it checked every line first)
    (b"d4\r", 1),            # regression: winquad accepted a lone carriage return
    (b"d4\n\x01\n", 2),
])
def test_both_referees_agree(pkg, data, line):
    r = run(pkg, data)
    assert r.returncode == 2 and r.stdout == b""
    err = r.stderr.decode().splitlines()
    assert len(err) == 1 and err[0].startswith("error: line %d: " % line), err
