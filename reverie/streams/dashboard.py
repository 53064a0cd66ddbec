"""The dashboard, sign-in and ``/metrics`` on the worker's own (Faust) web server.

Every page but ``/signin`` and ``/metrics`` passes the gate of
:mod:`reverie.streams.web`: a browser without a session gets the sign-in form (HTTP
401). Signing in posts the token once; the answer sets ``reverie_session`` (HttpOnly,
SameSite=Strict, expiring after ``REVERIE_SESSION_TTL_S``), and the token is never put
into a page or a URL. Pages show only what the session's grant may see and answer 403
for anything outside it. Changing actions post to the API endpoints with the CSRF token
of the ``reverie_csrf`` cookie (set by every page, SameSite=Strict) in a hidden field.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from typing import Any

import faust
import structlog
from aiohttp import web as aioweb
from faust.web import Request, Response, View

from reverie.bootstrap import Reverie
from reverie.deadletters import Selection, current_marks, group_by_reason, parse_since, select
from reverie.domain.model import Note, Status
from reverie.errors import BrokerUnavailable
from reverie.handlers.digest import build_digest
from reverie.metrics import CONTENT_TYPE, Metrics, metrics_for
from reverie.streams import auth
from reverie.streams.auth import AccessDenied, Grant
from reverie.streams.web import GRANT, VIA_SESSION, check_run, grant_of, install_gate
from reverie.web.charts import agent_charts
from reverie.web.deadletters import DlqFilters, render_dead_letter, render_dead_letters
from reverie.web.html import PageContext, e, page, security_headers
from reverie.web.notes import render_agent, render_note
from reverie.web.run import RunView, render_run, touched_note_ids
from reverie.web.runs import render_runs
from reverie.web.signin import render_signin, safe_next

log = structlog.get_logger(__name__)
AGENT_PAGE_NOTES = 500
DLQ_PAGE_NEWEST = 10_000
"""Records of each reverie.dlq partition the dead-letter page reads at most (the newest)."""
_CSRF_SHAPE = re.compile(r"^[A-Za-z0-9_-]{20,100}$")


def page_context(cookie: str | None, grant: Grant | None = None,
                 via_session: bool = False) -> tuple[PageContext, bool]:
    """Return the page context and whether the CSRF cookie must be (re)set."""
    fresh = cookie is None or not _CSRF_SHAPE.match(cookie)
    csrf = auth.new_csrf_token() if fresh or cookie is None else cookie
    ctx = PageContext(csrf=csrf, actions_enabled=grant is None or not grant.read_only,
                      nonce=secrets.token_urlsafe(16),
                      signed_in_as=grant.describe() if grant and via_session else None)
    return ctx, fresh


def set_csrf_cookie(response: Any, value: str) -> None:
    """Set ``reverie_csrf`` (SameSite=Strict, HttpOnly: the form gets it server-side)."""
    if isinstance(response, aioweb.StreamResponse):
        response.set_cookie(auth.CSRF_COOKIE, value, path="/", samesite="Strict",
                            httponly=True)
    else:  # another web driver: a plain header
        response.headers["Set-Cookie"] = (
            f"{auth.CSRF_COOKIE}={value}; Path=/; SameSite=Strict; HttpOnly")


def html_response(request: aioweb.Request, render: Callable[[PageContext], str],
                  status: int = 200) -> aioweb.Response:
    """An HTML page with the security headers, the CSRF cookie set if the browser has none."""
    grant = request.get(GRANT)
    ctx, fresh = page_context(request.cookies.get(auth.CSRF_COOKIE), grant,
                              bool(request.get(VIA_SESSION)))
    response = aioweb.Response(text=render(ctx), status=status, content_type="text/html",
                               headers=security_headers(ctx.nonce))
    if fresh:
        set_csrf_cookie(response, ctx.csrf)
    return response


def _html(view: View, request: Request, reverie: Reverie,
          render: Callable[[PageContext], str], status: int = 200) -> Response:
    return html_response(request, render, status)  # type: ignore[arg-type,return-value]


def html_refusal(request: aioweb.Request, status: int, message: str) -> aioweb.StreamResponse:
    """A browser's 401 (the sign-in form, coming back here afterwards) or 403/429 page."""
    if status == 401:
        return html_response(request, lambda ctx: render_signin(
            ctx, request.path_qs, None if message == auth.NO_CREDENTIAL else message), 401)
    title = "Too many attempts" if status == 429 else "Forbidden"
    return html_response(request, lambda ctx: page(title, f"<p>{e(message)}</p>", ctx), status)


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


async def load_agent_notes(reverie: Reverie, agent_id: str, grant: Grant | None = None
                           ) -> tuple[list[Note], int, list[str]]:
    """Return the most-used Active notes the grant sees (at most AGENT_PAGE_NOTES), their
    total, the users."""
    active = [n async for n in reverie.notes.iter_notes(agent_id, status=Status.ACTIVE)
              if grant is None or grant.sees(n.agent_id, n.company_id, n.user_id)]
    users = sorted({n.user_id for n in active if n.user_id})
    active.sort(key=lambda n: (-n.access_count, n.note_id))
    return active[:AGENT_PAGE_NOTES], len(active), users


def admit_operator(grant: Grant) -> None:
    """Raise ``AccessDenied`` unless the grant covers every agent and tenant: dead letters
    hold any agent's and tenant's messages, undecoded."""
    if not grant.everything:
        raise AccessDenied(f"forbidden: {grant.describe()}; dead letters hold messages of "
                           "every agent and tenant and need a token of all scopes")


def register_dashboard(app: faust.App, reverie: Reverie, metrics: Metrics | None = None) -> None:
    """Add sign-in and sign-out, the dashboard pages, the Markdown digest and ``/metrics``
    to the web server, behind the gate."""
    scraped = metrics or metrics_for(reverie)
    gate = install_gate(app, reverie, html_refusal)

    @app.page("/signin")
    class SignIn(View):
        async def get(self, request: Request) -> Response:
            return _html(self, request, reverie, lambda ctx: render_signin(
                ctx, request.query.get("next") or "/"))

        async def post(self, request: Any) -> Response:
            form = {k: str(v) for k, v in (await request.post()).items()}
            target = safe_next(form.get("next"))

            def again(message: str, status: int) -> Response:
                return _html(self, request, reverie,
                             lambda ctx: render_signin(ctx, target, message), status)

            problem = auth.csrf_problem(form.get("csrf"), request.cookies.get(auth.CSRF_COOKIE))
            if problem:
                return again(problem, 403)
            grant = await gate.credentials.grant_for(form.get("token", "").strip())
            if grant is None:
                if (slowed := await gate.failed(request, auth.WRONG_CREDENTIAL)) is not None:
                    return slowed  # type: ignore[return-value]
                return again(auth.WRONG_CREDENTIAL, 401)
            session = await gate.sessions.open(grant.token_id)
            log.info("web.signed_in", token_id=grant.token_id, peer=request.remote)
            response = self.text("", status=303)
            response.headers["Location"] = target
            response.headers["Cache-Control"] = "no-store"
            response.set_cookie(  # type: ignore[attr-defined]
                auth.SESSION_COOKIE, session, path="/", httponly=True, samesite="Strict",
                max_age=int(gate.sessions.ttl_s), secure=request.secure)
            return response

    @app.page("/signout")
    class SignOut(View):
        async def post(self, request: Request) -> Response:
            form = {k: str(v) for k, v in (await request.post()).items()}
            problem = auth.csrf_problem(form.get("csrf"), request.cookies.get(auth.CSRF_COOKIE))
            if problem:
                raise AccessDenied(problem)
            session = request.cookies.get(auth.SESSION_COOKIE)
            if session:
                await gate.sessions.close(session)
            log.info("web.signed_out", token_id=grant_of(request).token_id)
            response = self.text("", status=303)
            response.headers["Location"] = "/signin"
            response.del_cookie(auth.SESSION_COOKIE, path="/")  # type: ignore[attr-defined]
            return response

    @app.page("/")
    class Runs(View):
        async def get(self, request: Request) -> Response:
            grant = grant_of(request)
            agent = request.query.get("agent") or None
            if agent is not None:
                grant.admit(agent)
            elif grant.agent_id is not None:
                agent = grant.agent_id
            runs = await reverie.runs.list_runs(agent, limit=100)
            agents = ([grant.agent_id] if grant.agent_id is not None
                      else await reverie.notes.agent_ids())
            return _html(self, request, reverie,
                         lambda ctx: render_runs(runs, ctx, agent=agent, agents=agents,
                                                 operator=grant.everything))

    @app.page("/runs/{run_id}")
    class RunPage(View):
        async def get(self, request: Request, run_id: str) -> Response:
            view = await load_run_view(reverie, run_id)
            if view is None:
                return _not_found(self, request, reverie, f"Run {run_id}")
            await check_run(reverie, grant_of(request), run_id, set(view.notes))
            return _html(self, request, reverie, lambda ctx: render_run(view, ctx))

    @app.page("/agents/{agent_id}")
    class AgentPage(View):
        async def get(self, request: Request, agent_id: str) -> Response:
            grant = grant_of(request)
            grant.admit(agent_id)
            active, total, users = await load_agent_notes(reverie, agent_id, grant)
            every = [n async for n in reverie.notes.iter_notes(agent_id)
                     if grant.sees(n.agent_id, n.company_id, n.user_id)]
            if grant.whole_agent:
                counts = await reverie.notes.count_by_status(agent_id)
            else:
                counts = {}
                for n in every:
                    counts[n.status.value] = counts.get(n.status.value, 0) + 1
            charts = agent_charts(every, await reverie.runs.list_runs(agent_id, limit=100),
                                  reverie.clock.now())
            seen = "" if grant.whole_agent else (
                f"Only what {grant.describe()} may see: its tenant and user, and the notes "
                "shared across them.")
            return _html(self, request, reverie, lambda ctx: render_agent(
                agent_id, active, ctx, total=total, counts=counts, users=users,
                charts=charts, scope_note=seen))

    @app.page("/agents/{agent_id}/digest")
    class Digest(View):
        async def get(self, request: Request, agent_id: str) -> Response:
            grant = grant_of(request)
            q = request.query
            company, user = q.get("company_id") or None, q.get("user_id") or None
            grant.admit(agent_id, company, user)
            text = await build_digest(agent_id, notes=reverie.notes,
                                      user_id=user or grant.user_id,
                                      company_id=company or grant.company_id)
            return self.bytes(text.encode("utf-8"), headers={
                "Content-Type": "text/markdown; charset=utf-8",
                "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"})

    @app.page("/notes/{note_id}")
    class NotePage(View):
        async def get(self, request: Request, note_id: str) -> Response:
            grant = grant_of(request)
            note = await reverie.notes.get(note_id)
            if note is None:
                return _not_found(self, request, reverie, f"Note {note_id}")
            grant.admit_note(note.agent_id, note.company_id, note.user_id, f"note {note_id!r}")
            history = await reverie.changes.for_record(note_id)
            sources = [n for n in await reverie.notes.get_many(note.source_note_ids)
                       if grant.sees(n.agent_id, n.company_id, n.user_id)]
            into = (await reverie.notes.get(note.consolidated_into_note_id)
                    if note.consolidated_into_note_id else None)
            if into is not None and not grant.sees(into.agent_id, into.company_id,
                                                   into.user_id):
                into = None
            return _html(self, request, reverie, lambda ctx: render_note(
                note, history, ctx, sources=sources, merged_into=into))

    @app.page("/dlq")
    class DeadLetters(View):
        async def get(self, request: Request) -> Response:
            admit_operator(grant_of(request))
            q = request.query
            filters = DlqFilters(*(str(q.get(k) or "").strip() for k in (
                "since", "reason", "topic", "consumer_group")))
            group = filters.consumer_group or reverie.settings.app_id
            groups, total, problem, status = [], 0, None, 200
            try:
                since = parse_since(filters.since, reverie.clock.now()) if filters.since else None
            except ValueError as exc:
                since, problem, status = None, f"since: {exc}", 400
            if problem is None:
                chosen = Selection(since=since, reason=filters.reason or None,
                                   topic=filters.topic or None,
                                   consumer_group=None if group == "*" else group)
                assert reverie.dead_letters is not None and reverie.redrives is not None
                try:
                    entries = await select(reverie.dead_letters, chosen, DLQ_PAGE_NEWEST)
                    marks = await current_marks(reverie.redrives, entries)
                    groups, total = group_by_reason(entries, set(marks)), len(entries)
                except BrokerUnavailable as exc:
                    problem, status = str(exc), 503
            return _html(self, request, reverie, lambda ctx: render_dead_letters(
                groups, ctx, filters=filters, group=None if group == "*" else group,
                total=total, newest=DLQ_PAGE_NEWEST, problem=problem), status)

    @app.page("/dlq/{partition}/{offset}")
    class DeadLetterPage(View):
        async def get(self, request: Request, partition: str, offset: str) -> Response:
            admit_operator(grant_of(request))
            what = f"Dead letter {partition}:{offset}"
            if not (partition.isdigit() and offset.isdigit()):
                return _not_found(self, request, reverie, what)
            assert reverie.dead_letters is not None and reverie.redrives is not None
            found = await reverie.dead_letters.at(int(offset), int(partition))
            if not found:
                return _not_found(self, request, reverie, what)
            mark = (await current_marks(reverie.redrives, found)).get(found[0].ledger_id)
            return _html(self, request, reverie,
                         lambda ctx: render_dead_letter(found[0], mark, ctx))

    @app.page("/metrics")
    class MetricsPage(View):
        async def get(self, request: Request) -> Response:
            body = await scraped.render(reverie.notes, app, reverie.reviews)
            return self.bytes(body, headers={"Content-Type": CONTENT_TYPE})
