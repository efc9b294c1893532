"""quadpocket.sound: centred, faded, level-scaled 8 kHz sample buffers."""

import os
import sys

import pytest

LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib")
if LIB not in sys.path:
    sys.path.append(LIB)

from quadpocket import sound  # noqa: E402
from quadpocket.sound import AMPLITUDE, RATE, SOUNDS, Sound, build  # noqa: E402

NAMES = ("marble", "star", "illegal", "win", "loss")
CENTRE = 0x80  # unsigned 8-bit samples


class FakePlatform:
    def __init__(self):
        self.played = []

    def play(self, samples, rate):
        self.played.append((samples, rate))


def test_the_five_sounds_exist():
    assert set(SOUNDS) == set(NAMES)
    assert RATE == 8000


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", [1, 2, 3])
def test_buffer_shape_centre_and_fades(name, level):
    buf = build(name, level)
    amp = AMPLITUDE[level]
    assert isinstance(buf, bytearray)  # 8-bit: what RawSample plays as unsigned samples
    # each sound <= 640 bytes: a sound built mid-game needs one free block that big
    assert 0 < len(buf) <= 640
    assert len(buf) == sum(n[2] for n in SOUNDS[name])
    assert buf[0] == CENTRE and buf[-1] == CENTRE
    # Fade in/out: the first and last 8 samples stay within a quarter of the peak.
    for s in list(buf[:8]) + list(buf[-8:]):
        assert abs(s - CENTRE) <= amp // 4
    # Never beyond the level's amplitude, and the peak reaches most of it.
    peak = max(abs(s - CENTRE) for s in buf)
    assert amp * 9 // 10 <= peak <= amp
    # Centred: the mean sits within 3% of the amplitude from 0x80.
    mean = sum(buf) / len(buf)
    assert abs(mean - CENTRE) <= amp * 0.03


@pytest.mark.parametrize("name", NAMES)
def test_every_note_starts_and_ends_at_centre(name):
    """No step at note boundaries inside multi-note sounds either."""
    buf = build(name, 3)
    pos = 0
    for _f0, _f1, n, _wave in SOUNDS[name]:
        assert buf[pos] == CENTRE
        assert buf[pos + n - 1] == CENTRE
        pos += n


@pytest.mark.parametrize("name", NAMES)
def test_amplitude_grows_with_level(name):
    peaks = [max(abs(s - CENTRE) for s in build(name, lv)) for lv in (1, 2, 3)]
    assert peaks[0] < peaks[1] < peaks[2]
    energy = [sum((s - CENTRE) ** 2 for s in build(name, lv)) for lv in (1, 2, 3)]
    assert energy[0] < energy[1] < energy[2]


def crossings(samples):
    """Upward crossings of the centre line."""
    return sum(1 for a, b in zip(samples, samples[1:]) if a < CENTRE <= b)


@pytest.mark.parametrize("name", NAMES)
def test_steady_notes_have_their_pitch(name):
    buf = build(name, 3)
    pos = 0
    for f0, f1, n, _wave in SOUNDS[name]:
        if f0 == f1:
            # Count over the full note: the fades keep the sign pattern.
            got = crossings(buf[pos:pos + n]) * RATE / n
            assert abs(got - f0) <= max(0.06 * f0, 1.5 * RATE / n), (name, f0, got)
        pos += n


def test_sounds_are_distinct():
    bufs = {name: build(name, 2) for name in NAMES}
    for a in NAMES:
        for b in NAMES:
            if a < b:
                assert bufs[a] != bufs[b]
    lengths = [len(bufs[n]) for n in NAMES]
    assert len(set(lengths)) == len(lengths)


def test_total_size():
    total = sum(len(build(n, 2)) for n in NAMES)
    assert total == 2664  # 5,328 bytes for all five at one level


def test_level_zero_plays_nothing():
    p = FakePlatform()
    snd = Sound(p, level=0)
    for name in NAMES:
        assert snd.play(name) is False
    assert p.played == []
    assert snd._cache == {}  # nothing was even built


def test_play_builds_once_and_caches_per_level():
    p = FakePlatform()
    snd = Sound(p)
    assert snd.level == 2
    assert snd.play("star") is True
    assert snd.play("star") is True
    assert len(p.played) == 2
    (b1, r1), (b2, r2) = p.played
    assert b1 is b2 and r1 == r2 == RATE
    assert list(b1) == list(build("star", 2))
    snd.level = 3
    snd.play("star")
    b3 = p.played[-1][0]
    assert b3 is not b1 and list(b3) == list(build("star", 3))
    snd.level = 3  # same level: cache kept
    snd.play("star")
    assert p.played[-1][0] is b3
    snd.level = 0
    snd.play("win")
    assert len(p.played) == 4


@pytest.mark.parametrize("bad", [-1, 4, "2", None, 1.5])
def test_bad_level_raises_and_keeps_level(bad):
    snd = Sound(FakePlatform(), level=1)
    with pytest.raises(ValueError):
        snd.level = bad
    assert snd.level == 1


def test_unknown_sound_raises_and_plays_nothing():
    p = FakePlatform()
    with pytest.raises(ValueError):
        Sound(p).play("bang")
    assert p.played == []


def test_sine_table_is_integer_and_small():
    t = sound._sine_table()
    assert len(t) == 64 and t.typecode == "h"
    assert max(t) == 1024 and min(t) == -1024


def test_sounds_on_micropython_vm():
    """Same samples on a real MicroPython VM, and the cost of building them."""
    from tools import mpvm

    out, _ = mpvm.run_wasm(
        "from quadpocket.sound import build, SOUNDS\n"
        "for n in sorted(SOUNDS):\n"
        "    b = build(n, 2)\n"
        "    print(n, len(b), sum(b) & 0xFFFFFF, b[0], b[-1])\n")
    want = []
    for n in sorted(NAMES):
        b = build(n, 2)
        want.append("%s %d %d %d %d" % (n, len(b), sum(b) & 0xFFFFFF, b[0], b[-1]))
    assert out.split("\n")[:5] == want, out
    # All five at one level: ~0.17 M4-s and ~19 KB allocated (buffers, their
    # temporary zero bytes, the sine table) when first measured; budget 2x.
    m = mpvm.measure("from quadpocket.sound import build, SOUNDS",
                     "[build(n, 2) for n in SOUNDS]")
    assert m.m4_seconds <= 0.35 and m.bytes_allocated <= 24000, m
