"""``great-harbor stats --json``: the report (:class:`great_harbor.stats.StatsReport`) as JSON, and
its JSON Schema (``great-harbor schema stats``), both made by pydantic from the very dataclasses
the report is built of, so that the schema and the output cannot disagree."""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import TypeAdapter

from great_harbor.stats import StatsReport

DIALECT = "https://json-schema.org/draft/2020-12/schema"
DESCRIPTION = (
    "The Great Harbor: each player's record across the saved games of a folder (great-harbor stats --json). "
    "people: one entry per person, by name; computers: the Automa and each computer rival level, seen from "
    "their side. A game not over counts only in in_progress. Rates are fractions from 0 to 1; average_items "
    "and each score use the item keys of final scoring (cards, governor, structures, buildings, smuggler, "
    "tokens); skipped lists the files that could not be used and why."
)


@cache
def _adapter() -> TypeAdapter[StatsReport]:
    return TypeAdapter(StatsReport)


def as_json(report: StatsReport) -> dict[str, Any]:
    data: dict[str, Any] = _adapter().dump_python(report, mode="json")
    return data


def json_schema() -> dict[str, Any]:
    schema = _adapter().json_schema(mode="serialization")
    # The output always holds every field (defaults included): say so, for tools that rely on it.
    for part in (schema, *schema.get("$defs", {}).values()):
        if "properties" in part:
            part["required"] = list(part["properties"])
    schema["title"] = "Great Harbor player statistics"
    schema["description"] = DESCRIPTION
    return {"$schema": DIALECT, **schema}


__all__ = ["as_json", "json_schema"]
