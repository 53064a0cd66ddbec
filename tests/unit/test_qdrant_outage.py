"""A Qdrant server that goes away after the adapter connected is an outage, not a bug."""

from __future__ import annotations

import sqlite3

import httpx
import pytest
from qdrant_client import AsyncQdrantClient
from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse

from reverie.domain.model import Status
from reverie.errors import ConfigurationError, RequestRejected, StorageUnavailable
from reverie.handlers.ports import SearchScope, VectorPoint
from reverie.storage.vectors import QdrantIndex, qdrant_errors
from tests.contracts import check_translation
from tests.netfaults import DroppingServer, dead_port


def _dead_url() -> str:
    return f"http://127.0.0.1:{dead_port()}"


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


async def test_a_server_that_drops_connections_is_an_outage() -> None:
    """A socket that accepts and closes at once, before and after connect: retryable."""
    with DroppingServer() as server:
        url = f"http://127.0.0.1:{server.port}"
        fresh = QdrantIndex(url=url, dimension=4)
        with pytest.raises(StorageUnavailable):
            await fresh.count()
        await fresh.close()
        connected = QdrantIndex(url=url, dimension=4)
        connected._client = AsyncQdrantClient(url=url, timeout=1)
        with pytest.raises(StorageUnavailable):
            await connected.search([0.1, 0.2, 0.3, 0.4], SearchScope(agent_id="a"), 3)
        await connected.close()
    assert server.accepted >= 2


def _answer(status: int, body: bytes = b'{"status":{"error":"x"}}') -> UnexpectedResponse:
    return UnexpectedResponse(status, "reason", body, httpx.Headers())


@pytest.mark.parametrize(
    ("raised", "expected", "words"),
    [
        (_answer(503), StorageUnavailable, "503"),
        (_answer(429), StorageUnavailable, "429"),
        (
            ResponseHandlingException(ConnectionError("reset")),
            StorageUnavailable,
            "REVERIE_QDRANT_URL",
        ),
        (httpx.ReadTimeout("slow"), StorageUnavailable, "ReadTimeout"),
        (sqlite3.OperationalError("database is locked"), StorageUnavailable, "locked"),
        (_answer(401), ConfigurationError, "REVERIE_QDRANT_API_KEY"),
        (_answer(403), ConfigurationError, "REVERIE_QDRANT_API_KEY"),
        (
            _answer(400, b'{"status":{"error":"Wrong input: Vector dimension error"}}'),
            RequestRejected,
            "dimension",
        ),
        (_answer(404), RequestRejected, "404"),
    ],
)
def test_qdrant_errors_maps_each_client_error(
    raised: Exception, expected: type[Exception], words: str
) -> None:
    """Outages → retryable; refused credentials → configuration; other answers → rejected."""
    check_translation(qdrant_errors, raised, expected, words)
