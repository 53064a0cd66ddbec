"""A note's page: its text, history, sources and the note it was merged into."""

from __future__ import annotations

from faust.web import Request, Response, View

from reverie.streams.dashboard.respond import html, not_found
from reverie.streams.web import RouteTable, grant_of, reverie_of
from reverie.web.notes import render_note

ROUTES = RouteTable()


@ROUTES.page("/notes/{note_id}")
class NotePage(View):
    async def get(self, request: Request, note_id: str) -> Response:
        reverie, grant = reverie_of(request), grant_of(request)
        note = await reverie.notes.get(note_id)
        if note is None:
            return not_found(request, f"Note {note_id}")
        grant.admit_note(note.agent_id, note.company_id, note.user_id, f"note {note_id!r}")
        history = await reverie.changes.for_record(note_id)
        sources = [n for n in await reverie.notes.get_many(note.source_note_ids)
                   if grant.sees(n.agent_id, n.company_id, n.user_id)]
        into = (await reverie.notes.get(note.consolidated_into_note_id)
                if note.consolidated_into_note_id else None)
        if into is not None and not grant.sees(into.agent_id, into.company_id, into.user_id):
            into = None
        return html(request, lambda ctx: render_note(
            note, history, ctx, sources=sources, merged_into=into))
