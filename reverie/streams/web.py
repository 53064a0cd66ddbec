"""JSON endpoints on the worker's own (Faust) web server: health, notes, scoped search."""

from __future__ import annotations

from typing import Any

import faust
from faust.web import Request, Response, View

from reverie.bootstrap import Reverie
from reverie.domain.asyncapi import asyncapi_yaml
from reverie.errors import PermanentError
from reverie.handlers.dream.rollback import resolve_review, rollback
from reverie.handlers.lifecycle import restore_note
from reverie.handlers.ports import SearchScope
from reverie.streams import auth


def register_api(app: faust.App, reverie: Reverie) -> None:
    """Add ``/health``, ``/asyncapi.yaml``, ``/api/notes/{id}`` and ``/api/search`` to the
    Faust web server."""

    @app.page("/health")
    class Health(View):
        async def get(self, request: Request) -> Response:
            assigned = app.consumer.assignment() if app.consumer else set()
            body: dict[str, Any] = {"status": "ok", "assigned_partitions": len(assigned)}
            if reverie.settings.qdrant_url is None:  # a per-worker index (docs/reliability.md)
                own = reverie.ownership
                body["index"] = {"owned": sorted(own.owned), "rebuilt": sorted(own.ready)}
            return self.json(body)

    @app.page("/asyncapi.yaml")
    class AsyncApi(View):
        async def get(self, request: Request) -> Response:
            return self.text(asyncapi_yaml(), content_type="application/yaml")

    @app.page("/api/notes/{note_id}")
    class NoteView(View):
        async def get(self, request: Request, note_id: str) -> Response:
            note = await reverie.notes.get(note_id)
            if note is None:
                return self.json({"error": f"note {note_id!r} not found"}, status=404)
            body: dict[str, Any] = note.model_dump(mode="json", exclude={"embedding"})
            body["history"] = [
                c.model_dump(mode="json") for c in await reverie.changes.for_record(note_id)
            ]
            return self.json(body)

    @app.page("/api/search")
    class Search(View):
        async def get(self, request: Request) -> Response:
            q = request.query
            agent_id, text = q.get("agent_id"), q.get("q")
            if not agent_id or not text:
                return self.json({"error": "agent_id and q are required"}, status=400)
            scope = SearchScope(
                agent_id=agent_id, company_id=q.get("company_id") or None,
                user_id=q.get("user_id") or None, exact_scope=q.get("exact", "1") == "1",
            )
            [vector] = await reverie.embedder.embed([text])
            hits = await reverie.index.search(vector, scope, int(q.get("k", "10")))
            return self.json({"hits": [{"note_id": h.note_id, "score": h.score} for h in hits]})

    async def authorized(view: View, request: Request) -> tuple[dict[str, str], str | None]:
        """Read the form or JSON body and check the access and CSRF tokens."""
        form: dict[str, str] = {}
        ctype = request.headers.get("Content-Type", "")
        if "json" in ctype:
            body = await request.json()
            form = {k: str(v) for k, v in (body or {}).items()}
        elif "form" in ctype:
            form = {k: str(v) for k, v in (await request.post()).items()}
        problem = auth.check(
            reverie.settings.dashboard_token,
            authorization=request.headers.get("Authorization"),
            form_token=form.get("token"), form_csrf=form.get("csrf"),
            cookie_csrf=request.cookies.get(auth.CSRF_COOKIE),
        )
        return form, problem

    async def act(view: View, request: Request, action: Any) -> Response:
        form, problem = await authorized(view, request)
        if problem:
            return view.json({"error": problem}, status=403)
        try:
            result = await action(form)
        except PermanentError as exc:
            return view.json({"error": str(exc)}, status=409)
        target = form.get("next", "")
        if target.startswith("/") and not target.startswith("//"):
            response = view.text("", status=303)
            response.headers["Location"] = target
            return response
        return view.json(result)

    @app.page("/api/notes/{note_id}/restore")
    class Restore(View):
        async def post(self, request: Request, note_id: str) -> Response:
            async def do(form: dict[str, str]) -> dict[str, Any]:
                done = await restore_note(note_id, notes=reverie.notes, index=reverie.index,
                                          changes=reverie.changes, at=reverie.clock.now())
                return {"note_id": note_id, "result": "restored" if done else "already active"}
            return await act(self, request, do)

    @app.page("/api/review/{pair_id}/resolve")
    class Resolve(View):
        async def post(self, request: Request, pair_id: str) -> Response:
            async def do(form: dict[str, str]) -> dict[str, Any]:
                revoked = await resolve_review(
                    pair_id, form.get("keep", ""), notes=reverie.notes, index=reverie.index,
                    changes=reverie.changes, reviews=reverie.reviews, clock=reverie.clock)
                return {"pair_id": pair_id, "kept": form.get("keep"), "revoked": revoked}
            return await act(self, request, do)

    @app.page("/api/runs/{run_id}/rollback")
    class Rollback(View):
        async def post(self, request: Request, run_id: str) -> Response:
            async def do(form: dict[str, str]) -> dict[str, Any]:
                return await rollback(run_id, notes=reverie.notes, examples=reverie.examples,
                                      index=reverie.index, changes=reverie.changes,
                                      runs=reverie.runs, clock=reverie.clock)
            return await act(self, request, do)
