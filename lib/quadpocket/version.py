"""Version shown in About; the bundle tool writes the release version here."""

VERSION = "dev"
