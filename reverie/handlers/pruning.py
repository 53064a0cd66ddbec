"""Stale-reference pruning: archive what references deleted (or disabled-agent) entities.

Reactive: :func:`prune_entity` runs on ``entity.deleted`` / ``entity.disabled``
and archives every Active note and example that references the entity, in
batches, resumably (a re-run picks up whatever is still Active). Periodic:
:func:`sweep_stale` catches anything a missed event left behind, at most
``limit`` notes per cycle, each entity looked up once per cycle.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

import structlog

from reverie.clock import Clock
from reverie.domain.events import EntityDeleted, EntityDisabled, EntityType
from reverie.domain.model import Example, Note, Record, Status, Tombstone
from reverie.handlers.lifecycle import Audit, move_notes
from reverie.handlers.ports import (
    ChangeLog,
    EntityRegistry,
    NoteRepository,
    PendingDeletions,
    Stores,
    Transition,
    VectorIndex,
)

log = structlog.get_logger(__name__)

Key = tuple[EntityType, str]


class GoneCache:
    """Answers "which of these references are gone?", looking each entity up once."""

    def __init__(self, registry: EntityRegistry) -> None:
        self._registry = registry
        self._known: dict[Key, Tombstone | None] = {}

    async def load(self, keys: Iterable[Key]) -> None:
        """Look up every key not seen before in one registry call."""
        missing = list(dict.fromkeys(k for k in keys if k not in self._known))
        if not missing:
            return
        found = await self._registry.lookup(missing)
        for k in missing:
            self._known[k] = found.get(k)

    def gone(self, record: Record) -> list[Tombstone]:
        """Return the tombstones that make ``record`` stale (after :meth:`load`)."""
        hits = (self._known.get(k) for k in record.references())
        return [t for t in hits if t is not None and t.is_gone_for_notes()]

    def remember(self, tombstone: Tombstone) -> None:
        """Seed the cache with a tombstone just recorded."""
        self._known[(tombstone.entity_type, tombstone.entity_id)] = tombstone


def stale_comment(tombstones: Sequence[Tombstone]) -> str:
    """Return the archival comment naming every gone entity, in a stable order."""
    parts = sorted({t.describe() for t in tombstones})
    return "Stale reference: " + "; ".join(parts)


async def gone_references(record: Record, registry: EntityRegistry) -> list[Tombstone]:
    """Return the tombstones among ``record``'s references that make it stale."""
    cache = GoneCache(registry)
    await cache.load(record.references())
    return cache.gone(record)


@dataclass
class PruneCounts:
    """What one pruning pass did."""

    notes_checked: int = 0
    notes_archived: int = 0
    examples_archived: int = 0
    orphaned_agents: int = 0
    orphaned_users: int = 0
    orphaned_companies: int = 0
    orphaned_conversations: int = 0
    archived_ids: list[str] = field(default_factory=list)

    def count_orphan(self, tombstones: Sequence[Tombstone]) -> None:
        """Count an archived record once per kind of gone entity it referenced."""
        for kind in {t.entity_type for t in tombstones}:
            name = f"orphaned_{kind}s" if kind != "company" else "orphaned_companies"
            setattr(self, name, getattr(self, name) + 1)

    def as_dict(self) -> dict[str, int]:
        """Return the counters (without ids) for run steps and logs."""
        return {k: v for k, v in self.__dict__.items() if isinstance(v, int)}


async def prune_entity(
    event: EntityDeleted | EntityDisabled,
    *,
    stores: Stores,
    clock: Clock,
    pending: PendingDeletions | None = None,
    prune_page_size: int = 2000,
) -> PruneCounts:
    """Record the tombstone, then archive every Active record that references the entity.

    With ``pending`` the deletion takes effect before the fan-out: the tombstone is opened
    there first (read paths hide the entity's records from then on) and closed only once
    every record is archived, so a crash or retry in between keeps them hidden.
    """
    notes, examples, registry, index, changes = (
        stores.notes, stores.examples, stores.registry, stores.index, stores.changes)
    action: Literal["deleted", "disabled"] = (
        "deleted" if event.event_type == "entity.deleted" else "disabled")
    tombstone = Tombstone(
        entity_type=event.data.entity_type,
        entity_id=event.data.entity_id,
        action=action,
        at=event.occurred_at,
        event_id=event.event_id,
    )
    hides = tombstone.is_gone_for_notes()
    if hides and pending is not None:
        await pending.open(tombstone)
        log.info("entity.hidden", entity=tombstone.describe())  # the deletion is effective
    await registry.record(tombstone)
    log.info("entity.tombstoned", entity=tombstone.describe(), hidden=hides)
    counts = PruneCounts()
    if not hides:
        log.info("entity.disabled_kept", entity=tombstone.describe(),
                 why="only a disabled agent makes its notes stale")
        return counts
    cache = GoneCache(registry)
    cache.remember(tombstone)
    key = (tombstone.entity_type, tombstone.entity_id)
    at = clock.now()
    while batch := await notes.find_active_referencing(*key, limit=prune_page_size):
        await cache.load(k for n in batch for k in n.references())
        moves = [_stale(n, cache, tombstone, counts) for n in batch]
        moved = await _archive_notes(batch, moves, key=key, cause=event.event_id, at=at,
                                     notes=notes, index=index, changes=changes)
        counts.notes_archived += len(moved)
        counts.archived_ids.extend(moved)
        counts.notes_checked += len(batch)
    while ex_batch := await examples.find_active_referencing(*key, limit=prune_page_size):
        await cache.load(k for e in ex_batch for k in e.references())
        ex_moves = [_stale(e, cache, tombstone, None) for e in ex_batch]
        # effects first, as for notes: a crash before the status leaves them Active for the retry
        await changes.record([Audit(e.agent_id, event.event_id, at).change("example", t)
                              for e, t in zip(ex_batch, ex_moves, strict=True)])
        counts.examples_archived += len(
            await examples.transition_referencing(*key, ex_moves, at))
    if pending is not None:
        await pending.close(*key)
    log.info("entity.pruned", entity=tombstone.describe(), **counts.as_dict())
    return counts


def _stale(record: Note | Example, cache: GoneCache, tombstone: Tombstone,
           counts: PruneCounts | None) -> Transition:
    gone = cache.gone(record) or [tombstone]
    if counts is not None:
        counts.count_orphan(gone)
    return Transition(record.id, Status.ACTIVE, Status.ARCHIVED, stale_comment(gone))


async def _archive_notes(
    batch: Sequence[Note], moves: Sequence[Transition], *, key: Key, cause: str, at: datetime,
    notes: NoteRepository, index: VectorIndex, changes: ChangeLog,
) -> list[str]:
    """Archive one page of Active notes: index status and audit first, then one bulk write."""
    ids = [n.note_id for n in batch]
    await index.set_status(ids, Status.ARCHIVED)
    await changes.record([Audit(n.agent_id, cause, at).change("note", t)
                          for n, t in zip(batch, moves, strict=True)])
    moved = await notes.transition_referencing(*key, moves, at)
    if len(moved) < len(ids):  # another writer moved some in between: index to their status
        done = set(moved)
        for n in await notes.get_many([i for i in ids if i not in done]):
            if n.status != Status.ARCHIVED:
                await index.set_status([n.note_id], n.status)
    return moved


async def sweep_stale(
    *,
    stores: Stores,
    clock: Clock,
    agent_id: str | None = None,
    limit: int = 200,
    run_id: str | None = None,
    dry_run: bool = False,
    fault: Callable[[str], Awaitable[None]] | None = None,
) -> PruneCounts:
    """Archive up to ``limit`` Active auto-generated notes whose references are gone."""
    notes, index, changes = stores.notes, stores.index, stores.changes
    counts = PruneCounts()
    cache = GoneCache(stores.registry)
    page: list[Note] = []
    pending: dict[str, list[Transition]] = {}
    found = 0

    async def check(page_notes: list[Note]) -> None:
        nonlocal found
        await cache.load(k for n in page_notes for k in n.references())
        for note in page_notes:
            counts.notes_checked += 1
            gone = cache.gone(note)
            if gone and found < limit:
                found += 1
                counts.count_orphan(gone)
                pending.setdefault(note.agent_id, []).append(
                    Transition(note.note_id, Status.ACTIVE, Status.ARCHIVED, stale_comment(gone))
                )

    async for note in notes.iter_records(agent_id=agent_id, status=Status.ACTIVE, auto_only=True,
                                         vectors=False):
        page.append(note)
        if len(page) >= 500:
            await check(page)
            page = []
            if found >= limit:
                break
    if page and found < limit:
        await check(page)
    at = clock.now()
    cause = run_id or f"sweep@{at.isoformat()}"
    for owner, transitions in pending.items():
        if dry_run:
            counts.notes_archived += len(transitions)
            counts.archived_ids.extend(t.record_id for t in transitions)
            continue
        moved = await move_notes(
            transitions, Audit(owner, cause, at, run_id),
            notes=notes, index=index, changes=changes,
        )
        counts.notes_archived += len(moved)
        counts.archived_ids.extend(moved)
        if fault is not None:
            await fault("sweep:archived")
    return counts
