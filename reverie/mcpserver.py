"""Reverie's memory as MCP tools (the official ``mcp`` SDK), bound to one agent's scope.

Seven tools: ``memory_digest``, ``search_memory``, ``remember``, ``note_history``,
``review_queue``, ``resolve_review``, ``request_dream``. A server instance is bound to
an agent and optionally a tenant (``company_id``) and a user (:class:`McpScope`): a call
naming another agent, tenant or user is refused with a ``ToolError``, never answered,
and so is a note or review pair outside the scope. ``remember`` and ``request_dream``
publish contract events (``note.created``, ``dream.requested``) through
:class:`~reverie.client.ReverieClient`; nothing writes the database directly.

Two ways to serve it: ``reverie mcp --agent A`` over stdio (reads MongoDB, searches
and resolves through the worker, which owns the vector index), and ``/mcp`` on the
worker's web server when ``REVERIE_MCP_ENABLED=true`` (streamable HTTP; the changing
server needs ``Authorization: Bearer <token>`` there: the dashboard token or a stored token
whose scope covers the server's; the changing tools need a read-write one, and searches
count against the token's rate limit, see :mod:`reverie.streams.mcpweb`).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from reverie.config import Settings
from reverie.domain.events import NoteType
from reverie.domain.model import Note
from reverie.domain.runs import ReviewPair
from reverie.errors import ReverieError
from reverie.handlers.ports import NoteRepository

INSTRUCTIONS = (
    "Long-term memory of one AI agent, kept clean by Reverie. Call memory_digest at the "
    "start of a session to load what the agent knows; search_memory to find notes about a "
    "topic; remember to store a new fact, preference or constraint (it is stored within "
    "seconds and merged with what is already known when the agent dreams). Notes have ids; "
    "note_history shows how one changed. review_queue lists contradictions a person must "
    "decide; resolve_review decides one. This server only sees the agent (and tenant/user) "
    "it is bound to: calls for anything else are refused.")


class ScopeRefused(ReverieError):
    """A tool call names an agent, tenant, user, note or pair outside the server's scope."""


@dataclass(frozen=True)
class McpScope:
    """What one server instance may see: an agent, optionally one tenant and one user."""

    agent_id: str
    company_id: str | None = None
    user_id: str | None = None

    def describe(self) -> str:
        """Return e.g. ``agent support-bot, company acme, user u-1``."""
        parts = [f"agent {self.agent_id}"]
        if self.company_id:
            parts.append(f"company {self.company_id}")
        if self.user_id:
            parts.append(f"user {self.user_id}")
        return ", ".join(parts)

    def admit(self, agent_id: str, company_id: str | None = None,
              user_id: str | None = None) -> tuple[str | None, str | None]:
        """Return the call's effective (company, user); raise ``ScopeRefused`` outside."""
        wrong = []
        if agent_id != self.agent_id:
            wrong.append(f"agent {agent_id!r}")
        if self.company_id and company_id not in (None, self.company_id):
            wrong.append(f"company {company_id!r}")
        if self.user_id and user_id not in (None, self.user_id):
            wrong.append(f"user {user_id!r}")
        if wrong:
            raise ScopeRefused(f"refused: this memory server is bound to {self.describe()}; "
                               f"it cannot serve {' and '.join(wrong)}")
        return company_id or self.company_id, user_id or self.user_id

    def sees(self, agent_id: str, company_id: str | None, user_id: str | None) -> bool:
        """Whether a note or pair with these references is inside the scope."""
        return (agent_id == self.agent_id
                and (self.company_id is None or company_id in (None, self.company_id))
                and (self.user_id is None or user_id in (None, self.user_id)))


class MemoryBackend(Protocol):
    """What the tools need besides the document store: search, review resolution, publishing."""

    notes: NoteRepository

    async def search(self, agent_id: str, company_id: str | None, user_id: str | None,
                     query: str, limit: int) -> list[tuple[str, float]]:
        """Return (note id, score) of the nearest Active notes a read bound to the agent,
        tenant and user sees (:func:`~reverie.handlers.readscope.read_scopes`, as the
        digest)."""

    async def resolve(self, pair_id: str, keep: str) -> str:
        """Keep one note of a review pair, revoke the other; return the revoked id."""

    async def publish(self, event_type: str, data: dict[str, Any]) -> dict[str, Any]:
        """Publish one contract event; return its event_id and occurred_at."""

    async def history(self, note_id: str) -> list[dict[str, Any]]:
        """Return the note's audited changes, oldest first."""

    async def pairs(self, agent_id: str) -> list[ReviewPair]:
        """Return the agent's open review pairs."""


def _note(note: Note, score: float | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "note_id": note.note_id, "text": note.text, "note_type": note.note_type,
        "status": note.status.value, "user_id": note.user_id, "company_id": note.company_id,
        "created_at": note.created_at.isoformat(), "access_count": note.access_count}
    if score is not None:
        out["score"] = round(score, 4)
    return out


T = TypeVar("T")

Guard = Callable[[str, Mapping[str, str]], Awaitable[str | None]]
"""``async (action, request headers) -> None or why not``; action is ``change`` or ``search``."""


TOOLS = ("memory_digest", "search_memory", "remember", "note_history", "review_queue",
         "resolve_review", "request_dream")
"""The tool methods of :class:`MemoryTools`, in the order the server lists them."""


def build_server(backend: MemoryBackend, scope: McpScope, *, token: str | None,
                 name: str = "reverie-memory", guard: Guard | None = None) -> MCPServer:
    """Return an ``MCPServer`` whose tools serve ``scope`` through ``backend``.

    ``token``: the access token the changing tools need when a call arrives over HTTP
    (a call without headers, over stdio, is the local user's own); None refuses them there.
    ``guard``, when given, decides instead for calls over HTTP (changes and searches).
    """
    server: MCPServer = MCPServer(name, instructions=INSTRUCTIONS)
    tools = MemoryTools(backend, scope, token=token, guard=guard)
    for tool in TOOLS:
        server.add_tool(getattr(tools, tool))
    return server


class MemoryTools:
    """The seven tools of one server: each admits the call to the scope (a changing one
    also checks its token or guard), then asks the backend."""

    def __init__(self, backend: MemoryBackend, scope: McpScope, *, token: str | None,
                 guard: Guard | None) -> None:
        self.backend = backend
        self.scope = scope
        self.token = token
        self.guard = guard

    def admit(self, agent_id: str, company_id: str | None = None, user_id: str | None = None
              ) -> tuple[str | None, str | None]:
        """``McpScope.admit`` with the refusal as a ``ToolError``."""
        try:
            return self.scope.admit(agent_id, company_id, user_id)
        except ScopeRefused as exc:
            raise ToolError(str(exc)) from None

    def sees(self, note: Note) -> bool:
        """Whether the note is inside the scope."""
        return self.scope.sees(note.agent_id, note.company_id, note.user_id)

    async def may_change(self, ctx: Context) -> None:
        """Refuse a changing call over HTTP without the token (or the guard's consent)."""
        headers = ctx.headers
        if headers is None:  # stdio: the user's own process
            return
        if self.guard is not None:
            await self.ask_guard("change", headers)
            return
        given = (headers.get("authorization") or headers.get("Authorization") or "")
        if self.token is None:
            raise ToolError("refused: changing memory over HTTP needs REVERIE_DASHBOARD_TOKEN "
                            "set on the worker")
        if not secrets.compare_digest(given.encode(), f"Bearer {self.token}".encode()):
            raise ToolError("refused: this tool changes memory and needs the header "
                            "'Authorization: Bearer <REVERIE_DASHBOARD_TOKEN>'")

    async def ask_guard(self, action: str, headers: Mapping[str, str]) -> None:
        """Raise the guard's refusal as a ``ToolError``."""
        assert self.guard is not None
        problem = await self.guard(action, headers)
        if problem:
            raise ToolError(f"refused: {problem}")

    @staticmethod
    async def run(coro: Awaitable[T]) -> T:
        """Await the backend; its ``ReverieError`` becomes a ``ToolError``."""
        try:
            return await coro
        except ReverieError as exc:
            raise ToolError(str(exc)) from None

    async def memory_digest(self, agent_id: str, user_id: str | None = None,
                            company_id: str | None = None) -> str:
        """Return the Markdown digest of what the agent knows: its Active notes grouped by
        company and type, most used first. Load it at the start of a session. With user_id:
        that user's notes plus their company's shared notes, never another user's."""
        from reverie.handlers.digest import build_digest

        company, user = self.admit(agent_id, company_id, user_id)
        return str(await self.run(build_digest(agent_id, notes=self.backend.notes,
                                               user_id=user, company_id=company)))

    async def search_memory(self, agent_id: str, query: str, ctx: Context,
                            user_id: str | None = None, company_id: str | None = None,
                            limit: int = 10) -> list[dict[str, Any]]:
        """Find the agent's Active notes closest in meaning to query (best first), with ids,
        types, dates and scores, among the notes memory_digest shows: without user_id the
        shared notes (of company_id, else of every company); with user_id that user's notes
        and the shared notes of their company."""
        company, user = self.admit(agent_id, company_id, user_id)
        if self.guard is not None and ctx.headers is not None:
            await self.ask_guard("search", ctx.headers)
        limit = max(1, min(limit, 50))
        found = dict(await self.run(self.backend.search(agent_id, company, user, query, limit)))
        ranked = sorted(found, key=lambda i: -found[i])[:limit]
        notes = {n.note_id: n for n in await self.run(self.backend.notes.get_many(ranked))}
        return [_note(notes[i], found[i]) for i in ranked
                if i in notes and notes[i].status.value == "Active" and self.sees(notes[i])]

    async def remember(self, agent_id: str, text: str, ctx: Context,
                       note_type: NoteType = "Context", user_id: str | None = None,
                       company_id: str | None = None, conversation_id: str | None = None
                       ) -> dict[str, Any]:
        """Store a new note in the agent's memory: a fact, preference (note_type Preference),
        rule (Constraint), example or issue, one statement in plain words (1-8000 characters).
        Set user_id for a note about one user only, company_id for one tenant. It is published
        as a note.created event and searchable within seconds; returns its note_id."""
        await self.may_change(ctx)
        company, user = self.admit(agent_id, company_id, user_id)
        note_id = f"mcp-{uuid.uuid4()}"
        sent = await self.run(self.backend.publish("note.created", {
            "note_id": note_id, "text": text, "note_type": note_type, "agent_id": agent_id,
            "user_id": user, "company_id": company, "conversation_id": conversation_id,
            "is_auto_generated": True}))
        return {"note_id": note_id, **sent}

    async def note_history(self, note_id: str) -> dict[str, Any]:
        """Show one note (text, status, type, scope) and every change it went through: merged,
        revoked by a contradiction, archived, restored, with reasons and dream run ids."""
        note = await self.run(self.backend.notes.get(note_id))
        if note is None or not self.sees(note):
            raise ToolError(f"no note {note_id!r} in the memory of {self.scope.describe()}")
        body = _note(note)
        body.update(consolidated_into_note_id=note.consolidated_into_note_id,
                    source_note_ids=note.source_note_ids, comments=note.comments,
                    history=await self.run(self.backend.history(note_id)))
        return body

    async def review_queue(self, agent_id: str) -> list[dict[str, Any]]:
        """List the contradictions between two notes that Reverie left to a person to decide
        (pair_id, both note ids and texts, why). Decide one with resolve_review."""
        self.admit(agent_id)
        visible = []
        for pair in await self.run(self.backend.pairs(agent_id)):
            notes = await self.run(self.backend.notes.get_many(list(pair.note_ids)))
            if all(self.sees(n) for n in notes):
                visible.append({"pair_id": pair.pair_id, "note_ids": list(pair.note_ids),
                                "texts": list(pair.texts), "reason": pair.reason,
                                "run_id": pair.run_id,
                                "created_at": pair.created_at.isoformat()})
        return visible

    async def resolve_review(self, pair_id: str, keep_note_id: str, ctx: Context
                             ) -> dict[str, Any]:
        """Decide a contradiction from review_queue: keep keep_note_id (one of the pair's two
        notes) and revoke the other. Only when the user or a person has said which is right."""
        await self.may_change(ctx)
        pair = next((p for p in await self.run(self.backend.pairs(self.scope.agent_id))
                     if p.pair_id == pair_id), None)
        if pair is None:
            raise ToolError(f"no open review pair {pair_id!r} for {self.scope.describe()}")
        notes = await self.run(self.backend.notes.get_many(list(pair.note_ids)))
        if not all(self.sees(n) for n in notes):
            raise ToolError(f"no open review pair {pair_id!r} for {self.scope.describe()}")
        if keep_note_id not in pair.note_ids:
            raise ToolError(f"keep_note_id must be one of {', '.join(pair.note_ids)}")
        revoked = await self.run(self.backend.resolve(pair_id, keep_note_id))
        return {"pair_id": pair_id, "kept": keep_note_id, "revoked": revoked}

    async def request_dream(self, agent_id: str, ctx: Context, dry_run: bool = False
                            ) -> dict[str, Any]:
        """Ask Reverie to consolidate the agent's memory now (merge duplicates, resolve
        contradictions, archive stale notes). dry_run=true only plans. Returns the event id;
        dreams also run on their own once a day."""
        await self.may_change(ctx)
        self.admit(agent_id)
        return dict(await self.run(self.backend.publish("dream.requested", {
            "agent_id": agent_id, "dry_run": dry_run, "reason": "requested over MCP"})))


Publish = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]
"""``async (event_type, data) -> {"event_id", "occurred_at"}``."""


class LocalBackend:
    """In the worker (or a test): the bootstrapped stores and index of this process."""

    def __init__(self, app: Any, publish: Publish) -> None:
        self.app = app
        self.notes = app.notes
        self._publish = publish

    async def search(self, agent_id: str, company_id: str | None, user_id: str | None,
                     query: str, limit: int) -> list[tuple[str, float]]:
        from reverie.handlers.readscope import search_bound

        hits = await search_bound(query, limit, agent_id, company_id, user_id,
                                  notes=self.app.notes, embedder=self.app.embedder,
                                  index=self.app.index)
        return [(h.note_id, h.score) for h in hits]

    async def resolve(self, pair_id: str, keep: str) -> str:
        from reverie.handlers.dream.rollback import resolve_review

        app = self.app
        return str(await resolve_review(pair_id, keep, notes=app.notes, index=app.index,
                                        changes=app.changes, reviews=app.reviews,
                                        clock=app.clock))

    async def publish(self, event_type: str, data: dict[str, Any]) -> dict[str, Any]:
        return dict(await self._publish(event_type, data))

    async def history(self, note_id: str) -> list[dict[str, Any]]:
        return [c.model_dump(mode="json") for c in await self.app.changes.for_record(note_id)]

    async def pairs(self, agent_id: str) -> list[ReviewPair]:
        return list(await self.app.reviews.list(agent_id, "open"))


class RemoteBackend:
    """For ``reverie mcp`` (stdio): MongoDB to read, the worker to search and resolve, Kafka
    (the client) to publish."""

    def __init__(self, settings: Settings) -> None:
        from reverie.workerapi import reader

        self.settings = settings
        self.app = reader(settings)
        self.notes = self.app.notes
        self._client: Any = None

    async def search(self, agent_id: str, company_id: str | None, user_id: str | None,
                     query: str, limit: int) -> list[tuple[str, float]]:
        from reverie.errors import BrokerUnavailable

        # the worker applies the same rule (read_scopes) to this binding
        params = {"agent_id": agent_id, "q": query, "k": str(limit), "exact": "1",
                  "company_id": company_id or "", "user_id": user_id or ""}
        url = (f"http://{self.settings.web_host}:{self.settings.web_port}/api/search?"
               + urllib.parse.urlencode(params))

        secret = self.settings.dashboard_token
        headers = {"Authorization": f"Bearer {secret.get_secret_value()}"} if secret else {}

        def get() -> dict[str, Any]:
            request = urllib.request.Request(url, headers=headers)
            with urllib.request.urlopen(request, timeout=30) as response:
                return dict(json.load(response))

        try:
            body = await asyncio.to_thread(get)
        except urllib.error.HTTPError as exc:
            raise ReverieError(f"the worker refused the search (HTTP {exc.code}): set "
                               "REVERIE_DASHBOARD_TOKEN to the worker's access token") from None
        except OSError as exc:
            raise BrokerUnavailable(f"search needs a running worker (reverie worker) at "
                                    f"{url.split('?')[0]}: {exc}") from None
        return [(h["note_id"], float(h["score"])) for h in body.get("hits", [])]

    async def resolve(self, pair_id: str, keep: str) -> str:
        from reverie.workerapi import call_worker

        answer = await asyncio.to_thread(call_worker, self.settings,
                                         f"/api/review/{pair_id}/resolve", {"keep": keep})
        return str(answer.get("revoked"))

    async def publish(self, event_type: str, data: dict[str, Any]) -> dict[str, Any]:
        from reverie.client import ReverieClient

        if self._client is None:
            client = ReverieClient(self.settings)
            await client.start()
            self._client = client
        event = await getattr(self._client, event_type.replace(".", "_"))(**data)
        return {"event_id": event.event_id, "occurred_at": event.occurred_at.isoformat()}

    async def history(self, note_id: str) -> list[dict[str, Any]]:
        return [c.model_dump(mode="json") for c in await self.app.changes.for_record(note_id)]

    async def pairs(self, agent_id: str) -> list[ReviewPair]:
        return list(await self.app.reviews.list(agent_id, "open"))

    async def close(self) -> None:
        """Stop the producer and close the store."""
        if self._client is not None:
            await self._client.stop()
        await self.app.close()


async def serve_stdio(settings: Settings, scope: McpScope) -> None:
    """Serve the tools over stdin/stdout until the client closes them."""
    backend = RemoteBackend(settings)
    token = settings.dashboard_token.get_secret_value() if settings.dashboard_token else None
    try:
        await build_server(backend, scope, token=token).run_stdio_async()
    finally:
        await backend.close()
