"""Signing in (the token posted once, answered with the session cookie) and out."""

from __future__ import annotations

from typing import Any

import structlog
from faust.web import Request, Response, View

from reverie.streams import auth
from reverie.streams.auth import AccessDenied
from reverie.streams.dashboard.respond import html
from reverie.streams.web import RouteTable, gate_of, grant_of
from reverie.web.signin import render_signin, safe_next

log = structlog.get_logger(__name__)
ROUTES = RouteTable()


def sign_in_again(request: Request, target: str, message: str, status: int) -> Response:
    """The sign-in form again, saying what was wrong."""
    return html(request, lambda ctx: render_signin(ctx, target, message), status)


@ROUTES.page("/signin")
class SignIn(View):
    async def get(self, request: Request) -> Response:
        return html(request, lambda ctx: render_signin(ctx, request.query.get("next") or "/"))

    async def post(self, request: Any) -> Response:
        form = {k: str(v) for k, v in (await request.post()).items()}
        target = safe_next(form.get("next"))
        problem = auth.csrf_problem(form.get("csrf"), request.cookies.get(auth.CSRF_COOKIE))
        if problem:
            return sign_in_again(request, target, problem, 403)
        gate = gate_of(request)
        grant = await gate.credentials.grant_for(form.get("token", "").strip())
        if grant is None:
            if (slowed := await gate.failed(request, auth.WRONG_CREDENTIAL)) is not None:
                return slowed  # type: ignore[return-value]
            return sign_in_again(request, target, auth.WRONG_CREDENTIAL, 401)
        session = await gate.sessions.open(grant.token_id)
        log.info("web.signed_in", token_id=grant.token_id, peer=request.remote)
        response = self.text("", status=303)
        response.headers["Location"] = target
        response.headers["Cache-Control"] = "no-store"
        response.set_cookie(  # type: ignore[attr-defined]
            auth.SESSION_COOKIE, session, path="/", httponly=True, samesite="Strict",
            max_age=int(gate.sessions.ttl_s), secure=request.secure)
        return response


@ROUTES.page("/signout")
class SignOut(View):
    async def post(self, request: Request) -> Response:
        form = {k: str(v) for k, v in (await request.post()).items()}
        problem = auth.csrf_problem(form.get("csrf"), request.cookies.get(auth.CSRF_COOKIE))
        if problem:
            raise AccessDenied(problem)
        session = request.cookies.get(auth.SESSION_COOKIE)
        if session:
            await gate_of(request).sessions.close(session)
        log.info("web.signed_out", token_id=grant_of(request).token_id)
        response = self.text("", status=303)
        response.headers["Location"] = "/signin"
        response.del_cookie(auth.SESSION_COOKIE, path="/")  # type: ignore[attr-defined]
        return response
