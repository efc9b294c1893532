"""Tap detection (quadpocket.app.Tapper): act on release, two agreeing samples, no
double taps from one dropout, sliding off cancels."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "lib"))

from quadpocket.app import Tapper, ticks_diff  # noqa: E402


def feed_all(seq):
    t = Tapper()
    out = []
    for s in seq:
        r = t.feed(s is not None, s)
        if r is not None:
            out.append(r)
    return out


def test_clean_tap_reports_on_release_only():
    t = Tapper()
    assert t.feed(True, 5) is None
    assert t.feed(True, 5) is None
    assert t.feed(True, 5) is None
    assert t.feed(False) is None      # one empty poll may be a dropout
    assert t.feed(False) == 5          # the second one is the release


def test_single_sample_spike_is_ignored():
    assert feed_all([7, None, None, None]) == []


def test_dropout_in_the_middle_gives_one_tap():
    assert feed_all([3, 3, None, 3, 3, None, None, None]) == [3]


def test_jitter_keeps_the_steady_target():
    # one stray sample in a neighbouring cell does not move the tap
    assert feed_all([4, 4, 5, 4, 4, None, None]) == [4]


def test_slide_to_a_new_target_reports_the_last_steady_one():
    assert feed_all([4, 4, 5, 5, 5, None, None]) == [5]


def test_sliding_off_onto_nothing_cancels():
    t = Tapper()
    for s in ["undo", "undo", None, None]:
        # pressed, but outside every target for the last two samples
        assert t.feed(True, s) is None
    assert t.feed(False) is None
    assert t.feed(False) is None


def test_release_without_press_is_nothing():
    assert feed_all([None] * 5) == []


def test_ticks_diff_wraps_at_2_pow_29():
    top = 1 << 29
    assert ticks_diff(5, top - 5) == 10
    assert ticks_diff(top - 5, 5) == -10
    assert ticks_diff(1000, 400) == 600
