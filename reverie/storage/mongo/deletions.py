"""Tombstones of deleted and disabled entities, and deletions still being fanned out."""

from __future__ import annotations

from collections.abc import Sequence

from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import (
    DuplicateKeyError,
)

from reverie.domain.events import EntityType
from reverie.domain.model import (
    Tombstone,
)
from reverie.storage.migrations import VERSION_FIELD, versioned
from reverie.storage.mongo.documents import Doc
from reverie.storage.mongo.errors import MongoAdapter
from reverie.storage.mongo.ferretdb import Dialect, WriteLock, find_all, find_by_ids, serialized


def _tomb_id(entity_type: str, entity_id: str) -> str:
    return f"{entity_type}:{entity_id}"


class MongoRegistry(MongoAdapter):
    """Tombstones in ``tombstones``, ``_id`` = ``type:id``."""

    def __init__(self, db: AsyncDatabase[Doc]) -> None:
        self.collection = db["tombstones"]
        self.writes = WriteLock()
        self.dialect = Dialect(db)

    @serialized
    async def record(self, tombstone: Tombstone) -> None:
        doc = tombstone.model_dump(mode="python")
        key = _tomb_id(tombstone.entity_type, tombstone.entity_id)
        if tombstone.action == "deleted":
            # A deletion outranks a disabling; the first deletion's time is kept.
            await self.collection.update_one(
                {"_id": key, "action": {"$ne": "deleted"}}, {"$set": doc}, upsert=False
            )
            try:
                await self.collection.insert_one(versioned({"_id": key, **doc}))
            except DuplicateKeyError:
                pass
        else:
            try:
                await self.collection.insert_one(versioned({"_id": key, **doc}))
            except DuplicateKeyError:
                pass

    async def lookup(
        self, keys: Sequence[tuple[EntityType, str]]
    ) -> dict[tuple[EntityType, str], Tombstone]:
        if not keys:
            return {}
        ids = [_tomb_id(t, i) for t, i in keys]
        found: dict[tuple[EntityType, str], Tombstone] = {}
        for d in await find_by_ids(self.collection, ids, None, self.dialect):
            d.pop("_id")
            d.pop(VERSION_FIELD, None)
            t = Tombstone(**d)
            found[(t.entity_type, t.entity_id)] = t
        return found

    async def remove(self, entity_type: EntityType, entity_id: str) -> bool:
        result = await self.collection.delete_one({"_id": _tomb_id(entity_type, entity_id)})
        return result.deleted_count > 0


# --- Pending deletions (issue #12) ----------------------------------------------------------


class MongoPendingDeletions(MongoAdapter):
    """Open tombstones in ``pending_deletions`` (``_id`` = ``type:id``): a handful at a time."""

    def __init__(self, db: AsyncDatabase[Doc]) -> None:
        self.collection = db["pending_deletions"]

    async def open(self, tombstone: Tombstone) -> None:
        key = _tomb_id(tombstone.entity_type, tombstone.entity_id)
        try:
            await self.collection.insert_one(
                versioned({"_id": key, **tombstone.model_dump(mode="python")})
            )
        except DuplicateKeyError:
            pass

    async def close(self, entity_type: EntityType, entity_id: str) -> None:
        await self.collection.delete_one({"_id": _tomb_id(entity_type, entity_id)})

    async def all(self) -> list[Tombstone]:
        docs = [d async for d in find_all(self.collection, {})]
        for d in docs:
            d.pop("_id")
            d.pop(VERSION_FIELD, None)
        return [Tombstone(**d) for d in docs]


# --- end of pending deletions ---------------------------------------------------------------
