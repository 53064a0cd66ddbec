"""Applying migrations to a MongoDB database, and the check a worker makes before it starts.

The database's schema version lives in one document, ``{_id: "schema"}`` of ``reverie_meta``:
``version`` (every migration up to it applied) and, while a version is being applied,
``progress`` (the version, the collection, the last ``_id`` done). :meth:`MongoSchema.migrate`
reads each pending migration's collection in pages ordered by ``_id``, writes only what a
document's upgrade changes (``$set``/``$unset``, filtered on the ``_id`` and the version it
read, so a concurrent writer's change of another field is kept), then records the cursor:
a run stopped anywhere resumes at the last recorded page, and a page written again changes
nothing (documents already at the version are skipped). On FerretDB v1, which evaluates
``_id > last`` and the sort in Go over the whole collection (a full read per page), the
pages come from one cursor over the documents still below the version, in natural order:
a stopped run resumes by reading only what is left. Migration 1 of 10,000 notes and
10,000 ledger entries on the local FerretDB: 216 s by ``_id`` pages, 45 s so (a dry run
11 s, a second run 0 s). A database without the meta document
was never migrated: it is at the lowest version of its documents (0 when one has no version
field), or at this release's version when it holds none.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Awaitable, Callable
from contextlib import aclosing
from dataclasses import dataclass, field
from typing import Any

from pymongo import ASCENDING, UpdateOne
from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import DuplicateKeyError

from reverie.errors import SchemaMismatch
from reverie.storage.migrations import (
    COLLECTIONS,
    MIGRATIONS,
    SCHEMA_VERSION,
    VERSION_FIELD,
    Doc,
    Migration,
    upgraded,
)
from reverie.storage.mongo.errors import MongoAdapter
from reverie.storage.mongo.ferretdb import (
    UPDATE_CHUNK,
    UPDATE_CHUNKS_IN_FLIGHT,
    Dialect,
    find_all,
)

META = "reverie_meta"
SCHEMA_ID = "schema"
PAGE_SIZE = 500
"""Documents read per page (one cursor record per page)."""


@dataclass
class Pass:
    """What one migration did (or, in a dry run, would do) to its collection."""

    version: int
    collection: str
    about: str
    seen: int = 0
    changed: int = 0


@dataclass
class Report:
    """The outcome of one ``migrate`` call."""

    before: int
    after: int
    passes: list[Pass] = field(default_factory=list)
    finished: bool = True
    """False when it stopped at its page limit; running it again continues."""


def mismatch(version: int, migrating: bool = False) -> str | None:
    """Return the one line that says why a worker cannot run on a database at ``version``."""
    if version > SCHEMA_VERSION:
        return (f"database schema is at {version}, newer than this release understands "
                f"({SCHEMA_VERSION}): run the release that migrated it, or a newer one")
    if version < SCHEMA_VERSION:
        return (f"database schema is at {version}, this worker needs {SCHEMA_VERSION}: "
                "run `reverie migrate`")
    if migrating:
        return (f"database schema is at {version} with a migration under way (by a newer "
                "release?): finish it with that release's `reverie migrate`")
    return None


class MongoSchema(MongoAdapter):
    """The schema version of one database, and the migrations that raise it."""

    def __init__(self, db: AsyncDatabase[Doc], dialect: Dialect | None = None) -> None:
        self.db = db
        self.meta = db[META]
        self.dialect = dialect or Dialect(db)

    async def version(self) -> tuple[int, bool]:
        """Return the database's schema version and whether a migration is under way."""
        doc = await self.meta.find_one({"_id": SCHEMA_ID})
        if doc is not None:
            return int(doc["version"]), doc.get("progress") is not None
        return await self._inferred(), False

    async def recorded(self) -> bool:
        """Whether the database has its meta document (it was migrated or checked once)."""
        return await self.meta.count_documents({"_id": SCHEMA_ID}, limit=1) > 0

    async def _inferred(self) -> int:
        lowest = SCHEMA_VERSION
        for name in COLLECTIONS:
            coll = self.db[name]
            if await coll.find_one({VERSION_FIELD: {"$exists": False}}, {"_id": 1}):
                return 0
            doc = await coll.find_one({}, {VERSION_FIELD: 1}, sort=[(VERSION_FIELD, ASCENDING)])
            if doc is not None:
                lowest = min(lowest, int(doc[VERSION_FIELD]))
        return lowest

    async def ensure(self) -> int:
        """Raise :class:`SchemaMismatch` unless the database is at this release's version;
        record the version on a database that has no meta document yet (a new one)."""
        version, migrating = await self.version()
        problem = mismatch(version, migrating)
        if problem:
            raise SchemaMismatch(problem)
        if not await self.recorded():
            try:
                await self.meta.insert_one({"_id": SCHEMA_ID, "version": version})
            except DuplicateKeyError:  # another process recorded it first
                pass
        return version

    async def migrate(
        self,
        *,
        dry_run: bool = False,
        page_size: int = PAGE_SIZE,
        max_pages: int | None = None,
        rescan: bool = False,
        after_page: Callable[[int], Awaitable[None]] | None = None,
    ) -> Report:
        """Apply the pending migrations page by page; see the module's docstring.

        ``max_pages`` stops after that many pages (``finished`` False; run again to go on);
        ``rescan`` also runs the migrations the database has, for documents an older worker
        wrote after them; ``after_page(n)`` is awaited after page n's writes and before its
        cursor is recorded (a test stops a run there).
        """
        meta = await self.meta.find_one({"_id": SCHEMA_ID})
        current, _ = await self.version()
        if current > SCHEMA_VERSION:
            raise SchemaMismatch(mismatch(current) or "")
        if meta and meta.get("progress", {}).get("version", 0) > SCHEMA_VERSION:
            raise SchemaMismatch(mismatch(current, migrating=True) or "")
        progress: Doc | None = meta.get("progress") if meta else None
        report = Report(before=current, after=current)
        pages = 0
        start = 0 if rescan else current
        for migration in MIGRATIONS:
            if migration.version <= start:
                continue
            resume = _resume_point(migration, progress)
            if resume is _DONE:
                continue
            one = Pass(migration.version, migration.collection, migration.about)
            report.passes.append(one)
            async with aclosing(self._pages(migration, resume, page_size)) as source:
                async for page in source:
                    if max_pages is not None and pages >= max_pages:
                        report.finished, report.after = False, current
                        return report
                    pages += 1
                    one.seen += len(page)
                    updates = []
                    for doc in page:
                        change = upgraded(migration, doc)
                        if change is None:
                            continue
                        one.changed += 1
                        updates.append(_update(doc, *change))
                    last = page[-1]["_id"]
                    if dry_run:
                        continue
                    await _write(self.db[migration.collection], updates)
                    if after_page is not None:
                        await after_page(pages)
                    if migration.version > current:
                        await self._record(current, migration, last)
            if not dry_run and migration.version > current and _last_of(migration):
                current = migration.version
                await self.meta.update_one(
                    {"_id": SCHEMA_ID},
                    {"$set": {"version": current}, "$unset": {"progress": ""}},
                    upsert=True,
                )
                progress = None
        if dry_run:
            report.after = SCHEMA_VERSION
        else:
            await self.ensure()
            report.after = current
        return report

    async def _pages(
        self, migration: Migration, after: Any, page_size: int
    ) -> AsyncGenerator[list[Doc], None]:
        """Yield the migration's collection page by page, after the ``_id`` ``after``."""
        coll = self.db[migration.collection]
        if await self.dialect.point_lookups():
            below = {"$or": [{VERSION_FIELD: {"$exists": False}},
                             {VERSION_FIELD: {"$lt": migration.version}}]}
            cursor = coll.find(below, batch_size=page_size)
            try:
                page: list[Doc] = []
                async for doc in cursor:
                    page.append(doc)
                    if len(page) == page_size:
                        yield page
                        page = []
                if page:
                    yield page
            finally:
                await cursor.close()
            return
        last = after
        while True:
            query: Doc = {} if last is None else {"_id": {"$gt": last}}
            cursor = find_all(coll, query).sort("_id", ASCENDING).limit(page_size)
            page = [d async for d in cursor]
            if not page:
                return
            last = page[-1]["_id"]
            yield page
            if len(page) < page_size:
                return

    async def _record(self, current: int, migration: Migration, last: Any) -> None:
        cursor = {"version": migration.version, "collection": migration.collection, "after": last}
        await self.meta.update_one(
            {"_id": SCHEMA_ID},
            {"$set": {"progress": cursor}, "$setOnInsert": {"version": current}},
            upsert=True,
        )


_DONE = object()


def _resume_point(migration: Migration, progress: Doc | None) -> Any:
    """Where a migration starts: at the recorded cursor, from the beginning, or not at all
    (an earlier collection of the version under way was finished)."""
    if progress is None or progress.get("version") != migration.version:
        return None
    names = [m.collection for m in MIGRATIONS if m.version == migration.version]
    at, mine = names.index(progress["collection"]), names.index(migration.collection)
    if mine < at:
        return _DONE
    return progress["after"] if mine == at else None


def _last_of(migration: Migration) -> bool:
    """Whether ``migration`` is the last of its version (the version is then complete)."""
    return [m for m in MIGRATIONS if m.version == migration.version][-1] is migration


async def _write(collection: Any, updates: list[UpdateOne]) -> None:
    """Send a page's updates in bulk chunks, a few at once (FerretDB's connection pool)."""
    gate = asyncio.Semaphore(UPDATE_CHUNKS_IN_FLIGHT)

    async def send(chunk: list[UpdateOne]) -> None:
        async with gate:
            await collection.bulk_write(chunk, ordered=False)

    await asyncio.gather(*(send(updates[i : i + UPDATE_CHUNK])
                           for i in range(0, len(updates), UPDATE_CHUNK)))


def _update(doc: Doc, changed: Doc, removed: list[str]) -> UpdateOne:
    version = doc.get(VERSION_FIELD)
    where: Doc = {"_id": doc["_id"],
                  VERSION_FIELD: version if version is not None else {"$exists": False}}
    update: Doc = {"$set": changed}
    if removed:
        update["$unset"] = dict.fromkeys(removed, "")
    return UpdateOne(where, update)
