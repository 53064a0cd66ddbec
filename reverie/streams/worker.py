"""Start the Faust worker for ``reverie worker``."""

from __future__ import annotations

import asyncio
import logging

import faust

from reverie.bootstrap import bootstrap, verify_schema
from reverie.config import Settings
from reverie.streams.app import create_app


def run_worker(settings: Settings) -> int:
    """Check the database's schema version, build the app and run a worker until it is
    stopped; return its exit code."""
    asyncio.run(verify_schema(settings))  # SchemaMismatch: one line, what to run
    (settings.data_dir / "faust").mkdir(parents=True, exist_ok=True)
    app = create_app(settings, bootstrap(settings))
    worker = faust.Worker(app, loglevel=logging.getLevelName(settings.log_level.upper()),
                          quiet=True)
    try:
        worker.execute_from_commandline()
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0
