"""The desktop simulator itself: its --help, trackpad taps, a quiet start, Esc to quit."""

import os
import re
import subprocess
import sys

from apptools import start

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY = sys.executable


def _make_recipe(target):
    """The command line of a Makefile target's recipe, $(VPY) and $(VENV) expanded the
    way the Makefile defines them."""
    text = open(os.path.join(ROOT, "Makefile")).read()
    m = re.search(r"^%s:[^\n]*\n\t([^\n]+)" % target, text, re.M)
    assert m, "no %s target in the Makefile" % target
    cmd = m.group(1).replace("$(VPY)", "$(VENV)/bin/python").replace("$(VENV)", ".venv")
    return re.sub(r"\s*\$\([A-Z_]+\)", "", cmd).strip()


def test_help_shows_the_make_play_command_and_how_to_quit():
    out = subprocess.run([PY, os.path.join(ROOT, "tools", "sim.py"), "--help"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    play = _make_recipe("play")
    assert play == ".venv/bin/python tools/sim.py"
    assert play in text and "make play" in text
    assert "Quit:" in text and "close the window" in text and "Esc" in text
    assert "Ctrl-C" in text
    # Every option the help lists is one argparse knows (no stale names in the text).
    for opt in re.findall(r"(?<![\w-])--[a-z][a-z-]+", text):
        assert opt in ("--help", "--headless", "--scale", "--titano", "--nvm",
                       "--screenshots"), opt
    assert "notes/" not in text and "shared/" not in text


def _post_click(p, x, y, up=True):
    pg = p._pygame
    pg.event.post(pg.event.Event(pg.MOUSEBUTTONDOWN, button=1, pos=(x, y)))
    if up:
        pg.event.post(pg.event.Event(pg.MOUSEBUTTONUP, button=1, pos=(x, y)))


def test_a_click_inside_one_poll_is_a_tap():
    """A trackpad tap: press and release arrive between two polls. It places a marble."""
    app, d, p = start(prefs={"opponent": "humans", "humans": 2})
    g = app.play.game
    p._pygame.event.clear()
    x, y = d.cell_xy("f6")
    _post_click(p, x, y)
    for _ in range(12):
        app.tick()
    assert g.turns == 1 and g.history[0] == [("marble", 5 * g.n + 5)]


def test_a_short_click_then_a_move_stays_where_it_was_pressed():
    """The mouse leaves the cell right after a quick click: the tap is still on the
    cell pressed, and only one marble is placed."""
    app, d, p = start(prefs={"opponent": "humans", "humans": 2})
    g = app.play.game
    p._pygame.event.clear()
    x, y = d.cell_xy("e5")
    _post_click(p, x, y)
    p._pygame.event.post(p._pygame.event.Event(p._pygame.MOUSEMOTION, pos=(x + 40, y),
                                               rel=(40, 0), buttons=(0, 0, 0)))
    for _ in range(20):
        app.tick()
    assert g.turns == 1 and g.history[0] == [("marble", 4 * g.n + 4)]


def test_a_held_press_is_one_tap_and_no_click_is_none():
    app, d, p = start(prefs={"opponent": "humans", "humans": 2})
    g = app.play.game
    pg = p._pygame
    pg.event.clear()
    for _ in range(10):
        app.tick()
    assert g.turns == 0  # nothing pressed: nothing happens
    x, y = d.cell_xy("g7")
    _post_click(p, x, y, up=False)
    for _ in range(8):
        app.tick()
    assert g.turns == 0  # still held: a tap acts on release
    pg.event.post(pg.event.Event(pg.MOUSEBUTTONUP, button=1, pos=(x, y)))
    for _ in range(8):
        app.tick()
    assert g.turns == 1 and g.history[0] == [("marble", 6 * g.n + 6)]


_QUIET = r"""
import os, sys
sys.path.insert(0, os.path.join(%(root)r, "lib"))
sys.path.append(%(root)r)
from tools.sim import Platform
p = Platform(headless=False, scale=1, nvm_path=None, audio=True)
from quadpocket.app import App
app = App(p)
for _ in range(30):
    app.tick()
pg = p._pygame
quit_before = p.should_quit()
pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_ESCAPE, mod=0, unicode="", scancode=41))
quit_after = p.should_quit()
sys.exit(0 if (not quit_before and quit_after) else 3)
"""


def test_start_is_quiet_and_esc_quits():
    """A window (SDL's dummy video driver stands in for X) with sound asked for: nothing
    on stdout or stderr: no pygame banner, no Blinka board warning, no ALSA chatter when
    the machine has no sound card (this one has none, /dev/snd is absent). Esc quits."""
    env = dict(os.environ)
    env["SDL_VIDEODRIVER"] = "dummy"
    env.pop("SDL_AUDIODRIVER", None)
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    out = subprocess.run([PY, "-c", _QUIET % {"root": ROOT}], cwd="/", env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, (out.returncode, out.stdout, out.stderr)
    assert out.stdout == "" and out.stderr == "", (out.stdout, out.stderr)


def _no_display_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["SDL_AUDIODRIVER"] = "dummy"
    env.update(extra)
    return env


def test_with_no_display_make_play_says_so_and_stops(tmp_path):
    """No desktop (DISPLAY unset): SDL would fall back to drawing offscreen and the game
    would run unseen for ever. It stops at once with one line saying why and what to do;
    the same when SDL is told outright to draw nowhere."""
    cmd = [PY, os.path.join(ROOT, "tools", "sim.py"), "--nvm", str(tmp_path / "nvm.bin")]
    for env in (_no_display_env(), _no_display_env(SDL_VIDEODRIVER="dummy")):
        out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=120)
        assert out.returncode == 2, (out.stdout, out.stderr)
        assert "no display to show a window on" in out.stderr
        assert "make screenshots" in out.stderr and "--headless" in out.stderr
        assert not (tmp_path / "nvm.bin").exists()  # the game never started


def test_headless_stops_on_sigterm_and_ctrl_c(tmp_path):
    """--headless used to ignore SIGTERM (SDL turns it into a QUIT event nobody read):
    it stops now, cleanly (exit 0, no traceback), on SIGTERM and on SIGINT alike."""
    import signal
    import time
    def as_from_a_terminal():
        # A job started in the background by a shell (as CI may start the tests) inherits
        # SIGINT ignored; Ctrl-C in a terminal reaches a program with the default action.
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    for sig in (signal.SIGTERM, signal.SIGINT):
        proc = subprocess.Popen([PY, os.path.join(ROOT, "tools", "sim.py"), "--headless",
                                 "--nvm", str(tmp_path / "nvm.bin")], cwd=ROOT,
                                env=_no_display_env(), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True,
                                preexec_fn=as_from_a_terminal)
        try:
            line = proc.stdout.readline()
            assert "running with no window" in line, (line, proc.stderr.read())
            time.sleep(1.0)  # into the loop
            assert proc.poll() is None
            proc.send_signal(sig)
            rc = proc.wait(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        err = proc.stderr.read()
        assert rc == 0 and "Traceback" not in err, (sig, rc, err)
