"""Reactive pruning through the real Kafka and FerretDB, one scenario per test."""

from __future__ import annotations

import asyncio
import json
import os
from datetime import UTC, datetime

import pytest

from reverie.domain.events import TOPIC_ENTITIES, TOPIC_NOTES
from reverie.domain.model import Note
from reverie.storage.migrations import versioned
from reverie.storage.mongo import ensure_indexes
from tests.builders import uid
from tests.fakes import envelope, note_data
from tests.integration.harness import Worker, wait_for

pytestmark = pytest.mark.integration


async def publish_note(kafka, agent, note_id, **extra):
    await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
        note_id, f"Fact {note_id} about the customer.", agent_id=agent, **extra)), agent)


async def gone(kafka, kind, entity_type, entity_id):
    await kafka.send(TOPIC_ENTITIES, envelope(f"entity.{kind}", {
        "entity_type": entity_type, "entity_id": entity_id}), entity_id)


async def doc(db, note_id, status=None, timeout=20.0):
    async def check():
        found = await db.notes.find_one({"_id": note_id})
        return found if found and (status is None or found["status"] == status) else None

    return await wait_for(check, timeout, what=f"note {note_id} {status or ''}")


async def test_note_of_disabled_agent_is_archived_with_comment(ready_worker, kafka, mongo):
    db = mongo[ready_worker.database]
    agent, nid = f"a-{uid()}", f"n-{uid()}"
    await publish_note(kafka, agent, nid)
    await doc(db, nid)
    await gone(kafka, "disabled", "agent", agent)
    archived = await doc(db, nid, "Archived")
    # the tombstone's date is the event's occurred_at (T0 in these envelopes)
    assert archived["comments"] == f"Stale reference: agent {agent} disabled on 2026-03-01"


async def test_note_of_deleted_conversation_is_archived(ready_worker, kafka, mongo):
    db = mongo[ready_worker.database]
    agent, nid, conv = f"a-{uid()}", f"n-{uid()}", f"c-{uid()}"
    await publish_note(kafka, agent, nid, conversation_id=conv)
    await doc(db, nid)
    await gone(kafka, "deleted", "conversation", conv)
    assert "conversation" in (await doc(db, nid, "Archived"))["comments"]


async def test_note_of_active_agent_and_of_disabled_user_stay_active(
        ready_worker, kafka, mongo):
    db = mongo[ready_worker.database]
    agent, user = f"a-{uid()}", f"u-{uid()}"
    keep, of_user, marker = f"n-{uid()}", f"n-{uid()}", f"n-{uid()}"
    await publish_note(kafka, agent, keep)
    await publish_note(kafka, agent, of_user, user_id=user)
    await gone(kafka, "disabled", "agent", f"other-{uid()}")
    await gone(kafka, "disabled", "user", user)
    # a deletion published after both disables: once it is applied, they were too
    conv = f"c-{uid()}"
    await publish_note(kafka, agent, marker, conversation_id=conv)
    await doc(db, marker)
    await gone(kafka, "deleted", "conversation", conv)
    await doc(db, marker, "Archived")
    assert await db.tombstones.find_one({"_id": f"user:{user}"}) is not None
    assert (await db.notes.find_one({"_id": keep}))["status"] == "Active"
    assert (await db.notes.find_one({"_id": of_user}))["status"] == "Active"


async def test_note_arriving_after_its_user_was_deleted_is_archived_on_arrival(
        ready_worker, kafka, mongo):
    db = mongo[ready_worker.database]
    agent, user, nid = f"a-{uid()}", f"u-{uid()}", f"n-{uid()}"
    await gone(kafka, "deleted", "user", user)
    await wait_for(lambda: db.tombstones.find_one({"_id": f"user:{user}"}), what="tombstone")
    await publish_note(kafka, agent, nid, user_id=user)
    archived = await doc(db, nid, "Archived")
    assert f"user {user} deleted" in archived["comments"]


async def test_note_referencing_two_deleted_entities_is_archived_once_naming_both(
        ready_worker, kafka, mongo):
    db = mongo[ready_worker.database]
    agent, user, company, nid = f"a-{uid()}", f"u-{uid()}", f"co-{uid()}", f"n-{uid()}"
    await gone(kafka, "deleted", "company", company)
    await wait_for(lambda: db.tombstones.find_one({"_id": f"company:{company}"}),
                   what="company tombstone")
    await gone(kafka, "deleted", "user", user)
    await wait_for(lambda: db.tombstones.find_one({"_id": f"user:{user}"}), what="tombstone")
    await publish_note(kafka, agent, nid, user_id=user, company_id=company)
    archived = await doc(db, nid, "Archived")
    assert f"user {user} deleted" in archived["comments"]
    assert f"company {company} deleted" in archived["comments"]
    assert await db.changes.count_documents({"record_id": nid}) == 1


async def test_restore_brings_a_note_back_into_search(services, kafka, mongo, tmp_path):
    worker = Worker(services, tmp=tmp_path, extra={"REVERIE_DASHBOARD_TOKEN": "t0ken"})
    worker.start()
    try:
        await worker.ready()
        db = mongo[worker.database]
        agent, user, nid = f"a-{uid()}", f"u-{uid()}", f"n-{uid()}"
        await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
            nid, "Customer prefers invoices in euros.", agent_id=agent, user_id=user)), agent)
        await doc(db, nid)
        search = f"/api/search?agent_id={agent}&user_id={user}&q=invoice+currency"
        assert [h["note_id"] for h in worker.get(search)["hits"]] == [nid]
        await gone(kafka, "deleted", "user", user)
        await doc(db, nid, "Archived")
        assert worker.get(search)["hits"] == []
        # the deletion is over once its fan-out closes the open tombstone (after the last
        # note is archived: until then every record of the user is hidden from search)
        await wait_for(lambda: _deletion_over(db, "user", user), what="the user's deletion")
        answer = await asyncio.to_thread(_post, worker, f"/api/notes/{nid}/restore", "t0ken")
        assert answer["result"] == "restored"
        assert [h["note_id"] for h in worker.get(search)["hits"]] == [nid]
        assert (await db.notes.find_one({"_id": nid}))["status"] == "Active"
    finally:
        worker.stop()


def _post(worker, path, token):
    import urllib.request

    req = urllib.request.Request(
        f"http://127.0.0.1:{worker.port}{path}", data=b"{}", method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


FAN_OUT = int(os.environ.get("REVERIE_TEST_FAN_OUT", "2000"))
"""Notes of the deleted entity: 2,000 in `make test`, 10,000 in `make test-slow` (FerretDB
archives ~25 notes/s on a loaded 2-core machine, so 10,000 takes minutes)."""


@pytest.mark.slow
async def test_deleting_an_entity_with_many_notes_survives_a_kill_half_way(
        services, kafka, mongo, tmp_path):
    """All archived exactly once; other partitions keep flowing; a kill mid-way is resumed."""
    agent, user = f"a-{uid()}", f"u-big-{uid()}"
    # pages of 500 (the default is 2,000): the kill must land between two pages
    worker = Worker(services, tmp=tmp_path, extra={"REVERIE_PRUNE_PAGE_SIZE": "500"})
    db = mongo[worker.database]
    await ensure_indexes(db)
    now = datetime.now(UTC)
    notes = [Note(note_id=f"{user}-{i:05d}", text=f"Fact number {i} about {user}.",
                  agent_id=agent, user_id=user, created_at=now) for i in range(FAN_OUT)]
    for start in range(0, len(notes), 1000):
        await db.notes.insert_many([versioned({**n.model_dump(mode="python"), "_id": n.note_id,
                                               "status": "Active"})
                                    for n in notes[start:start + 1000]])
    assert await db.notes.count_documents({"user_id": user, "status": "Active"}) == FAN_OUT
    worker.start()
    try:
        await _kill_half_way(worker, kafka, db, agent, user)
    finally:
        worker.stop()


async def _kill_half_way(worker, kafka, db, agent, user):
    await worker.ready()
    await gone(kafka, "deleted", "user", user)

    async def some_archived():
        n = await db.notes.count_documents({"user_id": user, "status": "Archived"})
        return n if n >= FAN_OUT // 6 else 0

    await wait_for(some_archived, 600, 0.5, "the fan-out to start")
    other_agent, other = f"a-{uid()}", f"n-{uid()}"
    await publish_note(kafka, other_agent, other)
    await doc(db, other, timeout=60)  # ingest is not blocked by the fan-out
    worker.kill()
    archived_at_kill = await db.notes.count_documents({"user_id": user, "status": "Archived"})
    assert archived_at_kill < FAN_OUT, "the fan-out finished before the kill; test is moot"
    worker.start()
    await worker.ready()

    async def all_archived():
        return await db.notes.count_documents({"user_id": user, "status": "Active"}) == 0

    await wait_for(all_archived, 900, 1.0, "every note archived after restart")
    assert await db.notes.count_documents({"user_id": user, "status": "Archived"}) == FAN_OUT
    assert await db.changes.count_documents({"agent_id": agent}) == FAN_OUT


async def _deletion_over(db, entity_type, entity_id):
    """Whether the deletion's fan-out has closed its open tombstone (``pending_deletions``)."""
    return await db.pending_deletions.find_one({"_id": f"{entity_type}:{entity_id}"}) is None
