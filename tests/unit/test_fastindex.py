"""BlockedNumpyIndex gives the same answers as MemoryVectorIndex (random data, every scope rule)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from reverie.domain.model import Status
from reverie.handlers.ports import SearchScope, VectorPoint
from reverie.storage.fastindex import BlockedNumpyIndex, top_k
from reverie.storage.memory import MemoryVectorIndex

DIM = 24


def points(n: int, seed: int, agents=("a-1", "a-2"), companies=(None, "co-1", "co-2"),
           users=(None, "u-1", "u-2"), dim: int = DIM) -> list[VectorPoint]:
    rng = random.Random(seed)
    vecs = np.random.default_rng(seed).standard_normal((n, dim)).astype(np.float32)
    out = []
    for i in range(n):
        payload = {
            "agent_id": rng.choice(agents),
            "company_id": rng.choice(companies),
            "user_id": rng.choice(users),
            "status": rng.choice(["Active", "Active", "Active", "Revoked", "Archived"]),
            "is_auto_generated": rng.random() < 0.8,
        }
        # unnormalized on purpose: both indexes normalize
        out.append(VectorPoint(f"n-{i:05d}", (vecs[i] * rng.uniform(0.5, 3)).tolist(), payload))
    return out


async def both(pts: list[VectorPoint]) -> tuple[MemoryVectorIndex, BlockedNumpyIndex]:
    mem, fast = MemoryVectorIndex(), BlockedNumpyIndex(block=7, initial_capacity=3)
    for start in range(0, len(pts), 50):
        await mem.upsert(pts[start : start + 50])
        await fast.upsert(pts[start : start + 50])
    return mem, fast


def same(a, b) -> None:
    assert len(a) == len(b)
    for ra, rb in zip(a, b, strict=True):
        assert [h.note_id for h in ra] == [h.note_id for h in rb]
        assert np.allclose([h.score for h in ra], [h.score for h in rb], atol=1e-5)


SCOPES = [
    SearchScope("a-1"),
    SearchScope("a-1", "co-1"),
    SearchScope("a-1", "co-1", "u-2"),
    SearchScope("a-2", None, "u-1"),
    SearchScope("a-1", "co-2", exact_scope=False),
    SearchScope("a-1", "co-1", status=None),
    SearchScope("a-1", "co-1", status=Status.REVOKED),
    SearchScope("a-2", "co-2", "u-2", auto_only=True),
    SearchScope("a-1", "co-1", exclude_ids=frozenset({"n-00003", "n-00010", "n-00042"})),
    SearchScope("nobody"),
    SearchScope("a-1", "co-9"),
]


@pytest.mark.parametrize("scope", SCOPES, ids=lambda s: repr(s)[11:60])
@pytest.mark.parametrize("k", [1, 5, 11, 1000])
async def test_search_many_matches_memory_index(scope, k):
    pts = points(400, seed=k)
    mem, fast = await both(pts)
    queries = [p.vector for p in random.Random(1).sample(pts, 30)]
    same(await mem.search_many(queries, scope, k), await fast.search_many(queries, scope, k))
    same([await mem.search(queries[0], scope, k)], [await fast.search(queries[0], scope, k)])


async def test_large_scope_uses_the_chunked_top_k_and_matches():
    pts = points(9000, seed=7, agents=("a-1",), companies=("co-1",), users=(None,))
    pts = [VectorPoint(p.note_id, p.vector, {**p.payload, "status": "Active"}) for p in pts]
    mem, fast = await both(pts)
    queries = [p.vector for p in pts[:300]]
    scope = SearchScope("a-1", "co-1")
    for k in (1, 11, 40):
        same(await mem.search_many(queries, scope, k), await fast.search_many(queries, scope, k))


async def test_writes_invalidate_the_cached_scope():
    pts = points(300, seed=3)
    mem, fast = await both(pts)
    scope = SearchScope("a-1", "co-1")
    queries = [p.vector for p in pts[:20]]
    same(await mem.search_many(queries, scope, 8), await fast.search_many(queries, scope, 8))
    ids = [p.note_id for p in pts[:40]]
    for index in (mem, fast):
        await index.set_status(ids, Status.REVOKED)
        await index.set_status(["unknown"], Status.ACTIVE)
    same(await mem.search_many(queries, scope, 8), await fast.search_many(queries, scope, 8))
    moved = [VectorPoint(p.note_id, list(reversed(p.vector)), {**p.payload, "agent_id": "a-1",
                                                               "company_id": "co-1",
                                                               "status": "Active"})
             for p in pts[100:130]]
    fresh = points(30, seed=99)
    fresh = [VectorPoint(f"new-{i}", p.vector, p.payload) for i, p in enumerate(fresh)]
    for index in (mem, fast):
        await index.upsert(moved + fresh)
    same(await mem.search_many(queries, scope, 8), await fast.search_many(queries, scope, 8))
    for index in (mem, fast):
        await index.drop_agent("a-2")
    for agent in (None, "a-1", "a-2", "nobody"):
        assert await mem.count(agent) == await fast.count(agent)
    for s in (scope, SearchScope("a-2"), SearchScope("a-1", None, "u-1")):
        same(await mem.search_many(queries, s, 8), await fast.search_many(queries, s, 8))


async def test_empty_index_and_empty_queries():
    fast = BlockedNumpyIndex()
    assert await fast.search_many([], SearchScope("a-1"), 5) == []
    assert await fast.search_many([[1.0, 0.0]], SearchScope("a-1"), 5) == [[]]
    assert await fast.count() == 0
    await fast.upsert([VectorPoint("x", [1.0, 0.0], {"agent_id": "a-1", "status": "Active"})])
    assert await fast.search_many([[1.0, 0.0]], SearchScope("a-1"), 0) == [[]]
    [hits] = await fast.search_many([[0.0, 2.0]], SearchScope("a-1"), 3)
    assert [h.note_id for h in hits] == ["x"] and abs(hits[0].score) < 1e-6
    with pytest.raises(ValueError):
        await fast.upsert([VectorPoint("y", [1.0, 0.0, 0.0], {"agent_id": "a-1"})])


def test_top_k_is_exact_with_ties_and_duplicates():
    rng = np.random.default_rng(5)
    scores = rng.standard_normal((40, 20_000)).astype(np.float32)
    scores[3] = 0.5  # every score tied
    scores[4, ::7] = 9.0  # many ties at the top
    for k in (1, 10, 64):
        cols, vals = top_k(scores, k)
        for row in range(len(scores)):
            order = np.lexsort((np.arange(scores.shape[1]), -scores[row]))[:k]
            assert np.array_equal(vals[row], scores[row][order])
            assert np.array_equal(scores[row][cols[row]], vals[row])
            assert len(set(cols[row].tolist())) == k
            if row not in (3, 4):  # no ties: the very same columns
                assert np.array_equal(cols[row], order)
