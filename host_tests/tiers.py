"""The two tiers' one switch for tests that sweep a large space.

`make test` (the quick tier) runs every correctness test, but a sweep over thousands of
cases runs a spread sample of them there; `make test-all` (CI) sets QP_FULL=1 and runs
every case, as before. A sampled test still fails where it failed: the same checks on
fewer cases, and the whole set in the full tier."""

import os

FULL = os.environ.get("QP_FULL") == "1"


def examples(n):
    """Hypothesis examples for a property test: n in the full tier, a quarter (at least
    10) in the quick one."""
    return n if FULL else max(10, n // 4)


def spread(items, every):
    """All of `items` in the full tier; in the quick one every `every`-th of them, starting
    with the first (a stride prime to the inner loops' lengths visits every value of each)."""
    items = list(items)
    return items if FULL else items[::every]
