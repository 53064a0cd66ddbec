"""The reading JSON routes: ``/health``, ``/asyncapi.yaml``, ``/api/notes/{id}`` and the
scoped ``/api/search`` (rate-limited per token)."""

from __future__ import annotations

from typing import Any

from faust.web import Request, Response, View

from reverie.domain.asyncapi import asyncapi_yaml
from reverie.handlers.ports import SearchScope
from reverie.handlers.readscope import search_bound, search_text
from reverie.streams.auth import AccessDenied
from reverie.streams.web import RouteTable, gate_of, grant_of, reverie_of

ROUTES = RouteTable()


@ROUTES.page("/health")
class Health(View):
    async def get(self, request: Request) -> Response:
        reverie = reverie_of(request)
        assigned = self.app.consumer.assignment() if self.app.consumer else set()
        body: dict[str, Any] = {"status": "ok", "assigned_partitions": len(assigned)}
        if reverie.settings.qdrant_url is None:  # a per-worker index (docs/reliability.md)
            own = reverie.ownership
            body["index"] = {"owned": sorted(own.owned), "rebuilt": sorted(own.ready)}
        return self.json(body)


@ROUTES.page("/asyncapi.yaml")
class AsyncApi(View):
    async def get(self, request: Request) -> Response:
        return self.text(asyncapi_yaml(), content_type="application/yaml")


@ROUTES.page("/api/notes/{note_id}")
class NoteView(View):
    async def get(self, request: Request, note_id: str) -> Response:
        reverie = reverie_of(request)
        note = await reverie.notes.get(note_id)
        if note is None:
            return self.json({"error": f"note {note_id!r} not found"}, status=404)
        grant_of(request).admit_note(
            note.agent_id, note.company_id, note.user_id, f"note {note_id!r}"
        )
        body: dict[str, Any] = note.model_dump(mode="json", exclude={"embedding"})
        body["history"] = [
            c.model_dump(mode="json") for c in await reverie.changes.for_record(note_id)
        ]
        return self.json(body)


@ROUTES.page("/api/search")
class Search(View):
    async def get(self, request: Request) -> Response:
        reverie, q = reverie_of(request), request.query
        agent_id, text = q.get("agent_id"), q.get("q")
        if not agent_id or not text:
            return self.json({"error": "agent_id and q are required"}, status=400)
        grant = grant_of(request)
        company, user = q.get("company_id") or None, q.get("user_id") or None
        exact = q.get("exact", "1") == "1"
        grant.admit(agent_id, company, user)
        if not exact and not grant.whole_agent:
            raise AccessDenied(
                f"forbidden: {grant.describe()} cannot search across "
                "tenants and users (exact=0)"
            )
        wait = await gate_of(request).searches.hit(grant.token_id)
        if wait is not None:
            return self.json(
                {"error": f"search rate limit of this token: try again in {int(wait) + 1} s"},
                status=429,
                headers={"Retry-After": str(int(wait) + 1)},
            )
        try:
            k = max(1, min(int(q.get("k", "10")), 100))
        except ValueError:
            return self.json({"error": "k must be a number"}, status=400)
        if exact:  # what the digest of this binding shows (the token's tenant/user default)
            hits = await search_bound(text, k, agent_id, company or grant.company_id,
                                      user or grant.user_id, notes=reverie.notes,
                                      embedder=reverie.embedder, index=reverie.index)
        else:
            hits = await search_text(text, [SearchScope(agent_id=agent_id, exact_scope=False)],
                                     k, embedder=reverie.embedder, index=reverie.index)
        return self.json({"hits": [{"note_id": h.note_id, "score": h.score} for h in hits]})
