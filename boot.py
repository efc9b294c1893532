"""Quad Pocket start-up choice: who may write the CIRCUITPY drive.

CircuitPython runs this file once at power-up or reset (not when a file copy
reloads the code); what it prints goes to /boot_out.txt.

Normal start (screen not touched): nothing changes.  The computer can write
the drive as usual; the game keeps its settings, statistics and the game in
progress in the board's nvm memory, not in files.

Game-record mode: keep a finger pressed on the screen while the board starts
(about half a second).  The drive then becomes writable by the game, which
appends every finished game to /quad_games.txt (quadpocket.over: the rule
flags as a comment, one turn a line, the result as a comment, a blank line
between games), and read-only to the computer (you can still open and copy
files, not change them).  Check a game on a computer with the referee:
    python3 -m quadcore referee <the flags from its comment> < one_game.txt

Back to normal: press reset (or power up) without touching the screen.
If the drive ever stays read-only, e.g. a damaged panel that always reads as
pressed: start in safe mode (press reset, then press it again while the
status light blinks yellow); safe mode skips boot.py, so the computer can
write again and you can delete or fix this file.  In game-record mode you
can also delete it from the serial REPL:  import os; os.remove("/boot.py")
"""

import board
import storage
import time

_SAMPLES = 8  # all 8 readings, 50 ms apart, must see a press: no stray taps


def finger_held():
    """True if the touchscreen reads as pressed for the whole check."""
    try:
        # Reading the pins directly (not hasattr) lets make check-device catch a
        # misspelt name; a board without them raises AttributeError: normal start.
        pins = (board.TOUCH_XL, board.TOUCH_XR, board.TOUCH_YD, board.TOUCH_YU)
        import adafruit_touchscreen

        ts = adafruit_touchscreen.Touchscreen(pins[0], pins[1], pins[2], pins[3])
        for _ in range(_SAMPLES):
            if ts.touch_point is None:
                return False
            time.sleep(0.05)
    except Exception as e:  # no such pins, library missing, pins busy: start normally
        print("boot.py: touch check failed:", e)
        return False
    return True


if finger_held():
    try:
        # readonly=False: the code may write "/", so the computer may not.
        storage.remount("/", readonly=False)
        print("boot.py: game-record mode: the game writes /quad_games.txt,"
              " the drive is read-only to the computer. Reset without touching"
              " the screen to go back.")
    except Exception as e:
        print("boot.py: remount failed, normal start:", e)
else:
    print("boot.py: normal start: the drive is writable by the computer.")
