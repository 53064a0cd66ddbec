"""The typed producer client: envelopes validated before sending, routed and keyed by contract."""

from __future__ import annotations

import inspect
import json
from datetime import UTC, datetime
from typing import Any

import pytest
from aiokafka.errors import KafkaConnectionError

from reverie.client import ReverieClient
from reverie.config import Settings
from reverie.domain.events import (
    EVENT_TYPES,
    TOPIC_COMMANDS,
    TOPIC_ENTITIES,
    TOPIC_NOTES,
    TOPIC_OF,
    parse_event,
)
from reverie.errors import BrokerUnavailable, InvalidEvent

T = datetime(2026, 3, 15, 10, 0, tzinfo=UTC)


class FakeProducer:
    """Records what would have been sent."""

    def __init__(self, fail_start: bool = False) -> None:
        self.sent: list[tuple[str, bytes, bytes | None]] = []
        self.fail_start = fail_start
        self.stopped = False

    async def start(self) -> None:
        if self.fail_start:
            raise KafkaConnectionError("Unable to bootstrap from [('127.0.0.1', 1)]")

    async def stop(self) -> None:
        self.stopped = True

    async def send_and_wait(self, topic: str, value: bytes, key: bytes | None = None) -> None:
        self.sent.append((topic, value, key))


# one call per event type: (method arguments, expected topic, expected key)
CALLS: dict[str, tuple[dict[str, Any], str, str]] = {
    "note.created": ({"note_id": "n-1", "text": "Prefers metric units.", "agent_id": "bot",
                      "note_type": "Preference", "user_id": "u-1", "created_at": T},
                     TOPIC_NOTES, "bot"),
    "note.accessed": ({"note_id": "n-1", "agent_id": "bot", "count": 3}, TOPIC_NOTES, "bot"),
    "example.created": ({"example_id": "x-1", "agent_id": "bot", "input": "2+2?",
                         "output": "4", "success_score": 90}, TOPIC_NOTES, "bot"),
    "example.accessed": ({"example_id": "x-1", "agent_id": "bot"}, TOPIC_NOTES, "bot"),
    "session.ended": ({"agent_id": "bot", "conversation_id": "c-1"}, TOPIC_NOTES, "bot"),
    "entity.deleted": ({"entity_type": "user", "entity_id": "u-1"}, TOPIC_ENTITIES, "u-1"),
    "entity.disabled": ({"entity_type": "agent", "entity_id": "bot"}, TOPIC_ENTITIES, "bot"),
    "agent.configured": ({"agent_id": "bot", "note_retention_days": 30}, TOPIC_ENTITIES,
                         "bot"),
    "dream.requested": ({"agent_id": "bot", "dry_run": True}, TOPIC_COMMANDS, "bot"),
    "dream.rollback": ({"agent_id": "bot", "run_id": "r-1"}, TOPIC_COMMANDS, "bot"),
}


def client(producer: FakeProducer | None = None) -> tuple[ReverieClient, FakeProducer]:
    fake = producer or FakeProducer()
    return ReverieClient(Settings(), bootstrap_servers="127.0.0.1:1", producer=fake), fake


def test_every_event_type_has_a_method_named_after_it() -> None:
    assert set(CALLS) == set(EVENT_TYPES)
    for event_type in EVENT_TYPES:
        method = getattr(ReverieClient, event_type.replace(".", "_"))
        assert inspect.iscoroutinefunction(method)


@pytest.mark.parametrize("event_type", sorted(CALLS))
async def test_each_method_sends_a_valid_envelope_to_its_topic_with_its_key(
        event_type: str) -> None:
    args, topic, key = CALLS[event_type]
    c, fake = client()
    async with c:
        event = await getattr(c, event_type.replace(".", "_"))(**args)
    [(sent_topic, value, sent_key)] = fake.sent
    assert (sent_topic, sent_key) == (topic, key.encode()) and topic == TOPIC_OF[event_type]
    assert parse_event(value) == event and event.event_type == event_type
    wire = json.loads(value)
    assert set(wire) == {"event_id", "event_type", "occurred_at", "schema_version", "data"}
    assert wire["schema_version"] == 1 and wire["occurred_at"].endswith("Z")
    for name, given in args.items():
        expected = given.isoformat().replace("+00:00", "Z") if isinstance(given, datetime) \
            else given
        assert wire["data"][name] == expected
    assert fake.stopped


@pytest.mark.parametrize("call,field", [
    (lambda c: c.note_created(note_id="n", text="", agent_id="a"), "data.text"),
    (lambda c: c.note_created(note_id="n", text="t", agent_id="a", note_type="Fact"),
     "data.note_type"),
    (lambda c: c.note_created(note_id="n", text="t", agent_id="a",
                              created_at=datetime(2026, 3, 1)), "data.created_at"),
    (lambda c: c.note_accessed(note_id="n", agent_id="a", count=0), "data.count"),
    (lambda c: c.example_created(example_id="x", agent_id="a", input="i", output="o",
                                 success_score=101), "data.success_score"),
    (lambda c: c.entity_deleted(entity_type="tenant", entity_id="t"), "data.entity_type"),
    (lambda c: c.dream_rollback(agent_id="a", run_id=""), "data.run_id"),
    (lambda c: c.session_ended(agent_id="a\x00b"), "data.agent_id"),
])
async def test_an_invalid_field_raises_before_anything_is_sent(call: Any, field: str) -> None:
    c, fake = client()
    async with c:
        with pytest.raises(InvalidEvent) as raised:
            await call(c)
    assert raised.value.field == field
    assert fake.sent == []


async def test_send_raw_routes_a_serialized_envelope_unchanged() -> None:
    raw = json.dumps({"event_id": "e-1", "event_type": "entity.deleted",
                      "occurred_at": "2026-03-15T10:00:00+02:00",
                      "data": {"entity_type": "company", "entity_id": "co-1"}}).encode()
    c, fake = client()
    async with c:
        await c.send_raw(raw)
        with pytest.raises(InvalidEvent):
            await c.send_raw(b'{"event_type": "note.created"}')
    assert fake.sent == [(TOPIC_ENTITIES, raw, b"co-1")]


async def test_unreachable_kafka_raises_broker_unavailable_naming_servers_and_setting() -> None:
    c, fake = client(FakeProducer(fail_start=True))
    with pytest.raises(BrokerUnavailable) as raised:
        async with c:
            pass
    assert "127.0.0.1:1" in str(raised.value) and "REVERIE_KAFKA_BROKER" in str(raised.value)
    assert fake.stopped


async def test_sending_outside_the_context_manager_is_refused() -> None:
    c, fake = client()
    with pytest.raises(RuntimeError, match="not started"):
        await c.dream_requested(agent_id="a")
    assert fake.sent == []
