"""The dashboard and ``/metrics`` on the worker's own (Faust) web server.

Read-only pages are open like the JSON API; changing actions post to the API
endpoints of :mod:`reverie.streams.web`, which check the access token and the
CSRF token. Every page sets the ``reverie_csrf`` cookie (SameSite=Strict) if
the browser has none and puts the same value into each form's hidden field. The
access token is never put into a page: the user types it.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable

import faust
from aiohttp import web as aioweb
from faust.web import Request, Response, View

from reverie.bootstrap import Reverie
from reverie.domain.model import Note, Status
from reverie.handlers.digest import build_digest
from reverie.metrics import CONTENT_TYPE, Metrics, metrics_for
from reverie.streams import auth
from reverie.web.charts import agent_charts
from reverie.web.html import PageContext, e, page, security_headers
from reverie.web.notes import render_agent, render_note
from reverie.web.run import RunView, render_run, touched_note_ids
from reverie.web.runs import render_runs

AGENT_PAGE_NOTES = 500
_CSRF_SHAPE = re.compile(r"^[A-Za-z0-9_-]{20,100}$")


def page_context(reverie: Reverie, cookie: str | None) -> tuple[PageContext, bool]:
    """Return the page context and whether the CSRF cookie must be (re)set."""
    fresh = cookie is None or not _CSRF_SHAPE.match(cookie)
    csrf = auth.new_csrf_token() if fresh or cookie is None else cookie
    ctx = PageContext(csrf=csrf, actions_enabled=reverie.settings.dashboard_token is not None,
                      nonce=secrets.token_urlsafe(16))
    return ctx, fresh


def set_csrf_cookie(response: Response, value: str) -> None:
    """Set ``reverie_csrf`` (SameSite=Strict, HttpOnly: the form gets it server-side)."""
    if isinstance(response, aioweb.StreamResponse):
        response.set_cookie(auth.CSRF_COOKIE, value, path="/", samesite="Strict",
                            httponly=True)
    else:  # another web driver: a plain header
        response.headers["Set-Cookie"] = (
            f"{auth.CSRF_COOKIE}={value}; Path=/; SameSite=Strict; HttpOnly")


def _html(view: View, request: Request, reverie: Reverie,
          render: Callable[[PageContext], str], status: int = 200) -> Response:
    ctx, fresh = page_context(reverie, request.cookies.get(auth.CSRF_COOKIE))
    response = view.html(render(ctx), status=status, headers=security_headers(ctx.nonce))
    if fresh:
        set_csrf_cookie(response, ctx.csrf)
    return response


def _not_found(view: View, request: Request, reverie: Reverie, what: str) -> Response:
    return _html(view, request, reverie,
                 lambda ctx: page("Not found", f"<p>{e(what)} does not exist.</p>", ctx), 404)


async def load_run_view(reverie: Reverie, run_id: str) -> RunView | None:
    """Load a run with its steps, changes, open review items and touched notes."""
    run = await reverie.runs.get_run(run_id)
    if run is None:
        return None
    steps = await reverie.runs.steps(run_id)
    ids = touched_note_ids(steps)
    reviews = [p for p in await reverie.reviews.list(run.agent_id, "open") if p.run_id == run_id]
    ids.update(i for p in reviews for i in p.note_ids)
    notes = {n.note_id: n for n in await reverie.notes.get_many(sorted(ids))}
    return RunView(run=run, steps=steps, notes=notes,
                   changes=await reverie.changes.for_run(run_id), reviews=reviews)


async def load_agent_notes(reverie: Reverie, agent_id: str) -> tuple[list[Note], int, list[str]]:
    """Return the most-used Active notes (at most AGENT_PAGE_NOTES), their total, the users."""
    active = [n async for n in reverie.notes.iter_notes(agent_id, status=Status.ACTIVE)]
    users = sorted({n.user_id for n in active if n.user_id})
    active.sort(key=lambda n: (-n.access_count, n.note_id))
    return active[:AGENT_PAGE_NOTES], len(active), users


def register_dashboard(app: faust.App, reverie: Reverie, metrics: Metrics | None = None) -> None:
    """Add the dashboard pages, the Markdown digest and ``/metrics`` to the web server."""
    scraped = metrics or metrics_for(reverie)

    @app.page("/")
    class Runs(View):
        async def get(self, request: Request) -> Response:
            agent = request.query.get("agent") or None
            runs = await reverie.runs.list_runs(agent, limit=100)
            agents = await reverie.notes.agent_ids()
            return _html(self, request, reverie,
                         lambda ctx: render_runs(runs, ctx, agent=agent, agents=agents))

    @app.page("/runs/{run_id}")
    class RunPage(View):
        async def get(self, request: Request, run_id: str) -> Response:
            view = await load_run_view(reverie, run_id)
            if view is None:
                return _not_found(self, request, reverie, f"Run {run_id}")
            return _html(self, request, reverie, lambda ctx: render_run(view, ctx))

    @app.page("/agents/{agent_id}")
    class AgentPage(View):
        async def get(self, request: Request, agent_id: str) -> Response:
            active, total, users = await load_agent_notes(reverie, agent_id)
            counts = await reverie.notes.count_by_status(agent_id)
            every = [n async for n in reverie.notes.iter_notes(agent_id)]
            charts = agent_charts(every, await reverie.runs.list_runs(agent_id, limit=100),
                                  reverie.clock.now())
            return _html(self, request, reverie, lambda ctx: render_agent(
                agent_id, active, ctx, total=total, counts=counts, users=users,
                charts=charts))

    @app.page("/agents/{agent_id}/digest")
    class Digest(View):
        async def get(self, request: Request, agent_id: str) -> Response:
            q = request.query
            text = await build_digest(agent_id, notes=reverie.notes,
                                      user_id=q.get("user_id") or None,
                                      company_id=q.get("company_id") or None)
            return self.bytes(text.encode("utf-8"), headers={
                "Content-Type": "text/markdown; charset=utf-8",
                "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"})

    @app.page("/notes/{note_id}")
    class NotePage(View):
        async def get(self, request: Request, note_id: str) -> Response:
            note = await reverie.notes.get(note_id)
            if note is None:
                return _not_found(self, request, reverie, f"Note {note_id}")
            history = await reverie.changes.for_record(note_id)
            sources = await reverie.notes.get_many(note.source_note_ids)
            into = (await reverie.notes.get(note.consolidated_into_note_id)
                    if note.consolidated_into_note_id else None)
            return _html(self, request, reverie, lambda ctx: render_note(
                note, history, ctx, sources=sources, merged_into=into))

    @app.page("/metrics")
    class MetricsPage(View):
        async def get(self, request: Request) -> Response:
            body = await scraped.render(reverie.notes, app, reverie.reviews)
            return self.bytes(body, headers={"Content-Type": CONTENT_TYPE})
