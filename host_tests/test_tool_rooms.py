"""tools/ has two rooms (docs/layers.md, "tools/: two rooms"): what a player or maintainer
runs (the simulator, screenshots, bundle, flash, doctor, firmware, the device VMs, heap and
fuel, benchmarks, the references tests check the product against), and tools/lab, the
experiments that produced the strength figures and the suites they are measured on.

- Nothing outside tools/lab imports a lab: not a user tool, an engine, the shell or a face
  (the import graph of host_tests/test_layers.py, lazy imports included). Tests may.
- Every lab's docstring names the docs page and section whose figures it reproduces
  (`Figures: docs/PAGE.md, "Section"`, the section a heading of that page) and the command
  line that runs it (`python -m tools.lab.NAME`, or for a reference player the lab that
  plays it).
- Every lab with a command answers `python -m tools.lab.NAME --help` from where it lives.
- docs/layers.md's "tools/: two rooms" names every module of both rooms, so the list
  cannot fall behind."""

import ast
import os
import re

import pytest

from test_layers import ROOT, graph, project_modules

LAB = os.path.join(ROOT, "tools", "lab")
FIGURES = re.compile(r'Figures: (docs/[\w.-]+\.md), "([^"]+)"')


def lab_breaches(edges):
    """(importer, lab) pairs where a module outside tools.lab imports a module of it."""
    return sorted((m, t) for m, ts in edges.items()
                  if not (m == "tools.lab" or m.startswith("tools.lab."))
                  for t in ts if t == "tools.lab" or t.startswith("tools.lab."))


def lab_modules():
    return sorted(f[:-3] for f in os.listdir(LAB) if f.endswith(".py") and f != "__init__.py")


def docstring_faults(name, doc, root=ROOT):
    """What is missing from lab `name`'s docstring `doc`: [] when it names an existing
    docs page, a heading of that page, and a command line of the labs."""
    doc = " ".join(doc.split())
    found = FIGURES.search(doc)
    if not found:
        return ["no 'Figures: docs/PAGE.md, \"Section\"' line"]
    page, section = found.groups()
    path = os.path.join(root, page)
    if not os.path.isfile(path):
        return ["%s does not exist" % page]
    faults = []
    with open(path) as f:
        headings = [line.lstrip("#").strip() for line in f if line.startswith("#")]
    if not any(h.startswith(section) for h in headings):
        faults.append("%s has no heading %r" % (page, section))
    if "python -m tools.lab." not in doc:
        faults.append("no command line (python -m tools.lab....)")
    return faults


@pytest.fixture(scope="module")
def edges():
    return graph(project_modules())


def test_nothing_outside_the_labs_imports_a_lab(edges):
    labs = {"tools.lab." + m for m in lab_modules()}
    assert labs and labs <= set(edges), "the labs are part of the import graph"
    assert "tools.lab.sparring" in edges["tools.lab.expert_lab"]  # the graph sees lab imports
    assert lab_breaches(edges) == []


def test_the_lab_check_finds_a_tool_importing_a_lab(tmp_path):
    lab = tmp_path / "tools" / "lab"
    lab.mkdir(parents=True)
    (tmp_path / "tools" / "__init__.py").write_text("")
    (lab / "__init__.py").write_text("")
    (lab / "ladder.py").write_text("from tools import sim\n")  # a lab on a tool: fine
    (lab / "partner.py").write_text("from . import ladder\n")  # a lab on a lab: fine
    (tmp_path / "tools" / "sim.py").write_text("def f():\n    from tools.lab import partner\n")
    (tmp_path / "tools" / "bench.py").write_text("import tools.lab.ladder\n")
    (tmp_path / "engine.py").write_text("from tools.lab.partner import x\n")
    mods = project_modules(str(tmp_path), ("tools",), ("engine.py",))
    assert lab_breaches(graph(mods)) == [("engine_script", "tools.lab.partner"),
                                         ("tools.bench", "tools.lab.ladder"),
                                         ("tools.sim", "tools.lab.partner")]


def test_every_lab_names_the_page_its_figures_are_on():
    assert len(lab_modules()) >= 10
    faults = {}
    for name in lab_modules():
        with open(os.path.join(LAB, name + ".py")) as f:
            doc = ast.get_docstring(ast.parse(f.read())) or ""
        faults[name] = docstring_faults(name, doc)
    assert {n: f for n, f in faults.items() if f} == {}


def test_the_docstring_check_refuses_what_it_should():
    good = 'A ladder.\n\n    python -m tools.lab.x\n\nFigures: docs/quax.md, "Strength".'
    assert docstring_faults("x", good) == []
    assert docstring_faults("x", "A ladder.\n    python -m tools.lab.x") != []
    assert docstring_faults("x", good.replace("quax.md", "nothing.md")) != []
    assert docstring_faults("x", good.replace("Strength", "No such section")) != []
    assert docstring_faults("x", good.replace("tools.lab.x", "tools.x")) != []


def test_the_layers_page_names_every_tool_of_both_rooms():
    with open(os.path.join(ROOT, "docs", "layers.md")) as f:
        text = f.read().partition("## tools/: two rooms")[2]
    assert text, "docs/layers.md has no 'tools/: two rooms' section"
    tools = sorted(f for f in os.listdir(os.path.join(ROOT, "tools"))
                   if f.endswith((".py", ".sh", ".ini")) and f != "__init__.py")
    missing = [t for t in tools if "tools/" + t not in text]
    missing += [m for m in lab_modules() if "tools/lab/%s.py" % m not in text]
    assert missing == []


_HELP = r"""
import contextlib, io, json, runpy, sys
bad = {}
for m in sys.argv[1:]:
    path, mods = list(sys.path), set(sys.modules)
    sys.argv = [m, "--help"]
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            runpy.run_module(m, run_name="__main__", alter_sys=True)
        bad[m] = "no --help"
    except SystemExit as e:
        if e.code not in (0, None):
            bad[m] = "exit %r" % (e.code,)
        elif "usage:" not in out.getvalue():
            bad[m] = "no usage line"
    except Exception as e:  # an import that fails where the lab now lives, say
        bad[m] = "%s: %s" % (type(e).__name__, e)
    sys.path[:] = path  # each lab finds its own way (host_tests/ on the path, say)
    for k in set(sys.modules) - mods:
        del sys.modules[k]
print(json.dumps(bad))
"""


def test_every_lab_with_a_command_answers_help_from_where_it_now_lives():
    """`python -m tools.lab.X --help` for each lab with a main(), in one fresh interpreter
    started in the repository (no host_tests/ on its path), each lab on its own path and
    modules: a lab that finds the repository from its file one folder off fails here."""
    import json
    import subprocess
    import sys
    cli = []
    for name in lab_modules():
        with open(os.path.join(LAB, name + ".py")) as f:
            if "\ndef main(" in f.read():
                cli.append("tools.lab." + name)
    assert len(cli) >= 10
    p = subprocess.run([sys.executable, "-c", _HELP] + cli, cwd=ROOT, capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    assert json.loads(p.stdout.strip().splitlines()[-1]) == {}
