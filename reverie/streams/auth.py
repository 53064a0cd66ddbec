"""Who may read and change memory through the worker's web server (issue #15).

Every content route needs a credential: ``Authorization: Bearer <token>`` (scripts,
the CLI, MCP clients) or the dashboard's session cookie, set by the sign-in form. A
token is ``REVERIE_DASHBOARD_TOKEN`` (every agent and tenant, read-write) or a stored,
scoped token (:mod:`reverie.storage.tokens`). What a credential may see is a
:class:`Grant`; a request outside it raises :class:`AccessDenied` (HTTP 403), never an
empty answer. Changing requests that rely on the session cookie also need the CSRF
token of the ``reverie_csrf`` cookie in their form.

Nothing here knows about HTTP: the web server (:mod:`reverie.streams.web`) decodes the
request and calls these.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from pydantic import SecretStr

from reverie.clock import Clock
from reverie.errors import ReverieError
from reverie.handlers.ports import RateCounter, SessionStore, TokenStore
from reverie.storage import tokens as stored

CSRF_COOKIE = "reverie_csrf"
SESSION_COOKIE = "reverie_session"
DASHBOARD_TOKEN_ID = "dashboard"
NO_CREDENTIAL = (
    "sign in: this needs an access token (Authorization: Bearer <token>, or "
    "the sign-in form at /signin)"
)
WRONG_CREDENTIAL = "wrong, revoked or expired access token"


class AccessDenied(ReverieError):
    """A credential asks for something outside its scope, or to change with a read-only one."""


def new_csrf_token() -> str:
    """Return a fresh random CSRF token."""
    return secrets.token_urlsafe(24)


def csrf_problem(form_csrf: str | None, cookie_csrf: str | None) -> str | None:
    """Return None if the form's CSRF token matches the cookie's, else the reason."""
    if not form_csrf or not cookie_csrf or not hmac.compare_digest(form_csrf, cookie_csrf):
        return "missing or mismatched CSRF token: reload the page and try again"
    return None


@dataclass(frozen=True)
class Grant:
    """What one credential may see and do: an agent (None: all), a tenant, a user."""

    token_id: str
    agent_id: str | None = None
    company_id: str | None = None
    user_id: str | None = None
    read_only: bool = False

    @property
    def everything(self) -> bool:
        """Whether the grant covers every agent, tenant and user."""
        return self.agent_id is None and self.company_id is None and self.user_id is None

    @property
    def whole_agent(self) -> bool:
        """Whether the grant covers every tenant and user of its agent(s)."""
        return self.company_id is None and self.user_id is None

    def describe(self) -> str:
        """Return e.g. ``token 3fa1c2: agent support-bot, company acme, read-only``."""
        parts = [f"agent {self.agent_id}" if self.agent_id else "every agent"]
        if self.company_id:
            parts.append(f"company {self.company_id}")
        if self.user_id:
            parts.append(f"user {self.user_id}")
        if self.read_only:
            parts.append("read-only")
        return f"token {self.token_id}: " + ", ".join(parts)

    def sees(self, agent_id: str, company_id: str | None, user_id: str | None) -> bool:
        """Whether a note with these references is inside the grant (shared notes of its
        agent and tenant included, as in MCP)."""
        return (
            (self.agent_id is None or agent_id == self.agent_id)
            and (self.company_id is None or company_id in (None, self.company_id))
            and (self.user_id is None or user_id in (None, self.user_id))
        )

    def admit(
        self, agent_id: str, company_id: str | None = None, user_id: str | None = None
    ) -> None:
        """Raise :class:`AccessDenied` naming what of the request is outside the grant."""
        wrong = []
        if self.agent_id is not None and agent_id != self.agent_id:
            wrong.append(f"agent {agent_id!r}")
        if self.company_id is not None and company_id not in (None, self.company_id):
            wrong.append(f"company {company_id!r}")
        if self.user_id is not None and user_id not in (None, self.user_id):
            wrong.append(f"user {user_id!r}")
        if wrong:
            raise AccessDenied(f"forbidden: {self.describe()} cannot read {' and '.join(wrong)}")

    def admit_note(
        self, agent_id: str, company_id: str | None, user_id: str | None, what: str
    ) -> None:
        """Raise :class:`AccessDenied` unless a record with these references is visible."""
        if not self.sees(agent_id, company_id, user_id):
            raise AccessDenied(f"forbidden: {what} is outside the scope of {self.describe()}")

    def may_change(self) -> None:
        """Raise :class:`AccessDenied` for a read-only grant."""
        if self.read_only:
            raise AccessDenied(
                f"forbidden: {self.describe()}; changing memory needs a read-write token"
            )

    def covers(self, agent_id: str, company_id: str | None, user_id: str | None) -> bool:
        """Whether the grant includes the whole scope (agent, tenant, user) given."""
        return (
            (self.agent_id is None or self.agent_id == agent_id)
            and (self.company_id is None or self.company_id == company_id)
            and (self.user_id is None or self.user_id == user_id)
        )


class Authenticator:
    """Turns a presented token into a :class:`Grant` (or None): the dashboard token or a
    stored, unrevoked token whose secret matches."""

    def __init__(self, dashboard_token: SecretStr | None, tokens: TokenStore | None) -> None:
        self._dashboard = dashboard_token
        self._tokens = tokens

    async def grant_for(self, token: str) -> Grant | None:
        """Return the token's grant, or None if it is wrong or revoked."""
        if self._dashboard is not None and hmac.compare_digest(
            token.encode(), self._dashboard.get_secret_value().encode()
        ):
            return Grant(DASHBOARD_TOKEN_ID)
        parts = stored.split(token)
        if parts is None or self._tokens is None:
            return None
        return await self.grant_by_id(parts[0], secret=parts[1])

    async def grant_by_id(self, token_id: str, secret: str | None = None) -> Grant | None:
        """Return the grant of an unrevoked stored token (checking ``secret`` if given)."""
        if token_id == DASHBOARD_TOKEN_ID:
            return Grant(DASHBOARD_TOKEN_ID) if self._dashboard is not None else None
        if self._tokens is None:
            return None
        record = await self._tokens.get(token_id)
        if record is None or record.revoked_at is not None:
            return None
        if secret is not None and not stored.matches(record, secret):
            return None
        return Grant(
            record.token_id, record.agent_id, record.company_id, record.user_id, record.read_only
        )


class Sessions:
    """Dashboard sign-ins, kept in a :class:`SessionStore` shared by every worker: the
    cookie holds a random session id, the store its SHA-256 and the token id.

    The session keeps the token id only; each request looks the token up again, so a
    revoked token ends its sessions at once.
    """

    def __init__(self, store: SessionStore, ttl_s: float, clock: Clock) -> None:
        self.ttl_s = ttl_s
        self._store = store
        self._clock = clock

    async def open(self, token_id: str) -> str:
        """Start a session for the token; return its id (the cookie's value)."""
        session_id = secrets.token_urlsafe(32)
        expires = self._clock.now() + timedelta(seconds=self.ttl_s)
        await self._store.open(session_key(session_id), token_id, expires)
        return session_id

    async def token_id(self, session_id: str) -> str | None:
        """Return the token id of a live session, else None."""
        return await self._store.token_id(session_key(session_id), self._clock.now())

    async def close(self, session_id: str) -> None:
        """End a session (signing out), on every worker."""
        await self._store.close(session_key(session_id))


def session_key(session_id: str) -> str:
    """Return what the store keeps of a session id (hex SHA-256)."""
    return hashlib.sha256(session_id.encode()).hexdigest()


def _wait(times: list[datetime], allowed: int, window_s: float, now: datetime) -> float:
    """Seconds until fewer than ``allowed`` of ``times`` (oldest first) are in the window."""
    leaving = times[max(0, len(times) - allowed)]
    return max(0.0, (leaving - now).total_seconds() + window_s)


class RateLimit:
    """At most ``limit`` events per key within ``window_s`` (a sliding window), counted
    in a :class:`RateCounter` shared by every worker."""

    def __init__(self, counter: RateCounter, name: str, limit: int, clock: Clock,
                 window_s: float = 60.0) -> None:
        self.limit = limit
        self.window_s = window_s
        self._counter = counter
        self._name = name
        self._clock = clock

    async def hit(self, key: str) -> float | None:
        """Count one event unless over the limit; return the wait if it was refused.

        The event is stored first, then placed among every worker's events of the window
        (by time, then id): it passes if fewer than ``limit`` come before it, else it takes
        itself back. Hits taken in turn are exact; a burst racing across workers is never
        refused whole, but may let a few more through when an earlier one is stored only
        after a later one counted (12 at once, limit 5, on FerretDB: 5 passed in most
        bursts, up to 8 in some).
        """
        now = self._clock.now()
        window = timedelta(seconds=self.window_s)
        key = f"{self._name}:{key}"
        event_id = await self._counter.record(key, now, now + window)
        events = await self._counter.since(key, now - window)
        ids = [i for _, i in events]
        rank = ids.index(event_id) if event_id in ids else len(ids)
        if rank < self.limit:
            return None
        await self._counter.forget(event_id)
        return _wait([at for at, _ in events[:rank]], self.limit, self.window_s, now)


@dataclass(frozen=True)
class Slowdown:
    """How a wrong credential past the limit is answered: after ``delay_s``, with HTTP 429
    and ``Retry-After: retry_after_s``."""

    retry_after_s: float
    delay_s: float


class FailureBackoff:
    """Wrong credentials per client address, counted across workers in a :class:`RateCounter`.

    Only failures are limited: a valid credential is always accepted, so nobody behind a
    shared proxy address can lock the others out. Past ``limit`` failures within the
    window, each further one is answered 429 after a delay that starts at
    ``first_delay_s`` and doubles up to ``max_delay_s``; failures past that cap are no
    longer stored (a flood of them costs one read each, no write).
    """

    def __init__(self, counter: RateCounter, limit: int, clock: Clock, window_s: float = 60.0,
                 first_delay_s: float = 0.25, max_delay_s: float = 2.0) -> None:
        self.limit = limit
        self.window_s = window_s
        self._counter = counter
        self._clock = clock
        self._first = first_delay_s
        self._max = max_delay_s
        self._steps = 1
        while first_delay_s * 2 ** (self._steps - 1) < max_delay_s:
            self._steps += 1

    async def failed(self, address: str) -> Slowdown | None:
        """Count a wrong credential from ``address``; return how to slow it down if the
        address is past the limit, else None (answer 401)."""
        now = self._clock.now()
        window = timedelta(seconds=self.window_s)
        key = f"auth-failures:{address}"
        times = [at for at, _ in await self._counter.since(key, now - window)]
        if len(times) < self.limit + self._steps:
            await self._counter.record(key, now, now + window)
            times.append(now)
        excess = len(times) - self.limit
        if excess <= 0:
            return None
        delay = min(self._max, self._first * 2 ** (excess - 1))
        return Slowdown(_wait(times, self.limit, self.window_s, now), delay)
