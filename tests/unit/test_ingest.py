"""Ingest handlers over in-memory fakes."""

from __future__ import annotations

from datetime import timedelta

import pytest

from reverie.domain.model import Status
from reverie.handlers.ports import SearchScope
from tests.builders import handle, handle_ok
from tests.fakes import T0, event, memory_app, note_data


async def test_note_created_is_stored_with_vector_and_payload():
    app = memory_app()
    await handle(app, event("note.created", note_data("n1", user_id="u1", company_id="c1")))
    note = await app.notes.get("n1")
    assert note is not None and note.status == Status.ACTIVE
    assert note.embedding is not None and note.embedding_model == "fake-words"
    hits = await app.index.search(note.embedding, SearchScope("a-1", "c1", "u1"), 5)
    assert [h.note_id for h in hits] == ["n1"]


async def test_redelivered_event_changes_nothing():
    app = memory_app()
    ev = event("note.accessed", {"note_id": "n1", "agent_id": "a-1", "count": 2})
    await handle(app, event("note.created", note_data("n1")))
    await handle(app, ev)
    await handle(app, ev)
    note = await app.notes.get("n1")
    assert note is not None and note.access_count == 2


async def test_replayed_note_id_with_new_event_id_keeps_first_version():
    app = memory_app()
    await handle(app, event("note.created", note_data("n1", "first text")))
    await handle(app, event("note.created", note_data("n1", "second text")))
    note = await app.notes.get("n1")
    assert note is not None and note.text == "first text"
    assert await app.index.count("a-1") == 1


async def test_access_is_applied_once_per_event_even_without_the_ledger():
    app = memory_app()
    await handle(app, event("note.created", note_data("n1", access_count=3)))
    later = T0 + timedelta(days=2)
    assert await app.notes.record_access("n1", "e-1", 1, later)
    assert await app.notes.record_access("n1", "e-1", 1, later)
    note = await app.notes.get("n1")
    assert note is not None and note.access_count == 4 and note.last_accessed_at == later


async def test_access_to_unknown_note_is_a_permanent_failure_with_reason():
    app = memory_app()
    failures = await handle(app, event("note.accessed", {"note_id": "nope", "agent_id": "a-1"}))
    assert len(failures) == 1
    assert "note 'nope' is not known" in failures[0].reason


async def test_consecutive_notes_are_embedded_in_one_batch():
    app = memory_app()
    await handle(app, *[event("note.created", note_data(f"n{i}", f"fact number {i}"))
                        for i in range(5)])
    assert len(app.embedder.calls) == 1 and len(app.embedder.calls[0]) == 5


async def test_precomputed_embedding_is_used_when_model_matches():
    app = memory_app()
    vec = [0.0] * 64
    vec[3] = 1.0
    await handle(app, event("note.created", note_data(
        "n1", embedding=vec, embedding_model="fake-words")))
    await handle(app, event("note.created", note_data(
        "n2", embedding=vec, embedding_model="other-model")))
    assert app.embedder.calls == [["The user prefers concise answers."]]
    n1 = await app.notes.get("n1")
    assert n1 is not None and n1.embedding == vec


async def test_precomputed_embedding_of_wrong_dimension_is_recomputed():
    app = memory_app()
    await handle(app, event("note.created", note_data(
        "n1", embedding=[1.0, 0.0], embedding_model="fake-words")))
    assert len(app.embedder.calls) == 1


async def test_example_and_access_and_session_and_configuration_are_stored():
    app = memory_app()
    await handle(
        app,
        event("example.created", {"example_id": "x1", "agent_id": "a-1", "input": "q",
                                   "output": "a", "success_score": 70,
                                   "created_at": "2026-03-01T09:00:00Z"}),
        event("example.accessed", {"example_id": "x1", "agent_id": "a-1", "count": 3}),
        event("session.ended", {"agent_id": "a-1"}),
        event("agent.configured", {"agent_id": "a-1", "note_retention_days": 30,
                                    "example_retention_days": None,
                                    "auto_archive_enabled": None}),
    )
    ex = await app.examples.get("x1")
    assert ex is not None and ex.access_count == 3
    assert await app.sessions.count_since("a-1", None) == 1
    settings = await app.agents.get("a-1")
    assert (settings.note_retention_days, settings.example_retention_days,
            settings.auto_archive_enabled) == (30, 180, True)


async def test_access_to_unknown_example_fails_permanently():
    app = memory_app()
    failures = await handle(app, event("example.accessed", {"example_id": "x", "agent_id": "a"}))
    assert "example 'x' is not known" in failures[0].reason


@pytest.mark.parametrize("count", [1, 4])
async def test_session_counted_once_per_event(count):
    app = memory_app()
    ev = event("session.ended", {"agent_id": "a-1"})
    for _ in range(count):
        await handle(app, ev)
    assert await app.sessions.count_since("a-1", None) == 1


async def test_reindex_rebuilds_search_from_the_stored_embeddings():
    from reverie.handlers.reindex import reindex
    from reverie.storage.memory import MemoryVectorIndex

    app = memory_app()
    await handle(app, *[event("note.created", note_data(f"n{i}", f"fact {i}")) for i in range(7)])
    fresh = MemoryVectorIndex()
    calls_before = len(app.embedder.calls)
    assert await reindex(notes=app.notes, index=fresh, embedder=app.embedder) == 7
    assert len(app.embedder.calls) == calls_before  # stored vectors reused, nothing embedded
    note = await app.notes.get("n3")
    hits = await fresh.search(note.embedding, SearchScope("a-1"), 1)
    assert [h.note_id for h in hits] == ["n3"]


class DeletedDuringInsert:
    """Registry whose first look-up lets a deletion run to completion before it answers."""

    def __init__(self) -> None:
        from reverie.storage.memory import MemoryRegistry

        self.inner = MemoryRegistry()
        self.during_first_lookup = None
        self.record = self.inner.record
        self.remove = self.inner.remove

    async def lookup(self, keys):
        answer = await self.inner.lookup(keys)
        if self.during_first_lookup is not None:
            hook, self.during_first_lookup = self.during_first_lookup, None
            await hook()
        return answer


@pytest.mark.parametrize("kind", ["note", "example"])
async def test_deletion_racing_the_insert_still_archives_the_record(kind):
    """A deletion that looks for notes before the note is stored is caught by ingest's second look."""
    from reverie.bootstrap import bootstrap
    from reverie.clock import FixedClock
    from reverie.config import Settings
    from reverie.storage.memory import MemoryVectorIndex
    from tests.fakes import WordEmbedder

    registry = DeletedDuringInsert()
    app = bootstrap(Settings(storage="memory", vector_backend="memory"), clock=FixedClock(T0),
                    embedder=WordEmbedder(), index=MemoryVectorIndex(),
                    overrides={"registry": registry})
    deletion = event("entity.deleted", {"entity_type": "conversation", "entity_id": "c-9"},
                     at=T0 + timedelta(minutes=1))

    async def delete_now():
        await handle_ok(app, deletion)

    registry.during_first_lookup = delete_now
    if kind == "note":
        created = event("note.created", note_data("n1", conversation_id="c-9"))
    else:
        created = event("example.created", {
            "example_id": "e1", "agent_id": "a-1", "conversation_id": "c-9",
            "input": "Where is my refund?", "output": "It posts in 5 days.", "success_score": 80,
            "created_at": "2026-03-01T00:00:00Z"})
    await handle_ok(app, created)
    stored = await (app.notes.get("n1") if kind == "note" else app.examples.get("e1"))
    assert stored is not None and stored.status == Status.ARCHIVED
    assert "conversation c-9 deleted" in (stored.comments or "")


class IndexDownOnce:
    """A vector index whose first upsert fails as a store outage does (retried by the bus)."""

    def __init__(self) -> None:
        from reverie.storage.memory import MemoryVectorIndex

        self.inner = MemoryVectorIndex()
        self.failed = False

    def __getattr__(self, name):
        return getattr(self.inner, name)

    async def upsert(self, points):
        from reverie.errors import StorageUnavailable

        if not self.failed:
            self.failed = True
            raise StorageUnavailable("Qdrant unavailable: ConnectError")
        await self.inner.upsert(points)


async def test_a_retried_arrival_archive_keeps_its_audit_change():
    """A note archived on arrival keeps its note.archived change when the first attempt failed
    after storing it (seen with FerretDB restarting in test_restarts.py)."""
    from reverie.bootstrap import bootstrap
    from reverie.clock import FixedClock
    from tests.builders import memory_settings
    from tests.fakes import WordEmbedder

    app = bootstrap(memory_settings(),
                    clock=FixedClock(T0), embedder=WordEmbedder(), index=IndexDownOnce())
    await handle_ok(app, event("entity.deleted", {"entity_type": "user", "entity_id": "u-gone"}))
    await handle_ok(app, event("note.created", note_data("n1", user_id="u-gone")))
    stored = await app.notes.get("n1")
    assert stored is not None and stored.status == Status.ARCHIVED
    audit = [c for c in app.changes.changes.values() if c.record_id == "n1"]
    assert [c.change_type for c in audit] == ["note.archived"]


class CountingLedger:
    """The in-memory ledger, remembering which event ids were looked up."""

    def __init__(self, inner) -> None:
        self.inner, self.asked = inner, []

    async def unseen(self, event_ids):
        self.asked.extend(event_ids)
        return await self.inner.unseen(event_ids)

    async def mark_all(self, events, at):
        await self.inner.mark_all(events, at)


def counting_ledger(app):
    """Give the bus and the note handler a ledger that records what it is asked."""
    from reverie.bus import inject
    from reverie.domain.events import NoteCreated
    from reverie.handlers.ingest import store_notes

    ledger = CountingLedger(app.ledger)
    app.bus.ledger = ledger
    app.bus.batch_handlers = {NoteCreated: inject(store_notes, {**app.deps(), "ledger": ledger})}
    return ledger


def with_vector(note_id, text="The user prefers concise answers."):
    vec = [0.0] * 64
    vec[len(note_id) % 64] = 1.0
    return event("note.created", note_data(note_id, text, embedding=vec,
                                           embedding_model="fake-words"))


async def test_new_notes_with_vectors_cost_no_ledger_look_up_and_a_redelivery_asks_once():
    """Precomputed vectors: the bulk insert finds the stored notes, only their events are looked up."""
    app = memory_app()
    ledger = counting_ledger(app)
    batch = [with_vector(f"n{i}") for i in range(3)]
    assert not await handle(app, *batch)
    assert ledger.asked == []
    assert not await handle(app, *batch, with_vector("n9"))
    assert sorted(ledger.asked) == sorted(e.event_id for e in batch)
    assert await app.index.count("a-1") == 4 and app.embedder.calls == []


async def test_notes_to_embed_are_looked_up_first_and_a_redelivery_is_not_embedded_again():
    """Without usable vectors the batch's events are looked up once, before embedding."""
    app = memory_app()
    ledger = counting_ledger(app)
    batch = [event("note.created", note_data(f"n{i}")) for i in range(3)]
    assert not await handle(app, *batch)
    assert not await handle(app, *batch)
    assert len(ledger.asked) == 6 and len(app.embedder.calls) == 1


@pytest.mark.parametrize("vector", [True, False])
async def test_a_redelivered_note_created_does_not_archive_its_restored_note_again(vector):
    """A note restored after its user's deletion stays Active when its event comes again."""
    from reverie.handlers.lifecycle import restore_note

    app = memory_app()
    extra = {"embedding": [1.0] + [0.0] * 63, "embedding_model": "fake-words"} if vector else {}
    created = event("note.created", note_data("n1", user_id="u-gone", **extra))
    assert not await handle(app, created)
    assert not await handle(app, event("entity.deleted", {"entity_type": "user",
                                                          "entity_id": "u-gone"}))
    assert (await app.notes.get("n1")).status == Status.ARCHIVED
    assert await restore_note("n1", notes=app.notes, index=app.index, changes=app.changes,
                              at=T0 + timedelta(hours=1))
    audit = len(app.changes.changes)
    assert not await handle(app, created)
    assert (await app.notes.get("n1")).status == Status.ACTIVE
    assert len(app.changes.changes) == audit
