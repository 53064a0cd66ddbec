"""``reverie publish``: send each envelope of a JSONL file to its topic with its key."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from pathlib import Path

from aiokafka import AIOKafkaProducer
from aiokafka.errors import KafkaConnectionError

from reverie.brokers import bootstrap_servers, client_options
from reverie.config import Settings
from reverie.domain.events import TOPIC_OF, message_key, parse_event
from reverie.errors import BrokerUnavailable, InvalidEvent
from reverie.replay import read_lines


def producer_for(settings: Settings) -> AIOKafkaProducer:
    """Return an idempotent producer configured like the worker's."""
    return AIOKafkaProducer(**client_options(settings), acks="all", enable_idempotence=True,
                            linger_ms=5)


TIME_FIELDS = ("occurred_at", "created_at", "expires_at", "last_accessed_at", "accessed_at")


def shift_to_now(lines: list[tuple[int, bytes]], now: datetime) -> list[tuple[int, bytes]]:
    """Move every timestamp so the file's last event happens ``now`` (for demos)."""
    parsed = [(n, json.loads(raw)) for n, raw in lines]
    stamps = [_when(obj["occurred_at"]) for _, obj in parsed if "occurred_at" in obj]
    if not stamps:
        return lines
    delta = now - max(stamps)
    out = []
    for n, obj in parsed:
        for holder in (obj, obj.get("data") or {}):
            for key in TIME_FIELDS:
                if isinstance(holder.get(key), str):
                    holder[key] = (_when(holder[key]) + delta).isoformat().replace(
                        "+00:00", "Z")
        out.append((n, json.dumps(obj).encode()))
    return out


def _when(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


async def publish_file(
    path: Path, settings: Settings, *, validate: bool = True, topic: str | None = None,
    shift: bool = False, only: str | None = None, skip: str | None = None,
) -> int:
    """Publish every line (optionally shifted to now, filtered by type); 0, or 1 if refused."""
    producer = producer_for(settings)
    try:
        await producer.start()
    except KafkaConnectionError as exc:
        raise BrokerUnavailable(
            f"cannot reach Kafka at {bootstrap_servers(settings)} "
            "(start it with deploy/local/up or set REVERIE_KAFKA_BROKER)") from exc
    sent = refused = 0
    try:
        lines = list(read_lines(path))
        if shift:
            lines = shift_to_now(lines, datetime.now(UTC))
        for number, raw in lines:
            kind = _event_type(raw)
            if (only and kind != only) or (skip and kind == skip):
                continue
            key: bytes | None = None
            target = topic
            try:
                event = parse_event(raw)
                key = message_key(event).encode()
                target = target or TOPIC_OF[event.event_type]
            except InvalidEvent as exc:
                if validate or target is None:
                    print(f"{path}:{number}: not sent: {exc.reason}", file=sys.stderr)
                    refused += 1
                    continue
                key = _guess_key(raw)
            await producer.send_and_wait(target, raw, key=key)
            sent += 1
    finally:
        await producer.stop()
    print(f"published {sent} events from {path}" + (f"; {refused} refused" if refused else ""))
    return 1 if refused else 0


def _event_type(raw: bytes) -> str | None:
    try:
        value = json.loads(raw).get("event_type")
    except Exception:
        return None
    return value if isinstance(value, str) else None


def _guess_key(raw: bytes) -> bytes | None:
    try:
        data = json.loads(raw).get("data", {})
        key = data.get("agent_id") or data.get("entity_id")
        return str(key).encode() if key else None
    except Exception:
        return None
