"""JSON Schema export of the contract (``reverie schema``)."""

from __future__ import annotations

from typing import Any

from reverie.domain.events import EVENT_TYPES


def all_schemas() -> dict[str, dict[str, Any]]:
    """Return one JSON Schema per event type, keyed by event type."""
    out: dict[str, dict[str, Any]] = {}
    for name, model in EVENT_TYPES.items():
        schema = model.model_json_schema(mode="validation")
        schema["title"] = name
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        out[name] = schema
    return out
