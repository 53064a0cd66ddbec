"""The SessionStore and RateCounter contracts (issue #22's ports) on memory and MongoDB, the
MongoDB adapters' clean-up of expired documents, and their outage behaviour."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from reverie.clock import FixedClock
from reverie.errors import StorageUnavailable
from reverie.handlers.ports import RateCounter, SessionStore
from reverie.storage import mongo
from reverie.storage.websessions import (
    PRUNE_EVERY,
    RATE_EVENTS,
    SESSIONS,
    MemoryRateCounter,
    MemorySessionStore,
    MongoRateCounter,
    MongoSessionStore,
)
from reverie.streams.auth import RateLimit
from tests.contract.conftest import mongo_url
from tests.netfaults import mongo_down

AT = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


@dataclass
class Stores:
    sessions: SessionStore
    counts: RateCounter
    db: Any = None


@pytest.fixture(params=["memory", pytest.param("mongo", marks=pytest.mark.integration)])
async def stores(request: pytest.FixtureRequest) -> AsyncIterator[Stores]:
    """Empty stores: in memory, or a fresh database (indexes made) on the local server."""
    if request.param == "memory":
        yield Stores(MemorySessionStore(), MemoryRateCounter())
        return
    client = mongo.connect(mongo_url())
    db = client[f"reverie_contract_web_{uuid.uuid4().hex[:10]}"]
    await mongo.ensure_indexes(db)
    try:
        yield Stores(MongoSessionStore(db), MongoRateCounter(db), db)
    finally:
        await client.drop_database(db.name)
        await client.close()


async def test_a_session_is_found_until_it_expires_or_is_closed(stores: Stores) -> None:
    """Found before its expiry, not at or after it; closed ones and unknown keys are None."""
    sessions = stores.sessions
    await sessions.open("k-1", "t-1", AT + timedelta(minutes=5))
    await sessions.open("k-2", "t-2", AT + timedelta(minutes=5))
    assert await sessions.token_id("k-1", AT) == "t-1"
    assert await sessions.token_id("missing", AT) is None
    await sessions.close("k-2")
    await sessions.close("missing")
    assert await sessions.token_id("k-2", AT) is None
    assert await sessions.token_id("k-1", AT + timedelta(minutes=4)) == "t-1"
    assert await sessions.token_id("k-1", AT + timedelta(minutes=5)) is None


async def test_rate_events_are_listed_per_key_after_a_start_and_forgotten_one_by_one(
    stores: Stores,
) -> None:
    """Times after ``start`` (exclusive), oldest first, per key; a forgotten event is gone."""
    counts = stores.counts
    keep = AT + timedelta(hours=1)
    second = await counts.record("a", AT + timedelta(seconds=2), keep)
    first = await counts.record("a", AT, keep)
    third = await counts.record("a", AT + timedelta(seconds=2), keep)
    await counts.record("b", AT + timedelta(seconds=1), keep)
    ties = sorted([second, third])
    assert await counts.since("a", AT - timedelta(seconds=1)) == [
        (AT, first), (AT + timedelta(seconds=2), ties[0]), (AT + timedelta(seconds=2), ties[1])]
    assert [at for at, _ in await counts.since("a", AT)] == [AT + timedelta(seconds=2)] * 2
    await counts.forget(second)
    await counts.forget("missing")
    assert await counts.since("a", AT) == [(AT + timedelta(seconds=2), third)]
    assert [at for at, _ in await counts.since("b", AT - timedelta(seconds=1))] == [
        AT + timedelta(seconds=1)]
    assert await counts.since("c", AT - timedelta(days=1)) == []


async def test_two_limiters_on_one_store_count_against_one_limit(stores: Stores) -> None:
    """Two limiters (two workers) on one store, limit 5: hits taken in turn, 5 pass; a burst
    of 12 at once is never refused whole (racing workers agree on the order), and refused
    hits are not counted."""
    clock = FixedClock(AT)
    limiters = [RateLimit(stores.counts, "searches", 5, clock) for _ in range(2)]
    answers = [await limiters[i % 2].hit("t-1") for i in range(7)]
    assert [a is None for a in answers] == [True] * 5 + [False] * 2
    burst = await asyncio.gather(*(limiters[i % 2].hit("t-2") for i in range(12)))
    passed = sum(answer is None for answer in burst)
    assert passed >= 1
    assert len(await stores.counts.since("searches:t-2", AT - timedelta(minutes=1))) == passed


@pytest.mark.integration
async def test_mongo_adapters_delete_expired_documents_without_a_ttl_index() -> None:
    """Expired sessions and events leave the collections on the next use a minute later
    (FerretDB v1 has no TTL index; MongoDB's would do the same)."""
    client = mongo.connect(mongo_url())
    db = client[f"reverie_contract_web_{uuid.uuid4().hex[:10]}"]
    try:
        await mongo.ensure_indexes(db)
        sessions, counts = MongoSessionStore(db), MongoRateCounter(db)
        await sessions.open("old", "t-1", AT + timedelta(seconds=30))
        await sessions.open("new", "t-2", AT + timedelta(hours=1))
        await counts.record("a", AT, AT + timedelta(seconds=30))
        await counts.record("a", AT, AT + timedelta(hours=1))
        later = AT + PRUNE_EVERY + timedelta(seconds=1)
        assert await sessions.token_id("new", AT) == "t-2"  # the first use prunes nothing
        assert await sessions.token_id("new", later) == "t-2"
        await counts.record("b", AT, later)
        await counts.record("b", later, later + timedelta(hours=1))
        assert [d["_id"] async for d in db[SESSIONS].find({})] == ["new"]
        assert await db[RATE_EVENTS].count_documents({}) == 2  # one "a" and the last "b"
    finally:
        await client.drop_database(db.name)
        await client.close()


async def test_an_unreachable_server_is_a_retryable_error() -> None:
    """PyMongo against a port nothing listens on: StorageUnavailable, not a raw driver error."""
    async with mongo_down() as client:
        with pytest.raises(StorageUnavailable):
            await MongoSessionStore(client["reverie_down"]).token_id("k", AT)
        with pytest.raises(StorageUnavailable):
            await MongoRateCounter(client["reverie_down"]).record("a", AT, AT)
