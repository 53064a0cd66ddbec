"""Qdrant behind the :class:`~reverie.handlers.ports.VectorIndex` port.

Embedded local mode (a path on disk, one process per path, brute force: fine to
about 20,000 points) by default; ``REVERIE_QDRANT_URL`` switches to a server or
cluster. Point ids are UUIDv5 of the note id; the payload carries the note id,
agent, tenant, user, status and type so every search is scoped and
status-filtered inside Qdrant.
"""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import httpx
from qdrant_client import AsyncQdrantClient, models
from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse

from reverie.domain.model import Status
from reverie.errors import ConfigurationError, RequestRejected, StorageUnavailable
from reverie.handlers.ports import Hit, SearchScope, VectorPoint

_NS = uuid.UUID("6f2b1c1e-9f7a-4c7e-8d38-2a6f0b7e51d1")
T = TypeVar("T")
NONE = "_"
"""Payload value for an unset company or user, so "company-wide" is a plain match."""


_TRANSIENT_STATUS = frozenset({408, 425, 429, 500, 502, 503, 504})
_AUTH_STATUS = frozenset({401, 403})


@contextmanager
def qdrant_errors() -> Iterator[None]:
    """Turn qdrant-client's exceptions into Reverie's: outages retryable, refusals permanent.

    Unreachable, dropped or timed-out connections, 5xx/408/429 answers and a busy embedded
    store → ``StorageUnavailable``; 401/403 → ``ConfigurationError``; any other answer
    (a wrong dimension, a bad filter, a missing collection) → ``RequestRejected``.
    """
    try:
        yield
    except UnexpectedResponse as exc:
        detail = exc.content.decode("utf-8", "replace")[:300]
        if exc.status_code in _TRANSIENT_STATUS:
            raise StorageUnavailable(f"Qdrant answered {exc.status_code}: {detail}") from exc
        if exc.status_code in _AUTH_STATUS:
            raise ConfigurationError(
                f"Qdrant refused the request ({exc.status_code}): check REVERIE_QDRANT_API_KEY "
                "and the key's access to the collection") from exc
        raise RequestRejected(f"Qdrant rejected the request ({exc.status_code}): {detail}"
                              ) from exc
    except (ResponseHandlingException, httpx.TransportError, TimeoutError, OSError,
            sqlite3.OperationalError) as exc:
        raise StorageUnavailable(
            f"Qdrant unavailable: {type(exc).__name__}: {exc} (is the server in "
            "REVERIE_QDRANT_URL up and reachable?)") from exc


def point_id(note_id: str) -> str:
    """Return the Qdrant point id of a note (stable across runs)."""
    return str(uuid.uuid5(_NS, note_id))


def _payload(p: VectorPoint) -> dict[str, Any]:
    payload = dict(p.payload)
    payload["note_id"] = p.note_id
    payload["company_key"] = payload.get("company_id") or NONE
    payload["user_key"] = payload.get("user_id") or NONE
    return payload


def _filter(scope: SearchScope) -> models.Filter:
    must: list[models.Condition] = [
        models.FieldCondition(key="agent_id", match=models.MatchValue(value=scope.agent_id))
    ]
    if scope.status is not None:
        must.append(
            models.FieldCondition(key="status", match=models.MatchValue(value=scope.status.value))
        )
    if scope.auto_only:
        must.append(
            models.FieldCondition(key="is_auto_generated", match=models.MatchValue(value=True))
        )
    if scope.exact_scope and not scope.any_company:
        must.append(models.FieldCondition(
            key="company_key", match=models.MatchValue(value=scope.company_id or NONE)))
    if scope.exact_scope:
        must.append(models.FieldCondition(
            key="user_key", match=models.MatchValue(value=scope.user_id or NONE)))
    must_not: list[models.Condition] = []
    if scope.exclude_ids:
        must_not.append(models.HasIdCondition(has_id=[point_id(i) for i in scope.exclude_ids]))
    return models.Filter(must=must, must_not=must_not or None)


def write_ahead(client: AsyncQdrantClient, collection: str) -> None:
    """Let embedded Qdrant commit without an fsync per point (issue #12).

    Local mode stores every point of an upsert or payload change in SQLite as its own
    transaction; with the default rollback journal each is an fsync (~15 ms a point on
    the CI machine, 0.3 ms with this). Write-ahead logging with ``synchronous=NORMAL``
    keeps every committed point across a crash of the process (SIGKILL included); an
    operating-system crash or power loss may lose the last ones, which the worker's
    index rebuild from MongoDB restores. A client without that storage is left alone.
    """
    local = getattr(client, "_client", None)
    found = getattr(local, "collections", {}).get(collection)
    conn = getattr(getattr(found, "storage", None), "storage", None)
    if isinstance(conn, sqlite3.Connection):
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")


class QdrantIndex:
    """A note-vector collection in Qdrant (embedded or server)."""

    def __init__(
        self,
        *,
        path: Path | None = None,
        url: str | None = None,
        api_key: str | None = None,
        collection: str = "reverie_notes",
        dimension: int = 384,
    ) -> None:
        self._path = path
        self._url = url
        self._api_key = api_key
        self.collection = collection
        self.dimension = dimension
        self._client: AsyncQdrantClient | None = None

    async def _c(self) -> AsyncQdrantClient:
        if self._client is None:
            if self._url:
                client = AsyncQdrantClient(url=self._url, api_key=self._api_key, timeout=10)
            else:
                path = self._path or Path(".reverie/qdrant")
                path.mkdir(parents=True, exist_ok=True)
                client = AsyncQdrantClient(path=str(path))
            if not await client.collection_exists(self.collection):
                await client.create_collection(
                    self.collection,
                    vectors_config=models.VectorParams(
                        size=self.dimension, distance=models.Distance.COSINE
                    ),
                )
                indexed = ("agent_id", "status", "company_key", "user_key", "note_id")
                for key in indexed if self._url else ():
                    await client.create_payload_index(
                        self.collection, key, models.PayloadSchemaType.KEYWORD
                    )
            if not self._url:
                write_ahead(client, self.collection)
            self._client = client
        return self._client

    async def _call(self, op: Callable[[AsyncQdrantClient], Awaitable[T]]) -> T:
        """Run ``op`` on the (connected) client: the one place errors are translated."""
        with qdrant_errors():
            return await op(await self._c())

    async def close(self) -> None:
        """Release the client (and the embedded path's lock)."""
        if self._client is not None:
            await self._client.close()
            self._client = None

    async def upsert(self, points: Sequence[VectorPoint]) -> None:
        if not points:
            return
        structs = [
            models.PointStruct(id=point_id(p.note_id), vector=list(p.vector), payload=_payload(p))
            for p in points
        ]
        await self._call(lambda c: c.upsert(self.collection, points=structs, wait=True))

    async def set_status(self, note_ids: Sequence[str], status: Status) -> None:
        if not note_ids:
            return
        # A filter (not a list of ids) so notes without a vector are skipped, not an error.
        selector = models.Filter(must=[models.FieldCondition(
            key="note_id", match=models.MatchAny(any=list(note_ids)))])
        await self._call(lambda c: c.set_payload(
            self.collection, payload={"status": status.value}, points=selector, wait=True))

    async def search(self, vector: Sequence[float], scope: SearchScope, k: int) -> list[Hit]:
        result = await self._call(lambda c: c.query_points(
            self.collection, query=list(vector), query_filter=_filter(scope), limit=k,
            with_payload=["note_id"],
        ))
        return [Hit(str((p.payload or {})["note_id"]), float(p.score)) for p in result.points]

    async def search_many(
        self, vectors: Sequence[Sequence[float]], scope: SearchScope, k: int
    ) -> list[list[Hit]]:
        if not vectors:
            return []
        flt = _filter(scope)
        requests = [
            models.QueryRequest(query=list(v), filter=flt, limit=k, with_payload=["note_id"])
            for v in vectors
        ]
        responses = await self._call(
            lambda c: c.query_batch_points(self.collection, requests=requests))
        return [
            [Hit(str((p.payload or {})["note_id"]), float(p.score)) for p in r.points]
            for r in responses
        ]

    async def count(self, agent_id: str | None = None) -> int:
        flt = None
        if agent_id is not None:
            flt = models.Filter(must=[models.FieldCondition(
                key="agent_id", match=models.MatchValue(value=agent_id))])
        found = await self._call(lambda c: c.count(self.collection, count_filter=flt, exact=True))
        return found.count

    async def drop_agent(self, agent_id: str) -> None:
        selector = models.FilterSelector(filter=models.Filter(must=[
            models.FieldCondition(key="agent_id", match=models.MatchValue(value=agent_id))
        ]))
        await self._call(lambda c: c.delete(self.collection, points_selector=selector))
