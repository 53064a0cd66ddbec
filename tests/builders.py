"""Builders shared by the tests: settings and apps of an in-process Reverie, batches handled
on its bus, notes as a judge sees them, ids.

Each builder takes keyword overrides, so a test states only what it changes.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from reverie.bootstrap import Reverie, bootstrap
from reverie.bus import Failure
from reverie.clock import Clock
from reverie.config import Settings
from reverie.domain.events import Envelope
from reverie.errors import JudgeAnswerInvalid
from reverie.handlers.dream.judging import (
    ConsolidationVerdict,
    ContradictionVerdict,
    CoverageVerdict,
    JudgedNote,
    Usage,
)
from reverie.handlers.ports import Embedder
from reverie.storage.memory import MemoryVectorIndex
from tests.llm_stub import LLMStub, Reply

AT = datetime(2026, 3, 1, tzinfo=UTC)
"""A fixed moment for the records, tombstones and changes a test stores."""
JUDGED_NOW = AT


def uid() -> str:
    """Return 8 random hex digits: a name no other test run uses."""
    return uuid.uuid4().hex[:8]


def memory_settings(**overrides: Any) -> Settings:
    """Settings of an in-process Reverie: memory storage and index, retries after 1 ms."""
    defaults: dict[str, Any] = {
        "storage": "memory",
        "vector_backend": "memory",
        "retry_initial_s": 0.001,
    }
    return Settings(**{**defaults, **overrides})


def llm_app(base_url: str, *, clock: Clock, embedder: Embedder, **overrides: Any) -> Reverie:
    """A memory Reverie whose judge is the LLM judge at ``base_url`` (5 s timeout, no retries)."""
    cfg = memory_settings(
        **{
            "judge": "llm",
            "llm_base_url": base_url,
            "llm_timeout_s": 5,
            "llm_max_retries": 0,
            **overrides,
        }
    )
    return bootstrap(cfg, clock=clock, embedder=embedder, index=MemoryVectorIndex())


def judged(
    note_id: str,
    text: str,
    *,
    days_old: float = 3,
    created: datetime | None = None,
    access: int = 2,
    note_type: str = "Preference",
) -> JudgedNote:
    """What a judge sees of a note written at ``created`` (else ``days_old`` before ``JUDGED_NOW``)."""
    at = JUDGED_NOW - timedelta(days=days_old) if created is None else created
    return JudgedNote(note_id, text, note_type, at, access)


async def handle(app: Reverie, *events: Envelope) -> list[Failure]:
    """Handle ``events`` in one batch on ``app``'s bus; return the failures."""
    return await app.bus.handle(list(events))


async def handle_ok(app: Reverie, *events: Envelope) -> None:
    """Handle ``events`` in one batch on ``app``'s bus; fail the test on any failure."""
    failures = await handle(app, *events)
    assert not failures, failures


class KeepingJudge:
    """A free judge that keeps every note: merges no cluster, sees no contradiction, finds
    nothing covered. A test's judge subclasses it and writes only the answers it scripts."""

    name = "keeping"

    async def consolidate(self, notes: Sequence[JudgedNote], now: datetime
                          ) -> tuple[ConsolidationVerdict, Usage]:
        return ConsolidationVerdict(consolidate=False), Usage()

    async def contradicts(self, a: JudgedNote, b: JudgedNote
                          ) -> tuple[ContradictionVerdict, Usage]:
        return ContradictionVerdict(contradicts=False), Usage()

    async def covers(self, general: Sequence[JudgedNote], specific: JudgedNote
                     ) -> tuple[CoverageVerdict, Usage]:
        return CoverageVerdict(adds_nothing=False), Usage()


async def assert_repaired_then_rejected(
    stub: LLMStub, bad: dict[str, Any], ask: Callable[[], Awaitable[object]], problem: str
) -> None:
    """The judge answers ``bad`` to ``ask`` and to its repair request: the repair request
    names ``problem``, and so does the JudgeAnswerInvalid raised."""
    stub.script([Reply(json=bad), Reply(json=bad)])
    with pytest.raises(JudgeAnswerInvalid) as caught:
        await ask()
    assert problem in str(caught.value)
    assert problem in stub.chat_requests[1].messages[-1]["content"]
