"""The Great Harbor: a terminal edition of the board game."""

__version__ = "0.2.0"
