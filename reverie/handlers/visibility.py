"""What read paths may show while a deletion's fan-out is still archiving (issue #12).

A deletion takes effect at once: :func:`~reverie.handlers.pruning.prune_entity` opens
the tombstone in :class:`~reverie.handlers.ports.PendingDeletions` before it archives
anything, and every read path hides the Active records that reference an open
tombstone until the fan-out has archived them and closed it. The one seam is
:class:`PendingCache` (an in-process copy of the open tombstones, refreshed from the
store at most every ``max_age_s``, updated at once by this process's own handler)
with the port decorators the composition root wraps around the read ports:

* :class:`VisibleRecords` (:class:`VisibleNotes`, :class:`VisibleExamples`): ``iter_records``
  with ``status=Active`` (the digest, the dashboard's lists, the dream's candidates,
  retention and the sweep) leave hidden records out. Every other call passes through:
  single-record reads show the stored status, ingest's duplicate checks, the fan-out's
  own queries, exports of every status and index rebuilds see everything.
* :class:`VisibleIndex`: ``search`` / ``search_many`` (``/api/search``) return nothing
  for a scope whose agent, company or user is being deleted, and drop hidden hits
  otherwise (looked up only while a conversation is pending or the scope is not exact).

The open set holds only deletions still being fanned out (usually none), so the filter
costs a set look-up per record and one small read of the store per ``max_age_s``.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic

from reverie.domain.events import EntityType
from reverie.domain.model import Example, Note, Record, Status, Tombstone
from reverie.handlers.ports import (
    Hit,
    NoteRepository,
    PendingDeletions,
    R,
    RecordRepository,
    SearchScope,
    Transition,
    VectorIndex,
    VectorPoint,
)

Key = tuple[EntityType, str]

MAX_AGE_S = 0.05
"""How stale this process's copy of the open tombstones may be (others' deletions)."""

SEARCH_GROWTH = 4
"""How much a search over-fetches again when hidden hits left it short."""


@dataclass(frozen=True)
class Hidden:
    """A snapshot of the open tombstones: which references hide a record."""

    keys: frozenset[Key] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.keys)

    def hides(self, record: Record) -> bool:
        """True if the record references an entity whose deletion is being fanned out."""
        return bool(self.keys) and any(k in self.keys for k in record.references())

    def hides_scope(self, scope: SearchScope) -> bool:
        """True if every record ``scope`` can see is hidden (its agent, company or user)."""
        if ("agent", scope.agent_id) in self.keys:
            return True
        if not scope.exact_scope:
            return False
        return ((scope.company_id is not None and not scope.any_company
                 and ("company", scope.company_id) in self.keys)
                or (scope.user_id is not None and ("user", scope.user_id) in self.keys))

    def may_hide_inside(self, scope: SearchScope) -> bool:
        """True if some but not all of ``scope``'s records may be hidden (hits need a look-up)."""
        kinds = {t for t, _ in self.keys}
        if "conversation" in kinds:
            return True
        if not scope.exact_scope:
            return bool(kinds)
        return scope.any_company and "company" in kinds


class PendingCache:
    """This process's copy of the open tombstones; also the :class:`PendingDeletions` port.

    ``open`` hides at once in this process (before the store write: a retry repeats it);
    other processes see it within ``max_age_s`` of the store write. ``close`` forgets it,
    also against a refresh whose read began before the close (its answer is older).
    """

    def __init__(self, store: PendingDeletions, *, max_age_s: float = MAX_AGE_S,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.max_age_s = max_age_s
        self._now = now
        self._stored: frozenset[Key] = frozenset()
        self._local: dict[Key, float] = {}
        self._closed: dict[Key, float] = {}  # closed here, at: older reads still have them
        self._loaded_at: float | None = None
        self.refreshes = 0

    async def open(self, tombstone: Tombstone) -> None:
        key = (tombstone.entity_type, tombstone.entity_id)
        gone = tombstone.is_gone_for_notes()
        if gone:
            self._local[key] = float("inf")  # kept over any refresh until the store has it
        await self.store.open(tombstone)
        if gone and key in self._local:
            self._local[key] = self._now()

    async def close(self, entity_type: EntityType, entity_id: str) -> None:
        await self.store.close(entity_type, entity_id)
        key = (entity_type, entity_id)
        self._local.pop(key, None)
        self._stored -= {key}
        self._closed[key] = self._now()

    async def all(self) -> list[Tombstone]:
        return await self.store.all()

    async def hidden(self) -> Hidden:
        """Return the open tombstones, re-read from the store if the copy is too old."""
        now = self._now()
        if self._loaded_at is None or now - self._loaded_at >= self.max_age_s:
            started = now
            found = await self.store.all()
            self.refreshes += 1
            # closed here since the read began: what it found of them is already over
            closed = {k for k, at in self._closed.items() if at >= started}
            self._stored = frozenset((t.entity_type, t.entity_id) for t in found
                                     if t.is_gone_for_notes()) - closed
            self._loaded_at = started
            # opened here and stored before the read began are in what it found
            self._local = {k: at for k, at in self._local.items() if at >= started}
            self._closed = {k: at for k, at in self._closed.items() if at >= started}
        return Hidden(self._stored | frozenset(self._local))


async def visible(records: Iterable[R], pending: PendingCache) -> list[R]:
    """Return the records a read path may show (those no open deletion hides)."""
    hidden = await pending.hidden()
    return [r for r in records if not hidden.hides(r)]


class VisibleRecords(Generic[R]):
    """A :class:`RecordRepository` whose Active listings leave out hidden records."""

    def __init__(self, inner: RecordRepository[R], pending: PendingCache) -> None:
        self.inner = inner
        self.pending = pending

    def __getattr__(self, name: str) -> Any:  # adapter internals tests inspect
        return getattr(self.inner, name)

    async def iter_records(
        self, agent_id: str | None = None, status: Status | None = None,
        auto_only: bool = False, batch_size: int = 500, vectors: bool = True,
    ) -> AsyncIterator[R]:
        hidden = await self.pending.hidden() if status == Status.ACTIVE else Hidden()
        async for record in self.inner.iter_records(agent_id, status, auto_only, batch_size,
                                                    vectors):
            if not hidden.hides(record):
                yield record

    async def add(self, record: R) -> bool:
        return await self.inner.add(record)

    async def get(self, record_id: str) -> R | None:
        return await self.inner.get(record_id)

    async def record_access(
        self, record_id: str, event_id: str, count: int, at: datetime
    ) -> bool:
        return await self.inner.record_access(record_id, event_id, count, at)

    async def transition(self, changes: Sequence[Transition], at: datetime) -> list[str]:
        return await self.inner.transition(changes, at)

    async def find_active_referencing(
        self, entity_type: EntityType, entity_id: str, limit: int
    ) -> list[R]:
        return await self.inner.find_active_referencing(entity_type, entity_id, limit)

    async def transition_referencing(
        self, entity_type: EntityType, entity_id: str, changes: Sequence[Transition],
        at: datetime,
    ) -> list[str]:
        return await self.inner.transition_referencing(entity_type, entity_id, changes, at)


class VisibleNotes(VisibleRecords[Note]):
    """A :class:`NoteRepository` whose Active listings leave out hidden notes."""

    inner: NoteRepository

    def __init__(self, inner: NoteRepository, pending: PendingCache) -> None:
        super().__init__(inner, pending)
        self.inner = inner

    async def add_many(self, notes: Sequence[Note]) -> list[str]:
        return await self.inner.add_many(notes)

    async def get_many(self, note_ids: Sequence[str]) -> list[Note]:
        return await self.inner.get_many(note_ids)

    async def update_text(self, note_id: str, text: str, embedding: list[float] | None) -> None:
        await self.inner.update_text(note_id, text, embedding)

    async def count_by_status(self, agent_id: str | None = None) -> dict[str, int]:
        return await self.inner.count_by_status(agent_id)

    async def agent_ids(self) -> list[str]:
        return await self.inner.agent_ids()


VisibleExamples = VisibleRecords[Example]
"""An :class:`ExampleRepository` whose Active listings leave out hidden examples."""


class VisibleIndex:
    """A :class:`VectorIndex` whose searches return no hidden note; writes pass through."""

    def __init__(self, inner: VectorIndex, notes: NoteRepository, pending: PendingCache,
                 *, max_k: int = 10_000) -> None:
        self.inner = inner
        self.notes = notes
        self.pending = pending
        self.max_k = max_k

    def __getattr__(self, name: str) -> Any:  # close(), and what tests inspect
        return getattr(self.inner, name)

    async def upsert(self, points: Sequence[VectorPoint]) -> None:
        await self.inner.upsert(points)

    async def set_status(self, note_ids: Sequence[str], status: Status) -> None:
        await self.inner.set_status(note_ids, status)

    async def count(self, agent_id: str | None = None) -> int:
        return await self.inner.count(agent_id)

    async def drop_agent(self, agent_id: str) -> None:
        await self.inner.drop_agent(agent_id)

    async def search(self, vector: Sequence[float], scope: SearchScope, k: int) -> list[Hit]:
        return (await self.search_many([vector], scope, k))[0]

    async def search_many(
        self, vectors: Sequence[Sequence[float]], scope: SearchScope, k: int
    ) -> list[list[Hit]]:
        hidden = await self.pending.hidden()
        if not hidden:
            return await self.inner.search_many(vectors, scope, k)
        if hidden.hides_scope(scope):
            return [[] for _ in vectors]
        if not hidden.may_hide_inside(scope):
            return await self.inner.search_many(vectors, scope, k)
        return [await self._filtered(v, scope, k, hidden) for v in vectors]

    async def _filtered(self, vector: Sequence[float], scope: SearchScope, k: int,
                        hidden: Hidden) -> list[Hit]:
        want = k
        while True:
            hits = await self.inner.search(vector, scope, want)
            found = {n.note_id: n for n in await self.notes.get_many([h.note_id for h in hits])}
            keep = [h for h in hits
                    if (n := found.get(h.note_id)) is None or not hidden.hides(n)]
            if len(keep) >= k or len(hits) < want or want >= self.max_k:
                return keep[:k]
            want = min(self.max_k, want * SEARCH_GROWTH)
