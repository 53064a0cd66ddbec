"""The worker's own (Faust, aiohttp) web server: the door every request passes, and what
every view reads from the aiohttp app (the :class:`Reverie`, the gate) and its route tables.
The JSON API is in :mod:`reverie.streams.api`, the dashboard in :mod:`reverie.streams.dashboard`.

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
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import faust
import structlog
from aiohttp import web as aioweb
from faust.web import View

from reverie.bootstrap import Reverie
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


REVERIE = aioweb.AppKey("reverie", Reverie)
GATE = aioweb.AppKey("reverie_gate", Gate)


def reverie_of(request: Any) -> Reverie:
    """The :class:`Reverie` the worker's web app serves (put there by :func:`install_gate`)."""
    reverie: Reverie = request.app[REVERIE]
    return reverie


def gate_of(request: Any) -> Gate:
    """The gate of the worker's web app (credentials, sessions, rate limits)."""
    gate: Gate = request.app[GATE]
    return gate


V = TypeVar("V", bound=type[View])


@dataclass
class RouteTable:
    """Views by path, added to a Faust app in order: Faust's counterpart of aiohttp's
    ``RouteTableDef`` (a view reads the app's state from the request, captures nothing)."""

    routes: list[tuple[str, type[View]]] = field(default_factory=list)

    def page(self, path: str) -> Callable[[V], V]:
        """Record the decorated view class under ``path``."""

        def add(view: V) -> V:
            self.routes.append((path, view))
            return view

        return add

    def add_to(self, app: faust.App) -> None:
        """Add every recorded view to ``app``'s web server."""
        for path, view in self.routes:
            app.page(path)(view)


def install_gate(app: faust.App, reverie: Reverie, html_refusal: Refusal | None = None) -> Gate:
    """Put the credential check in front of every route of ``app`` (once) and the
    :class:`Reverie` and gate on its web app; return the gate."""
    web_app: aioweb.Application = app.web.web_app  # type: ignore[attr-defined]
    gate = web_app.get(GATE)
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
    web_app[GATE] = gate
    web_app[REVERIE] = reverie

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

    web_app.middlewares.append(guard)
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
