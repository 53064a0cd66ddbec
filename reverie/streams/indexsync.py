"""Faust side of a worker's own vector index: rebuild on assignment, apply reverie.changes.

Registered only with a per-worker index (the embedded Qdrant, or the in-memory one);
with ``REVERIE_QDRANT_URL`` every worker already reads and writes one collection.
Thin: the handlers are :func:`reverie.handlers.ownership.rebuild_partitions` and
:func:`~reverie.handlers.ownership.apply_changes`.
"""

from __future__ import annotations

import asyncio
import json
import time
from functools import partial
from typing import Any

import faust
import structlog

from reverie.bootstrap import Reverie
from reverie.domain.events import TOPIC_CHANGES, TOPIC_NOTES
from reverie.domain.model import Change
from reverie.domain.routing import partition_for
from reverie.handlers.ownership import Plan
from reverie.streams.deadletter import RawMessage

log = structlog.get_logger(__name__)


def decode_changes(values: list[Any]) -> list[Change]:
    """Return the changes among raw ``reverie.changes`` values (others are logged, skipped)."""
    out: list[Change] = []
    for value in values:
        try:
            out.append(Change.from_event(json.loads(value)))
        except Exception as exc:  # not ours to dead-letter: reverie.changes is our output
            log.warning("index_sync.undecodable", error=type(exc).__name__)
    return out


def misrouted(messages: list[RawMessage], partitions: int) -> list[RawMessage]:
    """Return the keyed messages that are not on the partition their key hashes to."""
    return [m for m in messages
            if m.key and partition_for(m.key, partitions) != m.partition]


def register_index_sync(app: faust.App, reverie: Reverie, changes_topic: faust.TopicT) -> None:
    """Add the reverie.changes consumer and the rebuild after every partition assignment."""
    assert reverie.bus is not None
    bus = reverie.bus
    settings = reverie.settings
    handlers = reverie.index_handlers
    running: set[asyncio.Task[None]] = set()

    async def not_rebalancing() -> None:
        # A rebuild blocks the loop (the embedded Qdrant is synchronous): kept out of Faust's
        # recovery, where a slow loop widens a race that drops fetched messages
        # (docs/reliability.md, "Faust rebalance race").
        while app.rebalancing:  # noqa: ASYNC110 (Faust offers a flag, not an event)
            await asyncio.sleep(0.2)

    reverie.ownership.settled = not_rebalancing

    async def rebuild(plan: Plan) -> None:
        started = time.perf_counter()
        try:
            report = await bus.with_retries(partial(handlers["rebuild"], plan))
        except Exception:  # partitions stay "not rebuilt": the next assignment tries again
            log.exception("index.rebuild_failed", generation=plan.generation)
            return
        log.info("index.rebuilt", generation=plan.generation, gained=sorted(plan.gained),
                 lost=sorted(plan.lost), agents=report.rebuilt_agents, notes=report.notes,
                 dropped_agents=report.dropped_agents, superseded=report.superseded,
                 seconds=round(time.perf_counter() - started, 2))

    @app.on_partitions_assigned.connect
    def on_assigned(sender: Any, /, *args: Any, signal: Any, **kwargs: Any) -> None:
        (assigned,) = args  # every partition now assigned to this worker (not only new ones)
        owned = {tp.partition for tp in assigned if tp.topic == TOPIC_NOTES}
        total = app.consumer.topic_partitions(TOPIC_NOTES) or settings.kafka_topic_partitions
        changes = app.consumer.topic_partitions(TOPIC_CHANGES)
        if changes is not None and changes != total:  # then changes reach other workers
            log.error("index.partitions_differ", notes=total, changes=changes,
                      fix=f"give {TOPIC_CHANGES} and {TOPIC_NOTES} the same partition count")
        plan = reverie.ownership.assign(owned, total)
        log.info("index.assigned", partitions=sorted(owned), total=total,
                 gained=sorted(plan.gained), lost=sorted(plan.lost))
        task = asyncio.ensure_future(rebuild(plan))  # not awaited: the stream goes on
        running.add(task)
        task.add_done_callback(running.discard)

    @app.agent(changes_topic, name="reverie.index-sync")
    async def index_sync(stream: faust.StreamT[bytes]) -> None:
        batches = stream.take(settings.batch_size, within=settings.batch_within_s)
        async for values in batches:
            changes = decode_changes(values)
            if not changes:
                continue
            try:
                await bus.with_retries(partial(handlers["changes"], changes))
            except Exception:  # this index stays behind until the partition is reassigned
                log.exception("index_sync.failed", changes=len(changes))
