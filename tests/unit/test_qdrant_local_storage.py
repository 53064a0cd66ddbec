"""Embedded Qdrant writes its points through a write-ahead log (issue #12): a batch upsert
is not one fsync per point, and what was upserted is there when the index is opened again."""

from __future__ import annotations

import sqlite3

from reverie.handlers.ports import SearchScope, VectorPoint
from reverie.storage.vectors import QdrantIndex


def point(i: int) -> VectorPoint:
    vector = [0.0] * 8
    vector[i % 8] = 1.0
    return VectorPoint(f"n-{i}", vector, {"agent_id": "a-1", "status": "Active"})


async def test_local_points_survive_reopening_with_the_write_ahead_log(tmp_path):
    index = QdrantIndex(path=tmp_path, collection="c", dimension=8)
    await index.upsert([point(i) for i in range(20)])
    client = await index._c()
    conn = client._client.collections["c"].storage.storage  # type: ignore[attr-defined]
    assert isinstance(conn, sqlite3.Connection)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    await index.close()
    again = QdrantIndex(path=tmp_path, collection="c", dimension=8)
    assert await again.count("a-1") == 20
    hits = await again.search([1.0] + [0.0] * 7, SearchScope("a-1", exact_scope=False), 1)
    assert hits[0].note_id in {"n-0", "n-8", "n-16"}
    await again.close()
