"""What a player chose that outlives a game (the colour theme), kept in a small JSON file in the
platform's folder for settings: ``$GREAT_HARBOR_CONFIG`` if set, else the user config folder
(``~/.config/great-harbor`` on Linux, the Application Support or AppData folder elsewhere).

Reading never fails: a missing file is no settings; an unreadable one is reported in one line and
ignored. Writing reports a problem in one line, never raises."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

ENV_CONFIG = "GREAT_HARBOR_CONFIG"
FILE = "settings.json"


def config_dir() -> Path:
    """The folder settings are kept in (not created here)."""
    env = os.environ.get(ENV_CONFIG, "")
    if env:
        try:
            return Path(env).expanduser()
        except RuntimeError:  # ~someone who does not exist: the folder as written
            return Path(env)
    # Here, not at the top (start-up): only the app's start reads settings, never the other commands.
    from platformdirs import user_config_path

    return user_config_path("great-harbor", appauthor=False)


def load_settings() -> tuple[dict[str, Any], str | None]:
    """The settings, and a one-line problem when the file exists but cannot be used."""
    path = config_dir() / FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, None
    except OSError as exc:
        return {}, f"cannot read {path}: {exc.strerror or exc}"
    except UnicodeDecodeError:
        return {}, f"{path} is not text (UTF-8)"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return {}, f"{path} is not valid JSON ({exc.msg}, line {exc.lineno})"
    if not isinstance(data, dict):
        return {}, f"{path} does not hold settings"
    return data, None


def save_setting(key: str, value: Any) -> str | None:
    """Keep ``key`` = ``value`` with the other settings; the one-line problem if it cannot be written."""
    data, _ = load_settings()
    data[key] = value
    folder = config_dir()
    path = folder / FILE
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{FILE}.tmp")
        temporary.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        temporary.replace(path)
    except OSError as exc:
        return f"cannot write {path}: {exc.strerror or exc}"
    return None
