"""Batched ingest (issue #12): one bulk insert, one embedding call and one upsert per batch,
with the idempotency, DLQ and late-arrival guarantees of one event at a time."""

from __future__ import annotations

import json

from reverie.domain.events import TOPIC_NOTES
from reverie.domain.model import Status
from reverie.streams.deadletter import RawMessage
from reverie.streams.pipeline import process
from tests.fakes import envelope, event, memory_app, note_data


class Counting:
    """Counts the calls of one method of a port."""

    def __init__(self, target, name: str) -> None:
        self.calls: list[int] = []
        self.real = getattr(target, name)
        setattr(target, name, self)

    async def __call__(self, items, *args):
        self.calls.append(len(items))
        return await self.real(items, *args)


async def test_a_batch_with_a_duplicate_event_and_a_redelivered_note_stores_each_note_once():
    app = memory_app()
    assert app.bus is not None
    inserts = Counting(app.notes, "add_many")
    upserts = Counting(app.index, "upsert")
    first = event("note.created", note_data("n-1", "Ben prefers email."))
    second = event("note.created", note_data("n-2", "Ben lives in Lisbon."))
    replayed = event("note.created", note_data("n-1", "A replay with other words."))
    assert await app.bus.handle([first, second, first, replayed]) == []
    assert inserts.calls == [2] and upserts.calls == [2]
    assert len(app.embedder.calls) == 1  # type: ignore[attr-defined]
    assert (await app.notes.get("n-1")).text == "Ben prefers email."  # type: ignore[union-attr]
    assert [n.note_id async for n in app.notes.iter_records()] == ["n-1", "n-2"]
    # the whole batch delivered again: nothing new is written
    assert await app.bus.handle([first, second, first, replayed]) == []
    assert inserts.calls == [2]
    assert [n.note_id async for n in app.notes.iter_records()] == ["n-1", "n-2"]


async def test_a_note_stored_by_an_earlier_attempt_is_kept_and_the_rest_inserted():
    app = memory_app()
    assert app.bus is not None
    assert await app.bus.handle([event("note.created", note_data("n-1", "First words."))]) == []
    again = event("note.created", note_data("n-1", "Other words."))
    fresh = event("note.created", note_data("n-3", "Acme pays in euros."))
    assert await app.bus.handle([again, fresh]) == []
    assert (await app.notes.get("n-1")).text == "First words."  # type: ignore[union-attr]
    assert await app.notes.get("n-3") is not None


def raw(value: bytes, offset: int) -> RawMessage:
    return RawMessage(TOPIC_NOTES, 0, offset, b"a-1", value)


async def test_one_invalid_event_is_dead_lettered_alone_and_its_batch_mates_are_stored():
    app = memory_app()
    good = [json.dumps(envelope("note.created", note_data(f"n-{i}", f"Fact {i}."))).encode()
            for i in range(4)]
    bad = envelope("note.created", note_data("n-bad", access_count="seven"))
    messages = [raw(good[0], 0), raw(good[1], 1), raw(json.dumps(bad).encode(), 2),
                raw(good[2], 3), raw(good[3], 4)]
    dead = await process(messages, app.bus, app.clock)
    assert [d.raw.offset for d in dead] == [2]
    assert [n.note_id async for n in app.notes.iter_records()] == ["n-0", "n-1", "n-2", "n-3"]


async def test_a_late_note_about_a_deleted_user_in_a_batch_is_archived_on_arrival():
    app = memory_app()
    assert app.bus is not None
    assert await app.bus.handle([event("entity.deleted", {
        "entity_type": "user", "entity_id": "u-ben"})]) == []
    late = event("note.created", note_data("late", "Ben wants invoices.", user_id="u-ben"))
    other = event("note.created", note_data("other", "Invoices are monthly."))
    assert await app.bus.handle([late, other]) == []
    archived = await app.notes.get("late")
    assert archived is not None and archived.status == Status.ARCHIVED
    assert "user u-ben deleted" in (archived.comments or "")
    assert [c.change_type for c in await app.changes.for_record("late")] == ["note.archived"]
    assert (await app.notes.get("other")).status == Status.ACTIVE  # type: ignore[union-attr]
