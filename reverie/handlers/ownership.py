"""Keeping a worker's own vector index in step with the partitions of ``reverie.notes`` it owns.

With the embedded Qdrant (one process per path) every worker has an index of its own.
It must hold the vectors of the agents whose partitions it is assigned, with the
status MongoDB has. Two handlers do that:

* :func:`rebuild_partitions` runs after each assignment (in the background, the stream
  is not held): it rebuilds the agents of newly gained partitions from the embeddings
  kept in MongoDB (:func:`reverie.handlers.reindex.reindex`, one agent at a time) and
  drops the agents of partitions given away, so a worker does not answer from a copy it
  no longer keeps current. An agent's partition is computed with the Kafka default partitioner
  (:mod:`reverie.domain.routing`): the same function put the agent's notes and its
  ``reverie.changes`` records on that partition, and Faust assigns partition p of every
  topic with the same partition count to one worker. A newer assignment supersedes
  the plan under way: it stops before its next write.
* :func:`apply_changes` consumes ``reverie.changes`` (same consumer group, so the owner
  of the agent's partition gets them) and applies each status to the index; a merged
  note another worker created is fetched from MongoDB and indexed.

Every write to the worker's index goes through :class:`JournaledIndex`: while a rebuild
runs, the status each write leaves is journaled, and the rebuild's later writes of that
note take the journaled status, so a page read from MongoDB before a change (a deletion
handled on this worker, a change from ``reverie.changes``, a new note) cannot put the
old status back.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from reverie.domain.model import Change, Status
from reverie.domain.routing import IndexMarks, partition_for
from reverie.handlers.ports import (
    Embedder,
    Hit,
    MarkStore,
    NoteRepository,
    SearchScope,
    VectorIndex,
    VectorPoint,
)
from reverie.handlers.reindex import index_notes, reindex
from reverie.text.utc import as_utc

REBUILD_PAGE = 100
"""Notes per locked upsert: ingest and status writes wait at most one page."""


async def _at_once() -> None:
    return None


class Superseded(Exception):
    """A newer assignment replaced the plan being carried out."""


@dataclass(frozen=True)
class Plan:
    """What one assignment asks of the index: partitions to rebuild and to drop."""

    generation: int
    partitions: int
    gained: frozenset[int]
    lost: frozenset[int]
    committed: Mapping[tuple[str, int], int | None] = field(default_factory=dict)
    """The group's committed offsets of the gained partitions, read before the rebuild
    (where the worker could read them): everything before them is in the document store."""


@dataclass
class IndexOwnership:
    """In-process state: partitions owned and rebuilt, the plan under way, the journal."""

    owned: set[int] = field(default_factory=set)
    ready: set[int] = field(default_factory=set)
    stale: set[int] = field(default_factory=set)
    generation: int = 0
    journal: dict[str, Status] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    settled: Callable[[], Awaitable[None]] = field(default=_at_once)
    """Awaited before every rebuild write: the worker sets it to "not rebalancing"."""
    group: str = ""
    total: int = 0
    through: dict[str, dict[int, int]] = field(default_factory=dict)
    """Per input (topic, partition): the effects of every message before it are indexed."""
    unverified_copy: bool = True
    """The index may hold a copy from an earlier life, not yet checked against its marks."""
    started: dict[tuple[str, int], int] = field(default_factory=dict)
    """First offset of each input (topic, partition) handled in this life."""
    forfeited: set[int] = field(default_factory=set)
    """Partitions given away in this life: their copy from an earlier life is gone."""

    def assign(self, partitions: Iterable[int], total: int) -> Plan:
        """Record a new assignment; return the plan that brings the index in line with it."""
        new = set(partitions)
        if self.generation == 0:  # what the index kept from an earlier life is unknown
            self.stale = set(range(total))
        self.generation += 1
        self.total = total
        self.forfeited |= self.owned - new
        self.stale = (self.stale | (self.owned - new)) - new
        self.ready &= new
        self.owned = new
        return Plan(self.generation, total, frozenset(new - self.ready),
                    frozenset(self.stale))

    def current(self, plan: Plan) -> bool:
        """Return whether ``plan`` is still the latest one."""
        return plan.generation == self.generation

    def resumable(self, plan: Plan, marks: IndexMarks | None,
                  committed: dict[tuple[str, int], int | None]) -> set[int]:
        """Return the partitions ``plan`` gains that the copy described by ``marks`` holds.

        ``committed`` is the group's committed offset of each (topic, partition) now; where
        this life already handled a partition, the offset it started from counts instead
        (the commits since are this worker's own).
        """
        if marks is None:
            return set()
        starts: dict[tuple[str, int], int | None] = {}
        for key, offset in committed.items():
            first = self.started.get(key)
            starts[key] = offset if first is None else (
                first if offset is None else min(first, offset))
        candidates = set(plan.gained) - self.forfeited
        return marks.current(self.group, plan.partitions, candidates, starts)

    def resume(self, plan: Plan, kept: set[int], marks: IndexMarks | None = None) -> Plan:
        """Take ``kept`` partitions as ready (the copy on disk is current); return what remains.

        The offsets ``marks`` recorded for them carry over to this life's marks.
        """
        self.unverified_copy = False
        if not self.current(plan):
            return plan
        kept = kept & set(plan.gained)
        self.ready |= kept
        for topic, by_partition in (marks.through if marks else {}).items():
            for p, offset in by_partition.items():
                if p in kept:
                    self.advance(topic, p, offset)
        return replace(plan, gained=plan.gained - kept)

    def record_applied(self, topic: str, partition: int, offset: int) -> None:
        """Note that the effects of message ``offset`` (and of those before it) are indexed."""
        self.started.setdefault((topic, partition), offset)
        self.advance(topic, partition, offset + 1)

    def advance(self, topic: str, partition: int, offset: int) -> None:
        """Note that the effects of every message before ``offset`` are indexed."""
        by_partition = self.through.setdefault(topic, {})
        if offset > by_partition.get(partition, 0):
            by_partition[partition] = offset

    def invalidate(self, partitions: Iterable[int]) -> None:
        """Forget that ``partitions`` are rebuilt (an update failed): the next plan redoes them."""
        self.ready -= set(partitions)

    def marks(self) -> IndexMarks:
        """Return what the index holds now, for :class:`~reverie.handlers.ports.MarkStore`."""
        ready = frozenset(self.ready)
        through = {t: {p: o for p, o in by_p.items() if p in ready}
                   for t, by_p in self.through.items()}
        return IndexMarks(self.group, self.total, ready, {t: a for t, a in through.items() if a})


class JournaledIndex:
    """The worker's :class:`VectorIndex`: writes are serialised with the rebuild and journaled."""

    def __init__(self, inner: VectorIndex, ownership: IndexOwnership) -> None:
        self.inner = inner
        self.ownership = ownership

    def __getattr__(self, name: str) -> Any:  # close(), and what tests inspect
        return getattr(self.inner, name)

    def _journal(self, statuses: dict[str, Status]) -> None:
        if self.ownership.journal is not None:
            self.ownership.journal.update(statuses)

    async def upsert(self, points: Sequence[VectorPoint]) -> None:
        async with self.ownership.lock:
            self._journal({p.note_id: Status(p.payload["status"]) for p in points
                           if "status" in p.payload})
            await self.inner.upsert(points)

    async def set_status(self, note_ids: Sequence[str], status: Status) -> None:
        async with self.ownership.lock:
            self._journal(dict.fromkeys(note_ids, status))
            await self.inner.set_status(note_ids, status)

    async def search(self, vector: Sequence[float], scope: SearchScope, k: int) -> list[Hit]:
        return await self.inner.search(vector, scope, k)

    async def search_many(
        self, vectors: Sequence[Sequence[float]], scope: SearchScope, k: int
    ) -> list[list[Hit]]:
        return await self.inner.search_many(vectors, scope, k)

    async def count(self, agent_id: str | None = None) -> int:
        return await self.inner.count(agent_id)

    async def drop_agent(self, agent_id: str) -> None:
        async with self.ownership.lock:
            await self.inner.drop_agent(agent_id)


@dataclass
class _RebuildWriter:
    """The index as a rebuild writes to it: under the lock, journaled statuses first."""

    index: VectorIndex
    ownership: IndexOwnership
    plan: Plan

    async def upsert(self, points: Sequence[VectorPoint]) -> None:
        await self.ownership.settled()
        async with self.ownership.lock:
            if not self.ownership.current(self.plan):
                raise Superseded
            journal = self.ownership.journal or {}
            await self.index.upsert([
                VectorPoint(p.note_id, p.vector, {**p.payload, "status": journal[p.note_id].value})
                if p.note_id in journal else p
                for p in points
            ])


@dataclass
class RebuildReport:
    """What a rebuild did."""

    rebuilt_agents: int = 0
    notes: int = 0
    dropped_agents: int = 0
    superseded: bool = False


async def rebuild_partitions(
    plan: Plan,
    *,
    notes: NoteRepository,
    index: VectorIndex,
    embedder: Embedder,
    ownership: IndexOwnership,
    index_marks: MarkStore,
) -> RebuildReport:
    """Drop the agents of partitions given away, rebuild those of partitions gained."""
    report = RebuildReport()
    if not plan.gained and not plan.lost:
        return report
    if ownership.current(plan):
        ownership.journal = {}
    try:
        await _carry_out(plan, report, notes=notes, index=index, embedder=embedder,
                         ownership=ownership, marks=index_marks)
    except Superseded:
        report.superseded = True
    finally:
        if ownership.current(plan):
            ownership.journal = None
    return report


async def _carry_out(plan: Plan, report: RebuildReport, *, notes: NoteRepository,
                     index: VectorIndex, embedder: Embedder, ownership: IndexOwnership,
                     marks: MarkStore) -> None:
    if not ownership.current(plan):  # e.g. superseded while retrying a storage outage
        raise Superseded
    if plan.lost:  # the marks must stop claiming what is about to be dropped
        await marks.save(ownership.marks())
    if isinstance(index, JournaledIndex):  # the rebuild's own writes are not journaled
        index = index.inner
    by_partition: dict[int, list[str]] = defaultdict(list)
    for agent_id in await notes.agent_ids():
        by_partition[partition_for(agent_id, plan.partitions)].append(agent_id)
    for p in sorted(plan.lost):
        for agent_id in by_partition[p]:
            await ownership.settled()
            async with ownership.lock:
                if not ownership.current(plan):
                    raise Superseded
                await index.drop_agent(agent_id)
            report.dropped_agents += 1
        ownership.stale.discard(p)
    writer = _RebuildWriter(index, ownership, plan)
    for p in sorted(plan.gained):
        for agent_id in by_partition[p]:
            report.notes += await reindex(notes=notes, index=writer, embedder=embedder,
                                          agent_id=agent_id, batch_size=REBUILD_PAGE)
            report.rebuilt_agents += 1
        async with ownership.lock:
            if not ownership.current(plan):
                raise Superseded
            ownership.ready.add(p)
            for (topic, q), offset in plan.committed.items():
                if q == p and offset is not None:  # handled before the rebuild read it
                    ownership.advance(topic, p, offset)
        await marks.save(ownership.marks())


async def apply_changes(
    changes: Sequence[Change],
    *,
    notes: NoteRepository,
    index: VectorIndex,
    embedder: Embedder,
) -> int:
    """Apply the note statuses of ``changes`` (the last one per note wins); index merged notes.

    A change the store has moved on from gives way: a note written again after the change
    (its ``updated_at`` is later, e.g. restored by hand while the archival was on its way
    through ``reverie.changes``) takes the store's status, so a late change cannot undo
    what the writer after it already put in the index. The statuses are read again after
    the write: a move stored while they were written is applied too.
    """
    last: dict[str, Change] = {}
    merged: set[str] = set()
    for change in changes:
        if change.kind != "note":
            continue
        last[change.record_id] = change
        if change.change_type == "note.consolidated":
            merged.add(change.record_id)
    if not last:
        return 0
    fetched = await notes.get_many(sorted(merged)) if merged else []
    if fetched:
        await index_notes(fetched, index=index, embedder=embedder)
    written = await _statuses_now(last, notes)
    await _set_statuses(written, index)
    again = await _statuses_now(last, notes)
    await _set_statuses({i: s for i, s in again.items() if written[i] != s}, index)
    return len(last)


async def _statuses_now(last: Mapping[str, Change], notes: NoteRepository) -> dict[str, Status]:
    """Each note's status: the change's, or the store's if stored after the change."""
    stored = {n.note_id: n for n in await notes.get_many(list(last))}
    out: dict[str, Status] = {}
    for note_id, change in last.items():
        note = stored.get(note_id)
        if note is not None and note.updated_at and as_utc(note.updated_at) > as_utc(change.at):
            out[note_id] = note.status
        else:
            out[note_id] = change.to_status
    return out


async def _set_statuses(statuses: Mapping[str, Status], index: VectorIndex) -> None:
    by_status: dict[Status, list[str]] = defaultdict(list)
    for note_id, status in statuses.items():
        by_status[status].append(note_id)
    for status, note_ids in by_status.items():
        await index.set_status(note_ids, status)
