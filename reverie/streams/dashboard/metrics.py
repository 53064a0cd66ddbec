"""``/metrics`` (open, no memory content): the Prometheus text of the worker."""

from __future__ import annotations

from typing import Any

from aiohttp import web as aioweb
from faust.web import Request, Response, View

from reverie.metrics import CONTENT_TYPE, Metrics
from reverie.streams.web import RouteTable, reverie_of

METRICS = aioweb.AppKey("reverie_metrics", Metrics)
ROUTES = RouteTable()


def metrics_of(request: Any) -> Metrics:
    """The metrics the worker's web app scrapes (put there by ``register_dashboard``)."""
    metrics: Metrics = request.app[METRICS]
    return metrics


@ROUTES.page("/metrics")
class MetricsPage(View):
    async def get(self, request: Request) -> Response:
        reverie = reverie_of(request)
        body = await metrics_of(request).render(reverie.notes, self.app, reverie.reviews)
        return self.bytes(body, headers={"Content-Type": CONTENT_TYPE})
