"""quadcore.prng: the shared seeded generator (quadutil.Rng), under its old name for the
engine's computer player, the tools and the tests."""

from quadutil import Rng

__all__ = ["Rng"]
