"""Helpers for dream tests: an in-memory Reverie with the real local embedder and a judge spy."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

import pytest

from reverie.bootstrap import Reverie, bootstrap
from reverie.clock import FixedClock
from reverie.domain.model import Tombstone
from reverie.domain.runs import DreamRun
from reverie.embeddings.local import LocalMiniLMEmbedder
from reverie.handlers.dream.judging import ConsolidationVerdict, Judge, JudgedNote
from reverie.handlers.dream.runner import dream
from reverie.handlers.ports import VectorIndex
from reverie.replay import export_state
from reverie.storage.memory import MemoryVectorIndex
from tests.builders import judged, memory_settings
from tests.fakes import T0, event, note_data

DOUBTED = pytest.mark.xfail(strict=True, reason="session 14's agent-memory model doubts it "
                            "(p(contradiction) >= 0.95; docs/calibration.md, twelfth round)")
"""A look-alike the agent-memory model wrongly doubts (memory-doubt: sent to a person, revokes
nothing); strict, so a model that stops doubting it makes the test pass again."""

CONCISE = [
    "The user prefers concise answers.",
    "User wants concise responses without fluff.",
    "The user prefers concise answers, no long explanations.",
    "Keep answers concise for this user.",
    "User prefers concise, to-the-point answers.",
]
"""Five phrasings of one preference: a redundancy cluster."""


@lru_cache(maxsize=1)
def embedder() -> LocalMiniLMEmbedder:
    return LocalMiniLMEmbedder()


async def consolidate_pair(judge: Judge, a: str, b: str) -> ConsolidationVerdict:
    """The judge's verdict on two notes, ``b`` written a day after ``a`` (2026-03-01),
    judged on 2026-03-20."""
    written = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    notes = [judged("a", a, created=written), judged("b", b, created=written + timedelta(days=1))]
    verdict, _ = await judge.consolidate(notes, datetime(2026, 3, 20, 12, 0, tzinfo=UTC))
    return verdict


class SpyJudge:
    """Wraps a judge and records what it was asked."""

    def __init__(self, inner: Judge) -> None:
        self.inner = inner
        self.name = inner.name
        self.clusters: list[list[str]] = []
        self.pairs: list[tuple[str, str]] = []

    async def consolidate(self, notes: Sequence[JudgedNote], now: datetime) -> Any:
        self.clusters.append(sorted(n.note_id for n in notes))
        return await self.inner.consolidate(notes, now)

    async def contradicts(self, a: JudgedNote, b: JudgedNote) -> Any:
        self.pairs.append((a.note_id, b.note_id))
        return await self.inner.contradicts(a, b)

    async def covers(self, general: Sequence[JudgedNote], specific: JudgedNote) -> Any:
        return await self.inner.covers(general, specific)


def dream_app(judge: Judge | None = None, clock: FixedClock | None = None,
              index: VectorIndex | None = None, **settings: Any) -> Reverie:
    cfg = memory_settings(**settings)
    app = bootstrap(cfg, clock=clock or FixedClock(T0 + timedelta(days=30)),
                    embedder=embedder(), index=index or MemoryVectorIndex(), judge=judge)
    return app


async def add_notes(app: Reverie, *notes: dict[str, Any]) -> None:
    failures = await app.bus.handle([event("note.created", n) for n in notes])
    assert not failures, failures


def note(nid: str, text: str, day: float = 0, **extra: Any) -> dict[str, Any]:
    return note_data(nid, text, at=T0 + timedelta(days=day), **extra)


async def add_work_for_every_phase(app: Reverie, *more: dict[str, Any]) -> None:
    """Give agent a-1 work for each phase: the CONCISE cluster (and ``more`` notes), a
    contradiction, a stale reference (a deletion the worker never saw) and an expired note."""
    await add_notes(
        app,
        *[note(f"c{i}", t, day=i) for i, t in enumerate(CONCISE)],
        *more,
        note("old", "Acme ships every order with UPS.", day=0),
        note("new", "Acme does not ship orders with UPS.", day=14),
        note("stale", "Dana from procurement approves laptop orders.", day=1, user_id="dana"),
        note("expired", "The spring promotion code is SPRING26.", day=2,
             expires_at=T0 + timedelta(days=20)),
    )
    # only the dream's stale-reference sweep can catch this one
    await app.registry.record(Tombstone(entity_type="user", entity_id="dana",
                                        action="deleted", at=T0 + timedelta(days=3)))


async def run_dream(app: Reverie, agent: str = "a-1", dry_run: bool = False,
                    fault: Any = None) -> DreamRun:
    run = await dream(
        agent, trigger="test", dry_run=dry_run, reason=None, stores=app.stores,
        embedder=app.embedder, judge=app.judge, clock=app.clock,
        dream_settings=app.dream_settings, fault=fault, fallback_judge=app.fallback_judge,
    )
    assert run is not None
    return run


async def statuses(app: Reverie) -> dict[str, str]:
    return {r["id"]: r["status"] for r in await export_state(app) if r["kind"] == "note"}


class Killed(BaseException):
    """The process died (SIGKILL): not an error the dream may catch and carry on after."""


class KillAt:
    """A dream fault hook: dies at the ``nth`` call of ``point``; counts every point it sees."""

    def __init__(self, point: str | None = None, nth: int = 1) -> None:
        self.point, self.nth = point, nth
        self.seen: dict[str, int] = {}
        self.killed = False

    async def __call__(self, point: str) -> None:
        self.seen[point] = self.seen.get(point, 0) + 1
        if point == self.point and self.seen[point] == self.nth:
            self.killed = True
            raise Killed(f"killed at {point} #{self.nth}")


JUDGED_AT = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
"""When the pair tests' statements are written (none of them says a relative date)."""


@lru_cache(maxsize=1)
def offline_judge() -> Any:
    """One offline judge for the pair tests (its models load once per session)."""
    from reverie.judges.offline import OfflineJudge

    return OfflineJudge(embedder())


def assert_contradiction(a: str, b: str, rules: str | set[str], *, certain: bool = True) -> None:
    """``a`` and ``b`` contradict by the first of their findings, one of ``rules``, and the
    dream may settle it (``certain``) or leaves it to a person."""
    from reverie.judges.explain import explain

    found = explain(offline_judge(), a, b, JUDGED_AT)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule in ({rules} if isinstance(rules, str) else rules), found.reason
    assert found.certain is certain, found.reason


def explained(a: str, b: str) -> tuple[str, str]:
    """The offline judge's outcome for ``a`` and ``b`` and the rule of its first finding."""
    from reverie.judges.explain import explain

    found = explain(offline_judge(), a, b, JUDGED_AT)
    return found.outcome, found.findings[0].rule if found.findings else ""


def assert_not_by(a: str, b: str, rule: str) -> None:
    """Whatever ``a`` and ``b`` come to, ``rule`` does not decide it."""
    from reverie.judges.explain import explain

    found = explain(offline_judge(), a, b, JUDGED_AT)
    assert not any(f.rule == rule for f in found.findings), found.reason


def held_of(text: str) -> dict[str, frozenset[str]]:
    """The one-value attributes ``text`` holds, each with its value (the last one read)."""
    from reverie.judges.attributes import held
    from reverie.judges.nlp import analyze

    facts = analyze(text)
    return {h.attribute: h.value for c in facts.clauses for h in held(c, facts.salient)}
