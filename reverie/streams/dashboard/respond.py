"""How every dashboard page answers: HTML with the security headers and the CSRF cookie,
a browser's refusal (the sign-in form for 401), and "not found"."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from typing import Any

from aiohttp import web as aioweb
from faust.web import Request, Response

from reverie.streams import auth
from reverie.streams.auth import Grant
from reverie.streams.web import GRANT, VIA_SESSION
from reverie.web.html import PageContext, e, page, security_headers
from reverie.web.signin import render_signin

_CSRF_SHAPE = re.compile(r"^[A-Za-z0-9_-]{20,100}$")
Render = Callable[[PageContext], str]


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


def html_response(request: aioweb.Request, render: Render,
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


def html(request: Request, render: Render, status: int = 200) -> Response:
    """:func:`html_response` for a Faust view."""
    return html_response(request, render, status)  # type: ignore[arg-type,return-value]


def not_found(request: Request, what: str) -> Response:
    """The 404 page naming what does not exist."""
    return html(request, lambda ctx: page("Not found", f"<p>{e(what)} does not exist.</p>", ctx),
                404)


def html_refusal(request: aioweb.Request, status: int, message: str) -> aioweb.StreamResponse:
    """A browser's 401 (the sign-in form, coming back here afterwards) or 403/429 page."""
    if status == 401:
        return html_response(request, lambda ctx: render_signin(
            ctx, request.path_qs, None if message == auth.NO_CREDENTIAL else message), 401)
    title = "Too many attempts" if status == 429 else "Forbidden"
    return html_response(request, lambda ctx: page(title, f"<p>{e(message)}</p>", ctx), status)
