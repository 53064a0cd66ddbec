"""The JSON API on the worker's web server, behind the gate of :mod:`reverie.streams.web`:
reads (:mod:`.read`: health, AsyncAPI, a note, scoped search) and changing actions
(:mod:`.change`: restore, resolve a review pair, roll back a run)."""

from __future__ import annotations

import faust

from reverie.bootstrap import Reverie
from reverie.streams.api import change, read
from reverie.streams.web import install_gate


def register_api(app: faust.App, reverie: Reverie) -> None:
    """Add ``/health``, ``/asyncapi.yaml``, ``/api/notes/{id}``, ``/api/search`` and the
    changing endpoints to the Faust web server, behind the gate."""
    install_gate(app, reverie)
    read.ROUTES.add_to(app)
    change.ROUTES.add_to(app)
