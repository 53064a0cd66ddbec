"""A server that is down is an outage for every real adapter: a retryable error, never a raw one.

The real clients (PyMongo, qdrant-client, openai) against a port nothing listens on
and against a socket that accepts and drops every connection.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from reverie.domain.model import Status, Tombstone
from reverie.embeddings.remote import OpenAIEmbedder
from reverie.errors import RetryableError, StorageUnavailable
from reverie.handlers.ports import SearchScope, VectorPoint
from reverie.storage.vectors import QdrantIndex
from tests.builders import AT
from tests.contract.conftest import MONGO
from tests.netfaults import DroppingServer, dead_port, mongo_down

TOMB = Tombstone(entity_type="user", entity_id="u-1", action="deleted", at=AT)

CALLS: dict[str, Callable[[Any], Awaitable[object]]] = {
    "notes": lambda s: s.get("n-1"),
    "examples": lambda s: s.record_access("e-1", "ev-1", 1, AT),
    "registry": lambda s: s.record(TOMB),
    "pending": lambda s: s.all(),
    "agents": lambda s: s.get("a-1"),
    "sessions": lambda s: s.count_since("a-1", None),
    "ledger": lambda s: s.mark_all([("ev-1", "note.created")], AT),
    "changes": lambda s: s.unpublished(10),
    "runs": lambda s: s.list_runs(),
    "leases": lambda s: s.acquire("a-1", "w-1", AT, 60),
    "reviews": lambda s: s.list(),
    "judgments": lambda s: s.put("k", {"x": 1}),
    "qualifications": lambda s: s.latest(),
}
assert CALLS.keys() == MONGO.keys()


@pytest.fixture(params=["dead-port", "drops-connections"])
async def down(request: pytest.FixtureRequest) -> AsyncIterator[str]:
    """``host:port`` of a server that is down."""
    if request.param == "dead-port":
        yield f"127.0.0.1:{dead_port()}"
        return
    with DroppingServer() as server:
        yield f"127.0.0.1:{server.port}"


@pytest.mark.parametrize("port", sorted(CALLS))
async def test_every_mongo_adapter_reports_an_outage_as_retryable(port: str, down: str) -> None:
    """PyMongo with a short server selection: StorageUnavailable from each port's adapter."""
    async with mongo_down(down) as client:
        with pytest.raises(StorageUnavailable) as info:
            await CALLS[port](MONGO[port](client["reverie_down"]))
        assert info.value.retryable


async def test_the_qdrant_server_adapter_reports_an_outage_as_retryable(down: str) -> None:
    """Before and after connecting, every call of the vector index: StorageUnavailable."""
    index = QdrantIndex(url=f"http://{down}", dimension=4)
    with pytest.raises(StorageUnavailable):
        await index.count()
    from qdrant_client import AsyncQdrantClient

    index._client = AsyncQdrantClient(url=f"http://{down}", timeout=1)  # as if connected before
    calls: list[Callable[[], Awaitable[object]]] = [
        lambda: index.upsert([VectorPoint("n-1", [1, 0, 0, 0], {"agent_id": "a-1"})]),
        lambda: index.set_status(["n-1"], Status.ARCHIVED),
        lambda: index.search([1, 0, 0, 0], SearchScope("a-1"), 3),
        lambda: index.search_many([[1, 0, 0, 0]], SearchScope("a-1"), 3),
        lambda: index.count("a-1"),
        lambda: index.drop_agent("a-1"),
    ]
    for call in calls:
        with pytest.raises(StorageUnavailable):
            await call()
    await index.close()


async def test_the_remote_embedder_reports_an_outage_as_retryable(down: str) -> None:
    """The openai client, after its own retries: a retryable error."""
    embedder = OpenAIEmbedder(
        base_url=f"http://{down}/v1", model="m", dimension=4, timeout_s=1, max_retries=0
    )
    with pytest.raises(RetryableError):
        await embedder.embed(["x"])
