"""One heap harness for every game (tools/app_heap.py): each game's tool gives its own
scenario (a program maker) to the same guest, bisection, budget and report
(app_heap.game_report); the game tools import app_heap, never the other way round. No VM
needed here: the guest programs and the tools' hand-over are checked on the host."""

import pytest

from tools import app_heap, corners_app_heap, quax_app_heap, wq_app_heap

MAKERS = {"winther": (wq_app_heap.scenario_code, wq_app_heap.MOVE, "W"),
          "quax": (quax_app_heap.program(), quax_app_heap.MOVE, "X"),
          "corners": (corners_app_heap.program(), corners_app_heap.MOVE, "B")}


@pytest.mark.parametrize("game", sorted(MAKERS))
def test_every_game_gives_its_scenario_to_the_one_harness(game):
    make, move, gid = MAKERS[game]
    code = make(size=(320, 240))
    # the shared guest (platform, checkpoints, the menu tour) with the game's own move()
    assert code.count("def move(name):") == 1 and "def cp(name):" in code
    assert 'print("done")' in code and "SCREENS = (" in code
    assert move.strip().splitlines()[0] in code
    want = app_heap.prefs_record(tutorial_done=True, level="expert", game=gid)
    assert repr(want) in code
    # Still's Quad's options are refused by name, not ignored
    with pytest.raises(ValueError, match="no rounds, variant or humans option"):
        make(size=(320, 240), humans=3)


@pytest.mark.parametrize("tool,argv,title", [
    (wq_app_heap, ["--smallest"], "Winther's Quad's"),
    (quax_app_heap, ["--rules", "link", "--size", "9", "--budget"],
     "The Quax family's (link 9x9)"),
    (corners_app_heap, ["--classic2", "--titano"], "The corner polyomino game's (classic_2)"),
])
def test_each_game_tool_hands_its_scenario_to_the_shared_report(monkeypatch, tool, argv,
                                                                 title):
    seen = []

    def report(args, t, program, smallest, base_program=None):
        seen.append((t, args.smallest, args.budget, args.titano, callable(program)))
        return 0

    monkeypatch.setattr(app_heap, "game_report", report)
    assert tool.main(argv) == 0
    assert seen == [(title, "--smallest" in argv, "--budget" in argv, "--titano" in argv,
                     True)]
