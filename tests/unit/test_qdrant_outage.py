"""A Qdrant server that goes away after the adapter connected is an outage, not a bug."""

from __future__ import annotations

import socket

import pytest
from qdrant_client import AsyncQdrantClient

from reverie.domain.model import Status
from reverie.errors import StorageUnavailable
from reverie.handlers.ports import SearchScope, VectorPoint
from reverie.storage.vectors import QdrantIndex


def _dead_url() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}"  # nothing listens there once the socket is closed


@pytest.fixture
async def connected_to_a_dead_server() -> QdrantIndex:
    """An adapter whose client was connected, then lost its server (the lowest seam: the client)."""
    index = QdrantIndex(url=_dead_url(), dimension=4)
    index._client = AsyncQdrantClient(url=index._url, timeout=1)
    yield index
    await index.close()


async def test_every_call_of_a_connected_adapter_raises_storage_unavailable(
    connected_to_a_dead_server: QdrantIndex,
) -> None:
    """upsert, set_status, search, search_many, count and drop_agent: all retryable."""
    index = connected_to_a_dead_server
    scope = SearchScope(agent_id="a")
    calls = [
        index.upsert([VectorPoint("n-1", [0.1, 0.2, 0.3, 0.4], {"agent_id": "a"})]),
        index.set_status(["n-1"], Status.ARCHIVED),
        index.search([0.1, 0.2, 0.3, 0.4], scope, 3),
        index.search_many([[0.1, 0.2, 0.3, 0.4]], scope, 3),
        index.count("a"),
        index.drop_agent("a"),
    ]
    for call in calls:
        with pytest.raises(StorageUnavailable) as info:
            await call
        assert info.value.retryable


async def test_connecting_to_a_dead_server_raises_storage_unavailable() -> None:
    """The first connect fails as an outage too."""
    index = QdrantIndex(url=_dead_url(), dimension=4)
    with pytest.raises(StorageUnavailable):
        await index.count()
    await index.close()
