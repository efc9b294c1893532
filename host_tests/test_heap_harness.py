"""One heap harness for every game (tools/app_heap.py): `--game NAME` runs that game's
scenario, made by its own module's program maker, through the same guest, bisection and
budget; the game tools' own command lines are the same commands. No VM needed here: the
guest programs and the dispatch are checked on the host."""

import pytest

from tools import app_heap


@pytest.mark.parametrize("game,gid", [("winther", "W"), ("quax", "X"), ("corners", "B")])
def test_every_game_gives_its_scenario_to_the_one_harness(game, gid):
    tool = app_heap.game_tool(game)
    make = getattr(tool, "scenario_code", None) or tool.program()
    code = make(size=(320, 240))
    # the shared guest (platform, checkpoints, the menu tour) with the game's own move()
    assert code.count("def move(name):") == 1 and "def cp(name):" in code
    assert 'print("done")' in code and "SCREENS = (" in code
    assert tool.MOVE.strip().splitlines()[0] in code
    want = app_heap.prefs_record(tutorial_done=True, level="expert", game=gid)
    assert repr(want) in code
    # Still's Quad's options are refused by name, not ignored
    with pytest.raises(ValueError, match="no rounds, variant or humans option"):
        make(size=(320, 240), humans=3)


def test_still_is_this_modules_own_scenario():
    assert app_heap.game_tool("still") is None
    with pytest.raises(ValueError, match="one of still, winther, quax, corners"):
        app_heap.game_tool("chess")


@pytest.mark.parametrize("argv,title", [
    (["--game", "winther", "--smallest"], "Winther's Quad's"),
    (["--game", "quax", "--rules", "link", "--size", "9", "--budget"],
     "The Quax family's (link 9x9)"),
    (["--game", "corners", "--classic2", "--titano"], "The corner polyomino game's (classic_2)"),
])
def test_game_hands_the_command_line_to_the_games_tool(monkeypatch, argv, title):
    seen = []

    def report(args, t, program, smallest, base_program=None):
        seen.append((t, args.smallest, args.budget, args.titano, callable(program)))
        return 0

    monkeypatch.setattr(app_heap, "game_report", report)
    assert app_heap.main(argv) == 0
    assert seen == [(title, "--smallest" in argv, "--budget" in argv, "--titano" in argv,
                     True)]
