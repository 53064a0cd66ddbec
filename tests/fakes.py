"""Hand-written fakes for unit tests: a deterministic embedder and event builders."""

from __future__ import annotations

import hashlib
import re
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import numpy as np

from reverie.bootstrap import Reverie, bootstrap
from reverie.clock import FixedClock
from reverie.deadletters import MemoryDeadLetters
from reverie.domain.events import Envelope, parse_event
from reverie.storage.memory import MemoryVectorIndex
from tests.builders import memory_settings

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


class WordEmbedder:
    """Bag-of-words vectors (hashing): only for unit tests of handlers, never in production."""

    model_name = "fake-words"
    dimension = 64

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        out = []
        for text in texts:
            vec = np.zeros(self.dimension, dtype=np.float32)
            for word in re.findall(r"[a-z0-9]+", text.lower()):
                h = int(hashlib.sha1(word.encode()).hexdigest(), 16)
                vec[h % self.dimension] += 1.0
            norm = float(np.linalg.norm(vec)) or 1.0
            out.append((vec / norm).tolist())
        return out


def memory_app(clock: FixedClock | None = None, **settings: Any) -> Reverie:
    """Return a Reverie on in-memory storage, the word embedder and a fixed clock."""
    cfg = memory_settings(retry_max_s=0.01, **settings)
    return bootstrap(cfg, clock=clock or FixedClock(T0), embedder=WordEmbedder(),
                     index=MemoryVectorIndex(), dead_letters=MemoryDeadLetters())


def iso(when: datetime) -> str:
    return when.isoformat().replace("+00:00", "Z")


def envelope(event_type: str, data: dict[str, Any], at: datetime = T0,
             event_id: str | None = None) -> dict[str, Any]:
    return {"event_id": event_id or str(uuid.uuid4()), "event_type": event_type,
            "occurred_at": iso(at), "schema_version": 1, "data": data}


def note_data(note_id: str, text: str = "The user prefers concise answers.", *,
              agent_id: str = "a-1", at: datetime = T0, **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"note_id": note_id, "text": text, "note_type": "Preference",
                            "agent_id": agent_id, "created_at": iso(at)}
    data.update(extra)
    for key in ("expires_at", "last_accessed_at"):
        if isinstance(data.get(key), datetime):
            data[key] = iso(data[key])
    return data


def event(event_type: str, data: dict[str, Any], at: datetime = T0,
          event_id: str | None = None) -> Envelope:
    import json

    return parse_event(json.dumps(envelope(event_type, data, at, event_id)))
