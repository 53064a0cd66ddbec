"""Notes and examples: the record collections."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from datetime import datetime, timedelta
from typing import Generic, TypeVar

from pymongo import ASCENDING
from pymongo.asynchronous.collection import AsyncCollection
from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import (
    BulkWriteError,
    DuplicateKeyError,
)

from reverie.domain.events import EntityType
from reverie.domain.model import (
    REFERENCE_FIELDS,
    Example,
    Note,
    Status,
)
from reverie.handlers.ports import Transition
from reverie.storage.mongo.documents import Doc, _strip, _to_doc, packed_vector
from reverie.storage.mongo.errors import MongoAdapter
from reverie.storage.mongo.ferretdb import (
    Dialect,
    WriteLock,
    find_all,
    find_by_ids,
    serialized,
    set_by_ids,
)

_FIELD_OF = dict(REFERENCE_FIELDS)
APPLIED_KEEP = 500
"""How many recent access event ids a record remembers to make redelivery a no-op."""

R = TypeVar("R", Note, Example)


class _MongoRecords(MongoAdapter, Generic[R]):
    collection: AsyncCollection[Doc]
    model: type[R]

    def __init__(self, db: AsyncDatabase[Doc], name: str, dialect: Dialect | None = None) -> None:
        self.collection = db[name]
        self.writes = WriteLock()
        self.dialect = dialect or Dialect(db)

    async def add(self, record: R) -> bool:
        try:
            await self.collection.insert_one(_to_doc(record, record.id))
        except DuplicateKeyError:
            return False
        return True

    async def get(self, record_id: str) -> R | None:
        doc = await self.collection.find_one({"_id": record_id}, {"applied_access": 0})
        return self.model(**_strip(doc)) if doc else None

    @serialized
    async def record_access(self, record_id: str, event_id: str, count: int, at: datetime) -> bool:
        result = await self.collection.update_one(
            {"_id": record_id, "applied_access": {"$ne": event_id}},
            {
                "$inc": {"access_count": count},
                "$max": {"last_accessed_at": at},
                "$push": {"applied_access": {"$each": [event_id], "$slice": -APPLIED_KEEP}},
            },
        )
        if result.matched_count:
            return True
        return await self.collection.count_documents({"_id": record_id}, limit=1) > 0

    @serialized
    async def transition(self, changes: Sequence[Transition], at: datetime) -> list[str]:
        if not changes:
            return []
        current = await find_by_ids(
            self.collection, [c.record_id for c in changes], {"status": 1}, self.dialect
        )
        status_of = {d["_id"]: d.get("status") for d in current}
        # Changes apply in order: a second change of one record sees the first one's status.
        # Each round holds a record at most once (a bulk write does not keep order).
        rounds: list[list[Transition]] = []
        done: dict[str, int] = {}
        moved: list[str] = []
        for c in changes:
            if status_of.get(c.record_id) != c.expect.value:
                continue
            status_of[c.record_id] = c.to.value
            n = done.get(c.record_id, 0)
            done[c.record_id] = n + 1
            if n == len(rounds):
                rounds.append([])
            rounds[n].append(c)
            moved.append(c.record_id)
        # Each update names one _id and repeats the expected status (compare-and-set),
        # sent in bulk chunks: FerretDB v1 stalls on very large multi-document writes.
        for eligible in rounds:
            await set_by_ids(
                self.collection,
                [
                    (
                        {"_id": c.record_id, "status": c.expect.value},
                        {
                            "status": c.to.value,
                            "comments": c.comments,
                            "updated_at": at,
                            "consolidated_into_note_id": c.consolidated_into_note_id,
                        },
                    )
                    for c in eligible
                ],
            )
        return moved

    def _filter(self, agent_id: str | None, status: Status | None, auto_only: bool) -> Doc:
        query: Doc = {}
        if agent_id is not None:
            query["agent_id"] = agent_id
        if status is not None:
            query["status"] = status.value
        if auto_only:
            query["is_auto_generated"] = True
        return query

    async def find_active_referencing(
        self, entity_type: EntityType, entity_id: str, limit: int
    ) -> list[R]:
        # No sort (resuming needs none: archived records leave the filter) and no vectors:
        # both cost FerretDB a full read of every match.
        cursor = find_all(
            self.collection,
            {_FIELD_OF[entity_type]: entity_id, "status": "Active"},
            {"embedding": 0, "applied_access": 0},
        ).limit(limit)
        return [self.model(**_strip(d)) async for d in cursor]

    # --- bulk archive of one entity's records (issue #12) ---------------------------------
    @serialized
    async def transition_referencing(
        self,
        entity_type: EntityType,
        entity_id: str,
        changes: Sequence[Transition],
        at: datetime,
    ) -> list[str]:
        # One update_many per (expect, to, comments) group instead of a compare-and-set per
        # record. The filter names the reference field by equality, so FerretDB hands it to
        # its database and evaluates the `_id` list only over that entity's records.
        field = _FIELD_OF[entity_type]
        groups: dict[tuple[str, str, str, str | None], list[str]] = {}
        for c in changes:
            key = (c.expect.value, c.to.value, c.comments, c.consolidated_into_note_id)
            groups.setdefault(key, []).append(c.record_id)
        moved: list[str] = []
        for (expect, to, comments, into), ids in groups.items():
            unique = list(dict.fromkeys(ids))
            result = await self.collection.update_many(
                {field: entity_id, "status": expect, "_id": {"$in": unique}},
                {
                    "$set": {
                        "status": to,
                        "comments": comments,
                        "updated_at": at,
                        "consolidated_into_note_id": into,
                    }
                },
            )
            if result.modified_count == len(unique):
                moved += unique
                continue
            # some were not in `expect` any more: ours are the ones stamped with `at`
            done = find_all(
                self.collection,
                {field: entity_id, "status": to, "_id": {"$in": unique}},
                {"_id": 1, "updated_at": 1},
            )
            stamp = timedelta(milliseconds=1)  # MongoDB keeps milliseconds
            mine = {
                d["_id"]
                async for d in done
                if d.get("updated_at") and abs(d["updated_at"] - at) < stamp
            }
            moved += [i for i in unique if i in mine]
        return moved

    # --- end of bulk archive ----------------------------------------------------------------

    async def iter_records(
        self,
        agent_id: str | None = None,
        status: Status | None = None,
        auto_only: bool = False,
        batch_size: int = 500,
        vectors: bool = True,
    ) -> AsyncIterator[R]:
        query = self._filter(agent_id, status, auto_only)
        # the embedding is most of a note's bytes: left on the server when not wanted
        fields = {"applied_access": 0} if vectors else {"applied_access": 0, "embedding": 0}
        if await self.dialect.point_lookups():
            # FerretDB sorts and evaluates `_id > last` in Go over every match, so
            # pages would cost a full read each: one cursor, in natural order.
            async for d in self.collection.find(query, fields, batch_size=batch_size):
                yield self.model(**_strip(d))
            return
        last: str | None = None
        while True:
            page_query = dict(query)
            if last is not None:
                page_query["_id"] = {"$gt": last}
            cursor = (
                find_all(self.collection, page_query, fields)
                .sort("_id", ASCENDING)
                .limit(batch_size)
            )
            page = [d async for d in cursor]
            if not page:
                return
            last = page[-1]["_id"]
            for d in page:
                yield self.model(**_strip(d))
            if len(page) < batch_size:
                return


class MongoNotes(_MongoRecords[Note]):
    """Notes in the ``notes`` collection, ``_id`` = note id."""

    model = Note

    def __init__(self, db: AsyncDatabase[Doc]) -> None:
        super().__init__(db, "notes")

    async def add_many(self, notes: Sequence[Note]) -> list[str]:  # issue #12
        docs = list({n.note_id: _to_doc(n, n.note_id) for n in notes}.values())
        if not docs:
            return []
        try:
            await self.collection.insert_many(docs, ordered=False)
        except BulkWriteError as exc:  # ids stored before (redelivery, replay) stay as they are
            errors = exc.details.get("writeErrors", [])
            if any(e.get("code") != 11000 for e in errors):
                raise
            taken = {docs[e["index"]]["_id"] for e in errors}
            return [d["_id"] for d in docs if d["_id"] not in taken]
        return [d["_id"] for d in docs]

    async def get_many(self, note_ids: Sequence[str]) -> list[Note]:
        if not note_ids:
            return []
        found = await find_by_ids(self.collection, note_ids, {"applied_access": 0}, self.dialect)
        return [Note(**_strip(d)) for d in found]

    @serialized
    async def update_text(self, note_id: str, text: str, embedding: list[float] | None) -> None:
        await self.collection.update_one(
            {"_id": note_id}, {"$set": {"text": text, "embedding": packed_vector(embedding)}}
        )

    async def count_by_status(self, agent_id: str | None = None) -> dict[str, int]:
        match: Doc = {"agent_id": agent_id} if agent_id else {}
        counts: dict[str, int] = {}
        for status in Status:
            counts[status.value] = await self.collection.count_documents(
                {**match, "status": status.value}
            )
        return {k: v for k, v in counts.items() if v}

    async def agent_ids(self) -> list[str]:
        return sorted(await self.collection.distinct("agent_id"))


class MongoExamples(_MongoRecords[Example]):
    """Examples in the ``examples`` collection, ``_id`` = example id."""

    model = Example

    def __init__(self, db: AsyncDatabase[Doc]) -> None:
        super().__init__(db, "examples")
