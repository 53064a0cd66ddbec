"""The worker's own (Faust, aiohttp) web server: the door every request passes, and the
JSON endpoints (health, notes, scoped search, changing actions).

:func:`install_gate` puts one aiohttp middleware in front of every route, present and
future: a request for anything but :data:`OPEN_PATHS` needs a credential (401 without
one, the dashboard answers with its sign-in form), a wrong one counts against the
client address (past ``REVERIE_AUTH_FAILURES_PER_MINUTE``, wrong ones are answered 429,
later and later; a valid credential is always let through), and a view that finds the
request outside the credential's scope raises ``AccessDenied`` (403). Each
authenticated request is logged with the token id, never the token. Sessions and the
counts behind the limits are kept in MongoDB, so every worker shares them (issue #22).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import faust
import structlog
from aiohttp import web as aioweb
from faust.web import Request, Response, View

from reverie.bootstrap import Reverie
from reverie.domain.asyncapi import asyncapi_yaml
from reverie.errors import PermanentError
from reverie.handlers.dream.rollback import resolve_review, rollback
from reverie.handlers.lifecycle import restore_note
from reverie.handlers.ports import SearchScope
from reverie.handlers.readscope import read_scopes, search_scopes
from reverie.streams import auth
from reverie.streams.auth import AccessDenied, Grant

log = structlog.get_logger(__name__)

GRANT = aioweb.RequestKey("reverie_grant", Grant)
VIA_SESSION = aioweb.RequestKey("reverie_via_session", bool)
OPEN_PATHS = frozenset({"/health", "/metrics", "/asyncapi.yaml", "/signin"})
"""Routes answered without a credential; none of them returns memory content."""

Refusal = Callable[[aioweb.Request, int, str], aioweb.StreamResponse]


@dataclass
class Gate:
    """Credentials, sessions and rate limits of one worker's web server."""

    credentials: auth.Authenticator
    sessions: auth.Sessions
    failures: auth.FailureBackoff
    searches: auth.RateLimit
    proxy_header: str | None
    proxy_identities: dict[str, str]
    refuse: Refusal
    pause: Callable[[float], Awaitable[None]] = asyncio.sleep
    """How a slowed-down failure waits (tests record the delays instead)."""

    async def identify(self, request: aioweb.Request) -> tuple[Grant | None, str | None, bool]:
        """Return (grant, problem, via session cookie) for the request's credential."""
        header = request.headers.get("Authorization", "")
        if header:
            if not header.startswith("Bearer "):
                return None, "use 'Authorization: Bearer <token>'", False
            grant = await self.credentials.grant_for(header[7:].strip())
            return grant, None if grant else auth.WRONG_CREDENTIAL, False
        session = request.cookies.get(auth.SESSION_COOKIE)
        if session:
            token_id = await self.sessions.token_id(session)
            grant = await self.credentials.grant_by_id(token_id) if token_id else None
            if grant is not None:
                return grant, None, True
        if self.proxy_header:
            identity = request.headers.get(self.proxy_header)
            if identity:
                token_id = self.proxy_identities.get(identity)
                grant = await self.credentials.grant_by_id(token_id) if token_id else None
                return (
                    grant,
                    None
                    if grant
                    else (
                        f"the identity in {self.proxy_header} has no scope "
                        "(REVERIE_PROXY_IDENTITIES)"
                    ),
                    False,
                )
        return None, None, False

    async def failed(self, request: aioweb.Request, reason: str) -> aioweb.StreamResponse | None:
        """Count a wrong credential against the client address and log it (no token);
        past the limit, wait and return the 429 to answer with (else None: answer 401)."""
        slow = await self.failures.failed(request.remote or "?")
        log.warning("web.auth_failed", path=request.path, peer=request.remote, reason=reason)
        if slow is None:
            return None
        log.warning("web.auth_throttled", path=request.path, peer=request.remote,
                    delay_s=slow.delay_s)
        await self.pause(slow.delay_s)
        wait = int(slow.retry_after_s) + 1
        response = self.refuse(
            request, 429, f"too many wrong access tokens from this address: try again in {wait} s"
        )
        response.headers["Retry-After"] = str(wait)
        return response


def wants_json(request: aioweb.Request) -> bool:
    """Whether to refuse with JSON (API, MCP, scripts) rather than an HTML page."""
    accept = request.headers.get("Accept", "")
    return request.path.startswith(("/api/", "/mcp")) or "text/html" not in accept


def json_refusal(request: aioweb.Request, status: int, message: str) -> aioweb.StreamResponse:
    """A refusal as ``{"error": message}``."""
    response = aioweb.json_response({"error": message}, status=status)
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="reverie"'
    return response


_GATES: weakref.WeakKeyDictionary[faust.App, Gate] = weakref.WeakKeyDictionary()


def install_gate(app: faust.App, reverie: Reverie, html_refusal: Refusal | None = None) -> Gate:
    """Put the credential check in front of every route of ``app`` (once); return it."""
    gate = _GATES.get(app)
    if gate is not None:
        if html_refusal is not None:
            gate.refuse = _refusal(html_refusal)
        return gate
    settings, clock, counts = reverie.settings, reverie.clock, reverie.rate_counts
    gate = Gate(
        credentials=auth.Authenticator(settings.dashboard_token, reverie.tokens),
        sessions=auth.Sessions(reverie.web_sessions, settings.session_ttl_s, clock),
        failures=auth.FailureBackoff(counts, settings.auth_failures_per_minute, clock),
        searches=auth.RateLimit(counts, "searches", settings.search_per_minute, clock),
        proxy_header=settings.proxy_identity_header,
        proxy_identities=dict(settings.proxy_identities),
        refuse=_refusal(html_refusal),
    )
    _GATES[app] = gate

    @aioweb.middleware
    async def guard(request: aioweb.Request, handler: Any) -> aioweb.StreamResponse:
        if request.path in OPEN_PATHS:
            response: aioweb.StreamResponse = await handler(request)
            return response
        grant, problem, via_session = await gate.identify(request)
        if grant is None:
            if problem and (slowed := await gate.failed(request, problem)) is not None:
                return slowed
            return gate.refuse(request, 401, problem or auth.NO_CREDENTIAL)
        request[GRANT] = grant
        request[VIA_SESSION] = via_session
        log.info("web.access", token_id=grant.token_id, method=request.method, path=request.path)
        try:
            response = await handler(request)
        except AccessDenied as exc:
            log.warning(
                "web.forbidden", token_id=grant.token_id, path=request.path, reason=str(exc)
            )
            return gate.refuse(request, 403, str(exc))
        return response

    app.web.web_app.middlewares.append(guard)  # type: ignore[attr-defined]
    return gate


def _refusal(html: Refusal | None) -> Refusal:
    def refuse(request: aioweb.Request, status: int, message: str) -> aioweb.StreamResponse:
        if html is None or wants_json(request):
            return json_refusal(request, status, message)
        return html(request, status, message)

    return refuse


def grant_of(request: Any) -> Grant:
    """The grant the gate put on an authenticated request."""
    grant: Grant = request[GRANT]
    return grant


def via_session(request: Any) -> bool:
    """Whether the request's credential is the dashboard's session cookie."""
    return bool(request.get(VIA_SESSION))


async def check_run(
    reverie: Reverie, grant: Grant, run_id: str, note_ids: set[str] | None = None
) -> None:
    """Raise ``AccessDenied`` unless the run's agent and every note it touched are visible.

    A dream covers every tenant of its agent: a token bound to one tenant reads a run
    only if it touched nothing of another tenant.
    """
    run = await reverie.runs.get_run(run_id)
    if run is None:
        return
    grant.admit(run.agent_id)
    if grant.whole_agent:
        return
    if note_ids is None:
        from reverie.web.run import touched_note_ids

        note_ids = touched_note_ids(await reverie.runs.steps(run_id))
        for pair in await reverie.reviews.list(run.agent_id, None):
            if pair.run_id == run_id:
                note_ids.update(pair.note_ids)
    for note in await reverie.notes.get_many(sorted(note_ids)):
        grant.admit_note(
            note.agent_id,
            note.company_id,
            note.user_id,
            f"run {run_id} (it touched notes of other tenants or users)",
        )


def register_api(app: faust.App, reverie: Reverie) -> None:
    """Add ``/health``, ``/asyncapi.yaml``, ``/api/notes/{id}``, ``/api/search`` and the
    changing endpoints to the Faust web server, behind the gate."""
    gate = install_gate(app, reverie)

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
            grant_of(request).admit_note(
                note.agent_id, note.company_id, note.user_id, f"note {note_id!r}"
            )
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
            grant = grant_of(request)
            company, user = q.get("company_id") or None, q.get("user_id") or None
            exact = q.get("exact", "1") == "1"
            grant.admit(agent_id, company, user)
            if not exact and not grant.whole_agent:
                raise AccessDenied(
                    f"forbidden: {grant.describe()} cannot search across "
                    "tenants and users (exact=0)"
                )
            wait = await gate.searches.hit(grant.token_id)
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
                scopes = await read_scopes(reverie.notes, agent_id, company or grant.company_id,
                                           user or grant.user_id)
            else:
                scopes = [SearchScope(agent_id=agent_id, exact_scope=False)]
            [vector] = await reverie.embedder.embed([text])
            hits = await search_scopes(reverie.index, vector, scopes, k)
            return self.json({"hits": [{"note_id": h.note_id, "score": h.score} for h in hits]})

    async def read_form(request: Request) -> dict[str, str]:
        ctype = request.headers.get("Content-Type", "")
        if "json" in ctype:
            body = await request.json()
            return {k: str(v) for k, v in (body or {}).items()}
        if "form" in ctype:
            return {k: str(v) for k, v in (await request.post()).items()}
        return {}

    async def act(
        view: View,
        request: Request,
        action: Callable[[Grant, dict[str, str]], Awaitable[dict[str, Any]]],
    ) -> Response:
        form = await read_form(request)
        grant = grant_of(request)
        if via_session(request):  # a browser: the form must carry the CSRF cookie's value
            problem = auth.csrf_problem(form.get("csrf"), request.cookies.get(auth.CSRF_COOKIE))
            if problem:
                return view.json({"error": problem}, status=403)
        grant.may_change()
        try:
            result = await action(grant, form)
        except PermanentError as exc:
            return view.json({"error": str(exc)}, status=409)
        log.info("web.changed", token_id=grant.token_id, path=request.url.path)
        target = form.get("next", "")
        if target.startswith("/") and not target.startswith("//"):
            response = view.text("", status=303)
            response.headers["Location"] = target
            return response
        return view.json(result)

    @app.page("/api/notes/{note_id}/restore")
    class Restore(View):
        async def post(self, request: Request, note_id: str) -> Response:
            async def do(grant: Grant, form: dict[str, str]) -> dict[str, Any]:
                note = await reverie.notes.get(note_id)
                if note is not None:
                    grant.admit_note(
                        note.agent_id, note.company_id, note.user_id, f"note {note_id!r}"
                    )
                done = await restore_note(
                    note_id,
                    notes=reverie.notes,
                    index=reverie.index,
                    changes=reverie.changes,
                    at=reverie.clock.now(),
                )
                return {"note_id": note_id, "result": "restored" if done else "already active"}

            return await act(self, request, do)

    @app.page("/api/review/{pair_id}/resolve")
    class Resolve(View):
        async def post(self, request: Request, pair_id: str) -> Response:
            async def do(grant: Grant, form: dict[str, str]) -> dict[str, Any]:
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

            return await act(self, request, do)

    @app.page("/api/runs/{run_id}/rollback")
    class Rollback(View):
        async def post(self, request: Request, run_id: str) -> Response:
            async def do(grant: Grant, form: dict[str, str]) -> dict[str, Any]:
                await check_run(reverie, grant, run_id)
                return await rollback(
                    run_id,
                    notes=reverie.notes,
                    examples=reverie.examples,
                    index=reverie.index,
                    changes=reverie.changes,
                    runs=reverie.runs,
                    clock=reverie.clock,
                )

            return await act(self, request, do)
