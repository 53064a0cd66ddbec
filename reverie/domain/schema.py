"""JSON Schema export of the contract (``reverie schema``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from reverie.domain.events import EVENT_TYPES
from reverie.domain.model import ChangeType, Status
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


class ChangeData(BaseModel):
    """The ``data`` of a change on ``reverie.changes`` (``Change.as_event``)."""

    note_id: str | None = Field(default=None, description="Set for note.* changes.")
    example_id: str | None = Field(default=None, description="Set for example.* changes.")
    agent_id: str
    from_status: Status | None = Field(description="null when the record was just created "
                                       "(a merged note).")
    status: Status
    comments: str = Field(description="Why: the merge, the contradiction, the stale "
                          "reference, the expiry, the rollback.")
    run_id: str | None = Field(description="The dream run that made the change, if any.")
    consolidated_into_note_id: str | None = Field(
        description="Revoked notes: the note that supersedes this one.")
    source_note_ids: list[str] = Field(
        description="note.consolidated: the notes the merged note replaces.")


class ChangeEvent(BaseModel):
    """The envelope of a change on ``reverie.changes``, keyed by ``agent_id``."""

    event_id: str
    event_type: ChangeType
    occurred_at: datetime
    schema_version: Literal[1] = 1
    data: ChangeData


class DeadLetterRecord(BaseModel):
    """A message Reverie refused, on ``reverie.dlq`` keyed by the original key."""

    reason: str = Field(description="One sentence naming the field and what to fix.")
    reason_kind: str | None = Field(default=None, description=(
        "The reason's class, one of a small closed set (invalid_json, unsupported_version, "
        "missing_field, wrong_type, unknown_note, internal, ...): the label of "
        "reverie_dlq_total. Absent from records written by older workers."))
    field: str | None = Field(description="Dotted path of the offending field, if one.")
    error: str = Field(description="The error class (InvalidEvent, UnknownEntity, ...).")
    topic: str = Field(description="Where the original message was consumed from.")
    partition: int
    offset: int
    key: str | None
    failed_at: datetime
    original_base64: str = Field(description="The original bytes (at most 256 KiB).")
    original_text: str | None = Field(description="The original as text, when it was UTF-8.")
    original_truncated: bool = Field(default=False, description="Set when the original was "
                                     "larger than 256 KiB and is kept truncated.")
    original_size: int | None = Field(default=None, description="Truncated originals: size.")
    original_sha256: str | None = Field(default=None, description="Truncated originals: hash.")
    consumer_group: str = Field(description="The Reverie deployment (REVERIE_APP_ID) that "
                                "refused it.")
