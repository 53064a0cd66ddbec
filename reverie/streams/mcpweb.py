"""``/mcp`` on the worker's (Faust, aiohttp) web server: the memory tools over streamable HTTP.

Off unless ``REVERIE_MCP_ENABLED=true``; bound to ``REVERIE_MCP_AGENT_ID`` (required then)
and optionally ``REVERIE_MCP_COMPANY_ID`` / ``REVERIE_MCP_USER_ID``. The SDK's app is
ASGI: each request is handed to it as an ASGI call (stateless, JSON responses), and its
session manager runs for the worker's lifetime. Like every route it is behind the gate of
:mod:`reverie.streams.web`: a request needs a credential (401) whose scope covers the
server's (403 otherwise); the changing tools need a read-write one, and ``search_memory``
counts against the token's search rate limit.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Mapping
from contextlib import AsyncExitStack
from functools import partial
from typing import Any, cast

import faust
import structlog
from aiohttp import web as aioweb
from faust.web import Request, Response, View

from reverie.bootstrap import Reverie
from reverie.errors import ConfigurationError
from reverie.streams.auth import AccessDenied
from reverie.streams.web import Gate, grant_of, install_gate

log = structlog.get_logger(__name__)
MAX_BODY = 4 * 1024 * 1024


async def call_asgi(asgi: Any, request: Any) -> aioweb.StreamResponse:
    """Serve one aiohttp request with an ASGI app; return the (prepared) response."""
    body = await request.read()
    if len(body) > MAX_BODY:
        return aioweb.Response(status=413, text="request too large")
    peer = request.transport.get_extra_info("peername") if request.transport else None
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
        "method": request.method, "scheme": request.scheme, "path": request.path,
        "raw_path": request.raw_path.split("?", 1)[0].encode(),
        "query_string": request.query_string.encode(), "root_path": "",
        "headers": [(k.lower(), v) for k, v in request.raw_headers],
        "client": tuple(peer[:2]) if peer else None,
        "server": (request.host.rsplit(":", 1)[0], request.url.port or 80),
    }
    sent_body = False
    done = asyncio.Event()
    response: aioweb.StreamResponse | None = None

    async def receive() -> dict[str, Any]:
        nonlocal sent_body
        if not sent_body:
            sent_body = True
            return {"type": "http.request", "body": body, "more_body": False}
        await done.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal response
        if message["type"] == "http.response.start":
            response = aioweb.StreamResponse(status=message["status"])
            for key, value in message.get("headers", []):
                response.headers.add(key.decode("latin-1"), value.decode("latin-1"))
            await response.prepare(request)
        elif message["type"] == "http.response.body" and response is not None:
            if message.get("body"):
                await response.write(message["body"])
            if not message.get("more_body", False):
                await response.write_eof()

    try:
        await asgi(scope, receive, send)
    finally:
        done.set()
    if response is None:
        return aioweb.Response(status=500, text="the MCP app sent no response")
    return response


async def guard_call(gate: Gate, action: str, headers: Mapping[str, str]) -> str | None:
    """Why an MCP tool call over HTTP may not change memory or search now, or None."""
    given = headers.get("authorization") or headers.get("Authorization") or ""
    grant = (await gate.credentials.grant_for(given[7:].strip())
             if given.startswith("Bearer ") else None)
    if grant is None:
        return "this tool needs the header 'Authorization: Bearer <token>'"
    if action == "change" and grant.read_only:
        return f"{grant.describe()}; changing memory needs a read-write token"
    if action == "search" and (wait := await gate.searches.hit(grant.token_id)) is not None:
        return f"search rate limit of this token: try again in {int(wait) + 1} s"
    return None


def register_mcp(app: faust.App, reverie: Reverie) -> bool:
    """Add ``/mcp`` when ``REVERIE_MCP_ENABLED``; return whether it was added."""
    from reverie.mcpserver import LocalBackend, McpScope, build_server

    settings = reverie.settings
    if not settings.mcp_enabled:
        return False
    if not settings.mcp_agent_id:
        raise ConfigurationError("REVERIE_MCP_ENABLED needs REVERIE_MCP_AGENT_ID: the agent "
                                 "whose memory /mcp serves")
    scope = McpScope(settings.mcp_agent_id, settings.mcp_company_id, settings.mcp_user_id)
    stack = AsyncExitStack()
    client: dict[str, Any] = {}

    async def publish(event_type: str, data: dict[str, Any]) -> dict[str, Any]:
        from reverie.client import ReverieClient

        if "client" not in client:
            started = ReverieClient(settings)
            await started.start()
            client["client"] = started
        event = await getattr(client["client"], event_type.replace(".", "_"))(**data)
        return {"event_id": event.event_id, "occurred_at": event.occurred_at.isoformat()}

    gate = install_gate(app, reverie)
    server = build_server(LocalBackend(reverie, publish), scope, token=None,
                          name=f"reverie-memory-{uuid.uuid4().hex[:6]}",
                          guard=partial(guard_call, gate))
    asgi = server.streamable_http_app(stateless_http=True, json_response=True,
                                      host=settings.web_host)
    ready = asyncio.Event()

    async def run_mcp_sessions() -> None:
        """Keep the SDK's session manager running while the worker runs."""
        async with stack:
            await stack.enter_async_context(server.session_manager.run())
            ready.set()
            log.info("mcp.ready", path="/mcp", scope=scope.describe())
            try:
                await asyncio.Event().wait()
            finally:
                if "client" in client:
                    await client["client"].stop()

    app.task(run_mcp_sessions)

    @app.page("/mcp")
    class Mcp(View):
        async def get(self, request: Request) -> Response:
            return await self.serve(request)

        async def post(self, request: Request) -> Response:
            return await self.serve(request)

        async def delete(self, request: Request) -> Response:
            return await self.serve(request)

        async def serve(self, request: Request) -> Response:
            grant = grant_of(request)
            if not grant.covers(scope.agent_id, scope.company_id, scope.user_id):
                raise AccessDenied(f"forbidden: /mcp serves {scope.describe()}, outside the "
                                   f"scope of {grant.describe()}")
            await asyncio.wait_for(ready.wait(), 30)
            return cast(Response, await call_asgi(asgi, request))  # aiohttp's, as Faust's are

    return True
