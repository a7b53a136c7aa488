"""JSON Schemas of the files the game reads, for people who write tools around them
(``great-harbor schema``): the game record (:mod:`great_harbor.record_model`), each catalogue
file under ``data/`` (:mod:`great_harbor.data.files`) and the output of ``great-harbor stats --json``
(:mod:`great_harbor.stats_model`). Each is made from the very pydantic model
the game validates that file with, so the schema and the game cannot disagree. Only
``great-harbor schema`` imports this module (and with it pydantic)."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from great_harbor.data.catalogue import FILE_NAMES
from great_harbor.data.files import FILES
from great_harbor.record_model import json_schema

DIALECT = "https://json-schema.org/draft/2020-12/schema"


class SchemaError(ValueError):
    """No schema by that name; ``str()`` is one line listing the names there are."""


def names() -> list[str]:
    """Every name ``schema_for`` knows: ``record``, the catalogue files, then ``stats``."""
    return ["record", *FILE_NAMES, "stats"]


def catalogue_schema(file_name: str) -> dict[str, Any]:
    """The JSON Schema of one catalogue file (``ships.yaml``)."""
    schema = TypeAdapter(FILES[file_name]).json_schema()
    schema.setdefault("title", file_name)
    schema["description"] = (f"The Great Harbor component catalogue file {file_name} "
                             f"(see data/README.md). {schema.get('description', '')}").strip()
    return {"$schema": DIALECT, **schema}


def schema_for(what: str) -> dict[str, Any]:
    """The schema called ``what``: ``record``, a catalogue file (``ships.yaml`` or ``ships``), ``stats``
    (``great-harbor stats --json``), or ``all``."""
    key = what.strip().lower()
    if key == "record":
        return json_schema()
    if key == "stats":
        from great_harbor.stats_model import json_schema as stats_schema  # start-up: the stats only when asked

        return stats_schema()
    if key == "all":
        return {"record": schema_for("record"), **{name: catalogue_schema(name) for name in FILE_NAMES},
                "stats": schema_for("stats")}
    file_name = key if key.endswith(".yaml") else f"{key}.yaml"
    if file_name in FILE_NAMES:
        return catalogue_schema(file_name)
    raise SchemaError(f"no schema called {what!r}; there are: {', '.join(names())} and all")


__all__ = ["SchemaError", "catalogue_schema", "names", "schema_for"]
