"""make check-device: the device code type-checks against the PyPortal stubs,
and a wrong pin, module or keyword name makes the check fail."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CHECK = REPO / "tools" / "check_device.py"


def run_check(root):
    r = subprocess.run([sys.executable, str(CHECK), "--root", str(root)],
                       capture_output=True, text=True, timeout=300)
    return r.returncode, r.stdout + r.stderr


def test_real_device_files_pass():
    rc, out = run_check(REPO)
    assert rc == 0, out
    assert "Success" in out


def copy_tree(dst):
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("code.py", "boot.py"):
        shutil.copy(REPO / name, dst / name)
    shutil.copytree(REPO / "lib", dst / "lib", ignore=ignore)
    if (REPO / "quadcore").is_dir():
        shutil.copytree(REPO / "quadcore", dst / "quadcore", ignore=ignore)


@pytest.mark.parametrize("path,old,new,message", [
    ("lib/quadpocket/hwsetup.py", "board.TOUCH_XL", "board.TOUCH_XX",
     'Module has no attribute "TOUCH_XX"'),
    ("boot.py", "board.TOUCH_YU", "board.TOUCH_YY", 'Module has no attribute "TOUCH_YY"'),
    ("lib/quadpocket/hwsetup.py", "board.SPEAKER_ENABLE", "board.SPEAKER_EN",
     'Module has no attribute "SPEAKER_EN"'),
    ("lib/quadpocket/hwsetup.py", "audioio.AudioOut(", "audioio.AudioOutput(",
     'Module has no attribute "AudioOutput"'),
    ("lib/quadpocket/hw_pyportal.py", "sample_rate=rate", "rate=rate",
     'Unexpected keyword argument "rate"'),
    ("lib/quadpocket/hwsetup.py", "microcontroller.nvm", "microcontroller.nvram",
     'Module has no attribute "nvram"'),
    ("boot.py", "storage.remount(", "storage.remounts(", 'Module has no attribute "remounts"'),
    ("code.py", "platform = Platform()", "platform = Platform(2)",
     'Too many arguments for "Platform"'),
])
def test_a_wrong_name_fails(tmp_path, path, old, new, message):
    copy_tree(tmp_path)
    f = tmp_path / path
    text = f.read_text()
    assert old in text
    f.write_text(text.replace(old, new))
    rc, out = run_check(tmp_path)
    assert rc == 1, out
    assert message in out, out


def test_missing_file_is_a_setup_error(tmp_path):
    copy_tree(tmp_path)
    (tmp_path / "boot.py").unlink()
    rc, out = run_check(tmp_path)
    assert rc == 2 and "boot.py" in out
