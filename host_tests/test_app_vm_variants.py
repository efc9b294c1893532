"""The other games on CircuitPython's VM: Trek, Rapid and Duel against Expert, and 4-6
humans passing the device with Hint. Their computer player is other code
(quadcore/ai/other.py, tact.py, otherguard.py; Trek and Rapid also othermoves.py and
quadcore/moves.py) and 3-6 players get a bigger game screen, so the standard scenario's 100 KB check
(test_app_vm.py) says nothing about them. Same harness (tools/app_heap.py, variant= /
humans=), same budget: the scenario completes with exactly 100 KB free above the
stand-ins, from the .mpy bundle, in the layout measured worst for that game
(`python -m tools.app_heap --smallest --variant V` / `--humans N` prints every layout).
"""

import pytest

from tools import app_heap, cpvm

BUDGET = app_heap.BUDGET
PYPORTAL, TITANO = (320, 240), (480, 320)


@pytest.fixture(scope="module")
def vm():
    cpvm.need_vm()


@pytest.mark.parametrize("variant", ["trek", "duel"])
def test_a_variant_game_against_expert_plays_hints_whole_turns(vm, variant):
    """The guest plays Hint's turn as a player would: a Trek hint that moves a marble is
    two taps (from, to), a Duel turn two marbles; the game ends and a new one starts."""
    run = app_heap.scenario(variant=variant)
    assert run.get("done"), run["checkpoints"][-3:]
    stars, marbles, moves = run["played"]
    rounds = app_heap.VARIANT_ROUNDS
    if variant == "trek":
        assert moves >= 5, run["played"]  # its marbles all out, Hint moved them
    else:
        assert moves == 0 and marbles > rounds, run["played"]  # two marbles a turn
    names = [n for n, _ in run["checkpoints"]]
    assert any(n.startswith("new_game") for n in names)  # a finished game, then a new one
    assert any(n.startswith("think") for n in names)     # read during Expert's searches


def test_pass_and_play_every_seat_plays_hints_turn(vm):
    run = app_heap.scenario(humans=4)
    turns = int(run["turns"][0])
    assert turns == app_heap.VARIANT_ROUNDS  # one hinted turn a round, seat after seat
    assert sum(run["played"]) >= turns


def test_a_bad_variant_is_refused_before_the_vm_runs():
    with pytest.raises(ValueError):
        app_heap.scenario_code(variant="bridge")  # 4 humans in teams: not this harness's
    with pytest.raises(ValueError):
        app_heap.scenario_code(variant="duel", humans=4)  # Duel: 3 seats at most


# (variant, humans, screen, layout): each game in its worst layout of `--smallest`
# (README, "The other games": every one of them fits now, 6 humans on the Titano the
# closest, 99.3 KB with the faces in packages of their own): the games that once did not fit (6 humans on both screens, 5 humans
# and Trek on the Titano) and the worst of the rest on the PyPortal.
FITS = [
    ("trek", None, PYPORTAL, 0),
    ("trek", None, TITANO, 272),
    ("rapid", None, PYPORTAL, 0),
    ("duel", None, PYPORTAL, 0),
    (None, 4, PYPORTAL, 272),
    (None, 5, TITANO, 272),
    (None, 6, PYPORTAL, 784),
    (None, 6, TITANO, 0),
]


@pytest.mark.parametrize("variant,humans,size,pad", FITS,
                         ids=["%s-%s-%d" % (v or "%dhumans" % h, "titano" if s == TITANO
                                                  else "pyportal", p)
                              for v, h, s, p in FITS])
def test_the_variant_completes_with_100_kb_free_from_mpy(vm, variant, humans, size, pad):
    heap = app_heap.heapsize_for_free(BUDGET, pad=pad, variant=variant, humans=humans)
    ok, res = app_heap.attempt(heap, size=size, pad=pad, variant=variant, humans=humans)
    assert BUDGET <= res["free_at_base"] <= BUDGET + 1024, res["free_at_base"]
    assert ok, ("MemoryError with %d bytes free for the game; last checkpoint %r"
                % (res["free_at_base"], res["checkpoints"][-1:]))
