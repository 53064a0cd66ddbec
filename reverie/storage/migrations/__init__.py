"""Stored documents' shape versions and the numbered migrations between them (issue #22).

Every document Reverie writes to MongoDB carries :data:`VERSION_FIELD` (``_v``): the schema
version whose shape it has. A migration brings one collection's documents of an older shape
(``_v`` below its version, a document without ``_v`` being at 0) to its version with a pure
function ``doc → doc``; several migrations may share a version (one per collection). The
schema version of a release, :data:`SCHEMA_VERSION`, is the highest migration's; the
database records the version it has been migrated to in one ``reverie_meta`` document.

Adding a migration: a module ``mNNNN_what.py`` whose ``MIGRATIONS`` all carry version NNNN,
listed in :data:`MIGRATIONS` below; the adapters then write the new shape (``versioned`` stamps
the new version). ``reverie migrate`` applies pending migrations page by page
(:mod:`reverie.storage.migrations.runner`); a worker refuses to start until it has.
"""

from __future__ import annotations

from reverie.storage.migrations import m0001_version_field
from reverie.storage.migrations.base import VERSION_FIELD, Doc, Migration, document_version

MIGRATIONS: tuple[Migration, ...] = (*m0001_version_field.MIGRATIONS,)
"""Every migration, in the order they are applied."""

SCHEMA_VERSION: int = max(m.version for m in MIGRATIONS)
"""The schema version this release reads and writes."""

COLLECTIONS: tuple[str, ...] = m0001_version_field.COLLECTIONS
"""Every collection Reverie keeps documents in (the meta document's aside)."""


def versioned(doc: Doc) -> Doc:
    """Return ``doc`` stamped with this release's schema version (for inserts, replacements)."""
    return {**doc, VERSION_FIELD: SCHEMA_VERSION}


ON_INSERT: Doc = {VERSION_FIELD: SCHEMA_VERSION}
"""``$setOnInsert`` values of an upsert: a new document gets this release's version; a
partial update of an existing one leaves its version as it is."""


def upgraded(migration: Migration, doc: Doc) -> tuple[Doc, list[str]] | None:
    """Return the ``$set`` values and ``$unset`` fields that bring ``doc`` to the migration's
    version, or None when it is there already (or beyond)."""
    if document_version(doc) >= migration.version:
        return None
    before = {k: v for k, v in doc.items() if k != VERSION_FIELD}
    after = migration.upgrade(dict(before))
    if after.get("_id") != doc.get("_id"):
        raise ValueError(f"migration {migration.version} ({migration.collection}) changed an _id")
    changed = {k: v for k, v in after.items() if k not in before or before[k] != v}
    changed[VERSION_FIELD] = migration.version
    removed = [k for k in before if k not in after]
    return changed, removed


__all__ = [
    "COLLECTIONS",
    "MIGRATIONS",
    "ON_INSERT",
    "SCHEMA_VERSION",
    "VERSION_FIELD",
    "Doc",
    "Migration",
    "document_version",
    "upgraded",
    "versioned",
]
