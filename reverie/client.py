"""Publish Reverie's input events from Python: typed, validated, routed and keyed by contract.

One method per event type of ``shared/contract/events-v1.md`` builds the envelope,
validates it with :func:`~reverie.domain.events.parse_event` (the function the worker
runs on what it consumes, so anything it accepts here the worker accepts too), picks
the topic and the key the contract prescribes and sends it with an idempotent
aiokafka producer (``acks=all``). An invalid field raises
:class:`~reverie.errors.InvalidEvent` before anything is sent::

    from reverie.client import ReverieClient

    async with ReverieClient(bootstrap_servers="127.0.0.1:9092") as reverie:
        await reverie.note_created(note_id="n-1", agent_id="support-bot",
                                   text="The user prefers concise answers.",
                                   note_type="Preference", user_id="u-ann")
        await reverie.entity_deleted(entity_type="user", entity_id="u-ben")

Other languages publish against the contract itself (or ``docs/asyncapi.yaml``).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Protocol, cast

from reverie.brokers import bootstrap_servers as servers_of
from reverie.brokers import client_options
from reverie.config import Settings
from reverie.domain.events import (
    SCHEMA_VERSION,
    TOPIC_OF,
    AgentConfigured,
    DreamRequested,
    DreamRollback,
    EntityDeleted,
    EntityDisabled,
    EntityType,
    Envelope,
    Event,
    ExampleAccessed,
    ExampleCreated,
    NoteAccessed,
    NoteCreated,
    NoteType,
    SessionEnded,
    message_key,
    parse_event,
)
from reverie.errors import BrokerUnavailable, InvalidEvent

__all__ = ["ReverieClient", "build_event", "destination", "producer_for"]


class Producer(Protocol):
    """What the client needs of an aiokafka producer (a fake in unit tests)."""

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    async def send_and_wait(self, topic: str, value: bytes, key: bytes | None = None
                            ) -> Any: ...


def producer_for(settings: Settings) -> Any:
    """Return an idempotent ``acks=all`` aiokafka producer configured like the worker's."""
    from aiokafka import AIOKafkaProducer

    return AIOKafkaProducer(**client_options(settings), acks="all", enable_idempotence=True,
                            linger_ms=5)


def _json_default(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat().replace("+00:00", "Z")
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def encode_envelope(event_type: str, data: dict[str, Any], *, event_id: str | None = None,
                    occurred_at: datetime | None = None) -> bytes:
    """Return the UTF-8 JSON of an envelope (a new uuid4 ``event_id``, ``occurred_at`` now)."""
    obj = {"event_id": event_id or str(uuid.uuid4()), "event_type": event_type,
           "occurred_at": occurred_at or datetime.now(UTC),
           "schema_version": SCHEMA_VERSION, "data": data}
    try:
        return json.dumps(obj, default=_json_default, ensure_ascii=False).encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise InvalidEvent(f"{event_type}: cannot encode as JSON: {exc}") from None


def build_event(event_type: str, data: dict[str, Any], *, event_id: str | None = None,
                occurred_at: datetime | None = None) -> tuple[Event, bytes]:
    """Return the validated event and the exact bytes to send; raise ``InvalidEvent`` if invalid."""
    raw = encode_envelope(event_type, data, event_id=event_id, occurred_at=occurred_at)
    return parse_event(raw), raw


def destination(event: Envelope) -> tuple[str, bytes]:
    """Return the contract's topic and message key for ``event``."""
    return TOPIC_OF[event.event_type], message_key(event).encode("utf-8")


class ReverieClient:
    """An async context manager that publishes contract events to Kafka, one method per type.

    Pass ``settings`` (``Settings.load()`` reads ``REVERIE_KAFKA_*``; SASL/TLS included) or
    just ``bootstrap_servers``. Every method returns the envelope it sent.
    """

    def __init__(self, settings: Settings | None = None, *,
                 bootstrap_servers: str | None = None, producer: Producer | None = None,
                 ) -> None:
        settings = settings or Settings.load()
        if bootstrap_servers:
            settings = settings.model_copy(update={"kafka_broker": bootstrap_servers})
        self.settings = settings
        self._producer: Producer | None = producer
        self._started = False

    async def __aenter__(self) -> ReverieClient:
        await self.start()
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        await self.stop()

    async def start(self) -> None:
        """Connect the producer; raise ``BrokerUnavailable`` naming the servers if it cannot."""
        from aiokafka.errors import KafkaError

        if self._producer is None:
            self._producer = cast(Producer, producer_for(self.settings))
        try:
            await self._producer.start()
        except (KafkaError, OSError) as exc:  # refused, unresolvable, TLS or SASL failure
            await self._producer.stop()
            raise BrokerUnavailable(
                f"cannot reach Kafka at {servers_of(self.settings)} (REVERIE_KAFKA_BROKER; "
                "start it with `make infra`, or set the variable)") from exc
        self._started = True

    async def stop(self) -> None:
        """Flush and close the producer."""
        if self._producer is not None and self._started:
            self._started = False
            await self._producer.stop()

    # -- sending ------------------------------------------------------------------------

    async def send_bytes(self, topic: str, value: bytes, key: bytes | None) -> None:
        """Send bytes as they are to ``topic`` and wait for every in-sync replica."""
        if self._producer is None or not self._started:
            raise RuntimeError("ReverieClient is not started: use 'async with ReverieClient()'")
        await self._producer.send_and_wait(topic, value, key=key)

    async def send_raw(self, raw: bytes) -> Event:
        """Validate a serialized envelope and send it, unchanged, to its topic with its key."""
        event = parse_event(raw)
        topic, key = destination(event)
        await self.send_bytes(topic, raw, key)
        return event

    async def publish(self, event_type: str, data: dict[str, Any], *,
                      event_id: str | None = None, occurred_at: datetime | None = None
                      ) -> Event:
        """Build, validate and send one event of ``event_type``; return it."""
        event, raw = build_event(event_type, data, event_id=event_id, occurred_at=occurred_at)
        topic, key = destination(event)
        await self.send_bytes(topic, raw, key)
        return event

    # -- one method per event type (reverie.notes) ----------------------------------------

    async def note_created(
        self, *, note_id: str, text: str, agent_id: str, note_type: NoteType = "Context",
        user_id: str | None = None, company_id: str | None = None,
        conversation_id: str | None = None, is_auto_generated: bool = True,
        created_at: datetime | None = None, expires_at: datetime | None = None,
        access_count: int = 0, last_accessed_at: datetime | None = None,
        embedding: Sequence[float] | None = None, embedding_model: str | None = None,
        event_id: str | None = None, occurred_at: datetime | None = None,
    ) -> NoteCreated:
        """Publish ``note.created`` on reverie.notes keyed by agent; ``created_at``: now."""
        at = occurred_at or datetime.now(UTC)
        data = {"note_id": note_id, "text": text, "note_type": note_type, "agent_id": agent_id,
                "user_id": user_id, "company_id": company_id,
                "conversation_id": conversation_id, "is_auto_generated": is_auto_generated,
                "created_at": created_at or at, "expires_at": expires_at,
                "access_count": access_count, "last_accessed_at": last_accessed_at,
                "embedding": list(embedding) if embedding is not None else None,
                "embedding_model": embedding_model}
        return cast(NoteCreated, await self.publish("note.created", data, event_id=event_id,
                                                    occurred_at=at))

    async def note_accessed(
        self, *, note_id: str, agent_id: str, accessed_at: datetime | None = None,
        count: int = 1, event_id: str | None = None, occurred_at: datetime | None = None,
    ) -> NoteAccessed:
        """Publish ``note.accessed`` (adds ``count`` to the note's access count)."""
        data = {"note_id": note_id, "agent_id": agent_id, "accessed_at": accessed_at,
                "count": count}
        return cast(NoteAccessed, await self.publish("note.accessed", data, event_id=event_id,
                                                     occurred_at=occurred_at))

    async def example_created(
        self, *, example_id: str, agent_id: str, input: str, output: str,
        success_score: float, user_id: str | None = None, company_id: str | None = None,
        conversation_id: str | None = None, is_auto_generated: bool = True,
        created_at: datetime | None = None, expires_at: datetime | None = None,
        access_count: int = 0, last_accessed_at: datetime | None = None,
        event_id: str | None = None, occurred_at: datetime | None = None,
    ) -> ExampleCreated:
        """Publish ``example.created`` on reverie.notes keyed by agent; ``created_at``: now."""
        at = occurred_at or datetime.now(UTC)
        data = {"example_id": example_id, "agent_id": agent_id, "user_id": user_id,
                "company_id": company_id, "conversation_id": conversation_id,
                "input": input, "output": output, "success_score": success_score,
                "is_auto_generated": is_auto_generated, "created_at": created_at or at,
                "expires_at": expires_at, "access_count": access_count,
                "last_accessed_at": last_accessed_at}
        return cast(ExampleCreated, await self.publish("example.created", data,
                                                       event_id=event_id, occurred_at=at))

    async def example_accessed(
        self, *, example_id: str, agent_id: str, accessed_at: datetime | None = None,
        count: int = 1, event_id: str | None = None, occurred_at: datetime | None = None,
    ) -> ExampleAccessed:
        """Publish ``example.accessed`` (adds ``count`` to the example's access count)."""
        data = {"example_id": example_id, "agent_id": agent_id, "accessed_at": accessed_at,
                "count": count}
        return cast(ExampleAccessed, await self.publish("example.accessed", data,
                                                        event_id=event_id,
                                                        occurred_at=occurred_at))

    async def session_ended(
        self, *, agent_id: str, user_id: str | None = None, company_id: str | None = None,
        conversation_id: str | None = None, event_id: str | None = None,
        occurred_at: datetime | None = None,
    ) -> SessionEnded:
        """Publish ``session.ended`` (counts toward the dream gate)."""
        data = {"agent_id": agent_id, "user_id": user_id, "company_id": company_id,
                "conversation_id": conversation_id}
        return cast(SessionEnded, await self.publish("session.ended", data, event_id=event_id,
                                                     occurred_at=occurred_at))

    # -- reverie.entities -----------------------------------------------------------------

    async def entity_deleted(
        self, *, entity_type: EntityType, entity_id: str, event_id: str | None = None,
        occurred_at: datetime | None = None,
    ) -> EntityDeleted:
        """Publish ``entity.deleted`` on reverie.entities keyed by entity id."""
        data = {"entity_type": entity_type, "entity_id": entity_id}
        return cast(EntityDeleted, await self.publish("entity.deleted", data,
                                                      event_id=event_id,
                                                      occurred_at=occurred_at))

    async def entity_disabled(
        self, *, entity_type: EntityType, entity_id: str, event_id: str | None = None,
        occurred_at: datetime | None = None,
    ) -> EntityDisabled:
        """Publish ``entity.disabled`` on reverie.entities keyed by entity id."""
        data = {"entity_type": entity_type, "entity_id": entity_id}
        return cast(EntityDisabled, await self.publish("entity.disabled", data,
                                                       event_id=event_id,
                                                       occurred_at=occurred_at))

    async def agent_configured(
        self, *, agent_id: str, note_retention_days: int | None = None,
        example_retention_days: int | None = None, auto_archive_enabled: bool | None = None,
        event_id: str | None = None, occurred_at: datetime | None = None,
    ) -> AgentConfigured:
        """Publish ``agent.configured`` on reverie.entities keyed by agent id."""
        data = {"agent_id": agent_id, "note_retention_days": note_retention_days,
                "example_retention_days": example_retention_days,
                "auto_archive_enabled": auto_archive_enabled}
        return cast(AgentConfigured, await self.publish("agent.configured", data,
                                                        event_id=event_id,
                                                        occurred_at=occurred_at))

    # -- reverie.commands -----------------------------------------------------------------

    async def dream_requested(
        self, *, agent_id: str, dry_run: bool = False, reason: str | None = None,
        event_id: str | None = None, occurred_at: datetime | None = None,
    ) -> DreamRequested:
        """Publish ``dream.requested`` on reverie.commands keyed by agent id."""
        data = {"agent_id": agent_id, "dry_run": dry_run, "reason": reason}
        return cast(DreamRequested, await self.publish("dream.requested", data,
                                                       event_id=event_id,
                                                       occurred_at=occurred_at))

    async def dream_rollback(
        self, *, agent_id: str, run_id: str, event_id: str | None = None,
        occurred_at: datetime | None = None,
    ) -> DreamRollback:
        """Publish ``dream.rollback`` on reverie.commands keyed by agent id."""
        data = {"agent_id": agent_id, "run_id": run_id}
        return cast(DreamRollback, await self.publish("dream.rollback", data,
                                                      event_id=event_id,
                                                      occurred_at=occurred_at))
