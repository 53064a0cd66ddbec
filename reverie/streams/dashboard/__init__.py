"""The dashboard, sign-in and ``/metrics`` on the worker's own (Faust) web server.

Every page but ``/signin`` and ``/metrics`` passes the gate of
:mod:`reverie.streams.web`: a browser without a session gets the sign-in form (HTTP
401). Signing in posts the token once; the answer sets ``reverie_session`` (HttpOnly,
SameSite=Strict, expiring after ``REVERIE_SESSION_TTL_S``), and the token is never put
into a page or a URL. Pages show only what the session's grant may see and answer 403
for anything outside it. Changing actions post to the API endpoints with the CSRF token
of the ``reverie_csrf`` cookie (set by every page, SameSite=Strict) in a hidden field.

One route table per page family: :mod:`.signin`, :mod:`.runs`, :mod:`.agents`,
:mod:`.notes`, :mod:`.dlq`, :mod:`.metrics`; how a page answers is in :mod:`.respond`.
"""

from __future__ import annotations

import faust

from reverie.bootstrap import Reverie
from reverie.metrics import Metrics, metrics_for
from reverie.streams.dashboard import agents, dlq, notes, runs, signin
from reverie.streams.dashboard.metrics import METRICS
from reverie.streams.dashboard.metrics import ROUTES as METRICS_ROUTES
from reverie.streams.dashboard.respond import html_refusal
from reverie.streams.web import install_gate

PAGES = (signin.ROUTES, runs.ROUTES, agents.ROUTES, notes.ROUTES, dlq.ROUTES, METRICS_ROUTES)


def register_dashboard(app: faust.App, reverie: Reverie, metrics: Metrics | None = None) -> None:
    """Add sign-in and sign-out, the dashboard pages, the Markdown digest and ``/metrics``
    to the web server, behind the gate."""
    install_gate(app, reverie, html_refusal)
    app.web.web_app[METRICS] = metrics or metrics_for(reverie)  # type: ignore[attr-defined]
    for table in PAGES:
        table.add_to(app)
