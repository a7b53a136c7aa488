"""Errors the engine raises."""


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message says why; the state is unchanged."""


class EngineError(RuntimeError):
    """A broken invariant inside the engine: a bug, never a player's mistake."""
