"""The VectorIndex contract on every implementation: memory, blocked NumPy, Qdrant embedded and server.

The HTTP client runs against :class:`tests.qdrant_facade.QdrantFacade` (Qdrant's REST API
over embedded Qdrant; no server is installed here) and against a real server when
``REVERIE_TEST_QDRANT_URL`` names one; outages are in ``test_unreachable.py``.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import numpy as np
import pytest

from reverie.domain.model import Note, Status, vector_payload
from reverie.handlers.ownership import IndexOwnership, JournaledIndex
from reverie.handlers.ports import SearchScope, VectorIndex, VectorPoint
from reverie.handlers.visibility import PendingCache, VisibleIndex
from reverie.storage.fastindex import BlockedNumpyIndex
from reverie.storage.memory import MemoryNotes, MemoryPendingDeletions, MemoryVectorIndex
from reverie.storage.vectors import QdrantIndex
from tests.builders import AT
from tests.qdrant_facade import QdrantFacade

SERVER = os.environ.get("REVERIE_TEST_QDRANT_URL")


@pytest.fixture(
    params=[
        "memory",
        "memory-wired",
        "blocked-numpy",
        "qdrant-embedded",
        "qdrant-http-facade",
        pytest.param(
            "qdrant-server",
            marks=pytest.mark.skipif(
                not SERVER, reason="no Qdrant server: set REVERIE_TEST_QDRANT_URL"
            ),
        ),
    ]
)
async def index(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[VectorIndex]:
    """A fresh, empty index of 4-dimensional vectors."""
    if request.param == "memory":
        yield MemoryVectorIndex()
    elif request.param == "memory-wired":  # as bootstrap wires a per-worker index
        pending = PendingCache(MemoryPendingDeletions())
        visible = VisibleIndex(MemoryVectorIndex(), MemoryNotes(), pending)
        yield JournaledIndex(visible, IndexOwnership(group="reverie"))
    elif request.param == "blocked-numpy":
        yield BlockedNumpyIndex(block=2, initial_capacity=2)
    elif request.param == "qdrant-embedded":
        embedded = QdrantIndex(path=tmp_path / "qdrant", dimension=4)
        yield embedded
        await embedded.close()
    elif request.param == "qdrant-http-facade":  # the HTTP client and its payload indexes
        facade = QdrantFacade()
        await facade.start()
        over_http = QdrantIndex(url=f"http://127.0.0.1:{facade.port}", dimension=4)
        yield over_http
        await over_http.close()
        await facade.stop()
    else:
        server = QdrantIndex(
            url=SERVER, dimension=4, collection=f"reverie_contract_{uuid.uuid4().hex[:8]}"
        )
        yield server
        await (await server._c()).delete_collection(server.collection)
        await server.close()


def point(
    i: int,
    vector: list[float],
    agent: str = "a-1",
    company: str | None = "c-1",
    user: str | None = "u-1",
    auto: bool = True,
) -> VectorPoint:
    note = Note(
        note_id=f"n-{i}",
        agent_id=agent,
        company_id=company,
        user_id=user,
        is_auto_generated=auto,
        text=f"note {i}",
        created_at=AT,
    )
    return VectorPoint(note.note_id, vector, vector_payload(note))


POINTS = [
    point(1, [1, 0, 0, 0]),
    point(2, [0.9, 0.1, 0, 0]),
    point(3, [0, 1, 0, 0]),
    point(4, [0.8, 0, 0.2, 0], user=None),
    point(5, [1, 0, 0, 0.1], company=None, user=None, auto=False),
    point(6, [1, 0, 0, 0], agent="a-2"),
]


def ids(hits: list) -> list[str]:  # type: ignore[type-arg]
    return [h.note_id for h in hits]


async def test_search_is_scoped_status_filtered_and_best_first(index: VectorIndex) -> None:
    """Exact scope, company-wide, agent-wide, status, auto-only, exclusions and k."""
    await index.upsert(POINTS)
    await index.upsert([])
    q = [1.0, 0.0, 0.0, 0.0]
    hits = await index.search(q, SearchScope("a-1", "c-1", "u-1"), 10)
    assert ids(hits) == ["n-1", "n-2", "n-3"]
    assert hits[0].score == pytest.approx(1.0, abs=1e-5)
    assert hits[1].score == pytest.approx(0.9 / np.hypot(0.9, 0.1), abs=1e-5)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert ids(await index.search(q, SearchScope("a-1", "c-1", None), 10)) == ["n-4"]
    assert ids(await index.search(q, SearchScope("a-1", None, None), 10)) == ["n-5"]
    assert ids(await index.search(q, SearchScope("a-1", exact_scope=False), 10)) == [
        "n-1",
        "n-5",
        "n-2",
        "n-4",
        "n-3",
    ]
    assert ids(
        await index.search(q, SearchScope("a-1", exact_scope=False, auto_only=True), 10)
    ) == ["n-1", "n-2", "n-4", "n-3"]
    assert ids(
        await index.search(q, SearchScope("a-1", "c-1", "u-1", exclude_ids=frozenset({"n-1"})), 10)
    ) == ["n-2", "n-3"]
    assert ids(await index.search(q, SearchScope("a-1", "c-1", "u-1"), 2)) == ["n-1", "n-2"]
    assert await index.search(q, SearchScope("nobody"), 10) == []


async def test_any_company_keeps_the_user_and_drops_the_company_condition(
    index: VectorIndex,
) -> None:
    """``any_company``: the shared notes of every company (issue #22), or one user's in any."""
    await index.upsert([*POINTS, point(7, [0.7, 0.7, 0, 0], company="c-2", user=None),
                        point(8, [0.6, 0.8, 0, 0], company="c-2", user="u-2")])
    q = [1.0, 0.0, 0.0, 0.0]
    assert ids(await index.search(q, SearchScope("a-1", any_company=True), 10)) == [
        "n-5", "n-4", "n-7"]
    assert ids(await index.search(q, SearchScope("a-1", None, "u-2", any_company=True),
                                  10)) == ["n-8"]
    assert ids(await index.search(q, SearchScope("a-2", any_company=True), 10)) == []


async def test_status_upsert_and_drop(index: VectorIndex) -> None:
    """A status change hides a note from Active searches; upsert replaces; drop removes."""
    await index.upsert(POINTS)
    scope = SearchScope("a-1", "c-1", "u-1")
    q = [1.0, 0.0, 0.0, 0.0]
    await index.set_status(["n-1", "unknown"], Status.ARCHIVED)
    await index.set_status([], Status.ARCHIVED)
    assert ids(await index.search(q, scope, 10)) == ["n-2", "n-3"]
    everything = SearchScope("a-1", "c-1", "u-1", status=None)
    assert ids(await index.search(q, everything, 10)) == ["n-1", "n-2", "n-3"]
    archived = SearchScope("a-1", "c-1", "u-1", status=Status.ARCHIVED)
    assert ids(await index.search(q, archived, 10)) == ["n-1"]
    await index.upsert([point(3, [1, 0, 0, 0])])  # replaced, Active again
    assert ids(await index.search(q, scope, 1)) == ["n-3"]
    assert await index.count() == 6
    assert await index.count("a-1") == 5
    await index.drop_agent("a-2")
    assert (await index.count("a-2"), await index.count()) == (0, 5)
    assert await index.search(q, SearchScope("a-2", "c-1", "u-1"), 10) == []


async def test_search_many_answers_like_search(index: VectorIndex) -> None:
    """One answer per vector, in order, each what search answers."""
    await index.upsert(POINTS)
    scope = SearchScope("a-1", exact_scope=False)
    queries = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]]
    many = await index.search_many(queries, scope, 3)
    assert [ids(h) for h in many] == [ids(await index.search(q, scope, 3)) for q in queries]
    assert await index.search_many([], scope, 3) == []
