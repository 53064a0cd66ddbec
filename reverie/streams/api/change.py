"""The changing JSON routes: restore a note, resolve a review pair, roll back a run. Each
needs a token that may change; a browser's form carries the CSRF cookie's value; a
refusal of the domain is a 409; a form's safe ``next`` turns the answer into a redirect."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import structlog
from faust.web import Request, Response, View

from reverie.bootstrap import Reverie
from reverie.errors import PermanentError
from reverie.handlers.dream.rollback import resolve_review, rollback
from reverie.handlers.lifecycle import restore_note
from reverie.streams import auth
from reverie.streams.auth import Grant
from reverie.streams.web import RouteTable, check_run, grant_of, reverie_of, via_session

log = structlog.get_logger(__name__)
ROUTES = RouteTable()
Action = Callable[[Reverie, Grant, dict[str, str]], Awaitable[dict[str, Any]]]
"""A change: (reverie, the request's grant, its form) → the JSON answer."""


async def read_form(request: Request) -> dict[str, str]:
    """The request's JSON or form body as strings (empty for any other body)."""
    ctype = request.headers.get("Content-Type", "")
    if "json" in ctype:
        body = await request.json()
        return {k: str(v) for k, v in (body or {}).items()}
    if "form" in ctype:
        return {k: str(v) for k, v in (await request.post()).items()}
    return {}


async def act(view: View, request: Request, action: Action) -> Response:
    """Check CSRF (browsers) and the right to change, run ``action``, answer JSON or 303."""
    form = await read_form(request)
    grant = grant_of(request)
    if via_session(request):  # a browser: the form must carry the CSRF cookie's value
        problem = auth.csrf_problem(form.get("csrf"), request.cookies.get(auth.CSRF_COOKIE))
        if problem:
            return view.json({"error": problem}, status=403)
    grant.may_change()
    try:
        result = await action(reverie_of(request), grant, form)
    except PermanentError as exc:
        return view.json({"error": str(exc)}, status=409)
    log.info("web.changed", token_id=grant.token_id, path=request.url.path)
    target = form.get("next", "")
    if target.startswith("/") and not target.startswith("//"):
        response = view.text("", status=303)
        response.headers["Location"] = target
        return response
    return view.json(result)


async def restore(
    note_id: str, reverie: Reverie, grant: Grant, form: dict[str, str]
) -> dict[str, Any]:
    """Restore a note the grant sees."""
    note = await reverie.notes.get(note_id)
    if note is not None:
        grant.admit_note(note.agent_id, note.company_id, note.user_id, f"note {note_id!r}")
    done = await restore_note(
        note_id,
        notes=reverie.notes,
        index=reverie.index,
        changes=reverie.changes,
        at=reverie.clock.now(),
    )
    return {"note_id": note_id, "result": "restored" if done else "already active"}


async def resolve(
    pair_id: str, reverie: Reverie, grant: Grant, form: dict[str, str]
) -> dict[str, Any]:
    """Resolve a review pair whose agent and notes the grant sees, keeping ``form["keep"]``."""
    pair = await reverie.reviews.get(pair_id)
    if pair is not None:
        grant.admit(pair.agent_id)
        for note in await reverie.notes.get_many(list(pair.note_ids)):
            grant.admit_note(
                note.agent_id, note.company_id, note.user_id, f"review pair {pair_id!r}"
            )
    revoked = await resolve_review(
        pair_id,
        form.get("keep", ""),
        notes=reverie.notes,
        index=reverie.index,
        changes=reverie.changes,
        reviews=reverie.reviews,
        clock=reverie.clock,
    )
    return {"pair_id": pair_id, "kept": form.get("keep"), "revoked": revoked}


async def roll_back(
    run_id: str, reverie: Reverie, grant: Grant, form: dict[str, str]
) -> dict[str, Any]:
    """Roll back a run the grant sees whole."""
    await check_run(reverie, grant, run_id)
    return await rollback(run_id, stores=reverie.stores, clock=reverie.clock)


@ROUTES.page("/api/notes/{note_id}/restore")
class Restore(View):
    async def post(self, request: Request, note_id: str) -> Response:
        return await act(self, request, partial(restore, note_id))


@ROUTES.page("/api/review/{pair_id}/resolve")
class Resolve(View):
    async def post(self, request: Request, pair_id: str) -> Response:
        return await act(self, request, partial(resolve, pair_id))


@ROUTES.page("/api/runs/{run_id}/rollback")
class Rollback(View):
    async def post(self, request: Request, run_id: str) -> Response:
        return await act(self, request, partial(roll_back, run_id))
