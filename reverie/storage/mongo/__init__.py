"""MongoDB adapters over PyMongo's asyncio API (``AsyncMongoClient``).

The queries stay inside what both MongoDB and FerretDB v1 support: no
transactions, no change streams, no client-level ``bulk_write``, ``$group``
only with ``$sum``. FerretDB v1 (used locally and in tests) hands only equality
filters to its database and evaluates everything else, ``$in`` and sorts included,
over the whole collection in Go; on it (detected by :class:`Dialect`) records are
fetched by ``_id`` one at a time (concurrently) and scans are not paginated.
Atomicity comes from single-document conditional updates (compare-and-set on
``status``; access events applied once per event id).
Driver errors are translated in one place, :func:`mongo_errors`, which every public
coroutine of every adapter (subclasses of :class:`MongoAdapter`) runs inside: unreachable,
timed out or not primary → :class:`~reverie.errors.StorageUnavailable` (retryable); refused
credentials → :class:`~reverie.errors.ConfigurationError`; any other refusal →
:class:`~reverie.errors.RequestRejected`.

The package, by aggregate: :mod:`~reverie.storage.mongo.records` (notes, examples),
:mod:`~reverie.storage.mongo.deletions` (tombstones, pending deletions),
:mod:`~reverie.storage.mongo.agents` (settings, sessions), :mod:`~reverie.storage.mongo.ledger`
(handled events, change log), :mod:`~reverie.storage.mongo.dreams` (runs, leases, reviews,
verdicts, qualifications); FerretDB's quirks in :mod:`~reverie.storage.mongo.ferretdb`, the
error translation in :mod:`~reverie.storage.mongo.errors`, documents, vectors and the client
in :mod:`~reverie.storage.mongo.documents`.
"""

from __future__ import annotations

from reverie.storage.mongo.agents import MongoAgents, MongoSessions
from reverie.storage.mongo.deletions import MongoPendingDeletions, MongoRegistry
from reverie.storage.mongo.documents import (
    Doc,
    connect,
    ensure_indexes,
    packed_vector,
    stored_vector,
)
from reverie.storage.mongo.dreams import (
    MongoJudgments,
    MongoLeases,
    MongoQualifications,
    MongoReviews,
    MongoRuns,
)
from reverie.storage.mongo.errors import MongoAdapter, guarded, guarded_iter, mongo_errors
from reverie.storage.mongo.ferretdb import (
    FIRST_BATCH,
    POINT_CONCURRENCY,
    UPDATE_CHUNK,
    UPDATE_CHUNKS_IN_FLIGHT,
    Dialect,
    WriteLock,
    find_all,
    find_by_ids,
    serialized,
    set_by_ids,
)
from reverie.storage.mongo.ledger import MongoChangeLog, MongoLedger
from reverie.storage.mongo.records import APPLIED_KEEP, MongoExamples, MongoNotes

__all__ = [
    "APPLIED_KEEP",
    "FIRST_BATCH",
    "POINT_CONCURRENCY",
    "UPDATE_CHUNK",
    "UPDATE_CHUNKS_IN_FLIGHT",
    "Dialect",
    "Doc",
    "MongoAdapter",
    "MongoAgents",
    "MongoChangeLog",
    "MongoExamples",
    "MongoJudgments",
    "MongoLeases",
    "MongoLedger",
    "MongoNotes",
    "MongoPendingDeletions",
    "MongoQualifications",
    "MongoRegistry",
    "MongoReviews",
    "MongoRuns",
    "MongoSessions",
    "WriteLock",
    "connect",
    "ensure_indexes",
    "find_all",
    "find_by_ids",
    "guarded",
    "guarded_iter",
    "mongo_errors",
    "packed_vector",
    "serialized",
    "set_by_ids",
    "stored_vector",
]
