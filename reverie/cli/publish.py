"""``reverie publish``: send each envelope of a JSONL file to its topic with its key."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from pathlib import Path

from reverie.client import ReverieClient, destination
from reverie.config import Settings
from reverie.domain.events import parse_event
from reverie.errors import InvalidEvent
from reverie.replay import read_lines

__all__ = ["publish_file", "shift_to_now"]


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
    sent = refused = 0
    async with ReverieClient(settings) as client:
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
                routed, key = destination(parse_event(raw))
                target = target or routed
            except InvalidEvent as exc:
                if validate or target is None:
                    print(f"{path}:{number}: not sent: {exc.reason}", file=sys.stderr)
                    refused += 1
                    continue
                key = _guess_key(raw)
            await client.send_bytes(target, raw, key)
            sent += 1
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
