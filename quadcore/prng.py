"""quadcore.prng: the shared seeded generator (quadutil.prng), under its old name for the
engine's computer player, the tools and the tests."""

from quadutil.prng import Rng

__all__ = ["Rng"]
