"""Commands that change memory: ``dream``, ``rollback``, ``restore``, ``review resolve``.

A running worker owns the vector index (the embedded Qdrant opens its path from
one process only), so these commands go through it: ``dream`` and ``rollback``
publish the contract's commands on ``reverie.commands``; ``restore`` and
``review resolve`` call the worker's API with the access token. ``--local`` runs
a dream in this process instead (for a Qdrant server or in-memory storage).
"""

from __future__ import annotations

import asyncio
import sys
import time
from datetime import datetime
from typing import Any

from reverie.bootstrap import Reverie, bootstrap, prepare
from reverie.config import Settings
from reverie.domain.runs import DreamRun
from reverie.errors import BrokerUnavailable, ConfigurationError, UnknownEntity
from reverie.handlers.dream.runner import dream, new_run_id
from reverie.workerapi import call_worker, reader

__all__ = [
    "call_worker",
    "eprint",
    "reader",
    "rollback_command",
    "run_dream_command",
    "send_command",
    "wait_for_run",
]


async def send_command(settings: Settings, event_type: str, data: dict[str, Any]
                       ) -> dict[str, Any]:
    """Publish one command envelope on ``reverie.commands`` (through the client); return it."""
    from reverie.client import ReverieClient

    async with ReverieClient(settings) as client:
        event = await client.publish(event_type, data)
    return event.model_dump(mode="json")


async def wait_for_run(app: Reverie, run_id: str, timeout_s: float,
                       show: Any = None) -> DreamRun:
    """Poll the store until the run finishes; call ``show(run, steps)`` on each poll."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        run = await app.runs.get_run(run_id)
        if run is not None:
            steps = await app.runs.steps(run_id)
            if show:
                show(run, steps)
            if run.finished_at is not None:
                return run
        await asyncio.sleep(0.3)
    raise BrokerUnavailable(
        f"run {run_id} did not finish within {timeout_s:.0f}s: is a worker running "
        "('reverie worker')?")


async def run_dream_command(settings: Settings, agent: str, *, dry_run: bool, wait: bool,
                            local: bool, timeout_s: float, show: Any = None) -> DreamRun | str:
    """Start a dream (through the worker unless ``local``); return the run or its id."""
    if local:
        async with bootstrap(settings) as app:
            await prepare(app)
            run = await dream(
                agent, trigger="manual", dry_run=dry_run, reason="reverie dream --local",
                stores=app.stores, embedder=app.embedder, judge=app.judge, clock=app.clock,
                dream_settings=app.dream_settings, fallback_judge=app.fallback_judge,
            )
        if run is None:
            raise ConfigurationError(f"agent {agent} is dreaming already; request coalesced")
        return run
    envelope = await send_command(settings, "dream.requested",
                                  {"agent_id": agent, "dry_run": dry_run,
                                   "reason": "reverie dream"})
    occurred = datetime.fromisoformat(envelope["occurred_at"].replace("Z", "+00:00"))
    run_id = new_run_id(agent, occurred, envelope["event_id"])
    if not wait:
        return run_id
    async with reader(settings) as app:
        return await wait_for_run(app, run_id, timeout_s, show)


async def rollback_command(settings: Settings, run_id: str) -> dict[str, Any]:
    """Ask the worker to roll a run back (``dream.rollback``)."""
    async with reader(settings) as app:
        run = await app.runs.get_run(run_id)
    if run is None:
        raise UnknownEntity(f"run '{run_id}' does not exist (see 'reverie runs')")
    return await send_command(settings, "dream.rollback",
                              {"agent_id": run.agent_id, "run_id": run_id})


def eprint(*parts: Any) -> None:
    print(*parts, file=sys.stderr)
