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

import hmac
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from pydantic import SecretStr

from reverie.errors import ReverieError
from reverie.handlers.ports import TokenStore
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
    """Dashboard sign-ins of this worker: random session id -> (token id, expiry).

    The session keeps the token id only; each request looks the token up again, so a
    revoked token ends its sessions at once.
    """

    def __init__(self, ttl_s: float, now: Callable[[], float] = time.monotonic) -> None:
        self.ttl_s = ttl_s
        self._now = now
        self._sessions: dict[str, tuple[str, float]] = {}

    def open(self, token_id: str) -> str:
        """Start a session for the token; return its id (the cookie's value)."""
        now = self._now()
        self._sessions = {k: v for k, v in self._sessions.items() if v[1] > now}
        session_id = secrets.token_urlsafe(32)
        self._sessions[session_id] = (token_id, now + self.ttl_s)
        return session_id

    def token_id(self, session_id: str) -> str | None:
        """Return the token id of a live session, else None."""
        found = self._sessions.get(session_id)
        if found is None:
            return None
        if found[1] <= self._now():
            del self._sessions[session_id]
            return None
        return found[0]

    def close(self, session_id: str) -> None:
        """End a session (signing out)."""
        self._sessions.pop(session_id, None)


class RateLimit:
    """At most ``limit`` events per key within ``window_s`` (a sliding window)."""

    def __init__(
        self, limit: int, window_s: float = 60.0, now: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.window_s = window_s
        self._now = now
        self._events: dict[str, deque[float]] = {}

    def _recent(self, key: str) -> deque[float]:
        now = self._now()
        events = self._events.setdefault(key, deque())
        while events and events[0] <= now - self.window_s:
            events.popleft()
        if len(self._events) > 10_000:  # forget idle keys
            self._events = {k: v for k, v in self._events.items() if v or k == key}
        return events

    def retry_after(self, key: str) -> float | None:
        """Seconds until ``key`` may act again, or None if it may now."""
        events = self._recent(key)
        if len(events) < self.limit:
            return None
        return max(0.0, events[0] + self.window_s - self._now())

    def hit(self, key: str) -> float | None:
        """Count one event unless over the limit; return the wait if it was refused."""
        wait = self.retry_after(key)
        if wait is None:
            self._events[key].append(self._now())
        return wait
