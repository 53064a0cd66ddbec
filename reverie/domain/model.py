"""What Reverie stores: notes, examples, tombstones, agent settings, changes and runs.

These are plain pydantic models; the storage adapters map them to documents and
the handlers reason about them. Nothing is ever deleted: a note moves between
``Active``, ``Revoked`` and ``Archived`` and every move is recorded as a
:class:`Change` that can be undone.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from reverie.domain.events import EntityType, NoteType


class Status(StrEnum):
    """Lifecycle state of a note or example."""

    ACTIVE = "Active"
    REVOKED = "Revoked"
    ARCHIVED = "Archived"


Kind = Literal["note", "example"]

REFERENCE_FIELDS: tuple[tuple[EntityType, str], ...] = (
    ("agent", "agent_id"),
    ("user", "user_id"),
    ("company", "company_id"),
    ("conversation", "conversation_id"),
)
"""Which field of a note or example references which entity type."""


class Record(BaseModel):
    """Fields notes and examples share."""

    model_config = ConfigDict(extra="ignore")

    agent_id: str
    user_id: str | None = None
    company_id: str | None = None
    conversation_id: str | None = None
    is_auto_generated: bool = True
    created_at: datetime
    expires_at: datetime | None = None
    access_count: int = 0
    last_accessed_at: datetime | None = None
    status: Status = Status.ACTIVE
    comments: str | None = None
    updated_at: datetime | None = None

    def references(self) -> list[tuple[EntityType, str]]:
        """Return the (entity_type, entity_id) pairs this record refers to."""
        refs: list[tuple[EntityType, str]] = []
        for entity_type, field_name in REFERENCE_FIELDS:
            value = getattr(self, field_name)
            if value:
                refs.append((entity_type, value))
        return refs

    def last_access(self) -> datetime:
        """Return when this record was last used or created, whichever is later.

        A note Reverie merged today counts as fresh even if its sources were last
        read months ago: the merge re-validated them.
        """
        if self.last_accessed_at is None:
            return self.created_at
        return max(self.last_accessed_at, self.created_at)


class Note(Record):
    """One memory note of an agent."""

    note_id: str
    text: str
    note_type: NoteType = "Context"
    embedding: list[float] | None = None
    embedding_model: str | None = None
    consolidated_into_note_id: str | None = None
    source_note_ids: list[str] = Field(default_factory=list)
    created_by_run_id: str | None = None

    @property
    def id(self) -> str:
        return self.note_id

    def scope(self) -> tuple[str, str | None, str | None]:
        """Return (agent, company, user): notes may only meet inside one scope."""
        return (self.agent_id, self.company_id, self.user_id)


class Example(Record):
    """One few-shot example of an agent."""

    example_id: str
    input: str
    output: str
    success_score: float

    @property
    def id(self) -> str:
        return self.example_id


class Tombstone(BaseModel):
    """A record that an entity was deleted or disabled."""

    entity_type: EntityType
    entity_id: str
    action: Literal["deleted", "disabled"]
    at: datetime
    event_id: str | None = None

    def is_gone_for_notes(self) -> bool:
        """Deleted anything, or a disabled agent, makes referencing notes stale."""
        return self.action == "deleted" or self.entity_type == "agent"

    def describe(self) -> str:
        """Return e.g. ``agent a-7 disabled on 2026-05-02``."""
        return f"{self.entity_type} {self.entity_id} {self.action} on {self.at.date().isoformat()}"


class AgentSettings(BaseModel):
    """Per-agent retention settings from ``agent.configured`` (defaults otherwise)."""

    agent_id: str
    note_retention_days: int = 90
    example_retention_days: int = 180
    auto_archive_enabled: bool = True
    last_dream_at: datetime | None = None
    updated_at: datetime | None = None


ChangeType = Literal[
    "note.consolidated",
    "note.revoked",
    "note.archived",
    "note.restored",
    "example.archived",
    "example.restored",
    "example.revoked",
]


class Change(BaseModel):
    """One audited state change, published on ``reverie.changes``."""

    change_id: str
    change_type: ChangeType
    kind: Kind
    record_id: str
    agent_id: str
    from_status: Status | None
    to_status: Status
    reason: str
    at: datetime
    run_id: str | None = None
    consolidated_into_note_id: str | None = None
    source_note_ids: list[str] = Field(default_factory=list)

    def as_event(self) -> dict[str, Any]:
        """Return the envelope published on ``reverie.changes``."""
        id_field = "note_id" if self.kind == "note" else "example_id"
        return {
            "event_id": self.change_id,
            "event_type": self.change_type,
            "occurred_at": self.at.isoformat().replace("+00:00", "Z"),
            "schema_version": 1,
            "data": {
                id_field: self.record_id,
                "agent_id": self.agent_id,
                "from_status": self.from_status.value if self.from_status else None,
                "status": self.to_status.value,
                "comments": self.reason,
                "run_id": self.run_id,
                "consolidated_into_note_id": self.consolidated_into_note_id,
                "source_note_ids": self.source_note_ids,
            },
        }

    @classmethod
    def from_event(cls, envelope: dict[str, Any]) -> Change:
        """Read back an envelope of ``reverie.changes`` (the inverse of :meth:`as_event`)."""
        data = envelope["data"]
        kind: Kind = "note" if "note_id" in data else "example"
        return cls(
            change_id=envelope["event_id"], change_type=envelope["event_type"], kind=kind,
            record_id=data["note_id" if kind == "note" else "example_id"],
            agent_id=data["agent_id"], from_status=data.get("from_status"),
            to_status=data["status"], reason=data.get("comments") or "",
            at=envelope["occurred_at"], run_id=data.get("run_id"),
            consolidated_into_note_id=data.get("consolidated_into_note_id"),
            source_note_ids=data.get("source_note_ids") or [],
        )


def vector_payload(note: Note) -> dict[str, Any]:
    """Return the payload a note's vector carries for scoped, status-filtered search."""
    return {
        "note_id": note.note_id,
        "agent_id": note.agent_id,
        "company_id": note.company_id,
        "user_id": note.user_id,
        "status": note.status.value,
        "note_type": note.note_type,
        "is_auto_generated": note.is_auto_generated,
        "created_at": note.created_at.isoformat(),
    }
