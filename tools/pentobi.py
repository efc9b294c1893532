"""Pentobi's GTP engine (pentobi-gtp) as a test and measurement tool: a reference for the
legal moves and final scores of the corner polyomino game (corners/) and a sparring
partner for its computer player. Never part of the device bundle.

Where it is found (first hit wins): the environment variable PENTOBI_GTP (a path to the
program); ../shared/pentobi/bin/pentobi-gtp beside the clone. Build it from Pentobi's
source (its GTP engine only, no GUI) and set PENTOBI_GTP where neither is there.

    with Gtp("duo", level=1) as p:
        p.play(0, "e10,e11,e12,f12,g12")   # colour 0..3 (Duo: 0 Black, 1 White)
        p.genmove(1)                        # -> "j5,..." or "pass"
        p.all_legal(1)                      # -> set of frozensets of cell names
        p.final_score()                     # -> Pentobi's text ("B+3", "0", "12 7 0 3")
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED = REPO_ROOT.parent / "shared" / "pentobi" / "bin" / "pentobi-gtp"
MISSING = ("pentobi-gtp not found: build Pentobi's GTP engine (pentobi-gtp) from its source "
           "and set PENTOBI_GTP=/path/to/pentobi-gtp")


class Missing(RuntimeError):
    pass


def find():
    env = os.environ.get("PENTOBI_GTP")
    if env:
        if Path(env).is_file():
            return env
        raise Missing(MISSING + " (PENTOBI_GTP=%s is no file)" % env)
    if SHARED.is_file():
        return str(SHARED)
    raise Missing(MISSING)


def available():
    try:
        find()
        return True
    except Missing:
        return False


def book_file(variant):
    """Pentobi's own opening book of the variant: PENTOBI_BOOKS (a folder) if set, else
    books/ beside the program's bin/ folder (book_duo.blksgf, book_classic_2.blksgf, ...)."""
    env = os.environ.get("PENTOBI_BOOKS")
    where = Path(env) if env else Path(find()).resolve().parent.parent / "books"
    f = where / ("book_%s.blksgf" % variant)
    if not f.is_file():
        raise Missing("Pentobi's opening book %s not found (set PENTOBI_BOOKS to its folder)"
                      % f)
    return str(f)


def colour_name(variant, c):
    return "bw"[c] if variant == "duo" else str(c + 1)


class Gtp:
    def __init__(self, variant="duo", level=1, seed=None, book=False, threads=1):
        """book: False for none (--nobook), True for Pentobi's own book of the variant
        (book_file), or a book file's path."""
        args = [find(), "--game", variant, "--level", str(level), "--noresign", "--quiet",
                "--threads", str(threads)]
        if not book:
            args.append("--nobook")
        else:
            args += ["--book", book_file(variant) if book is True else str(book)]
        if seed is not None:
            args += ["--seed", str(seed)]
        self.variant = variant
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def cmd(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        out = []
        while True:
            s = self.proc.stdout.readline()
            if not s:
                raise RuntimeError("pentobi-gtp ended on %r" % line)
            s = s.rstrip("\n")
            if not s and out:
                break
            if s or out:
                out.append(s)
        head = out[0]
        if head.startswith("?"):
            raise ValueError("pentobi-gtp refused %r: %s" % (line, head))
        out[0] = head[1:].strip()
        return "\n".join(out).strip()

    def play(self, c, move):
        self.cmd("play %s %s" % (colour_name(self.variant, c), move))

    def genmove(self, c):
        return self.cmd("genmove %s" % colour_name(self.variant, c)).strip()

    def all_legal(self, c):
        text = self.cmd("all_legal %s" % colour_name(self.variant, c))
        return {frozenset(line.split(",")) for line in text.split("\n") if line.strip()}

    def final_score(self):
        return self.cmd("final_score")

    def clear(self):
        self.cmd("clear_board")

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.flush()
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
