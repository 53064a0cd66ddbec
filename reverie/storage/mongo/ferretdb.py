"""What FerretDB v1 needs that MongoDB does not: lookups by id, small bulk writes, no cursors
left open, and a per-process write lock for read-modify-write updates."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, ParamSpec, TypeVar

from pymongo import UpdateOne
from pymongo.asynchronous.collection import AsyncCollection
from pymongo.asynchronous.database import AsyncDatabase

from reverie.storage.mongo.documents import Doc

P = ParamSpec("P")
T = TypeVar("T")


class WriteLock:
    """Serializes one collection's read-modify-write updates within this process.

    FerretDB v1 applies an update as "read, modify in Go, write back", so two
    concurrent updates of one document can lose one of them; MongoDB cannot. The
    lock makes a single worker exact on both; across workers, use MongoDB.
    """

    def __init__(self) -> None:
        self._lock: asyncio.Lock | None = None

    @property
    def lock(self) -> asyncio.Lock:
        if self._lock is None:
            self._lock = asyncio.Lock()
        return self._lock


def serialized(fn: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """Run an adapter method under its collection's write lock (``self.writes``)."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        writes: WriteLock = args[0].writes  # type: ignore[attr-defined]
        async with writes.lock:
            return await fn(*args, **kwargs)

    return wrapper


FIRST_BATCH = 1000
"""Documents in a cursor's first reply: large enough that our queries never leave a
cursor open for a getMore (FerretDB v1 holds an SQLite connection for an open cursor,
and a client killed mid-cursor can block its database)."""


def find_all(collection: AsyncCollection[Doc], *args: Any, **kwargs: Any) -> Any:
    """``collection.find`` with a first batch big enough to return everything at once."""
    return collection.find(*args, batch_size=FIRST_BATCH, **kwargs)


UPDATE_CHUNK = 8
"""Updates per bulk write. FerretDB v1 holds one or two database connections per statement
of an ``update`` command until the whole command is done; when bulk writes in flight need
more than its connection pool (50 by default), they and every other client wait forever."""

UPDATE_CHUNKS_IN_FLIGHT = 4
"""Bulk writes of one call in flight at once."""

POINT_CONCURRENCY = 16
"""Lookups by ``_id`` in flight at once where ``$in`` would scan (FerretDB)."""


class Dialect:
    """What the server behind a database does well: MongoDB, or FerretDB v1.

    Detected once, on first use, from ``buildInfo`` (FerretDB adds ``ferretdbVersion``).
    ``force_points`` fixes the answer (tests use it to run either path on one server).
    """

    def __init__(self, db: AsyncDatabase[Doc], force_points: bool | None = None) -> None:
        self._db = db
        self._points = force_points

    async def point_lookups(self) -> bool:
        """True where ``{_id: {$in: ...}}`` scans the collection, so ids go one by one."""
        if self._points is None:
            info = await self._db.client.admin.command("buildInfo")
            self._points = "ferretdbVersion" in info
        return self._points


async def find_by_ids(
    collection: AsyncCollection[Doc],
    ids: Sequence[str],
    projection: Doc | None,
    dialect: Dialect,
) -> list[Doc]:
    """Return the documents whose ``_id`` is in ``ids`` (missing ones left out)."""
    unique = list(dict.fromkeys(ids))
    if not unique:
        return []
    if not await dialect.point_lookups():
        return [d async for d in find_all(collection, {"_id": {"$in": unique}}, projection)]
    gate = asyncio.Semaphore(POINT_CONCURRENCY)

    async def one(record_id: str) -> Doc | None:
        async with gate:
            return await collection.find_one({"_id": record_id}, projection)

    found = await asyncio.gather(*(one(i) for i in unique))
    return [d for d in found if d is not None]


async def set_by_ids(collection: AsyncCollection[Doc], updates: Sequence[tuple[Doc, Doc]]) -> None:
    """Apply ``(filter, $set values)`` pairs, each filter naming one ``_id``, in bulk."""
    ops = [UpdateOne(f, {"$set": values}) for f, values in updates]
    gate = asyncio.Semaphore(UPDATE_CHUNKS_IN_FLIGHT)

    async def send(chunk: list[UpdateOne]) -> None:
        async with gate:
            await collection.bulk_write(chunk, ordered=False)

    await asyncio.gather(
        *(send(ops[i : i + UPDATE_CHUNK]) for i in range(0, len(ops), UPDATE_CHUNK))
    )


PUBLISH_CHUNK = 1000
"""Ids per ``update_many`` of :func:`set_published` (bounds one command's size)."""


async def set_published(collection: AsyncCollection[Doc], ids: Sequence[str]) -> None:
    """Flag an outbox's records published: one ``update_many`` per 1,000 ids.

    The filter names ``published: false`` by equality, so FerretDB hands it to its database
    and evaluates the ``_id`` list only over the unpublished records (a page of 500 on a
    20,000-record outbox: ~240 ms, 1 ms of the client's CPU, against ~300 ms and ~35 ms of
    the client's CPU, i.e. of the worker's event loop, for 63 bulk writes of 8 ``UpdateOne``;
    a ``$in`` on ``_id`` alone scans the collection: ~1.1 s). Ids already published, or
    unknown, are left as they are, so a repeated call changes nothing.
    """
    unique = list(dict.fromkeys(ids))
    for start in range(0, len(unique), PUBLISH_CHUNK):
        await collection.update_many(
            {"published": False, "_id": {"$in": unique[start : start + PUBLISH_CHUNK]}},
            {"$set": {"published": True}},
        )
