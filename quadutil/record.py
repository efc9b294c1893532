"""The one record reader of every game's command line (host only; docs/contract.md).

A record is bytes: one turn a line, `#` starts a comment, blank and comment lines are
skipped but counted. The reader is strict and lazy: a line is checked when it is reached,
so the error names the first line at fault, whether that is a character a record may not
hold or a turn the game refuses (`d4`, `d4`, then a non-text byte: line 2).

What a line may hold:
- Lines end at "\\n"; a "\\r" straight before it is dropped ("\\r\\n"). Nothing else ends a
  line: a lone "\\r" (also at the very end of the input), "\\f", "\\v" are refused.
- Printable ASCII (0x20-0x7E) and tab, nothing else. A non-ASCII character is named as
  "U+XXXX" when the line is UTF-8, else its byte is.

The device never loads this module: the games' command lines (quadcore/cli.py,
winquad/cli.py, ...) are host-only.
"""

import argparse
import re
import sys

from quadutil import shown

_BAD = re.compile(rb"[^\t\x20-\x7e]")


class RecordError(Exception):
    """A bad record line (or, with line 0, a bad command line). str() is the contract's
    whole error line: `error: line L: <what is wrong>`."""

    def __init__(self, line, msg):
        Exception.__init__(self, "error: line %d: %s" % (line, msg))
        self.line = line
        self.msg = msg


def _bad_char(raw, i):
    """The message for the first character a record may not hold (at byte i of the line)."""
    b = raw[i]
    if b < 0x80:
        return "character U+%04X is not allowed: a record is plain ASCII text" % b
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return "byte 0x%02X is not text: a record is plain ASCII" % b
    for c in text:
        if not (c == "\t" or " " <= c <= "~"):
            return "character U+%04X is not allowed: a record is plain ASCII text" % ord(c)
    return "byte 0x%02X is not allowed" % b  # not reached: _BAD found a byte above


def _text(number, raw):
    m = _BAD.search(raw)
    if m:
        raise RecordError(number, _bad_char(raw, m.start()))
    return raw.decode("ascii")


def record_lines(data):
    """(number, text) of every line of a record (bytes, or str), 1-based, checked as it is
    reached; RecordError on the first line that is not plain ASCII."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    ended = data.split(b"\n")
    tail = ended.pop()  # after the last newline: a last line with no end, or nothing
    number = 0
    for number, raw in enumerate(ended, 1):
        yield number, _text(number, raw[:-1] if raw.endswith(b"\r") else raw)
    if tail:
        yield number + 1, _text(number + 1, tail)  # its "\r" is no line end: refused


def load(play, data, over, one_token=False):
    """Play every turn of a record: `play(text)` plays one (ValueError if illegal, the
    game unchanged), `over()` says whether the game has ended. RecordError names the
    first bad line. Returns the number of the last line read (0 for no line)."""
    last = 0
    for number, line in record_lines(data):
        last = number
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        if over():
            raise RecordError(number, "a turn after the game has ended")
        if one_token and len(body.split()) > 1:
            raise RecordError(number, "two turns on one line (one turn per line)")
        try:
            play(body)
        except ValueError as e:
            raise RecordError(number, str(e))
    return last


class Parser(argparse.ArgumentParser):
    """argparse for a game's command line: a bad flag is the contract's one error line on
    line 0 (RecordError), not argparse's usage text and exit. A value argparse quotes is
    cut as a token is (quadutil.shown), and its "argument --flag:" reads "--flag:", as in
    quadcore's own flags."""

    def error(self, message):
        message = re.sub(r"^argument ", "", message)
        message = re.sub(r"'([^']{25,})'", lambda m: shown(m.group(1)), message)
        message = re.sub(r"[^ ']{40,}", lambda m: shown(m.group(0))[1:-1], message)
        raise RecordError(0, message)


def number(lo=0, hi=999_999_999, choices=None):
    """An argparse type for a flag's whole number, read as quadcore reads its flags: ASCII
    digits, at most 9 of them (a huge token is refused without being converted), from lo
    to hi, or one of `choices`. Its refusal, after argparse's "--flag: ", is one of the
    contract's line-0 errors."""
    def parse(text):
        if not (text.isascii() and text.isdigit() and len(text) <= 9):
            raise argparse.ArgumentTypeError("%s is not a whole number (digits 0-9)"
                                             % shown(text))
        n = int(text)
        if choices is not None and n not in choices:
            raise argparse.ArgumentTypeError("must be %s (not %d)" % (
                ", ".join(str(c) for c in choices[:-1]) + " or %d" % choices[-1], n))
        if not lo <= n <= hi:
            raise argparse.ArgumentTypeError("must be %d..%d (not %d)" % (lo, hi, n))
        return n
    return parse


def commands(prog, description):
    """(parser, subcommands) of a game's command line; each subcommand sets `fn(args,
    record bytes) -> output lines` (set_defaults) for `run`."""
    ap = Parser(prog=prog, description=description)
    return ap, ap.add_subparsers(dest="cmd", required=True, parser_class=Parser)


def run(ap, argv=None, stdin=None, stdout=None, stderr=None):
    """Parse argv, run the subcommand on the record from stdin and write the contract's
    answer: its lines on stdout, exit 0; or one `error: line L: ...` on stderr, exit 2."""
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    try:
        a = ap.parse_args(argv)
        lines = a.fn(a, stdin.read())
    except RecordError as e:
        stderr.write(str(e) + "\n")
        return 2
    stdout.write("\n".join(lines) + "\n")
    return 0
