"""A small Qdrant server for tests: the REST calls Reverie's adapter makes, over embedded Qdrant.

No Qdrant server binary is installed here, so :class:`QdrantFacade` answers the REST
endpoints :class:`reverie.storage.vectors.QdrantIndex` uses (collections, payload indexes,
upsert, set payload, query, batch query, count, delete) by handing the request bodies,
parsed with qdrant-client's own models, to an in-memory ``AsyncQdrantClient``.
:class:`Outage` sits in front of it as a TCP proxy the test switches between forwarding,
dropping every connection and refusing them (not listening).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, Literal

from aiohttp import web
from qdrant_client import AsyncQdrantClient, models


def _ok(result: Any) -> web.Response:
    if hasattr(result, "model_dump"):
        result = result.model_dump(mode="json")
    elif isinstance(result, list):
        result = [r.model_dump(mode="json") if hasattr(r, "model_dump") else r for r in result]
    return web.json_response({"result": result, "status": "ok", "time": 0.0})


class QdrantFacade:
    """Qdrant's REST API (the part Reverie uses) on 127.0.0.1, backed by embedded Qdrant."""

    def __init__(self) -> None:
        self.store = AsyncQdrantClient(location=":memory:")
        self.port = 0
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        c = "/collections/{name}"
        app.router.add_get("/", self._root)
        app.router.add_get(c + "/exists", self._exists)
        app.router.add_put(c, self._create)
        app.router.add_put(c + "/index", self._index)
        app.router.add_put(c + "/points", self._upsert)
        app.router.add_post(c + "/points/payload", self._set_payload)
        app.router.add_post(c + "/points/query", self._query)
        app.router.add_post(c + "/points/query/batch", self._query_batch)
        app.router.add_post(c + "/points/count", self._count)
        app.router.add_post(c + "/points/delete", self._delete)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        await self.store.close()

    async def _root(self, request: web.Request) -> web.Response:
        return web.json_response({"title": "qdrant - test facade", "version": "1.15.0"})

    async def _exists(self, request: web.Request) -> web.Response:
        found = await self.store.collection_exists(request.match_info["name"])
        return _ok({"exists": found})

    async def _create(self, request: web.Request) -> web.Response:
        body = models.CreateCollection.model_validate(await request.json())
        assert isinstance(body.vectors, models.VectorParams)
        return _ok(
            await self.store.create_collection(
                request.match_info["name"], vectors_config=body.vectors
            )
        )

    async def _index(self, request: web.Request) -> web.Response:
        body = models.CreateFieldIndex.model_validate(await request.json())
        return _ok(
            await self.store.create_payload_index(
                request.match_info["name"], body.field_name, body.field_schema
            )
        )  # type: ignore[arg-type]

    async def _upsert(self, request: web.Request) -> web.Response:
        body = models.PointsList.model_validate(await request.json())
        return _ok(await self.store.upsert(request.match_info["name"], points=body.points))

    async def _set_payload(self, request: web.Request) -> web.Response:
        body = models.SetPayload.model_validate(await request.json())
        assert body.filter is not None
        return _ok(
            await self.store.set_payload(
                request.match_info["name"], payload=body.payload, points=body.filter
            )
        )

    async def _query(self, request: web.Request) -> web.Response:
        body = models.QueryRequest.model_validate(await request.json())
        return _ok(
            await self.store.query_points(
                request.match_info["name"],
                query=body.query,
                query_filter=body.filter,
                limit=body.limit or 10,
                with_payload=body.with_payload,
            )
        )  # type: ignore[arg-type]

    async def _query_batch(self, request: web.Request) -> web.Response:
        body = models.QueryRequestBatch.model_validate(await request.json())
        return _ok(
            await self.store.query_batch_points(request.match_info["name"], requests=body.searches)
        )

    async def _count(self, request: web.Request) -> web.Response:
        body = models.CountRequest.model_validate(await request.json())
        return _ok(
            await self.store.count(request.match_info["name"], count_filter=body.filter, exact=True)
        )

    async def _delete(self, request: web.Request) -> web.Response:
        body = models.FilterSelector.model_validate(await request.json())
        return _ok(await self.store.delete(request.match_info["name"], points_selector=body))


Mode = Literal["forward", "drop", "refuse"]


class Outage:
    """A TCP proxy on a fixed local port: forwards to ``target_port``, drops, or refuses."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = 0
        self.mode: Mode = "forward"
        self.dropped = 0
        self._server: asyncio.Server | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def set(self, mode: Mode) -> None:
        """Switch mode; "refuse" stops listening, leaving it listens again on the same port."""
        if mode == "refuse" and self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        elif mode != "refuse" and self._server is None:
            await self.start()
        self.mode = mode

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.mode != "forward":
            self.dropped += 1
            writer.close()
            return
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(ConnectionError):
                while data := await src.read(65536):
                    if self.mode != "forward":  # an outage cuts open connections too
                        break
                    dst.write(data)
                    await dst.drain()
            dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
