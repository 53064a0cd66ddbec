"""Documents as stored: Doc, ids, vectors as float32 bytes, the client and its indexes."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC
from typing import Any

import numpy as np
from bson.binary import Binary
from pymongo import ASCENDING, AsyncMongoClient
from pymongo.asynchronous.database import AsyncDatabase

from reverie.domain.model import (
    Change,
    Example,
    Note,
    Status,
)
from reverie.storage.migrations import VERSION_FIELD, versioned
from reverie.storage.mongo.errors import mongo_errors

Doc = dict[str, Any]


def connect(url: str, timeout_ms: int = 5000) -> AsyncMongoClient[Doc]:
    """Return a client (no I/O until first use) with UTC-aware datetimes."""
    return AsyncMongoClient(
        url,
        tz_aware=True,
        tzinfo=UTC,
        serverSelectionTimeoutMS=timeout_ms,
        connectTimeoutMS=timeout_ms,
        socketTimeoutMS=max(timeout_ms * 6, 30_000),
        retryWrites=False,
    )


async def ensure_indexes(db: AsyncDatabase[Doc]) -> None:
    """Create the indexes the queries rely on (idempotent)."""
    with mongo_errors():
        for name in ("notes", "examples"):
            coll = db[name]
            await coll.create_index([("agent_id", ASCENDING), ("status", ASCENDING)])
            for field in ("user_id", "company_id", "conversation_id"):
                await coll.create_index([(field, ASCENDING)])
        await db["changes"].create_index([("record_id", ASCENDING)])
        await db["changes"].create_index([("run_id", ASCENDING)])
        await db["changes"].create_index([("published", ASCENDING)])
        await db["sessions"].create_index([("agent_id", ASCENDING), ("at", ASCENDING)])
        from reverie.storage.websessions import ensure_web_indexes  # it imports this package

        await ensure_web_indexes(db)


# --- vectors stored as float32 bytes (issue #12) --------------------------------------------
# FerretDB v1 turns a 384-number array into 384 JSON values (and indexes them): inserting 200
# notes took ~570 ms with the vector as an array and ~36 ms with it as bytes.


def packed_vector(vector: Sequence[float] | None) -> Binary | None:
    """Return a note's embedding as it is stored: little-endian float32 bytes."""
    return None if vector is None else Binary(np.asarray(vector, dtype="<f4").tobytes())


def stored_vector(value: Any) -> list[float] | None:
    """Return the embedding of a stored note document (bytes, or a list written before)."""
    if isinstance(value, bytes):  # bson.Binary is bytes
        return [float(x) for x in np.frombuffer(value, dtype="<f4")]
    return None if value is None else [float(x) for x in value]


# --- end of vectors stored as bytes ---------------------------------------------------------


def _to_doc(record: Note | Example | Change, id_value: str) -> Doc:
    doc = record.model_dump(mode="python")
    doc["_id"] = id_value
    for k, v in doc.items():
        if isinstance(v, Status):
            doc[k] = v.value
    if "embedding" in doc:
        doc["embedding"] = packed_vector(doc["embedding"])
    return versioned(doc)


def _strip(doc: Doc) -> Doc:
    doc.pop("_id", None)
    doc.pop("applied_access", None)
    doc.pop(VERSION_FIELD, None)
    if "embedding" in doc:
        doc["embedding"] = stored_vector(doc["embedding"])
    return doc
