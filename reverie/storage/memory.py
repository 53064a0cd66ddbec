"""In-memory implementations of every storage port.

They are the hand-written fakes of the unit tests and a real backend for
``replay`` when ``REVERIE_STORAGE=memory``; the contract tests in ``tests/contract/``
hold them to the same behaviour as MongoDB.
"""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Generic

import numpy as np
from pydantic import BaseModel

from reverie.domain.events import EntityType
from reverie.domain.model import (
    REFERENCE_FIELDS,
    AgentSettings,
    Change,
    Example,
    Note,
    Status,
    Tombstone,
)
from reverie.domain.qualification import Qualification
from reverie.domain.runs import DreamRun, ReviewPair, RunStep
from reverie.handlers.ports import Hit, R, SearchScope, Transition, VectorPoint

_FIELD_OF = dict(REFERENCE_FIELDS)


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _scalars_only(items: list[Any]) -> bool:
    """True when every item is an immutable scalar; an embedding (floats only) is told
    without building a set of types (6 µs for 384 floats against 18 µs)."""
    types = list(map(type, items))
    return types.count(float) == len(types) or set(types) <= _SCALARS


def _copy(record: R) -> R:
    """A copy of ``record`` sharing nothing mutable with it, like ``model_copy(deep=True)``
    but without walking a note's 384 embedding floats one by one (deepcopy did: most of a
    bench dream's storage time): lists of scalars are copied flat, anything else mutable
    deep. Notes and examples hold only scalars, datetimes and such lists."""
    out = record.model_copy()
    for name, value in record.__dict__.items():
        if isinstance(value, list) and _scalars_only(value):
            out.__dict__[name] = value.copy()
        elif isinstance(value, (list, dict, set, BaseModel)):
            out.__dict__[name] = copy.deepcopy(value)
    return out


def _without_vector(record: R) -> R:
    """A copy of ``record`` with ``embedding`` None, its vector not copied at all."""
    if getattr(record, "embedding", None) is None:
        return _copy(record)
    return _copy(record.model_copy(update={"embedding": None}))


class _Records(Generic[R]):
    def __init__(self) -> None:
        self.items: dict[str, R] = {}
        self.applied: dict[str, set[str]] = {}

    async def add(self, record: R) -> bool:
        rid = record.id  # type: ignore[attr-defined]
        if rid in self.items:
            return False
        self.items[rid] = _copy(record)
        return True

    async def get(self, record_id: str) -> R | None:
        item = self.items.get(record_id)
        return _copy(item) if item else None

    async def record_access(self, record_id: str, event_id: str, count: int, at: datetime) -> bool:
        item = self.items.get(record_id)
        if item is None:
            return False
        seen = self.applied.setdefault(record_id, set())
        if event_id in seen:
            return True
        seen.add(event_id)
        item.access_count += count
        if item.last_accessed_at is None or at > item.last_accessed_at:
            item.last_accessed_at = at
        return True

    async def transition(self, changes: Sequence[Transition], at: datetime) -> list[str]:
        done: list[str] = []
        for change in changes:
            item = self.items.get(change.record_id)
            if item is None or item.status != change.expect:
                continue
            item.status = change.to
            item.comments = change.comments
            item.updated_at = at
            if isinstance(item, Note):
                item.consolidated_into_note_id = change.consolidated_into_note_id
            done.append(change.record_id)
        return done

    async def find_active_referencing(
        self, entity_type: EntityType, entity_id: str, limit: int
    ) -> list[R]:
        name = _FIELD_OF[entity_type]
        found = [
            _copy(r)
            for _, r in sorted(self.items.items())
            if r.status == Status.ACTIVE and getattr(r, name) == entity_id
        ]
        return found[:limit]

    async def transition_referencing(  # issue #12
        self, entity_type: EntityType, entity_id: str, changes: Sequence[Transition],
        at: datetime,
    ) -> list[str]:
        name = _FIELD_OF[entity_type]
        return await self.transition([
            c for c in changes
            if (item := self.items.get(c.record_id)) is not None
            and getattr(item, name) == entity_id], at)

    async def iter_records(
        self,
        agent_id: str | None = None,
        status: Status | None = None,
        auto_only: bool = False,
        batch_size: int = 500,
        vectors: bool = True,
    ) -> AsyncIterator[R]:
        for _, r in sorted(self.items.items()):
            if agent_id is not None and r.agent_id != agent_id:
                continue
            if status is not None and r.status != status:
                continue
            if auto_only and not r.is_auto_generated:
                continue
            yield _copy(r) if vectors else _without_vector(r)


class MemoryNotes(_Records[Note]):
    """Notes in a dict."""

    async def add_many(self, notes: Sequence[Note]) -> list[str]:  # issue #12
        return [n.note_id for n in notes if await self.add(n)]

    async def get_many(self, note_ids: Sequence[str]) -> list[Note]:
        return [_copy(n) for i in dict.fromkeys(note_ids)
                if (n := self.items.get(i))]

    async def update_text(self, note_id: str, text: str, embedding: list[float] | None) -> None:
        item = self.items.get(note_id)
        if item is not None:  # an unknown note is left alone, as in MongoDB
            item.text = text
            item.embedding = embedding

    async def agent_ids(self) -> list[str]:
        return sorted({n.agent_id for n in self.items.values()})

    async def count_by_status(self, agent_id: str | None = None) -> dict[str, int]:
        counts: dict[str, int] = {}
        for n in self.items.values():
            if agent_id is None or n.agent_id == agent_id:
                counts[n.status.value] = counts.get(n.status.value, 0) + 1
        return counts


class MemoryExamples(_Records[Example]):
    """Examples in a dict."""


@dataclass
class MemoryRegistry:
    """Tombstones in a dict; counts look-ups so tests can check caching."""

    tombstones: dict[tuple[str, str], Tombstone] = field(default_factory=dict)
    lookups: int = 0
    looked_up: list[tuple[str, str]] = field(default_factory=list)

    async def record(self, tombstone: Tombstone) -> None:
        key = (tombstone.entity_type, tombstone.entity_id)
        old = self.tombstones.get(key)
        if old is not None and (old.action == "deleted" or old.action == tombstone.action):
            return
        self.tombstones[key] = tombstone

    async def lookup(
        self, keys: Sequence[tuple[EntityType, str]]
    ) -> dict[tuple[EntityType, str], Tombstone]:
        self.lookups += 1
        self.looked_up.extend(keys)
        return {k: t for k in keys if (t := self.tombstones.get(k))}

    async def remove(self, entity_type: EntityType, entity_id: str) -> bool:
        return self.tombstones.pop((entity_type, entity_id), None) is not None


# --- Pending deletions (issue #12) ----------------------------------------------------------


@dataclass
class MemoryPendingDeletions:
    """Open tombstones in a dict."""

    open_: dict[tuple[str, str], Tombstone] = field(default_factory=dict)

    async def open(self, tombstone: Tombstone) -> None:
        self.open_.setdefault((tombstone.entity_type, tombstone.entity_id), tombstone)

    async def close(self, entity_type: EntityType, entity_id: str) -> None:
        self.open_.pop((entity_type, entity_id), None)

    async def all(self) -> list[Tombstone]:
        return list(self.open_.values())

# --- end of pending deletions ---------------------------------------------------------------


@dataclass
class MemoryAgents:
    """Agent settings in a dict."""

    agents: dict[str, AgentSettings] = field(default_factory=dict)

    async def get(self, agent_id: str) -> AgentSettings:
        found = self.agents.get(agent_id)
        return found.model_copy() if found else AgentSettings(agent_id=agent_id)

    async def configure(self, settings: AgentSettings) -> None:
        old = self.agents.get(settings.agent_id)
        last = old.last_dream_at if old else None
        self.agents[settings.agent_id] = settings.model_copy(update={"last_dream_at": last})

    async def mark_dreamed(self, agent_id: str, at: datetime) -> None:
        current = await self.get(agent_id)
        self.agents[agent_id] = current.model_copy(update={"last_dream_at": at})

    async def list_agent_ids(self) -> list[str]:
        return sorted(self.agents)


@dataclass
class MemorySessions:
    """Session events in a dict."""

    sessions: dict[str, tuple[str, datetime]] = field(default_factory=dict)

    async def record(self, event_id: str, agent_id: str, at: datetime) -> bool:
        if event_id in self.sessions:
            return False
        self.sessions[event_id] = (agent_id, at)
        return True

    async def count_since(self, agent_id: str, since: datetime | None) -> int:
        return sum(
            1 for a, t in self.sessions.values() if a == agent_id and (since is None or t > since)
        )


@dataclass
class MemoryLedger:
    """Handled event ids in a set."""

    ids: set[str] = field(default_factory=set)

    async def unseen(self, event_ids: Sequence[str]) -> set[str]:
        return set(event_ids) - self.ids

    async def mark_all(self, events: Sequence[tuple[str, str]], at: datetime) -> None:
        self.ids.update(event_id for event_id, _ in events)


@dataclass
class MemoryChangeLog:
    """Changes in a list, with a published flag."""

    changes: dict[str, Change] = field(default_factory=dict)
    published: set[str] = field(default_factory=set)

    async def record(self, changes: Sequence[Change]) -> None:
        for c in changes:
            self.changes.setdefault(c.change_id, c)

    def _oldest_first(self, keep: Callable[[Change], bool]) -> list[Change]:
        return sorted((c for c in self.changes.values() if keep(c)),
                      key=lambda c: (c.at, c.change_id))

    async def for_record(self, record_id: str) -> list[Change]:
        return self._oldest_first(lambda c: c.record_id == record_id)

    async def for_run(self, run_id: str) -> list[Change]:
        return self._oldest_first(lambda c: c.run_id == run_id)

    async def unpublished(self, limit: int) -> list[Change]:
        return self._oldest_first(lambda c: c.change_id not in self.published)[:limit]

    async def mark_published(self, change_ids: Sequence[str]) -> None:
        self.published.update(change_ids)


def _matches(payload: dict[str, Any], scope: SearchScope) -> bool:
    if payload.get("agent_id") != scope.agent_id:
        return False
    if scope.status is not None and payload.get("status") != scope.status.value:
        return False
    if scope.auto_only and not payload.get("is_auto_generated", True):
        return False
    if not scope.sees(payload.get("company_id"), payload.get("user_id")):
        return False
    return payload.get("note_id") not in scope.exclude_ids


class MemoryVectorIndex:
    """Exact cosine search over a NumPy matrix: correct, and fast to a few 10,000 points."""

    def __init__(self) -> None:
        self.ids: list[str] = []
        self.pos: dict[str, int] = {}
        self.payloads: list[dict[str, Any]] = []
        self._rows: list[np.ndarray] = []
        self._matrix: np.ndarray | None = None

    def _mat(self) -> np.ndarray:
        if self._matrix is None or len(self._matrix) != len(self._rows):
            self._matrix = (
                np.vstack(self._rows).astype(np.float32)
                if self._rows
                else np.zeros((0, 1), np.float32)
            )
        return self._matrix

    async def upsert(self, points: Sequence[VectorPoint]) -> None:
        for p in points:
            vec = np.asarray(p.vector, dtype=np.float32)
            norm = float(np.linalg.norm(vec)) or 1.0
            payload = {**p.payload, "note_id": p.note_id}
            if p.note_id in self.pos:
                i = self.pos[p.note_id]
                self._rows[i] = vec / norm
                self.payloads[i] = payload
                self._matrix = None
            else:
                self.pos[p.note_id] = len(self.ids)
                self.ids.append(p.note_id)
                self._rows.append(vec / norm)
                self.payloads.append(payload)

    async def set_status(self, note_ids: Sequence[str], status: Status) -> None:
        for nid in note_ids:
            if nid in self.pos:
                self.payloads[self.pos[nid]]["status"] = status.value

    async def search(self, vector: Sequence[float], scope: SearchScope, k: int) -> list[Hit]:
        return (await self.search_many([vector], scope, k))[0]

    async def search_many(
        self, vectors: Sequence[Sequence[float]], scope: SearchScope, k: int
    ) -> list[list[Hit]]:
        if not vectors:
            return []
        allowed = np.array([_matches(p, scope) for p in self.payloads], dtype=bool)
        if not allowed.any():
            return [[] for _ in vectors]
        idx = np.nonzero(allowed)[0]
        sub = self._mat()[idx]
        q = np.asarray(vectors, dtype=np.float32)
        q /= np.linalg.norm(q, axis=1, keepdims=True).clip(min=1e-12)
        scores = q @ sub.T
        out: list[list[Hit]] = []
        kk = min(k, len(idx))
        for row in scores:
            top = np.argpartition(-row, kk - 1)[:kk] if kk < len(row) else np.arange(len(row))
            top = top[np.argsort(-row[top], kind="stable")]
            out.append([Hit(self.ids[idx[j]], float(row[j])) for j in top])
        return out

    async def count(self, agent_id: str | None = None) -> int:
        return sum(1 for p in self.payloads if agent_id is None or p["agent_id"] == agent_id)

    async def drop_agent(self, agent_id: str) -> None:
        keep = [i for i, p in enumerate(self.payloads) if p["agent_id"] != agent_id]
        self.ids = [self.ids[i] for i in keep]
        self.payloads = [self.payloads[i] for i in keep]
        self._rows = [self._rows[i] for i in keep]
        self.pos = {n: i for i, n in enumerate(self.ids)}
        self._matrix = None


@dataclass
class MemoryRuns:
    """Runs and steps in dicts."""

    runs: dict[str, DreamRun] = field(default_factory=dict)
    step_map: dict[str, RunStep] = field(default_factory=dict)
    published: set[str] = field(default_factory=set)

    async def save_run(self, run: DreamRun) -> None:
        self.runs[run.run_id] = run.model_copy(deep=True)

    async def get_run(self, run_id: str) -> DreamRun | None:
        run = self.runs.get(run_id)
        return run.model_copy(deep=True) if run else None

    async def list_runs(self, agent_id: str | None = None, limit: int = 50) -> list[DreamRun]:
        runs = [r for r in self.runs.values() if agent_id is None or r.agent_id == agent_id]
        return sorted(runs, key=lambda r: (r.started_at, r.run_id), reverse=True)[:limit]

    async def add_steps(self, steps: Sequence[RunStep]) -> None:
        for s in steps:
            self.step_map.setdefault(s.step_id, s)

    async def steps(self, run_id: str) -> list[RunStep]:
        return sorted((s for s in self.step_map.values() if s.run_id == run_id),
                      key=lambda s: s.seq)

    async def unpublished_steps(self, limit: int) -> list[RunStep]:
        waiting = [s for i, s in self.step_map.items() if i not in self.published]
        return sorted(waiting, key=lambda s: (s.run_id, s.seq))[:limit]

    async def mark_steps_published(self, step_ids: Sequence[str]) -> None:
        self.published.update(step_ids)


@dataclass
class MemoryLeases:
    """Leases in a dict."""

    leases: dict[str, dict[str, Any]] = field(default_factory=dict)

    async def acquire(self, agent_id: str, owner: str, now: datetime, ttl_s: float) -> bool:
        lease = self.leases.get(agent_id)
        if lease and lease["owner"] != owner and lease["expires_at"] > now:
            return False
        self.leases[agent_id] = {"owner": owner, "expires_at": now + timedelta(seconds=ttl_s),
                                 "pending": False}
        return True

    async def release(self, agent_id: str, owner: str) -> bool:
        lease = self.leases.get(agent_id)
        if not lease or lease["owner"] != owner:
            return False
        del self.leases[agent_id]
        return bool(lease["pending"])

    async def mark_pending(self, agent_id: str) -> None:
        if agent_id in self.leases:
            self.leases[agent_id]["pending"] = True

    async def renew(self, agent_id: str, owner: str, now: datetime, ttl_s: float) -> bool:
        lease = self.leases.get(agent_id)
        if not lease or lease["owner"] != owner:
            return False
        lease["expires_at"] = now + timedelta(seconds=ttl_s)
        return True

    async def claim_orphaned(self, now: datetime) -> list[str]:
        claimed = sorted(a for a, lease in self.leases.items()
                         if lease["pending"] and lease["expires_at"] <= now)
        for agent_id in claimed:
            self.leases[agent_id]["pending"] = False
        return claimed


@dataclass
class MemoryReviews:
    """Review pairs in a dict."""

    pairs: dict[str, ReviewPair] = field(default_factory=dict)

    async def add(self, pair: ReviewPair) -> bool:
        if pair.pair_id in self.pairs:
            return False
        self.pairs[pair.pair_id] = pair.model_copy(deep=True)
        return True

    async def get(self, pair_id: str) -> ReviewPair | None:
        pair = self.pairs.get(pair_id)
        return pair.model_copy(deep=True) if pair else None

    async def list(self, agent_id: str | None = None, status: str | None = "open"
                   ) -> list[ReviewPair]:
        return sorted((p.model_copy(deep=True) for p in self.pairs.values()
                       if (agent_id is None or p.agent_id == agent_id)
                       and (status is None or p.status == status)),
                      key=lambda p: (p.created_at, p.pair_id))

    async def resolve(self, pair_id: str, kept_note_id: str, at: datetime) -> bool:
        pair = self.pairs.get(pair_id)
        if pair is None or pair.status != "open":
            return False
        self.pairs[pair_id] = pair.model_copy(update={
            "status": "resolved", "kept_note_id": kept_note_id, "resolved_at": at})
        return True


@dataclass
class MemoryJudgments:
    """Pair verdicts in a dict."""

    verdicts: dict[str, dict[str, Any]] = field(default_factory=dict)

    async def get(self, key: str) -> dict[str, Any] | None:
        verdict = self.verdicts.get(key)
        return copy.deepcopy(verdict) if verdict is not None else None

    async def put(self, key: str, verdict: dict[str, Any]) -> None:
        self.verdicts[key] = copy.deepcopy(verdict)

    async def judged(self, keys: Sequence[str]) -> set[str]:
        return {k for k in keys if k in self.verdicts}


@dataclass
class MemoryQualifications:
    """Judge qualifications in a dict."""

    records: dict[str, Qualification] = field(default_factory=dict)

    async def get(self, key: str) -> Qualification | None:
        found = self.records.get(key)
        return found.model_copy(deep=True) if found else None

    async def put(self, qualification: Qualification) -> None:
        self.records[qualification.key] = qualification

    async def latest(self, limit: int = 20) -> list[Qualification]:
        found = sorted(self.records.values(), key=lambda q: (q.checked_at, q.key), reverse=True)
        return found[:limit]
