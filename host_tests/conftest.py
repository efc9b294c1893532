"""Put the repo root on sys.path *after* the standard library: the device entry point
`code.py` would otherwise shadow the standard `code` module (which pdb imports)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)
