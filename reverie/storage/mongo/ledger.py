"""Handled event ids, and the change log (audit trail and outbox)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from pymongo import ASCENDING
from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import (
    BulkWriteError,
)

from reverie.domain.model import (
    Change,
)
from reverie.storage.migrations import VERSION_FIELD, versioned
from reverie.storage.mongo.documents import Doc, _to_doc
from reverie.storage.mongo.errors import MongoAdapter
from reverie.storage.mongo.ferretdb import (
    Dialect,
    WriteLock,
    find_all,
    find_by_ids,
    serialized,
    set_published,
)


class MongoLedger(MongoAdapter):
    """Handled event ids in ``events_seen``."""

    def __init__(self, db: AsyncDatabase[Doc]) -> None:
        self.collection = db["events_seen"]
        self.dialect = Dialect(db)

    async def unseen(self, event_ids: Sequence[str]) -> set[str]:
        found = await find_by_ids(self.collection, event_ids, {"_id": 1}, self.dialect)
        return set(event_ids) - {d["_id"] for d in found}

    async def mark_all(self, events: Sequence[tuple[str, str]], at: datetime) -> None:
        docs = [
            versioned({"_id": event_id, "type": event_type, "at": at})
            for event_id, event_type in dict(events).items()
        ]
        if not docs:
            return
        try:
            await self.collection.insert_many(docs, ordered=False)
        except BulkWriteError as exc:  # marked by an earlier attempt: kept as they are
            if any(e.get("code") != 11000 for e in exc.details.get("writeErrors", [])):
                raise


class MongoChangeLog(MongoAdapter):
    """Audit trail and outbox in ``changes``, ``_id`` = change id."""

    def __init__(self, db: AsyncDatabase[Doc]) -> None:
        self.collection = db["changes"]
        self.writes = WriteLock()

    async def record(self, changes: Sequence[Change]) -> None:
        if not changes:
            return
        docs = [{**_to_doc(c, c.change_id), "published": False} for c in changes]
        try:
            await self.collection.insert_many(docs, ordered=False)
        except BulkWriteError as exc:  # changes already recorded (same ids): kept as they are
            if any(e.get("code") != 11000 for e in exc.details.get("writeErrors", [])):
                raise

    async def _query(self, query: Doc, limit: int = 0) -> list[Change]:
        cursor = find_all(self.collection, query).sort([("at", ASCENDING), ("_id", ASCENDING)])
        if limit:
            cursor = cursor.limit(limit)
        out = []
        async for d in cursor:
            d.pop("_id")
            d.pop("published", None)
            d.pop(VERSION_FIELD, None)
            out.append(Change(**d))
        return out

    async def for_record(self, record_id: str) -> list[Change]:
        return await self._query({"record_id": record_id})

    async def for_run(self, run_id: str) -> list[Change]:
        return await self._query({"run_id": run_id})

    async def unpublished(self, limit: int) -> list[Change]:
        return await self._query({"published": False}, limit)

    @serialized
    async def mark_published(self, change_ids: Sequence[str]) -> None:
        if change_ids:
            await set_published(self.collection, change_ids)
