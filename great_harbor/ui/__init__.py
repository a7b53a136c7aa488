"""The terminal game (Textual)."""
