"""The sign-in page (``/signin``, and the body of every 401 a browser gets)."""

from __future__ import annotations

from reverie.web.html import PageContext, e, page


def safe_next(target: str | None) -> str:
    """Return ``target`` if it is a path on this server, else ``/`` (no open redirect)."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return "/"


def render_signin(ctx: PageContext, next_url: str, message: str | None = None) -> str:
    """A form posting the access token (a password field, never filled by the server),
    the CSRF token and where to go after signing in."""
    problem = f'<p class="flash error">{e(message)}</p>' if message else ""
    form = (
        '<form class="signin" method="post" action="/signin">'
        f'<input type="hidden" name="csrf" value="{e(ctx.csrf)}">'
        f'<input type="hidden" name="next" value="{e(safe_next(next_url))}">'
        '<label for="token">Access token</label>'
        '<input id="token" type="password" name="token" autocomplete="off" required '
        "autofocus>"
        '<button type="submit" class="primary">Sign in</button></form>'
        '<p class="muted">Use REVERIE_DASHBOARD_TOKEN (everything, read-write) or a token '
        "made with <code>reverie tokens create --agent A [--tenant T] [--read-only]</code>. "
        "Signing in sets a session cookie; the token is not kept in the browser.</p>"
    )
    return page("Sign in", problem + form, ctx)
