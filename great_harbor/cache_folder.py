"""The user's cache folder for the game, and whether a file there can be trusted.

Shared by the catalogue cache (``great_harbor.data.cache``) and the rules lookup's index cache
(``great_harbor.lookup.index_cache``); a module of its own so that ``great-harbor rules`` finds the
folder without importing the catalogue's code. The folder is ``$GREAT_HARBOR_CACHE``, else the
platform's cache folder for the game (``platformdirs``); an empty ``GREAT_HARBOR_CACHE`` turns
caching off.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["APP_NAME", "ENV_CACHE", "cache_dir", "private"]

ENV_CACHE = "GREAT_HARBOR_CACHE"
APP_NAME = "great-harbor"  # the folder name under the platform's cache folder


def cache_dir() -> Path | None:
    """Where the cache lives, or None when it is turned off (or no home folder is known)."""
    explicit = os.environ.get(ENV_CACHE)
    if explicit is not None:
        if not explicit:
            return None
        try:
            return Path(explicit).expanduser()
        except RuntimeError:  # ~someone who does not exist
            return Path(explicit)
    from platformdirs import user_cache_path

    try:
        folder = user_cache_path(APP_NAME, appauthor=False)
    except RuntimeError:  # no $HOME and no passwd entry (a container under an arbitrary user id)
        return None
    return folder if folder.is_absolute() else None  # older platformdirs leave "~" as it is then


def private(path: Path) -> bool:
    """Whether ``path`` belongs to the user running the game and nobody else may write to it."""
    if not hasattr(os, "getuid"):
        return True  # no owners to compare on this system
    info = path.stat()
    return info.st_uid == os.getuid() and not info.st_mode & 0o022
