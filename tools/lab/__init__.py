"""The labs: the experiments that produced the computer players' strength figures and the
measurement suites their tests read (ladders, matches, fits, opening books, tactical suites).

Nothing a player or a maintainer needs to build, ship, play or check the device lives here:
that is the rest of tools/ (docs/layers.md, "tools/: two rooms", lists both). A lab may
import the tools and the engines; nothing outside tools/lab imports a lab
(host_tests/test_tool_rooms.py). Each lab's docstring names the docs page, and its section,
whose figures it reproduces.
"""
