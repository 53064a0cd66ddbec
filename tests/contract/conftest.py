"""Implementations of the storage ports, one parameter each: in memory, and MongoDB on the local server.

The MongoDB parameters are marked ``integration`` (they need the FerretDB that
``deploy/local/up`` started); each test gets a database of its own, dropped after.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from reverie.handlers.visibility import PendingCache, VisibleExamples, VisibleNotes
from reverie.storage import memory, mongo

Make = Callable[[str], Any]
"""Return a fresh adapter of the port named (``"notes"``, ``"leases"``, …) on one backend."""

MEMORY: dict[str, Callable[[], Any]] = {
    "notes": memory.MemoryNotes,
    "examples": memory.MemoryExamples,
    "registry": memory.MemoryRegistry,
    "pending": memory.MemoryPendingDeletions,
    "agents": memory.MemoryAgents,
    "sessions": memory.MemorySessions,
    "ledger": memory.MemoryLedger,
    "changes": memory.MemoryChangeLog,
    "runs": memory.MemoryRuns,
    "leases": memory.MemoryLeases,
    "reviews": memory.MemoryReviews,
    "judgments": memory.MemoryJudgments,
    "qualifications": memory.MemoryQualifications,
}
MONGO: dict[str, Callable[[Any], Any]] = {
    "notes": mongo.MongoNotes,
    "examples": mongo.MongoExamples,
    "registry": mongo.MongoRegistry,
    "pending": mongo.MongoPendingDeletions,
    "agents": mongo.MongoAgents,
    "sessions": mongo.MongoSessions,
    "ledger": mongo.MongoLedger,
    "changes": mongo.MongoChangeLog,
    "runs": mongo.MongoRuns,
    "leases": mongo.MongoLeases,
    "reviews": mongo.MongoReviews,
    "judgments": mongo.MongoJudgments,
    "qualifications": mongo.MongoQualifications,
}
assert MEMORY.keys() == MONGO.keys()


def wired(port: str) -> Any:
    """A memory adapter behind the wrappers bootstrap puts in front of it (issue #12)."""
    pending = PendingCache(memory.MemoryPendingDeletions())
    if port == "notes":
        return VisibleNotes(memory.MemoryNotes(), pending)
    if port == "examples":
        return VisibleExamples(memory.MemoryExamples(), pending)
    if port == "pending":
        return pending
    return MEMORY[port]()


def mongo_url() -> str:
    """The local server's URL (the environment's, else the file deploy/local/up wrote)."""
    if "REVERIE_MONGO_URL" in os.environ:
        return os.environ["REVERIE_MONGO_URL"]
    from tests.integration.harness import state_env

    return state_env()["REVERIE_MONGO_URL"]


@pytest.fixture(
    params=[
        "memory",
        "memory-wired",
        pytest.param("mongo", marks=pytest.mark.integration),
        pytest.param("mongo-in-and-pages", marks=pytest.mark.integration),
    ]
)
async def make(request: pytest.FixtureRequest) -> AsyncIterator[Make]:
    """Adapters of one backend: memory (alone or wired as bootstrap wires it), MongoDB by
    ``_id`` (FerretDB's path), or MongoDB with ``$in`` and pages."""
    if request.param == "memory":
        yield lambda port: MEMORY[port]()
        return
    if request.param == "memory-wired":
        yield wired
        return
    client = mongo.connect(mongo_url(), timeout_ms=5000)
    db = client[f"reverie_contract_{uuid.uuid4().hex[:10]}"]
    await mongo.ensure_indexes(db)
    points = request.param == "mongo"

    def build(port: str) -> Any:
        adapter = MONGO[port](db)
        if hasattr(adapter, "dialect"):
            adapter.dialect = mongo.Dialect(db, force_points=points)
        return adapter

    try:
        yield build
    finally:
        await client.drop_database(db.name)
        await client.close()
