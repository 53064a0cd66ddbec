"""Who may change memory through the worker's web server.

Changing actions need the configured access token — as ``Authorization: Bearer``
(scripts, the CLI) or as a form field together with a CSRF token that matches the
``reverie_csrf`` cookie (the dashboard). Without a configured token every
changing action is refused with a message saying how to set one.
"""

from __future__ import annotations

import hmac
import secrets

from pydantic import SecretStr

CSRF_COOKIE = "reverie_csrf"
NO_TOKEN = ("changing memory from the web is disabled: set REVERIE_DASHBOARD_TOKEN "
            "for the worker (and pass it as the access token)")


def new_csrf_token() -> str:
    """Return a fresh random CSRF token."""
    return secrets.token_urlsafe(24)


def check(
    configured: SecretStr | None,
    *,
    authorization: str | None,
    form_token: str | None,
    form_csrf: str | None,
    cookie_csrf: str | None,
) -> str | None:
    """Return None if the request may change memory, else the reason it may not."""
    if configured is None:
        return NO_TOKEN
    secret = configured.get_secret_value()
    if authorization and authorization.startswith("Bearer "):
        if hmac.compare_digest(authorization[7:].strip(), secret):
            return None
        return "wrong access token"
    if not form_token or not hmac.compare_digest(form_token, secret):
        return "wrong or missing access token"
    if not form_csrf or not cookie_csrf or not hmac.compare_digest(form_csrf, cookie_csrf):
        return "missing or mismatched CSRF token: reload the page and try again"
    return None
