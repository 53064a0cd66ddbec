"""Versioned stored documents (issue #22) on the real FerretDB: every adapter stamps the schema
version, ``reverie migrate`` upgrades a database written before versions (migration 1) in
pages, stopped and resumed, twice without change, and a worker refuses an unmigrated or newer
database with one line."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest
from pymongo import AsyncMongoClient

from reverie.deadletters import DeadLetterEntry
from reverie.domain.model import AgentSettings, Change, Example, Note, Status, Tombstone
from reverie.domain.qualification import Qualification
from reverie.domain.runs import DreamRun, ReviewPair, RunStep
from reverie.errors import SchemaMismatch
from reverie.storage.migrations import COLLECTIONS, SCHEMA_VERSION, VERSION_FIELD
from reverie.storage.migrations.runner import META, SCHEMA_ID, MongoSchema
from reverie.storage.mongo import (
    Dialect,
    MongoAgents,
    MongoChangeLog,
    MongoExamples,
    MongoJudgments,
    MongoLeases,
    MongoLedger,
    MongoNotes,
    MongoPendingDeletions,
    MongoQualifications,
    MongoRegistry,
    MongoReviews,
    MongoRuns,
    MongoSessions,
)
from reverie.storage.redrives import MongoRedrives
from reverie.storage.tokens import MongoTokens, mint
from reverie.storage.websessions import MongoRateCounter, MongoSessionStore
from tests.builders import AT
from tests.integration.harness import ROOT

pytestmark = pytest.mark.integration



@pytest.fixture
async def db(mongo: AsyncMongoClient) -> AsyncIterator[Any]:
    database = mongo[f"reverie_migrate_{uuid.uuid4().hex[:8]}"]
    yield database
    await mongo.drop_database(database.name)


async def write_through_every_adapter(db: Any, notes: int = 23) -> None:
    """Store documents of every kind the way the worker does."""
    repo = MongoNotes(db)
    await repo.add(Note(note_id="n-single", agent_id="a-1", text="Single.", created_at=AT))
    await repo.add_many([Note(note_id=f"n-{i:03d}", agent_id="a-1", text=f"Fact {i}.",
                              created_at=AT, embedding=[0.5, float(i)]) for i in range(notes)])
    await MongoExamples(db).add(Example(example_id="e-1", agent_id="a-1", input="q", output="a",
                                        success_score=0.9, created_at=AT))
    await MongoChangeLog(db).record([Change(
        change_id="c-1", change_type="note.archived", kind="note", record_id="n-001",
        agent_id="a-1", from_status=Status.ACTIVE, to_status=Status.ARCHIVED, reason="stale",
        at=AT)])
    await MongoAgents(db).configure(AgentSettings(agent_id="a-1", note_retention_days=30))
    await MongoAgents(db).mark_dreamed("a-2", AT)
    await MongoSessions(db).record("ev-session", "a-1", AT)
    tomb = Tombstone(entity_type="user", entity_id="u-1", action="deleted", at=AT)
    await MongoRegistry(db).record(tomb)
    await MongoPendingDeletions(db).open(tomb)
    await MongoLedger(db).mark_all([(f"ev-{i}", "note.created") for i in range(5)], AT)
    runs = MongoRuns(db)
    await runs.save_run(DreamRun(run_id="r-1", agent_id="a-1", trigger="manual", started_at=AT))
    await runs.add_steps([RunStep(run_id="r-1", step_id="s-1", parent_step_id=None,
                                  agent_id="a-1", phase="dream", name="dream",
                                  status="completed", started_at=AT, finished_at=AT)])
    assert await MongoLeases(db).acquire("a-1", "w-1", AT, 60)
    await MongoReviews(db).add(ReviewPair(pair_id="p-1", agent_id="a-1", note_ids=("n-1", "n-2"),
                                          texts=("x", "y"), reason="r", run_id="r-1",
                                          created_at=AT))
    await MongoJudgments(db).put("j-1", {"verdict": "two facts"})
    await MongoQualifications(db).put(Qualification(
        key="q-1", identity={"judge": "offline"}, set_version="1", scores={}, checked_at=AT))
    _, token = mint(agent_id="a-1", at=AT)
    await MongoTokens(db).add(token)
    later = datetime(2100, 1, 1, tzinfo=UTC)  # not pruned as expired
    await MongoSessionStore(db).open("s-1", token.token_id, later)
    await MongoRateCounter(db).record("searches:t-1", AT, later)
    junk = DeadLetterEntry(0, 7, {"reason": "not JSON", "reason_kind": "invalid_json",
                                  "topic": "reverie.notes", "partition": 0, "offset": 3})
    await MongoRedrives(db).record(junk, "reverie.notes:0:9", AT)


async def snapshot(db: Any) -> dict[str, dict[str, Any]]:
    """Every document of every collection but the meta one, by collection and _id."""
    out = {}
    for name in sorted(await db.list_collection_names()):
        if name != META:
            out[name] = {d["_id"]: d async for d in db[name].find({})}
    return out


async def unversion(db: Any) -> None:
    """Make the database look written before issue #22: no version field, no meta document."""
    for name in COLLECTIONS:
        await db[name].update_many({}, {"$unset": {VERSION_FIELD: ""}})
    await db[META].delete_many({})


async def test_every_adapter_stamps_the_schema_version_on_what_it_writes(db):
    """Each document of each collection carries _v = this release's version; migration 1
    knows every collection the adapters write."""
    await write_through_every_adapter(db)
    stored = await snapshot(db)
    assert set(stored) == set(COLLECTIONS)
    unversioned = [(name, i) for name, docs in stored.items() for i, d in docs.items()
                   if d.get(VERSION_FIELD) != SCHEMA_VERSION]
    assert unversioned == []
    assert (await MongoNotes(db).get("n-003")).embedding == [0.5, 3.0]


class Crash(Exception):
    """Stands for the process dying between two pages."""


@pytest.mark.parametrize("by_id", [True, False], ids=["id-pages", "one-cursor"])
async def test_migrate_upgrades_old_documents_in_pages_stopped_and_resumed_twice_no_change(
        db, by_id):
    """Migration 1 on a pre-#22 database: a dry run writes nothing; a run that dies after a
    page's writes and one stopped at a page limit leave it unmigrated (the worker check still
    refuses); the next run finishes; every document then has _v and is otherwise unchanged;
    running it again, or rescanning, changes nothing. Both ways of paging: by _id (MongoDB)
    and one cursor over what is left (FerretDB)."""
    await write_through_every_adapter(db)
    await unversion(db)
    before = await snapshot(db)
    schema = MongoSchema(db, Dialect(db, force_points=not by_id))
    assert await schema.version() == (0, False)
    with pytest.raises(SchemaMismatch, match=r"^database schema is at 0, this worker needs "
                       rf"{SCHEMA_VERSION}: run `reverie migrate`$"):
        await schema.ensure()

    dry = await schema.migrate(dry_run=True, page_size=5)
    assert {p.collection: p.changed for p in dry.passes}["notes"] == 24
    assert sum(p.changed for p in dry.passes) == sum(len(d) for d in before.values())
    assert await snapshot(db) == before and await schema.version() == (0, False)

    async def die_at_third_page(n: int) -> None:
        if n == 3:
            raise Crash
    with pytest.raises(Crash):
        await schema.migrate(page_size=5, after_page=die_at_third_page)
    meta = await db[META].find_one({"_id": SCHEMA_ID})
    assert meta["version"] == 0 and meta["progress"]["collection"] == "notes"
    if by_id:
        assert meta["progress"]["after"] == "n-009"  # pages 1-2 recorded
    stamped = await db.notes.count_documents({VERSION_FIELD: 1})
    assert stamped == 15  # page 3 was written before the crash, its cursor was not
    with pytest.raises(SchemaMismatch):
        await schema.ensure()

    stopped = await schema.migrate(page_size=5, max_pages=2)
    assert not stopped.finished and stopped.after == 0
    # by _id: page 3 again (nothing to do), then page 4; one cursor: the 9 notes left
    assert stopped.passes[0].changed == (5 if by_id else 9)
    assert await db.notes.count_documents({VERSION_FIELD: 1}) == (20 if by_id else 24)

    done = await schema.migrate(page_size=5)
    assert done.finished and (done.before, done.after) == (0, SCHEMA_VERSION)
    assert await schema.version() == (SCHEMA_VERSION, False)
    assert await schema.ensure() == SCHEMA_VERSION
    after = await snapshot(db)
    assert {n: {i: {k: v for k, v in d.items() if k != VERSION_FIELD} for i, d in docs.items()}
            for n, docs in after.items()} == before
    assert all(d[VERSION_FIELD] == SCHEMA_VERSION for docs in after.values()
               for d in docs.values())

    again = await schema.migrate(page_size=5)
    assert again.passes == [] and await snapshot(db) == after
    rescan = await schema.migrate(page_size=5, rescan=True)
    read = sum(len(d) for d in after.values()) if by_id else 0  # one cursor: none left below
    assert sum(p.seen for p in rescan.passes) == read
    assert sum(p.changed for p in rescan.passes) == 0 and await snapshot(db) == after


async def test_rescan_upgrades_what_an_older_worker_wrote_after_the_migration(db):
    """A document without _v written after migrating (an old worker during a rolling
    upgrade) is upgraded by --rescan."""
    await write_through_every_adapter(db, notes=3)
    schema = MongoSchema(db)
    await schema.migrate()
    await db.notes.insert_one({"_id": "n-old", "note_id": "n-old", "agent_id": "a-1", "text": "Old worker.",
                               "created_at": AT, "status": "Active"})
    report = await schema.migrate(rescan=True)
    assert {p.collection: p.changed for p in report.passes}["notes"] == 1
    assert (await db.notes.find_one({"_id": "n-old"}))[VERSION_FIELD] == SCHEMA_VERSION
    assert (await MongoNotes(db).get("n-old")).text == "Old worker."


def reverie(args: list[str], database: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "REVERIE_MONGO_DATABASE": database, "REVERIE_LOG_FORMAT": "json"}
    return subprocess.run([sys.executable, "-m", "reverie.cli.main", *args], env=env,
                          cwd=ROOT, capture_output=True, text=True, timeout=300)


async def test_a_worker_refuses_an_unmigrated_or_newer_database_with_one_line(db, services):
    """`reverie worker` exits 2 with the fix on a pre-#22 database and on one a newer release
    migrated; `reverie migrate --dry-run` writes nothing, `reverie migrate` fixes it, and a
    second run says there is nothing to do."""
    await write_through_every_adapter(db, notes=3)
    await unversion(db)
    refused = reverie(["worker"], db.name)
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.strip().splitlines() == [
        f"reverie: error: database schema is at 0, this worker needs {SCHEMA_VERSION}: "
        "run `reverie migrate`"]

    dry = reverie(["migrate", "--dry-run"], db.name)
    assert dry.returncode == 0, dry.stderr
    assert "1\tnotes\twould upgrade 4 of 4 documents read" in dry.stdout
    assert await db.notes.count_documents({VERSION_FIELD: 1}) == 0

    ran = reverie(["migrate", "--page-size", "2"], db.name)
    assert ran.returncode == 0, ran.stderr
    assert f"database schema is at {SCHEMA_VERSION} (was 0)" in ran.stdout
    assert await db.notes.count_documents({VERSION_FIELD: {"$exists": False}}) == 0
    second = reverie(["migrate"], db.name)
    assert second.stdout.strip() == f"database schema is at {SCHEMA_VERSION}: nothing to migrate"

    await db[META].update_one({"_id": SCHEMA_ID}, {"$set": {"version": SCHEMA_VERSION + 1}})
    newer = reverie(["worker"], db.name)
    assert newer.returncode == 2
    assert newer.stderr.strip().splitlines() == [
        f"reverie: error: database schema is at {SCHEMA_VERSION + 1}, newer than this release "
        f"understands ({SCHEMA_VERSION}): run the release that migrated it, or a newer one"]
    bad = reverie(["migrate", "--pages", "0"], db.name)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
