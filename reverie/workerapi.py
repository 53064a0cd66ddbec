"""Memory from a process beside the worker: read the document store, call the worker's API.

The CLI and ``reverie mcp`` (stdio) both run outside the worker, which owns the vector
index: they read MongoDB through :func:`reader` and ask the worker for changes through
:func:`call_worker`.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

from reverie.bootstrap import Reverie, bootstrap
from reverie.config import Settings
from reverie.errors import BrokerUnavailable, ConfigurationError


def reader(settings: Settings) -> Reverie:
    """Return a Reverie for reading the document store (no vector index opened)."""
    return bootstrap(settings.model_copy(update={"vector_backend": "memory"}))


def call_worker(settings: Settings, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST to the worker's API with the access token; return its JSON answer."""
    if settings.dashboard_token is None:
        raise ConfigurationError(
            "changing memory through the worker needs an access token: set "
            "REVERIE_DASHBOARD_TOKEN for the worker and for this command")
    url = f"http://{settings.web_host}:{settings.web_port}{path}"
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {settings.dashboard_token.get_secret_value()}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return dict(json.load(response))
    except urllib.error.HTTPError as exc:
        detail = json.loads(exc.read() or b"{}").get("error", exc.reason)
        raise ConfigurationError(f"worker refused: {detail}") from None
    except OSError as exc:
        raise BrokerUnavailable(f"cannot reach the worker at {url}: {exc}") from None
