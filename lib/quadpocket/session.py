"""The game in progress plus what the app must remember about it (quadpocket.play.Session;
this name is kept for the tools and tests that build saved games)."""

from quadpocket.play import MAGIC, NO_CPU, VERSION, Session

__all__ = ["MAGIC", "NO_CPU", "VERSION", "Session"]
