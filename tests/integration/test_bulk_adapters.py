"""The bulk writes of issue #12 against the local FerretDB: batched inserts, the fan-out's
``update_many`` per page and the open-tombstone store."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from pymongo import AsyncMongoClient

from reverie.domain.model import Note, Status, Tombstone
from reverie.handlers.ports import Transition
from reverie.storage.mongo import MongoNotes, MongoPendingDeletions, ensure_indexes
from tests.builders import AT

pytestmark = pytest.mark.integration



@pytest.fixture
async def db(mongo: AsyncMongoClient):
    database = mongo[f"reverie_bulk_{uuid.uuid4().hex[:8]}"]
    await ensure_indexes(database)
    yield database
    await mongo.drop_database(database.name)


def note(i: int, user: str | None = "u-1", text: str = "Fact") -> Note:
    return Note(note_id=f"n-{i:03d}", agent_id="a-1", user_id=user, text=f"{text} {i}.",
                created_at=AT)


async def test_add_many_inserts_new_notes_once_and_keeps_those_stored_before(db):
    notes = MongoNotes(db)
    assert await notes.add_many([note(1), note(2)]) == ["n-001", "n-002"]
    got = await notes.add_many([note(2, text="Other"), note(3), note(3), note(4)])
    assert got == ["n-003", "n-004"]
    assert await db.notes.count_documents({}) == 4
    assert (await notes.get("n-002")).text == "Fact 2."  # type: ignore[union-attr]
    assert await notes.add_many([]) == []


async def test_transition_referencing_moves_only_the_entitys_records_still_in_expect(db):
    notes = MongoNotes(db)
    await notes.add_many([note(i) for i in range(6)] + [note(9, user="u-2")])
    await notes.transition([Transition("n-000", Status.ACTIVE, Status.REVOKED, "merged")], AT)
    at = AT + timedelta(days=1, microseconds=1234)
    moves = [Transition(f"n-{i:03d}", Status.ACTIVE, Status.ARCHIVED,
                        "Stale reference: user u-1 deleted" + (" twice" if i == 5 else ""))
             for i in (0, 1, 2, 5, 9)]
    moved = await notes.transition_referencing("user", "u-1", moves, at)
    assert sorted(moved) == ["n-001", "n-002", "n-005"]
    assert (await notes.get("n-000")).status == Status.REVOKED  # type: ignore[union-attr]
    assert (await notes.get("n-009")).status == Status.ACTIVE  # type: ignore[union-attr]
    five = await notes.get("n-005")
    assert five is not None and five.comments == "Stale reference: user u-1 deleted twice"
    left = await notes.find_active_referencing("user", "u-1", 10)
    assert sorted(n.note_id for n in left) == ["n-003", "n-004"]


async def test_open_tombstones_are_listed_until_closed(db):
    store = MongoPendingDeletions(db)
    tomb = Tombstone(entity_type="user", entity_id="u-1", action="deleted", at=AT)
    await store.open(tomb)
    await store.open(tomb)
    assert [(t.entity_type, t.entity_id) for t in await store.all()] == [("user", "u-1")]
    await store.close("user", "u-1")
    await store.close("user", "u-1")
    assert await store.all() == []


async def test_a_vector_is_stored_as_float32_bytes_and_read_back_as_numbers(db):
    notes = MongoNotes(db)
    vector = [0.5, -0.25, 0.125, 1.0]
    await notes.add_many([note(1).model_copy(update={"embedding": vector})])
    raw = await db.notes.find_one({"_id": "n-001"})
    assert isinstance(raw["embedding"], bytes) and len(raw["embedding"]) == 16
    assert (await notes.get("n-001")).embedding == vector  # type: ignore[union-attr]
    await db.notes.insert_one({**note(2).model_dump(mode="python"), "_id": "n-002",
                               "status": "Active", "embedding": [0.1, 0.2]})
    [old] = await notes.get_many(["n-002"])
    assert old.embedding == [0.1, 0.2]  # a vector written as a list before is still read
