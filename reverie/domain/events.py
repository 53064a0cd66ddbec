"""The event contract (``shared/contract/events-v1.md``) as immutable pydantic models.

Topic, event and field names are fixed by the contract; Reverie may add optional
fields but never renames or drops one. :func:`parse_event` is the single edge where
raw Kafka bytes become typed events; everything it rejects raises
:class:`~reverie.errors.InvalidEvent` with a reason a person can act on.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    WithJsonSchema,
)

from reverie.errors import InvalidEvent
from reverie.text.utc import as_utc

SCHEMA_VERSION = 1
MAX_TEXT_CHARS = 8000
MAX_MESSAGE_BYTES = 1_000_000

TOPIC_NOTES = "reverie.notes"
TOPIC_ENTITIES = "reverie.entities"
TOPIC_COMMANDS = "reverie.commands"
TOPIC_RUN_STEPS = "reverie.run-steps"
TOPIC_CHANGES = "reverie.changes"
TOPIC_DLQ = "reverie.dlq"
INPUT_TOPICS = (TOPIC_NOTES, TOPIC_ENTITIES, TOPIC_COMMANDS)
TOPICS = (*INPUT_TOPICS, TOPIC_DLQ, TOPIC_CHANGES, TOPIC_RUN_STEPS)
"""Every topic Reverie reads or writes."""

NoteType = Literal["Preference", "Constraint", "Context", "Example", "Issue"]
EntityType = Literal["agent", "user", "company", "conversation"]


Timestamp = Annotated[AwareDatetime, AfterValidator(as_utc)]
"""An RFC 3339 timestamp with an offset, normalised to UTC."""

def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise ValueError("contains a NUL character (U+0000); remove it (texts and ids "
                         "cannot carry NUL: the stores and prompts downstream refuse it)")
    return value


NoNul = AfterValidator(_no_nul)
"""Refuses U+0000: PostgreSQL-backed MongoDB-compatible stores (FerretDB) cannot store it,
and a NUL in a note is junk from a broken extractor, never meaning."""

Id = Annotated[str, Field(min_length=1, max_length=256), NoNul]


def _supported_version(version: int) -> int:
    if not 1 <= version <= SCHEMA_VERSION:
        raise ValueError(f"must be a version from 1 to {SCHEMA_VERSION}")
    return version


SchemaVersion = Annotated[int, AfterValidator(_supported_version),
                          WithJsonSchema({"const": SCHEMA_VERSION, "type": "integer"})]
"""The envelope's ``schema_version``: 1 to :data:`SCHEMA_VERSION`, read when a message is
validated, so the supported version is one constant (:func:`parse_event` checks it first)."""

MAX_INT64 = 2**63 - 1
"""Counters are stored as BSON int64: larger JSON integers are refused here, not by MongoDB."""
Component = Annotated[float, Field(allow_inf_nan=False, ge=-1e6, le=1e6)]
"""One embedding component: finite and bounded (NaN, inf or 1e308 break cosine search)."""


class Data(BaseModel):
    """Base of every event payload: frozen, unknown fields ignored."""

    model_config = ConfigDict(frozen=True, extra="ignore")


class NoteCreatedData(Data):
    note_id: Id
    text: Annotated[str, NoNul] = Field(min_length=1, max_length=MAX_TEXT_CHARS)
    note_type: NoteType = "Context"
    agent_id: Id
    user_id: Id | None = None
    company_id: Id | None = None
    conversation_id: Id | None = None
    is_auto_generated: bool = True
    created_at: Timestamp
    expires_at: Timestamp | None = None
    access_count: int = Field(default=0, ge=0, le=MAX_INT64)
    last_accessed_at: Timestamp | None = None
    embedding: list[Component] | None = Field(default=None, max_length=8192)
    embedding_model: str | None = None


class NoteAccessedData(Data):
    note_id: Id
    agent_id: Id
    accessed_at: Timestamp | None = Field(
        default=None, description="Defaults to the envelope's occurred_at."
    )
    count: int = Field(default=1, ge=1, le=MAX_INT64)


class ExampleCreatedData(Data):
    example_id: Id
    agent_id: Id
    user_id: Id | None = None
    company_id: Id | None = None
    conversation_id: Id | None = None
    input: Annotated[str, NoNul] = Field(max_length=MAX_TEXT_CHARS * 4)
    output: Annotated[str, NoNul] = Field(max_length=MAX_TEXT_CHARS * 4)
    success_score: float = Field(ge=0, le=100)
    is_auto_generated: bool = True
    created_at: Timestamp
    expires_at: Timestamp | None = None
    access_count: int = Field(default=0, ge=0, le=MAX_INT64)
    last_accessed_at: Timestamp | None = None


class ExampleAccessedData(Data):
    example_id: Id
    agent_id: Id
    accessed_at: Timestamp | None = None
    count: int = Field(default=1, ge=1, le=MAX_INT64)


class SessionEndedData(Data):
    agent_id: Id
    user_id: Id | None = None
    company_id: Id | None = None
    conversation_id: Id | None = None


class EntityData(Data):
    entity_type: EntityType
    entity_id: Id


class AgentConfiguredData(Data):
    agent_id: Id
    note_retention_days: int | None = Field(default=None, ge=0, le=365_000)
    example_retention_days: int | None = Field(default=None, ge=0, le=365_000)
    auto_archive_enabled: bool | None = None


class DreamRequestedData(Data):
    agent_id: Id
    dry_run: bool = False
    reason: str | None = None


class DreamRollbackData(Data):
    agent_id: Id
    run_id: Id


class Envelope(BaseModel):
    """The contract's envelope; subclasses fix ``event_type`` and ``data``."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    event_id: Id
    event_type: str
    occurred_at: Timestamp
    schema_version: SchemaVersion = 1
    data: Data

    @property
    def agent_id(self) -> str | None:
        """The agent the event is about, where it names one."""
        return getattr(self.data, "agent_id", None)


class NoteCreated(Envelope):
    event_type: Literal["note.created"]
    data: NoteCreatedData


class NoteAccessed(Envelope):
    event_type: Literal["note.accessed"]
    data: NoteAccessedData


class ExampleCreated(Envelope):
    event_type: Literal["example.created"]
    data: ExampleCreatedData


class ExampleAccessed(Envelope):
    event_type: Literal["example.accessed"]
    data: ExampleAccessedData


class SessionEnded(Envelope):
    event_type: Literal["session.ended"]
    data: SessionEndedData


class EntityDeleted(Envelope):
    event_type: Literal["entity.deleted"]
    data: EntityData


class EntityDisabled(Envelope):
    event_type: Literal["entity.disabled"]
    data: EntityData


class AgentConfigured(Envelope):
    event_type: Literal["agent.configured"]
    data: AgentConfiguredData


class DreamRequested(Envelope):
    event_type: Literal["dream.requested"]
    data: DreamRequestedData


class DreamRollback(Envelope):
    event_type: Literal["dream.rollback"]
    data: DreamRollbackData


EVENT_TYPES: dict[str, type[Envelope]] = {
    "note.created": NoteCreated,
    "note.accessed": NoteAccessed,
    "example.created": ExampleCreated,
    "example.accessed": ExampleAccessed,
    "session.ended": SessionEnded,
    "entity.deleted": EntityDeleted,
    "entity.disabled": EntityDisabled,
    "agent.configured": AgentConfigured,
    "dream.requested": DreamRequested,
    "dream.rollback": DreamRollback,
}

TOPIC_OF: dict[str, str] = {
    **dict.fromkeys(
        ["note.created", "note.accessed", "example.created", "example.accessed", "session.ended"],
        TOPIC_NOTES,
    ),
    **dict.fromkeys(["entity.deleted", "entity.disabled", "agent.configured"], TOPIC_ENTITIES),
    **dict.fromkeys(["dream.requested", "dream.rollback"], TOPIC_COMMANDS),
}

Event = (
    NoteCreated
    | NoteAccessed
    | ExampleCreated
    | ExampleAccessed
    | SessionEnded
    | EntityDeleted
    | EntityDisabled
    | AgentConfigured
    | DreamRequested
    | DreamRollback
)

_ADAPTERS: dict[str, TypeAdapter[Any]] = {}


def _adapter(model: type[Envelope]) -> TypeAdapter[Any]:
    name = model.__name__
    if name not in _ADAPTERS:
        _ADAPTERS[name] = TypeAdapter(model)
    return _ADAPTERS[name]


def message_key(event: Envelope) -> str:
    """Return the Kafka key the contract prescribes for ``event``'s topic."""
    data = event.data
    if isinstance(data, EntityData):
        return data.entity_id
    return str(getattr(data, "agent_id", ""))


def _describe(error: ValidationError) -> InvalidEvent:
    first = error.errors(include_url=False)[0]
    path = ".".join(str(p) for p in first["loc"]) or None
    kind = first["type"]
    if path is None:  # the JSON itself (e.g. nested deeper than the parser allows)
        reason = f"message rejected: {first['msg']}"
    elif kind == "missing":
        reason = f"required field '{path}' is missing"
    elif kind == "extra_forbidden":
        reason = f"field '{path}' is not allowed"
    else:
        got = first.get("input")
        shown = repr(got)
        if len(shown) > 80:
            shown = shown[:77] + "..."
        reason = f"field '{path}': {first['msg']} (got {shown})"
    more = error.error_count() - 1
    if more:
        reason += f"; and {more} more problem{'s' if more > 1 else ''}"
    return InvalidEvent(reason, path)


def parse_event(raw: bytes | str) -> Event:
    """Decode and validate one envelope; raise ``InvalidEvent`` with an actionable reason."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_MESSAGE_BYTES:
            raise InvalidEvent(
                f"message is {len(raw)} bytes; the limit is {MAX_MESSAGE_BYTES} "
                "(note texts are at most 8000 characters)"
            )
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidEvent(
                f"message is not valid UTF-8 (byte {exc.start}): encode the JSON as UTF-8"
            ) from None
    else:
        text = raw
    try:
        obj = json.loads(text)
    except RecursionError:
        raise InvalidEvent("JSON is nested too deeply to be an event envelope") from None
    except ValueError as exc:
        raise InvalidEvent(f"message is not JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise InvalidEvent(f"message must be a JSON object, got {type(obj).__name__}")
    version = obj.get("schema_version", SCHEMA_VERSION)
    if isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION:
        raise InvalidEvent(
            f"schema_version {version} is newer than this consumer supports "
            f"({SCHEMA_VERSION}); upgrade Reverie or publish version {SCHEMA_VERSION}",
            "schema_version",
        )
    event_type = obj.get("event_type")
    if event_type is None:
        raise InvalidEvent("required field 'event_type' is missing", "event_type")
    model = EVENT_TYPES.get(event_type) if isinstance(event_type, str) else None
    if model is None:
        known = ", ".join(sorted(EVENT_TYPES))
        raise InvalidEvent(
            f"unknown event_type {str(event_type)[:60]!r}; expected one of: {known}",
            "event_type",
        )
    # Only a \uD800-\uDFFF escape (or, in a str, the code point itself) can put a surrogate
    # in the decoded JSON: the walk over every value is skipped without one (issue #12: it
    # cost 40 % of decoding a note with its 384-number embedding).
    surrogate = _lone_surrogate(obj) if _may_hold_surrogate(text) else None
    if surrogate is not None:
        raise _surrogate_problem(model, obj, *surrogate)
    try:
        event: Event = _adapter(model).validate_json(text, strict=True)
    except ValidationError as exc:
        raise _describe(exc) from None
    return event


_SURROGATE = re.compile("[\ud800-\udfff]")


def _may_hold_surrogate(text: str) -> bool:
    """False when no value decoded from the JSON ``text`` can hold a surrogate (fast checks)."""
    return ("\\ud" in text or "\\uD" in text
            or (not text.isascii() and _SURROGATE.search(text) is not None))


def _lone_surrogate(obj: Any, path: str = "") -> tuple[str, int, str] | None:
    """Return (dotted path, index, escape) of the first unpaired UTF-16 surrogate in ``obj``."""
    if isinstance(obj, str):
        found = _SURROGATE.search(obj)
        return None if found is None else (path, found.start(), f"\\u{ord(found[0]):04x}")
    items: Any = obj.items() if isinstance(obj, dict) else (
        enumerate(obj) if isinstance(obj, list) else ())
    for key, value in items:
        if isinstance(key, str) and _SURROGATE.search(key):
            return (path or "(top level)", 0, "a key")
        hit = _lone_surrogate(value, f"{path}.{key}" if path else str(key))
        if hit is not None:
            return hit
    return None


def _scrub(obj: Any) -> Any:
    if isinstance(obj, str):
        return _SURROGATE.sub("\ufffd", obj)
    if isinstance(obj, dict):
        return {_scrub(k): _scrub(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_scrub(v) for v in obj]
    return obj


def _surrogate_problem(model: type[Envelope], obj: Any, path: str, at: int,
                       escape: str) -> InvalidEvent:
    """Name the field holding an unpaired surrogate, and any other problem of the envelope."""
    reason = (f"field '{path}' holds an unpaired UTF-16 surrogate ({escape} at character {at}),"
              " which is not valid Unicode: send the text as UTF-8 without lone surrogates")
    try:
        _adapter(model).validate_json(json.dumps(_scrub(obj)), strict=True)
    except ValidationError as exc:
        reason += "; also: " + _describe(exc).reason
    return InvalidEvent(reason, path)


def envelope_schema(model: type[BaseModel]) -> dict[str, Any]:
    """Return the JSON Schema of one event envelope model."""
    return model.model_json_schema(mode="validation")
