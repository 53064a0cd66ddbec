"""Dead-letter records: the original bytes, where they came from, and why they were refused."""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from reverie.deadletters import reason_kind
from reverie.errors import InvalidEvent


@dataclass(frozen=True)
class RawMessage:
    """One consumed Kafka message, undecoded."""

    topic: str
    partition: int
    offset: int
    key: bytes | None
    value: bytes | None


def raw_messages(events: Sequence[Any]) -> list[RawMessage]:
    """Return the raw messages of Faust events (anything with a ``.message``)."""
    return [RawMessage(e.message.topic, e.message.partition, e.message.offset,
                       e.message.key, e.message.value) for e in events]


MAX_ORIGINAL_BYTES = 256 * 1024
"""Original bytes kept in a DLQ record. Base64 plus text make a record ~2.4x the original;
the producer refuses records over 1 MB, and a DLQ write that fails would stall the
partition behind the bad message. Larger originals are kept truncated, with their size
and SHA-256; topic/partition/offset still point at the complete message."""


def dead_letter(raw: RawMessage, reason: str, error: Exception, at: datetime) -> dict[str, Any]:
    """Return the DLQ record for ``raw``: reason and its class, field, origin and the
    original bytes."""
    full = raw.value or b""
    value = full[:MAX_ORIGINAL_BYTES]
    record: dict[str, Any] = {
        "reason": reason,
        "reason_kind": reason_kind(reason, type(error).__name__),
        "field": error.field if isinstance(error, InvalidEvent) else None,
        "error": type(error).__name__,
        "topic": raw.topic,
        "partition": raw.partition,
        "offset": raw.offset,
        "key": raw.key.decode("utf-8", "replace") if raw.key is not None else None,
        "failed_at": at.isoformat(),
        "original_base64": base64.b64encode(value).decode("ascii"),
    }
    if len(full) > MAX_ORIGINAL_BYTES:
        record.update(original_truncated=True, original_size=len(full),
                      original_sha256=hashlib.sha256(full).hexdigest(), original_text=None)
        return record
    try:
        record["original_text"] = value.decode("utf-8")
    except UnicodeDecodeError:
        record["original_text"] = None
    return record


def encode(record: dict[str, Any]) -> bytes:
    """Serialise a DLQ record as UTF-8 JSON."""
    return json.dumps(record, ensure_ascii=False).encode("utf-8")
