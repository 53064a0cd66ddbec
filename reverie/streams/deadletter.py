"""Dead-letter records: the original bytes, where they came from, and why they were refused."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from reverie.errors import InvalidEvent


@dataclass(frozen=True)
class RawMessage:
    """One consumed Kafka message, undecoded."""

    topic: str
    partition: int
    offset: int
    key: bytes | None
    value: bytes | None


def dead_letter(raw: RawMessage, reason: str, error: Exception, at: datetime) -> dict[str, Any]:
    """Return the DLQ record for ``raw``: reason, field, origin and the original bytes."""
    value = raw.value or b""
    record: dict[str, Any] = {
        "reason": reason,
        "field": error.field if isinstance(error, InvalidEvent) else None,
        "error": type(error).__name__,
        "topic": raw.topic,
        "partition": raw.partition,
        "offset": raw.offset,
        "key": raw.key.decode("utf-8", "replace") if raw.key is not None else None,
        "failed_at": at.isoformat(),
        "original_base64": base64.b64encode(value).decode("ascii"),
    }
    try:
        record["original_text"] = value.decode("utf-8")
    except UnicodeDecodeError:
        record["original_text"] = None
    return record


def encode(record: dict[str, Any]) -> bytes:
    """Serialise a DLQ record as UTF-8 JSON."""
    return json.dumps(record, ensure_ascii=False).encode("utf-8")
