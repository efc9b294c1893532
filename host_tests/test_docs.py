"""README.md and docs/*.md stand on their own: every link and every file they name is in
the repository (a clone has nothing beside it), and the documents the README promises are
there.

What counts as "naming a file": a Markdown link or image target; a path with a slash in a
code span or an indented code block; a file name with a known extension anywhere. Paths on
the device's drive, the host's system and files made by the build are not in the repository
by nature: they are listed below, each with the reason, so a new one is a decision."""

import fnmatch
import os
import re
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = ["README.md"] + sorted("docs/" + f for f in os.listdir(os.path.join(ROOT, "docs"))
                              if f.endswith(".md"))
EXT = ("md", "py", "txt", "png", "mjs", "json", "ini", "bin", "mpy", "uf2", "sh")

# Not in the repository, and rightly named by the documents:
OUTSIDE = {
    # on the CIRCUITPY drive or the board (README: flashing and recovery)
    "boot_out.txt", "code.txt", "main.txt", "/quad_games.txt", "quad_games.txt",
    "/quad_games_N.blksgf", "quad_games_N.blksgf",  # the corner game's SGF, N its number
    "adafruit_touchscreen.mpy", "adafruit_touchscreen.py", "adafruit_ticks.py",
    "/media/*/CIRCUITPY", "/run/media/*/CIRCUITPY", "/Volumes/CIRCUITPY", "/dev/ttyACM0",
    "/dev/null",  # the host's, in an example command
    "lib/adafruit_display_text/", "lib/adafruit_touchscreen.py", "lib/adafruit_ticks.py",
    "lib/quadcore/", "lib/quadpocket/",   # the bundle's layout (quadcore sits at the root here)
    "lib/quadcore/*.mpy", "lib/quadpocket/*.mpy", "lib/adafruit_touchscreen.mpy", "version.mpy",
    "lib/winquad/*.mpy", "lib/quadutil/*.mpy",
    "/lib",  # the board's library folder on its sys.path
    # inside third-party packages (the bundle report's example)
    "adafruit_display_text/bitmap_label.py", "label.py",
    # placeholders in example commands
    "record.txt", "script.py", "x.py", "x.mpy", "/path/to/CIRCUITPY", "/path/to/mpy-cross", "DRIVE=E:/",
    # the CircuitPython source tree a reader clones to build the measuring VM
    "ports/unix", "mpy-cross", "py/",
}
MADE_BY_BUILD = ("build/",)
# Top-level folders of the repository and of a working copy (.venv, node_modules: made by
# make deps): a path starting with one of them is a path even without an extension.
TOP = {"quadcore", "lib", "tools", "host_tests", "docs", "build", ".venv", "node_modules",
       ".ci"}  # make bundle, make screenshots, the simulator's nvm file
FORBIDDEN = ("../shared", "shared/", "notes/", "/work/", "/tmp/")


def _repo_files():
    try:
        out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split("\n")
        files = [f for f in out if f]
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: walk the tree
        files = []
        for d, dirs, names in os.walk(ROOT):
            dirs[:] = [x for x in dirs if x not in (".git", ".venv", "node_modules", "build")]
            files += [os.path.relpath(os.path.join(d, n), ROOT) for n in names]
    files = [f.replace(os.sep, "/") for f in files]
    # Files new in this checkout but not committed yet count too (the test runs before a
    # commit); anything git ignores (.venv, build/) does not.
    try:
        extra = subprocess.run(["git", "ls-files", "--others", "--exclude-standard"],
                               cwd=ROOT, capture_output=True, text=True, check=True)
        files += [f for f in extra.stdout.split("\n") if f]
    except (OSError, subprocess.CalledProcessError):
        pass
    return set(files)


FILES = _repo_files()
DIRS = {f.rsplit("/", i)[0] for f in FILES for i in range(1, f.count("/") + 1)}
BASENAMES = {f.rsplit("/", 1)[-1] for f in FILES}


def _exists(path):
    """A repository path (file, or folder with or without its trailing slash; * globs)."""
    p = path.rstrip("/")
    if "*" in p:
        return any(fnmatch.fnmatch(f, p) for f in FILES | DIRS)
    return p in FILES or p in DIRS


def _split(text):
    """(prose, code) of a Markdown text: code spans and indented / fenced code blocks go
    to code; links, their text too, are cut out of both (they are checked as links)."""
    text = re.sub(r"!?\[[^\]]*\]\([^)]*\)", " ", text)
    code = []
    prose = []
    fenced = False
    for line in text.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced or line.startswith("    "):
            code.append(line)
            continue
        code += re.findall(r"`([^`]*)`", line)
        prose.append(re.sub(r"`[^`]*`", " ", line))
    return "\n".join(prose), "\n".join(code)


def _links(text):
    return re.findall(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", text)


def _slug(heading):
    s = heading.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def _anchors(path):
    with open(os.path.join(ROOT, path)) as f:
        return {_slug(m) for m in re.findall(r"^#+\s+(.*)$", f.read(), re.M)}


def problems(name, text):
    """Every link or file name in `text` (a document at repository path `name`) that leaves
    the repository or names something it lacks."""
    out = []
    here = os.path.dirname(name)
    for target in _links(text):
        if re.match(r"[a-z]+:", target):  # a web address: not a file
            continue
        path, _, anchor = target.partition("#")
        full = os.path.normpath(os.path.join(here, path)) if path else name
        full = full.replace(os.sep, "/")
        if full.startswith("..") or os.path.isabs(full):
            out.append("link %r leaves the repository" % target)
        elif not _exists(full):
            out.append("link %r: no such file in the repository" % target)
        elif anchor and full.endswith(".md") and anchor not in _anchors(full):
            out.append("link %r: no heading #%s in %s" % (target, anchor, full))
    prose, code = _split(text)
    for bad in FORBIDDEN:
        for where, body in (("text", prose), ("code", code)):
            if bad in body:
                out.append("%s names %r (outside the repository)" % (where, bad))
    # paths with a slash, in code
    for tok in re.findall(r"(?<![\w.@:-])((?:\.{1,2}/|/|~/)?[\w.*-]+(?:/[\w.*-]+)*/?)", code):
        if "/" not in tok or tok in OUTSIDE or tok.startswith(MADE_BY_BUILD):
            continue
        if not (tok.startswith(("./", "../", "/", "~/")) or tok.endswith("/")
                or re.search(r"\.(%s)$" % "|".join(EXT), tok)
                or tok.split("/", 1)[0] in TOP):
            continue  # words with a slash in a comment: "bundle/flash", "try/except"
        if tok.startswith(("../", "/", "~/")):
            out.append("code names %r (outside the repository)" % tok)
        elif not _exists(tok) and not tok.startswith(".venv/"):
            out.append("code names %r: not in the repository" % tok)
    # bare file names anywhere; a document is named by a link, so a reader can follow it
    for tok in re.findall(r"(?<![\w/.-])([\w-]+\.(?:%s))\b" % "|".join(EXT), prose + "\n" + code):
        if tok.endswith(".md") and tok not in OUTSIDE:
            out.append("names %r without a link to it" % tok)
        elif tok not in BASENAMES and tok not in OUTSIDE:
            out.append("names %r: no such file in the repository" % tok)
    return out


@pytest.mark.parametrize("name", DOCS)
def test_documents_stay_inside_the_repository(name):
    with open(os.path.join(ROOT, name)) as f:
        text = f.read()
    assert problems(name, text) == []


def test_the_readme_points_to_the_documents_a_reader_needs():
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    for doc in ("docs/rules.md", "docs/contract.md", "docs/device-budget.md"):
        assert "](%s)" % doc in text, doc
        assert doc in DOCS


README_LIMIT = 300  # lines: the README is the front door; the lab reports live in docs/


def _sections(text):
    """{heading text: body} of a Markdown text's ## and ### sections."""
    out = {}
    for m in re.finditer(r"^#{2,3} (.+)\n((?:(?!#{1,3} ).*\n?)*)", text, re.M):
        out[m.group(1).strip()] = m.group(2)
    return out


def test_the_readme_is_a_front_door():
    """Short; the two commands with measured times; a few lines per game, each linking its
    rule book; every page of docs/ reachable from it (the lab reports moved there); the
    layout names every top-level folder of the repository."""
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    assert len(text.splitlines()) <= README_LIMIT
    sec = _sections(text)
    two = sec["Two commands"]
    assert "make play" in two and "make test" in two
    for cmd in ("make deps", "make play", "make test"):
        row = [r for r in two.splitlines() if r.startswith("| `%s`" % cmd)]
        assert row and re.search(r"\d+ (s|min)", row[0]), (cmd, row)  # a measured time
    assert not re.search(r"[A-Z]+_TIME", text)
    for game, book in (("Still's Quad", "docs/rules.md"),
                       ("Winther's Quad", "docs/winther-rules.md")):
        body = sec[game]
        assert "](%s)" % book in body, game
        assert len(body.strip().splitlines()) <= 20, game
    assert len(re.findall(r"!\[[^\]]*\]\(docs/[\w-]+\.png\)", text)) in (2, 3)
    for doc in DOCS[1:]:
        assert "](%s)" % doc in text, "README does not link %s" % doc
    layout = sec["Layout"]
    tops = {f.split("/")[0] for f in FILES if "/" in f and not f.startswith(".")}
    for top in sorted(tops):
        assert re.search(r"^    %s/" % re.escape(top), layout, re.M), top


def test_commands_the_documents_give_exist():
    """Every `python -m tools.X` (and `python3 -m quadcore|winquad`) in README and docs/
    names a module of the repository, so a figure's command can be run as written."""
    named = set()
    for name in DOCS:
        with open(os.path.join(ROOT, name)) as f:
            text = " ".join(f.read().split())
        for mod in re.findall(r"python3? -m ([\w.]+)", text):
            named.add(mod)
            path = mod.replace(".", "/")
            assert path + ".py" in FILES or path + "/__main__.py" in FILES, (name, mod)
        for script in re.findall(r"(tools/[\w]+\.py)", text):
            assert script in FILES, (name, script)
    assert {"tools.app_heap", "tools.ai_vm", "tools.lab.sparring", "tools.wq_vm",
            "quadcore"} <= named


def test_the_checker_catches_what_it_should():
    """The checker itself fails on each kind of escape (so a pass above means something)."""
    bad = {
        "see [rules](../shared/rules.md)": "leaves the repository",
        "see `../shared/contract.md`": "outside the repository",
        "device-budget.md says so": "without a link",
        "`help.txtx` and missing.py": "no such file",
        "in `notes/device_iface.md`": "outside the repository",
        "[gone](docs/nothing.md)": "no such file",
        "[anchor](docs/rules.md#no-such-heading)": "no heading",
        "    python3 tools/nothing.py": "not in the repository",
        "    /work/shared/circuitpython/bin/x": "outside the repository",
        "![pic](docs/missing.png)": "no such file",
    }
    for text, why in bad.items():
        found = problems("README.md", text)
        assert found and why in found[0], (text, found)
    good = ("[rules](docs/rules.md#notation) `quadcore/ai/` `tools/sim.py` help.txt "
            "[web](https://circuitpython.org) `build/CIRCUITPY/` 1/2 Trainer/Easy")
    assert problems("README.md", good) == []
    assert problems("docs/x.md", "[back](../README.md) [here](rules.md#a-turn)") == []


def _examples(name):
    """(command, expected stdout lines) of each `$ ` example in an indented block."""
    lines = open(os.path.join(ROOT, name)).read().split("\n")
    out = []
    for i, line in enumerate(lines):
        if line.startswith("    $ "):
            want = []
            for nxt in lines[i + 1:]:
                if not nxt.startswith("    ") or nxt.startswith("    $ "):
                    break
                want.append(nxt[4:])
            out.append((line[6:], want))
    return out


def test_the_contract_examples_are_what_the_commands_print():
    """Every example in docs/contract.md, run as written (python3 is this interpreter):
    the documented output is exactly what the command prints."""
    import shlex
    import sys
    examples = _examples("docs/contract.md")
    assert len(examples) >= 3
    for cmd, want in examples:
        run = cmd.replace("python3 ", shlex.quote(sys.executable) + " ", 1)
        got = subprocess.run(run, shell=True, cwd=ROOT, capture_output=True, text=True,
                             timeout=300)
        assert got.returncode == 0, (cmd, got.stderr)
        assert got.stdout.rstrip("\n").split("\n") == want, (cmd, got.stdout)


def test_the_rule_book_numbers_are_the_engines():
    """Figures in docs/rules.md checked against the engine: the square counts, the tilted
    example, the default stars and marbles of every variant."""
    from quadcore.geometry import geometry
    from quadcore.notation import parse_cell
    from quadcore.rules import Rules
    text = open(os.path.join(ROOT, "docs", "rules.md")).read()
    text1 = " ".join(text.split())
    for n, count in ((9, 511), (10, 792), (11, 1173), (12, 1675)):
        assert "{:,} on {} x {}".format(count, n, n) in text1, (n, count)
        assert geometry(n).nsq == count
    g = geometry(11)
    squares = {frozenset(g.corners(s)) for s in range(g.nsq)}
    for example in ("c3 c5 e3 e5", "b2 e3 d6 a5"):
        assert "`%s`" % example in text
        assert frozenset(parse_cell(c, 11) for c in example.split()) in squares
    assert "(117 cells)" in text and 11 * 11 - 4 == 117
    # stars by board and players, and per variant
    assert "9 x 9\n  for two gives 4 stars each, 10 x 10 gives 5, 5 x 5 none" in text
    assert [Rules(n, 2).stars for n in (9, 10, 5, 11)] == [4, 5, 0, 6]
    assert [Rules(11, p).stars for p in (2, 3, 4, 5, 6)] == [6, 4, 3, 2, 2]
    assert "| Trek, Rapid | 6 | 6 |" in text and "| Bridge | 10 | 3 |" in text
    for v, m, s in (("trek", 6, 6), ("rapid", 6, 6), ("duel", 20, 6), ("standard", 20, 6)):
        r = Rules(11, 2, variant=v)
        assert (r.marbles, r.stars) == (m, s), v
    r = Rules(11, 4, variant="bridge")
    assert (r.marbles, r.stars) == (10, 3)
    assert "after 200 turns" in text1
    from quadcore.rules import MOVE_CAP
    assert MOVE_CAP == 200
