"""Kinds of the actions a Game records on its undo stack (a preallocated bytearray of
code, cell and, for a move, its target). game, claim, moves and save all read them; they
live here, apart from game, so that none of those modules imports another in a circle
(host_tests/test_layers.py)."""

STAR = 1
MARBLE = 2
MOVE = 3
# Claim mode (quadcore.claim): a claim, a turn passed after a wrong claim with no star left,
# and the automatic pass of a turn a wrong claim has cost. Never in a non-claim game.
CLAIM = 4
PASS = 5
SKIP = 6

# The save format's magic and version (Game.to_bytes writes it, quadcore.save reads it).
SAVE_MAGIC = b"QP"
SAVE_VERSION = 1
