"""The Great Harbor: a terminal edition of the board game."""

__version__ = "0.1.0"
