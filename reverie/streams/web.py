"""JSON endpoints on the worker's own (Faust) web server: health, notes, scoped search."""

from __future__ import annotations

from typing import Any

import faust
from faust.web import Request, Response, View

from reverie.bootstrap import Reverie
from reverie.handlers.ports import SearchScope


def register_api(app: faust.App, reverie: Reverie) -> None:
    """Add ``/health``, ``/api/notes/{id}`` and ``/api/search`` to the Faust web server."""

    @app.page("/health")
    class Health(View):
        async def get(self, request: Request) -> Response:
            assigned = app.consumer.assignment() if app.consumer else set()
            return self.json({"status": "ok", "assigned_partitions": len(assigned)})

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
