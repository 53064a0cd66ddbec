"""The page frame and widgets: escaping, links, badges, tables, action forms."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from html import escape
from urllib.parse import quote

from reverie.web.assets import CSS, SCRIPT

TOKEN_HELP = ("This token is read-only: changing actions (restore, resolve, rollback) are "
              "disabled. Sign in with a read-write token to use them.")


@dataclass(frozen=True)
class PageContext:
    """Per-response values every form and the page frame need."""

    csrf: str
    actions_enabled: bool
    nonce: str
    signed_in_as: str | None = None
    """The grant's description when signed in with the session cookie (a sign-out button)."""


def e(value: object) -> str:
    """Escape any value for HTML text and attribute values (None is empty)."""
    return escape("" if value is None else str(value), quote=True)


def url(*parts: str, query: dict[str, str] | None = None) -> str:
    """Return ``/part/part`` with every part percent-encoded (ids are untrusted)."""
    out = "/" + "/".join(quote(p, safe="") for p in parts)
    if query:
        out += "?" + "&".join(f"{quote(k, safe='')}={quote(v, safe='')}"
                              for k, v in query.items())
    return out


def link(href: str, text: object) -> str:
    return f'<a href="{e(href)}">{e(text)}</a>'


def note_link(note_id: str) -> str:
    return f'<a class="id" href="{e(url("notes", note_id))}">{e(note_id)}</a>'


def run_link(run_id: str) -> str:
    return f'<a class="id" href="{e(url("runs", run_id))}">{e(run_id)}</a>'


_BADGE = {
    "Active": "ok", "completed": "ok", "merge": "ok", "open": "warn",
    "Revoked": "bad", "failed": "bad", "revoke": "bad",
    "Archived": "muted", "skipped": "muted", "rolled_back": "muted", "keep": "muted",
    "partial": "warn", "running": "warn", "review": "warn", "planned": "warn",
}


def badge(status: object) -> str:
    """A coloured label; the class comes from a fixed map, never from the value."""
    text = str(status)
    return f'<span class="badge {_BADGE.get(text, "plain")}">{e(text)}</span>'


def when(at: datetime | None) -> str:
    return "—" if at is None else e(at.strftime("%Y-%m-%d %H:%M:%S"))


def seconds(ms: float) -> str:
    return f"{ms:.0f} ms" if ms < 1000 else f"{ms / 1000:.1f} s"


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], empty: str = "Nothing.",
          cls: str = "") -> str:
    """A table; ``headers`` and ``cls`` are trusted labels, cells are already-escaped HTML."""
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    if not body:
        return f'<p class="muted">{e(empty)}</p>'
    head = "".join(f"<th>{e(h)}</th>" for h in headers)
    klass = f' class="{e(cls)}"' if cls else ""
    return f"<table{klass}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def action_form(ctx: PageContext, action: str, label: str, next_url: str, *,
                fields: dict[str, str] | None = None, confirm: str | None = None,
                done: str = "Done.", danger: bool = False) -> str:
    """A POST form to a changing API endpoint: the CSRF token and ``next`` (the session
    cookie is the credential; the token itself is never in a page)."""
    hidden = {"csrf": ctx.csrf, "next": next_url, **(fields or {})}
    inputs = "".join(f'<input type="hidden" name="{e(k)}" value="{e(v)}">'
                     for k, v in hidden.items())
    off = "" if ctx.actions_enabled else " disabled"
    attrs = f' data-confirm="{e(confirm)}"' if confirm else ""
    return (f'<form class="act" method="post" action="{e(action)}" data-done="{e(done)}"{attrs}>'
            f"{inputs}"
            f'<button type="submit" class="{"danger" if danger else "primary"}"{off}>'
            f"{e(label)}</button></form>")


def signout_form(ctx: PageContext) -> str:
    """The header's "Sign out" button (a POST with the CSRF token)."""
    if ctx.signed_in_as is None:
        return ""
    return (f'<form class="signout" method="post" action="/signout">'
            f'<span class="muted">{e(ctx.signed_in_as)}</span>'
            f'<input type="hidden" name="csrf" value="{e(ctx.csrf)}">'
            f'<button type="submit">Sign out</button></form>')


def page(title: str, body: str, ctx: PageContext,
         crumbs: Sequence[tuple[str, str]] = ()) -> str:
    """The whole HTML document: header, token banner, flash area, body, the small script."""
    trail = " / ".join([link("/", "Runs"), *(link(h, t) for h, t in crumbs)])
    banner = "" if ctx.actions_enabled else f'<p class="banner">{e(TOKEN_HELP)}</p>'
    return (
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{e(title)} · Reverie</title>"
        f'<style nonce="{e(ctx.nonce)}">{CSS}</style></head><body>'
        f'<header><span class="brand">Reverie</span><nav>{trail}</nav>{signout_form(ctx)}'
        "</header><main>"
        f'{banner}<p id="flash" class="flash" hidden></p>'
        f"<h1>{e(title)}</h1>{body}</main>"
        f'<script nonce="{e(ctx.nonce)}">{SCRIPT}</script></body></html>'
    )


def security_headers(nonce: str) -> dict[str, str]:
    """Headers of every dashboard page: a strict CSP (nonce'd inline CSS/JS only), no sniffing."""
    return {
        "Content-Security-Policy": (
            f"default-src 'none'; style-src 'nonce-{nonce}'; script-src 'nonce-{nonce}'; "
            "connect-src 'self'; img-src 'self' data:; form-action 'self'; "
            "base-uri 'none'; frame-ancestors 'none'"),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-store",
    }
