"""make screenshots: every scene its own number, no two files the same picture, and the
README's pictures are the ones this very code makes (not an older screen)."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)

from tools import shots  # noqa: E402


def test_the_checker_catches_a_shared_number_and_a_repeated_picture(tmp_path):
    def write(name, data):
        path = tmp_path / (name + ".png")
        path.write_bytes(data)
        return str(path)
    good = [write("01_a", b"1"), write("01_a_titano", b"2"), write("02_b", b"3")]
    assert shots.problems(good) == []
    found = shots.problems(good + [write("02_c", b"4")])
    assert found == ["number 02 is used by b and c"]
    found = shots.problems(good + [write("03_d", b"1")])
    assert found == ["01_a.png and 03_d.png are the same picture"]


@pytest.mark.full  # the whole of make screenshots: ~2-3 minutes, in make test-all
def test_make_screenshots_numbers_and_pictures(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = tmp_path / "shots"
    run = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "shots.py"), str(out),
                          "--docs", str(tmp_path)], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    paths = sorted(str(p) for p in out.glob("*.png"))
    assert len(paths) >= 45
    assert shots.problems(paths) == []
    names = {os.path.basename(p)[:-4] for p in paths}
    for name in ("01_board_midgame", "03_trainer_highlight", "26_wq_drop_rim", "30_wq_win"):
        assert name in names, name
    # The README's pictures are this run's, byte for byte: after a change to the screen,
    # `make screenshots` brings them up to date.
    for doc, shot in shots.DOCS.items():
        made = (tmp_path / (doc + ".png")).read_bytes()
        assert made == (out / (shot + ".png")).read_bytes()
        with open(os.path.join(ROOT, "docs", doc + ".png"), "rb") as f:
            assert f.read() == made, "docs/%s.png is out of date: run make screenshots" % doc
