"""Decode → validate → dispatch for a batch of raw messages, shared by Kafka and replay.

Returns what must go to the DLQ; never raises for bad input. Retryable failures
are retried inside the bus, so when :func:`process` returns, every valid
message's effects are stored and the batch may be acknowledged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import structlog

from reverie.bus import MessageBus
from reverie.clock import Clock
from reverie.domain.events import TOPIC_OF, Envelope, parse_event
from reverie.errors import InvalidEvent
from reverie.streams.deadletter import RawMessage, dead_letter

log = structlog.get_logger(__name__)


@dataclass(frozen=True)
class DeadLetter:
    """A message refused, with its DLQ record."""

    raw: RawMessage
    record: dict[str, object]


def decode(raw: RawMessage) -> Envelope:
    """Validate one message against the contract, including the topic it arrived on."""
    if raw.value is None:
        raise InvalidEvent("message has no value (a tombstone record); publish an event envelope")
    event = parse_event(raw.value)
    expected = TOPIC_OF[event.event_type]
    if raw.topic != expected and raw.topic in set(TOPIC_OF.values()):
        raise InvalidEvent(
            f"{event.event_type} belongs on topic {expected}, not {raw.topic}", "event_type"
        )
    return event


async def process(
    messages: Sequence[RawMessage], bus: MessageBus, clock: Clock,
    handled: list[Envelope] | None = None,
) -> list[DeadLetter]:
    """Handle a batch; return the dead letters. Valid events are appended to ``handled``."""
    dead: list[DeadLetter] = []
    events: list[Envelope] = []
    origin: dict[int, RawMessage] = {}
    for raw in messages:
        try:
            event = decode(raw)
        except InvalidEvent as exc:
            log.warning("event.invalid", topic=raw.topic, partition=raw.partition,
                        offset=raw.offset, reason=exc.reason)
            dead.append(DeadLetter(raw, dead_letter(raw, exc.reason, exc, clock.now())))
            continue
        except Exception as exc:  # a decoding bug must not stall the partition behind it
            log.exception("event.undecodable", topic=raw.topic, partition=raw.partition,
                          offset=raw.offset)
            reason = (f"internal error while decoding ({type(exc).__name__}: {exc}); this is "
                      "a Reverie bug — report it and replay the message from the DLQ once fixed")
            dead.append(DeadLetter(raw, dead_letter(raw, reason, exc, clock.now())))
            continue
        origin[id(event)] = raw
        events.append(event)
    failures = await bus.handle(events)
    if handled is not None:
        bad = {id(f.event) for f in failures}
        handled.extend(e for e in events if id(e) not in bad)
    for failure in failures:
        raw = origin[id(failure.event)]
        log.warning("event.failed", event_id=failure.event.event_id, reason=failure.reason)
        dead.append(DeadLetter(raw, dead_letter(raw, failure.reason, failure.error, clock.now())))
    return dead
