"""Quad Pocket device app (CircuitPython displayio); entry point quadpocket.app.run."""
