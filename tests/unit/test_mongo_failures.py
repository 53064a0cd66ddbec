"""MongoDB adapters translate PyMongo's exceptions in one place: outages retry, refusals do not."""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
from pymongo import AsyncMongoClient
from pymongo.errors import (
    AutoReconnect,
    BulkWriteError,
    InvalidOperation,
    NotPrimaryError,
    OperationFailure,
)

from reverie.domain.model import Status, Tombstone
from reverie.errors import ConfigurationError, RequestRejected, StorageUnavailable
from reverie.storage import mongo
from reverie.storage.mongo import (
    Doc,
    MongoAdapter,
    MongoAgents,
    MongoChangeLog,
    MongoLedger,
    MongoNotes,
    MongoPendingDeletions,
    MongoRegistry,
    ensure_indexes,
    mongo_errors,
)
from tests.builders import AT
from tests.contracts import check_translation
from tests.netfaults import DroppingServer, mongo_down


@pytest.fixture
async def dead_client() -> AsyncIterator[AsyncMongoClient[Doc]]:
    """The real PyMongo client pointed at a port nothing listens on (short server selection)."""
    async with mongo_down(timeout_ms=200) as client:
        yield client


async def test_calls_to_an_unreachable_server_raise_storage_unavailable(
    dead_client: AsyncMongoClient[Doc],
) -> None:
    """Reads, writes, bulk writes, iterators and index creation: all retryable."""
    db = dead_client["reverie_dead"]
    notes = MongoNotes(db)
    tomb = Tombstone(entity_type="user", entity_id="u-1", action="deleted", at=AT)
    calls: list[Callable[[], Awaitable[object]]] = [
        lambda: notes.get("n-1"),
        lambda: notes.get_many(["n-1", "n-2"]),
        lambda: notes.count_by_status(),
        lambda: notes.record_access("n-1", "ev-1", 1, AT),
        lambda: MongoLedger(db).unseen(["ev-1"]),
        lambda: MongoAgents(db).list_agent_ids(),
        lambda: MongoChangeLog(db).unpublished(10),
        lambda: MongoRegistry(db).lookup([("user", "u-1")]),
        lambda: MongoPendingDeletions(db).open(tomb),
        lambda: ensure_indexes(db),
    ]
    for call in calls:
        with pytest.raises(StorageUnavailable, match="REVERIE_MONGO_URL") as info:
            await call()
        assert info.value.retryable
    with pytest.raises(StorageUnavailable):
        async for _ in notes.iter_records(status=Status.ACTIVE):
            pass


async def test_a_server_that_drops_connections_is_unavailable() -> None:
    """A socket that accepts and closes is an outage too."""
    with DroppingServer() as server:
        async with mongo_down(f"127.0.0.1:{server.port}", timeout_ms=300) as client:
            with pytest.raises(StorageUnavailable):
                await MongoNotes(client["reverie_dead"]).get("n-1")
    assert server.accepted > 0


def test_every_public_coroutine_of_every_adapter_is_translated() -> None:
    """No adapter method can bypass mongo_errors: each is wrapped when its class is made."""
    adapters = [
        c
        for _, c in inspect.getmembers(mongo, inspect.isclass)
        if issubclass(c, MongoAdapter) and c is not MongoAdapter
    ]
    assert len(adapters) >= 12
    for cls in adapters:
        for name, fn in inspect.getmembers(cls, inspect.isfunction):
            if name.startswith("_"):
                continue
            if inspect.iscoroutinefunction(fn) or inspect.isasyncgenfunction(fn):
                assert getattr(fn, "__wrapped__", None) is not None, f"{cls.__name__}.{name}"


@pytest.mark.parametrize(
    ("raised", "expected", "words"),
    [
        (AutoReconnect("connection reset"), StorageUnavailable, "unavailable"),
        (NotPrimaryError("not primary"), StorageUnavailable, "unavailable"),
        (OperationFailure("stepped down", code=189), StorageUnavailable, "189"),
        (OperationFailure("interrupted", code=11602), StorageUnavailable, "11602"),
        (BulkWriteError({"writeErrors": [{"code": 1}]}), StorageUnavailable, "unavailable"),
        (OperationFailure("auth failed", code=18), ConfigurationError, "REVERIE_MONGO_URL"),
        (OperationFailure("not authorized", code=13), ConfigurationError, "roles"),
        (OperationFailure("unknown operator: $foo", code=2), RequestRejected, "unknown operator"),
        (InvalidOperation("cannot use MongoClient after close"), RequestRejected, "after close"),
    ],
)
def test_mongo_errors_maps_each_driver_error(
    raised: Exception, expected: type[Exception], words: str
) -> None:
    """Unreachable, not primary, interrupted → retryable; auth → configuration; else rejected."""
    check_translation(mongo_errors, raised, expected, words)
