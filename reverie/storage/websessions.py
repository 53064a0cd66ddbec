"""Dashboard sessions and rate counts (issue #22): in memory, or in MongoDB shared by every
worker.

A session is stored under the SHA-256 of its id (the cookie's value), so a copy of the
database cannot be replayed as cookies. Rate counts are one inserted document per event,
never a counter updated in place: FerretDB v1 applies ``$inc`` as read, modify, write back,
so two workers counting at once could lose one of the counts; inserts cannot.

Expiry: MongoDB removes expired documents by a TTL index (``expireAfterSeconds: 0`` on
``expires_at`` and ``keep_until``). FerretDB v1 does not implement TTL indexes (it answers
``NotImplemented``), so reads always filter on the expiry and each adapter deletes its
expired documents itself, at most once per :data:`PRUNE_EVERY` of its clock.
"""

from __future__ import annotations

import secrets
import time
from datetime import datetime, timedelta
from typing import Any

from pymongo import ASCENDING
from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import OperationFailure

from reverie.handlers.ports import RateCounter, SessionStore
from reverie.storage.migrations import versioned
from reverie.storage.mongo import Doc, MongoAdapter, find_all

SESSIONS = "web_sessions"
RATE_EVENTS = "rate_events"
PRUNE_EVERY = timedelta(minutes=1)
NOT_IMPLEMENTED = 238
"""The server error code of an index option the server does not support (FerretDB v1)."""
MEMORY_KEYS = 10_000
"""Entries the in-memory stores keep before they drop the expired ones."""


def new_event_id() -> str:
    """Return a unique rate event id that sorts in the order this process made them (events
    of one millisecond, stored with the same time, keep their order)."""
    return f"{time.time_ns():020d}-{secrets.token_hex(4)}"


class MemorySessionStore:
    """Sessions in a dict: one process only (tests, ``REVERIE_STORAGE=memory``)."""

    def __init__(self) -> None:
        self._sessions: dict[str, tuple[str, datetime]] = {}

    async def open(self, key: str, token_id: str, expires_at: datetime) -> None:
        """Store a new session under ``key`` until ``expires_at``."""
        self._sessions[key] = (token_id, expires_at)

    async def token_id(self, key: str, now: datetime) -> str | None:
        """Return the token id of an unexpired session, else None."""
        if len(self._sessions) > MEMORY_KEYS:
            self._sessions = {k: v for k, v in self._sessions.items() if v[1] > now}
        found = self._sessions.get(key)
        return found[0] if found is not None and found[1] > now else None

    async def close(self, key: str) -> None:
        """End the session."""
        self._sessions.pop(key, None)


class MemoryRateCounter:
    """Rate events in a dict: one process only (tests, ``REVERIE_STORAGE=memory``)."""

    def __init__(self) -> None:
        self._events: dict[str, tuple[str, datetime, datetime]] = {}

    async def record(self, key: str, at: datetime, keep_until: datetime) -> str:
        """Store one event of ``key``; return its id."""
        if len(self._events) > MEMORY_KEYS:
            self._events = {k: v for k, v in self._events.items() if v[2] > at}
        event_id = new_event_id()
        self._events[event_id] = (key, at, keep_until)
        return event_id

    async def since(self, key: str, start: datetime) -> list[tuple[datetime, str]]:
        """Return (time, id) of ``key``'s events after ``start``, oldest first (ties by id)."""
        return sorted(
            (at, event_id) for event_id, (k, at, _) in self._events.items()
            if k == key and at > start
        )

    async def forget(self, event_id: str) -> None:
        """Remove one event."""
        self._events.pop(event_id, None)


class _Pruning:
    """Deletes its collection's expired documents at most once per :data:`PRUNE_EVERY`."""

    def __init__(self, db: AsyncDatabase[Doc], name: str, field: str) -> None:
        self._c = db[name]
        self._field = field
        self._pruned: datetime | None = None

    async def _prune(self, now: datetime) -> None:
        if self._pruned is not None and now - self._pruned < PRUNE_EVERY:
            return
        self._pruned = now
        await self._c.delete_many({self._field: {"$lte": now}})


class MongoSessionStore(_Pruning, MongoAdapter):
    """Sessions in ``web_sessions``: ``_id`` = the hash of the session id."""

    def __init__(self, db: AsyncDatabase[Doc]) -> None:
        super().__init__(db, SESSIONS, "expires_at")

    async def open(self, key: str, token_id: str, expires_at: datetime) -> None:
        """Insert the session (keys are random hashes; a clash raises the driver's error)."""
        await self._c.insert_one(
            versioned({"_id": key, "token_id": token_id, "expires_at": expires_at})
        )

    async def token_id(self, key: str, now: datetime) -> str | None:
        """Return the token id of an unexpired session, else None."""
        await self._prune(now)
        doc = await self._c.find_one({"_id": key, "expires_at": {"$gt": now}})
        return None if doc is None else str(doc["token_id"])

    async def close(self, key: str) -> None:
        """Delete the session."""
        await self._c.delete_one({"_id": key})


class MongoRateCounter(_Pruning, MongoAdapter):
    """Rate events in ``rate_events``, one document per event."""

    def __init__(self, db: AsyncDatabase[Doc]) -> None:
        super().__init__(db, RATE_EVENTS, "keep_until")

    async def record(self, key: str, at: datetime, keep_until: datetime) -> str:
        """Insert one event; return its id."""
        await self._prune(at)
        event_id = new_event_id()
        await self._c.insert_one(
            versioned({"_id": event_id, "key": key, "at": at, "keep_until": keep_until})
        )
        return event_id

    async def since(self, key: str, start: datetime) -> list[tuple[datetime, str]]:
        """Return (time, id) of ``key``'s events after ``start``, oldest first (ties by id)."""
        found = find_all(self._c, {"key": key, "at": {"$gt": start}}, {"at": 1})
        return sorted([(d["at"], str(d["_id"])) async for d in found])

    async def forget(self, event_id: str) -> None:
        """Delete one event."""
        await self._c.delete_one({"_id": event_id})


async def ensure_web_indexes(db: AsyncDatabase[Doc]) -> None:
    """Create the lookup index of rate events and, where the server supports them, the TTL
    indexes (FerretDB v1 does not: the adapters prune instead). Run inside ``mongo_errors``."""
    await db[RATE_EVENTS].create_index([("key", ASCENDING), ("at", ASCENDING)])
    for name, field in ((SESSIONS, "expires_at"), (RATE_EVENTS, "keep_until")):
        try:
            await db[name].create_index([(field, ASCENDING)], expireAfterSeconds=0)
        except OperationFailure as exc:
            if exc.code != NOT_IMPLEMENTED:
                raise


def web_stores(db: Any | None) -> tuple[SessionStore, RateCounter]:
    """Return the sessions and rate counts beside the notes: MongoDB when there is a
    database (shared by every worker), else memory (this process only)."""
    if db is None:
        return MemorySessionStore(), MemoryRateCounter()
    return MongoSessionStore(db), MongoRateCounter(db)
