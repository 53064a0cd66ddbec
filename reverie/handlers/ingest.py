"""Ingest handlers: store what upstream services publish, idempotently.

A redelivered event (same ``event_id``) or a replayed ``note_id`` changes nothing.
A note that references an entity already known to be gone is stored and
archived on arrival, with the same comment reactive pruning would give it.
"""

from __future__ import annotations

from collections.abc import Sequence

import structlog

from reverie.clock import Clock
from reverie.domain.events import (
    AgentConfigured,
    ExampleAccessed,
    ExampleCreated,
    NoteAccessed,
    NoteCreated,
    SessionEnded,
)
from reverie.domain.model import (
    AgentSettings,
    Change,
    Example,
    Note,
    Status,
    vector_payload,
)
from reverie.errors import UnknownEntity
from reverie.handlers.lifecycle import Audit, change_id, move_examples, move_notes
from reverie.handlers.ports import (
    AgentRepository,
    ChangeLog,
    Embedder,
    EntityRegistry,
    EventLedger,
    ExampleRepository,
    NoteRepository,
    SessionLedger,
    Transition,
    VectorIndex,
    VectorPoint,
)
from reverie.handlers.pruning import GoneCache, stale_comment

log = structlog.get_logger(__name__)


def note_from_event(event: NoteCreated) -> Note:
    """Build the stored note from a ``note.created`` event."""
    return Note(**event.data.model_dump())


def has_usable_vector(note: Note, embedder: Embedder) -> bool:
    """True when the note carries a vector of the embedder's model and dimension."""
    return (note.embedding is not None and note.embedding_model == embedder.model_name
            and len(note.embedding) == embedder.dimension)


async def embed_notes(notes_: Sequence[Note], embedder: Embedder) -> list[list[float]]:
    """Return each note's vector: its precomputed one if the model matches, else embedded."""
    vectors: list[list[float] | None] = []
    todo: list[int] = []
    for i, note in enumerate(notes_):
        if note.embedding is not None and has_usable_vector(note, embedder):
            vectors.append(note.embedding)
        else:
            vectors.append(None)
            todo.append(i)
    if todo:
        computed = await embedder.embed([notes_[i].text for i in todo])
        for i, vec in zip(todo, computed, strict=True):
            vectors[i] = vec
    return [v for v in vectors if v is not None]


async def store_notes(
    events: Sequence[NoteCreated],
    *,
    notes: NoteRepository,
    index: VectorIndex,
    embedder: Embedder,
    registry: EntityRegistry,
    changes: ChangeLog,
    clock: Clock,
    ledger: EventLedger | None = None,
) -> list[str]:
    """Store new notes with their vectors (one embedding call, one bulk insert, one upsert).

    The bus hands over redelivered events too (issue #12): with precomputed vectors the
    bulk insert tells which notes are stored already, and only their events are looked up
    in the ``ledger`` (a note whose event was handled is left alone); a batch that needs
    embedding looks its events up first, which costs less than embedding them again.
    """
    fresh: dict[str, tuple[NoteCreated, Note]] = {}
    for event in events:
        fresh.setdefault(event.data.note_id, (event, note_from_event(event)))
    checked = ledger is not None and not all(
        has_usable_vector(n, embedder) for _, n in fresh.values())
    if ledger is not None and checked:
        unseen = await ledger.unseen([e.event_id for e in events])
        fresh = {}
        for event in events:
            if event.event_id in unseen:
                fresh.setdefault(event.data.note_id, (event, note_from_event(event)))
    if not fresh:
        return []
    cache = GoneCache(registry)
    await cache.load(k for _, n in fresh.values() for k in n.references())
    gone_of = {nid: gone for nid, (_, n) in fresh.items() if (gone := cache.gone(n))}
    # Only a note archived on arrival must know beforehand whether it is stored already (its
    # audit goes before the insert); the others learn it from the bulk insert (issue #12).
    stored_before = ({n.note_id for n in await notes.get_many(list(gone_of))}
                     if gone_of else set())
    new_notes = [n for nid, (_, n) in fresh.items() if nid not in stored_before]
    vectors = await embed_notes(new_notes, embedder)
    archived: list[Change] = []
    for note, vector in zip(new_notes, vectors, strict=True):
        note.embedding = vector
        note.embedding_model = embedder.model_name
        if late_ref := gone_of.get(note.note_id):
            note.status = Status.ARCHIVED
            note.comments = stale_comment(late_ref)
            note.updated_at = clock.now()
            archived.append(_arrival_archive(note, fresh[note.note_id][0], clock))
    # The audit of an arrival archive goes first (its id is fixed by note and event): an
    # attempt that stored the note and died, or a retry after the store went away, finds
    # the note stored and would not record it again.
    await changes.record(archived)
    # One bulk insert; ids stored before (a replay, an earlier attempt) are left as they are
    # and read back, so their vectors are upserted from what is stored.
    inserted = await notes.add_many(new_notes)
    done = set(inserted)
    current = {n.note_id: n for n in new_notes if n.note_id in done}
    if others := [nid for nid in fresh if nid not in done]:
        if ledger is not None and not checked:  # left alone if each of its events was handled
            asked = set(others)
            unseen = await ledger.unseen([e.event_id for e in events
                                          if e.data.note_id in asked])
            again = {e.data.note_id for e in events if e.event_id in unseen}
            others = [nid for nid in others if nid in again]
        current.update((n.note_id, n) for n in await notes.get_many(others))
    stored = [current[nid] for nid in fresh if nid in current]
    # Upsert every vector, including notes stored by an attempt that died before this step.
    if points := [VectorPoint(n.note_id, n.embedding, vector_payload(n))
                  for n in stored if n.embedding is not None]:
        await index.upsert(points)
    late = await _archive_deleted_meanwhile(
        stored, cause=events[-1].event_id, notes=notes, index=index, registry=registry,
        changes=changes, clock=clock,
    )
    log.info("notes.stored", inserted=len(inserted), received=len(events),
             archived_on_arrival=len(archived) + late)
    return inserted


async def _archive_deleted_meanwhile(
    stored: Sequence[Note],
    *,
    cause: str,
    notes: NoteRepository,
    index: VectorIndex,
    registry: EntityRegistry,
    changes: ChangeLog,
    clock: Clock,
) -> int:
    """Archive stored Active notes whose entity was deleted while they were being stored.

    Pruning records its tombstone before it looks for notes, and ingest looks again for
    tombstones after its notes are stored, so a deletion racing an insert is seen by one
    side or the other. Returns how many notes this second look archived.
    """
    active = [n for n in stored if n.status == Status.ACTIVE and n.references()]
    if not active:
        return 0
    cache = GoneCache(registry)
    await cache.load(k for n in active for k in n.references())
    by_agent: dict[str, list[Transition]] = {}
    for note in active:
        if gone := cache.gone(note):
            by_agent.setdefault(note.agent_id, []).append(
                Transition(note.note_id, Status.ACTIVE, Status.ARCHIVED, stale_comment(gone)))
    moved = 0
    for agent_id, transitions in by_agent.items():
        moved += len(await move_notes(
            transitions, Audit(agent_id, cause, clock.now()),
            notes=notes, index=index, changes=changes, effects_first=True))
    return moved


def _arrival_archive(note: Note, event: NoteCreated, clock: Clock) -> Change:
    return Change(
        change_id=change_id(note.note_id, Status.ARCHIVED, event.event_id),
        change_type="note.archived",
        kind="note",
        record_id=note.note_id,
        agent_id=note.agent_id,
        from_status=None,
        to_status=Status.ARCHIVED,
        reason=note.comments or "",
        at=clock.now(),
    )


async def record_note_access(event: NoteAccessed, *, notes: NoteRepository) -> None:
    """Add the accesses to the note's AccessCount once and move its LastAccessedAt."""
    at = event.data.accessed_at or event.occurred_at
    if not await notes.record_access(event.data.note_id, event.event_id, event.data.count, at):
        raise UnknownEntity(
            f"note '{event.data.note_id}' is not known: publish its note.created "
            "(on the same agent key) before note.accessed"
        )


async def store_example(
    event: ExampleCreated,
    *,
    examples: ExampleRepository,
    registry: EntityRegistry,
    changes: ChangeLog,
    clock: Clock,
) -> bool:
    """Store a new example (archived on arrival if it references a gone entity)."""
    example = Example(**event.data.model_dump())
    cache = GoneCache(registry)
    await cache.load(example.references())
    gone = cache.gone(example)
    if gone:
        example.status = Status.ARCHIVED
        example.comments = stale_comment(gone)
    if gone and await examples.get(example.example_id) is None:
        # the audit first, as for notes: a retry finds the example stored
        await changes.record([Change(
            change_id=change_id(example.example_id, Status.ARCHIVED, event.event_id),
            change_type="example.archived", kind="example", record_id=example.example_id,
            agent_id=example.agent_id, from_status=None, to_status=Status.ARCHIVED,
            reason=example.comments or "", at=clock.now(),
        )])
    inserted = await examples.add(example)
    if not (inserted and gone) and example.references():
        # Look again after storing: a deletion may have been recorded meanwhile.
        stored = await examples.get(example.example_id)
        again = GoneCache(registry)
        await again.load(example.references())
        if stored is not None and stored.status == Status.ACTIVE and (late := again.gone(stored)):
            await move_examples(
                [Transition(stored.example_id, Status.ACTIVE, Status.ARCHIVED,
                            stale_comment(late))],
                Audit(stored.agent_id, event.event_id, clock.now()),
                examples=examples, changes=changes, effects_first=True)
    return inserted


async def record_example_access(event: ExampleAccessed, *, examples: ExampleRepository) -> None:
    """Add the accesses to the example's AccessCount once and move its LastAccessedAt."""
    at = event.data.accessed_at or event.occurred_at
    found = await examples.record_access(
        event.data.example_id, event.event_id, event.data.count, at
    )
    if not found:
        raise UnknownEntity(
            f"example '{event.data.example_id}' is not known: publish its example.created "
            "before example.accessed"
        )


async def count_session(event: SessionEnded, *, sessions: SessionLedger) -> bool:
    """Record the session once, for the dream gate."""
    return await sessions.record(event.event_id, event.data.agent_id, event.occurred_at)


async def configure_agent(event: AgentConfigured, *, agents: AgentRepository) -> None:
    """Store the agent's retention settings; nulls mean the defaults."""
    d = event.data
    defaults = AgentSettings(agent_id=d.agent_id)
    await agents.configure(AgentSettings(
        agent_id=d.agent_id,
        note_retention_days=(
            d.note_retention_days if d.note_retention_days is not None
            else defaults.note_retention_days
        ),
        example_retention_days=(
            d.example_retention_days if d.example_retention_days is not None
            else defaults.example_retention_days
        ),
        auto_archive_enabled=(
            d.auto_archive_enabled if d.auto_archive_enabled is not None
            else defaults.auto_archive_enabled
        ),
        updated_at=event.occurred_at,
    ))
