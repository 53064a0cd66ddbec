"""JSON Schema export of the contract (``reverie schema``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel

from reverie.domain.events import EVENT_TYPES
from reverie.domain.runs import RunStep


def all_schemas() -> dict[str, dict[str, Any]]:
    """Return one JSON Schema per event type (inputs and ``run.step``), keyed by type."""
    out: dict[str, dict[str, Any]] = {}
    models: dict[str, type[BaseModel]] = {**EVENT_TYPES, "run.step": RunStepEvent}
    for name, model in models.items():
        schema = model.model_json_schema(mode="validation")
        schema["title"] = name
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        out[name] = schema
    return out


class RunStepEvent(BaseModel):
    """The envelope of ``run.step`` on ``reverie.run-steps``."""

    event_id: str
    event_type: Literal["run.step"]
    occurred_at: datetime
    schema_version: Literal[1] = 1
    data: RunStep
