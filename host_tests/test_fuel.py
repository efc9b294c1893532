"""The four games' fuel harness (tools/fuel.py): one no-op run per position serves all its
levels, the figures are each statement's own, the suites load, a move over its budget is
reported, and the command line refuses what it does not know in one line."""

import pytest

from tools import fuel, mpvm

SETUP = "import gc\n_a0 = _a1 = 0\n_t = ''\n_code = None\nx = 3\n"


def test_measure_decisions_gives_each_statement_its_own_cost():
    small, big, none = mpvm.measure_decisions(
        SETUP, ["_t = [x] * 10", "_t = [x] * 1000", "_t = x"], "len(str(_t))")
    assert 0 < small[1] < big[1] and none[1] == 0  # bytes: 10 and 1000 slots, then none
    assert 0 < small[0] < big[0]                  # fuel grows with the work
    assert abs(none[0]) < 20_000  # a bare assignment (and its print) costs next to nothing
    assert (small[2], big[2], none[3]) == (len(str([3] * 10)), len(str([3] * 1000)), "3")
    # the same statement alone measures the same bytes and (within the pick digit) fuel
    alone = mpvm.measure_decision(SETUP, "_t = [x] * 1000", "len(str(_t))")
    assert alone[1] == big[1] and abs(alone[0] - big[0]) < 2000


def test_measure_decisions_takes_one_to_nine_statements():
    with pytest.raises(ValueError):
        mpvm.measure_decisions(SETUP, [], "0")
    with pytest.raises(ValueError):
        mpvm.measure_decisions(SETUP, ["_t = 1"] * 10, "0")


@pytest.mark.parametrize("name,count", [("still", 30), ("still-variants", 6),
                                        ("winther", 19), ("quax", 27), ("corners", 19)])
def test_every_suite_loads_with_its_positions(name, count):
    g = fuel.game(name)
    suite = g.load()
    assert len(suite) == count
    assert len({p[0] for p in suite}) == count  # names are unique
    assert all(turns for _, _, turns in suite)
    assert set(g.budget) == set(g.levels)


def test_an_unknown_game_or_position_is_refused():
    with pytest.raises(ValueError, match="one of still"):
        fuel.game("chess")
    with pytest.raises(ValueError, match="no position nowhere"):
        fuel.suite_costs(fuel.game("quax"), positions=["nowhere"])


def test_over_budget_names_the_rows_past_a_budget_or_the_byte_cap():
    g = fuel.game("quax")
    rows = [("a", "easy", 58_500_000, 1024, 1, "e5"), ("b", "easy", 58_500_001, 0, 1, "e5"),
            ("c", "expert", 1, 1025, 1, "e5")]
    assert [r[0] for r in fuel.over_budget(g, rows)] == ["b", "c"]
    assert "budget 0.50" in fuel.summary(g, rows)[0]


def test_the_command_line_refuses_an_unknown_position(capsys):
    assert fuel.main(["winther", "--positions", "nowhere"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no position nowhere in winther's suite" in err


def test_the_command_line_measures_and_summarises(capsys):
    assert fuel.main(["still-variants", "--positions", "duel-2", "--levels", "average"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("duel-2 ") and "average  fuel median" in out
