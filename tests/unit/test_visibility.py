"""A deletion takes effect before its fan-out: read paths hide what it references (issue #12).

Over the in-memory adapters (reverie/storage/memory.py) and the word embedder of
tests/fakes.py; the fan-out is held half-way by a gate on its bulk write, so every
read below runs while the deletion's notes are still Active in storage.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

from reverie.domain.model import Example, Note, Status, Tombstone
from reverie.handlers.digest import build_digest
from reverie.handlers.lifecycle import restore_note
from reverie.handlers.ports import SearchScope
from reverie.handlers.visibility import Hidden, PendingCache, visible
from reverie.storage.memory import MemoryPendingDeletions
from tests.fakes import T0, event, memory_app, note_data


def tomb(entity_type: str, entity_id: str, action: str = "deleted") -> Tombstone:
    return Tombstone(entity_type=entity_type, entity_id=entity_id,  # type: ignore[arg-type]
                     action=action, at=T0)  # type: ignore[arg-type]


def a_note(note_id: str, **refs: str) -> Note:
    return Note(note_id=note_id, text="x", agent_id=refs.pop("agent_id", "a-1"),
                created_at=T0, **refs)


async def stored(app, *notes):
    assert app.bus is not None
    assert not await app.bus.handle([event("note.created", n) for n in notes])


class Gate:
    """Holds the fan-out's first bulk write until released."""

    def __init__(self, app) -> None:
        self.reached = asyncio.Event()
        self.release = asyncio.Event()
        self.real = app.notes.transition_referencing
        app.notes.transition_referencing = self  # type: ignore[method-assign]

    async def __call__(self, entity_type, entity_id, changes, at):
        self.reached.set()
        await self.release.wait()
        return await self.real(entity_type, entity_id, changes, at)


async def test_every_read_path_hides_a_deleted_users_notes_while_the_fan_out_runs():
    app = memory_app()
    await stored(app, *[note_data(f"u-{i}", f"Invoices go to Ben, fact {i}.", user_id="u-ben",
                                  company_id="co-1") for i in range(5)],
                 note_data("keep", "Invoices are sent monthly.", company_id="co-1"))
    gate = Gate(app)
    assert app.bus is not None
    handling = asyncio.create_task(app.bus.handle([event(
        "entity.deleted", {"entity_type": "user", "entity_id": "u-ben"})]))
    await asyncio.wait_for(gate.reached.wait(), 5)
    assert (await app.notes.get("u-0")).status == Status.ACTIVE  # type: ignore[union-attr]
    listed = [n.note_id async for n in app.notes.iter_records("a-1", status=Status.ACTIVE)]
    assert listed == ["keep"]
    digest = await build_digest("a-1", notes=app.notes, user_id="u-ben", company_id="co-1")
    assert "u-0" not in digest and "keep" in digest
    [vector] = await app.embedder.embed(["Invoices go to Ben"])
    assert await app.index.search(vector, SearchScope("a-1", "co-1", "u-ben"), 10) == []
    wide = SearchScope("a-1", exact_scope=False)
    assert [h.note_id for h in await app.index.search(vector, wide, 10)] == ["keep"]
    gate.release.set()
    assert await asyncio.wait_for(handling, 5) == []
    for i in range(5):
        assert (await app.notes.get(f"u-{i}")).status == Status.ARCHIVED  # type: ignore[union-attr]
        assert [c.change_type for c in await app.changes.for_record(f"u-{i}")] == [
            "note.archived"]
    assert await app.pending.all() == []  # type: ignore[union-attr]


async def test_a_restored_note_of_a_deleted_user_is_visible_again_once_the_fan_out_is_done():
    app = memory_app()
    await stored(app, note_data("n-1", "Ben prefers invoices in euros.", user_id="u-ben"))
    assert app.bus is not None
    assert not await app.bus.handle([event(
        "entity.deleted", {"entity_type": "user", "entity_id": "u-ben"})])
    [vector] = await app.embedder.embed(["invoices in euros"])
    scope = SearchScope("a-1", None, "u-ben")
    assert await app.index.search(vector, scope, 5) == []
    assert await restore_note("n-1", notes=app.notes, index=app.index, changes=app.changes,
                              at=T0 + timedelta(hours=1))
    assert [h.note_id for h in await app.index.search(vector, scope, 5)] == ["n-1"]
    assert "n-1" in await build_digest("a-1", notes=app.notes, user_id="u-ben")


async def test_a_pending_conversation_hides_only_its_notes_inside_a_scope():
    app = memory_app()
    await stored(app, note_data("c-note", "Refund discussed in chat.", conversation_id="c-9"),
                 note_data("other", "Refund policy is 30 days."))
    await app.pending.open(tomb("conversation", "c-9"))  # type: ignore[union-attr]
    [vector] = await app.embedder.embed(["Refund"])
    hits = await app.index.search(vector, SearchScope("a-1"), 1)
    assert [h.note_id for h in hits] == ["other"]
    [many] = await app.index.search_many([vector], SearchScope("a-1"), 5)
    assert [h.note_id for h in many] == ["other"]


async def test_archived_listings_and_single_reads_are_not_filtered():
    app = memory_app()
    await stored(app, note_data("n-1", user_id="u-1"))
    await app.pending.open(tomb("user", "u-1"))  # type: ignore[union-attr]
    assert await app.notes.get("n-1") is not None
    assert [n.note_id async for n in app.notes.iter_records("a-1")] == ["n-1"]
    assert [n.note_id async for n in app.notes.iter_records("a-1", status=Status.ACTIVE)] == []


async def test_examples_of_a_pending_entity_leave_active_listings():
    app = memory_app()
    await app.examples.add(Example(example_id="e-1", input="q", output="a", success_score=1,
                                   agent_id="a-1", company_id="co-1", created_at=T0))
    await app.pending.open(tomb("company", "co-1"))  # type: ignore[union-attr]
    assert [e async for e in app.examples.iter_records("a-1", status=Status.ACTIVE)] == []
    assert len([e async for e in app.examples.iter_records("a-1")]) == 1


async def test_another_process_deletion_is_seen_once_the_copy_is_older_than_max_age():
    store = MemoryPendingDeletions()
    clock = {"t": 0.0}
    cache = PendingCache(store, max_age_s=0.05, now=lambda: clock["t"])
    note = a_note("n", user_id="u-1")
    assert await visible([note], cache) == [note]
    await store.open(tomb("user", "u-1"))  # written by another worker
    clock["t"] = 0.01
    assert await visible([note], cache) == [note]  # the copy is 10 ms old
    clock["t"] = 0.06
    assert await visible([note], cache) == []
    await store.close("user", "u-1")
    clock["t"] = 0.2
    assert await visible([note], cache) == [note]


class SlowStore(MemoryPendingDeletions):
    """A store whose writes wait for ``landed``."""

    def __init__(self) -> None:
        super().__init__()
        self.landed = asyncio.Event()

    async def open(self, tombstone: Tombstone) -> None:
        await self.landed.wait()
        await super().open(tombstone)


class SlowReads(MemoryPendingDeletions):
    """A store whose reads see the tombstones of their start and return on ``answer``."""

    def __init__(self) -> None:
        super().__init__()
        self.reading = asyncio.Event()
        self.answer = asyncio.Event()

    async def all(self) -> list[Tombstone]:
        found = await super().all()
        self.reading.set()
        await self.answer.wait()
        return found


async def test_a_refresh_that_read_before_a_close_does_not_bring_the_tombstone_back():
    """A close while a refresh reads the store stays closed: the restore of a deleted
    user's note is in search at once (the CI race of test_restore_brings_a_note_back)."""
    store = SlowReads()
    await store.open(tomb("user", "u-1"))
    clock = {"t": 0.0}
    cache = PendingCache(store, max_age_s=0.05, now=lambda: clock["t"])
    note = a_note("n", user_id="u-1")
    store.answer.set()
    assert await visible([note], cache) == []
    store.answer.clear()
    store.reading.clear()
    clock["t"] = 1.0
    refresh = asyncio.create_task(visible([note], cache))
    await store.reading.wait()  # the read has seen the open tombstone
    await cache.close("user", "u-1")  # the fan-out is done
    store.answer.set()
    assert await refresh == [note]
    assert await visible([note], cache) == [note], "still closed within max_age_s"


async def test_this_process_hides_at_once_and_a_refresh_keeps_an_open_still_being_written():
    store = SlowStore()
    clock = {"t": 0.0}
    cache = PendingCache(store, max_age_s=0.05, now=lambda: clock["t"])
    note = a_note("n", company_id="co-1")
    opening = asyncio.create_task(cache.open(tomb("company", "co-1")))
    await asyncio.sleep(0)
    assert await visible([note], cache) == [], "hidden before the store has it"
    clock["t"] = 1.0  # a refresh reads the store before the write landed
    assert await visible([note], cache) == []
    store.landed.set()
    await opening
    clock["t"] = 2.0
    assert await visible([note], cache) == []
    await cache.close("company", "co-1")
    assert await visible([note], cache) == [note]


async def test_a_disabled_user_hides_nothing_and_a_disabled_agent_hides_its_notes():
    cache = PendingCache(MemoryPendingDeletions())
    await cache.open(tomb("user", "u-1", "disabled"))
    await cache.open(tomb("agent", "a-1", "disabled"))
    hidden = await cache.hidden()
    assert not hidden.hides(a_note("n", agent_id="a-2", user_id="u-1"))
    assert hidden.hides(a_note("n", agent_id="a-1"))


def test_a_scope_is_hidden_whole_when_its_agent_company_or_user_is_pending():
    hidden = Hidden(frozenset({("user", "u-1"), ("company", "co-9")}))
    assert hidden.hides_scope(SearchScope("a-1", "co-1", "u-1"))
    assert hidden.hides_scope(SearchScope("a-1", "co-9"))
    assert not hidden.hides_scope(SearchScope("a-1", "co-1"))
    assert not hidden.hides_scope(SearchScope("a-1", None, "u-1", exact_scope=False))
    assert hidden.may_hide_inside(SearchScope("a-1", exact_scope=False))
    assert not hidden.may_hide_inside(SearchScope("a-1", "co-1"))
    assert Hidden(frozenset({("agent", "a-1")})).hides_scope(SearchScope("a-1", exact_scope=False))


async def test_a_dream_leaves_a_pending_users_notes_alone_and_merges_the_others():
    from tests.dreamkit import CONCISE, add_notes, dream_app, note, run_dream, statuses

    app = dream_app()
    await add_notes(app, *[note(f"ben{i}", t, day=i, user_id="u-ben")
                           for i, t in enumerate(CONCISE)],
                    *[note(f"c{i}", t, day=i) for i, t in enumerate(CONCISE)])
    await app.pending.open(tomb("user", "u-ben"))  # type: ignore[union-attr]
    await run_dream(app)
    after = await statuses(app)
    assert all(after[f"ben{i}"] == "Active" for i in range(len(CONCISE))), after
    assert any(after[f"c{i}"] == "Revoked" for i in range(len(CONCISE))), after
    merged = [n async for n in app.notes.iter_records("a-1") if n.source_note_ids]
    assert merged and all(not s.startswith("ben") for n in merged for s in n.source_note_ids)
