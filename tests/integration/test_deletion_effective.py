"""A deletion takes effect before its fan-out finishes, on the real Kafka and FerretDB (issue #12).

A user's notes: a few published as ``note.created`` (so the worker indexes them and
search finds them), the rest written straight into the worker's database. Then
``entity.deleted`` is produced. As soon as the worker has stored the open tombstone
(``pending_deletions``), search (scoped and agent-wide), the user's digest and the
dashboard's agent page are read over HTTP and must show none of the user's notes; search
must have answered while notes were still Active in MongoDB (the fan-out running: the
worker archives few notes per bulk write here, so it takes a while). The digest and the
page read every note of the agent from FerretDB and may answer only once the fan-out has
let go of it (the unit tests hold a fan-out half-way and read them then). Afterwards
every note is Archived with one audit change and the tombstone is closed. Speed is the
benchmark's business (``python -m bench.deletion``); the waits are generous so they hold
on a loaded 2-CPU machine.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from datetime import UTC, datetime

import pytest

from reverie.domain.events import TOPIC_ENTITIES, TOPIC_NOTES
from reverie.domain.model import Note
from reverie.storage.migrations import SCHEMA_VERSION, VERSION_FIELD
from reverie.storage.mongo import ensure_indexes
from tests.builders import uid
from tests.fakes import envelope, note_data
from tests.integration.harness import Worker, wait_for

pytestmark = pytest.mark.integration

PUBLISHED = 10
"""Notes of the user that go through Kafka (and into the worker's vector index)."""

SLOW_SIZE = int(os.environ.get("REVERIE_TEST_FAN_OUT", "10000"))


def text(worker: Worker, path: str) -> str:
    return worker.read(path, timeout=120)


def hits(worker: Worker, path: str) -> set[str]:
    return {h["note_id"] for h in json.loads(text(worker, path)).get("hits", [])}


async def preload(db, agent: str, company: str, user: str, first: int, n: int) -> list[str]:
    now = datetime.now(UTC)
    docs = [{**Note(note_id=f"{user}-{i:05d}", text=f"Ben's invoice fact number {i}.",
                    agent_id=agent, company_id=company, user_id=user,
                    created_at=now).model_dump(mode="python"),
             "_id": f"{user}-{i:05d}", "status": "Active", VERSION_FIELD: SCHEMA_VERSION}
            for i in range(first, n)]
    for start in range(0, len(docs), 1000):
        await db.notes.insert_many(docs[start:start + 1000])
    return [d["_id"] for d in docs]


@pytest.mark.parametrize(("size", "page"), [
    pytest.param(500, 5, id="500"),
    pytest.param(SLOW_SIZE, 200, id="slow", marks=pytest.mark.slow),
])
async def test_a_deleted_users_notes_leave_every_read_path_before_the_fan_out_ends(
        services, kafka, mongo, tmp_path, size, page):
    agent, company, user = f"a-{uid()}", f"co-{uid()}", f"u-{uid()}"
    worker = Worker(services, tmp=tmp_path, extra={"REVERIE_PRUNE_PAGE_SIZE": str(page)})
    db = mongo[worker.database]
    await ensure_indexes(db)
    worker.start()
    try:
        await worker.ready()
        keep = f"keep-{uid()}"
        await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
            keep, "Invoices are sent monthly.", agent_id=agent, company_id=company)), agent)
        ids = [f"{user}-{i:05d}" for i in range(PUBLISHED)]
        for nid in ids:
            await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
                nid, f"Ben wants invoice copies by email ({nid}).", agent_id=agent,
                company_id=company, user_id=user)), agent)
        search = f"/api/search?agent_id={agent}&company_id={company}&user_id={user}&q=invoice"
        wide = f"/api/search?agent_id={agent}&exact=0&q=invoice&k=50"
        digest = f"/agents/{agent}/digest?user_id={user}&company_id={company}"
        await wait_for(lambda: db.notes.count_documents({"agent_id": agent}),
                       240, 0.5, "the published notes stored")
        await wait_for(lambda: _count(db, agent, PUBLISHED + 1), 240, 0.5, "every note stored")
        ids += await preload(db, agent, company, user, PUBLISHED, size)
        # the user's binding reads their notes and the company's shared ones (issue #22)
        assert await asyncio.to_thread(hits, worker, search) <= {*ids, keep}
        assert await asyncio.to_thread(hits, worker, search) & set(ids), "search finds nothing: moot"
        await kafka.send(TOPIC_ENTITIES, envelope("entity.deleted", {
            "entity_type": "user", "entity_id": user}), user)
        await wait_for(lambda: db.pending_deletions.find_one({"_id": f"user:{user}"}),
                       120, 0.005, "the open tombstone")
        stored = time.monotonic()
        # search first (it answers from the worker's index at once), then the wide search,
        # the digest and the dashboard page, which read every note of the agent from FerretDB
        found = await asyncio.to_thread(hits, worker, search)
        searched = time.monotonic() - stored
        active = await db.notes.count_documents({"user_id": user, "status": "Active"})
        assert not found & set(ids), "search returned a deleted user's notes"
        assert active > 0, "the fan-out finished before search answered: test is moot"
        assert not await asyncio.to_thread(hits, worker, wide) & set(ids)
        shown = await asyncio.to_thread(text, worker, digest)
        assert not [i for i in ids if i in shown], "the digest showed a deleted user's notes"
        assert "Invoices are sent monthly" in shown
        page_html = await asyncio.to_thread(text, worker, f"/agents/{agent}")
        assert not [i for i in ids if i in page_html], "the agent page showed them"
        assert keep in page_html
        left = await db.notes.count_documents({"user_id": user, "status": "Active"})
        print(f"\n{size} notes: search clean {searched * 1000:.0f} ms after the tombstone was "
              f"stored ({active} notes still Active); digest and page clean after "
              f"{time.monotonic() - stored:.1f} s ({left} still Active)")

        async def all_archived() -> bool:
            return await db.notes.count_documents({"user_id": user, "status": "Active"}) == 0

        await wait_for(all_archived, 1800, 1.0, "every note archived")
        assert await db.notes.count_documents({"user_id": user, "status": "Archived"}) == size
        assert await db.changes.count_documents({"agent_id": agent}) == size
        assert set(await db.changes.distinct("record_id", {"agent_id": agent})) == set(ids)
        await wait_for(lambda: _closed(db, user), 60, 0.2, "the tombstone closed")
    finally:
        worker.stop()


async def _count(db, agent: str, n: int) -> bool:
    return await db.notes.count_documents({"agent_id": agent}) >= n


async def _closed(db, user: str) -> bool:
    return await db.pending_deletions.find_one({"_id": f"user:{user}"}) is None
