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
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial
from typing import Any

import faust
import structlog

from reverie.bootstrap import Reverie
from reverie.brokers import committed_offsets
from reverie.domain.events import TOPIC_CHANGES, TOPIC_NOTES
from reverie.domain.model import Change
from reverie.domain.routing import IndexMarks, partition_for
from reverie.errors import BrokerUnavailable
from reverie.handlers.ownership import Plan
from reverie.streams.deadletter import RawMessage, raw_messages
from reverie.streams.gaps import GapGuard

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


Applied = Callable[[str, list[tuple[int, int]]], Awaitable[None]]


def register_index_sync(app: faust.App, reverie: Reverie, changes_topic: faust.TopicT,
                        guard: GapGuard) -> Applied:
    """Add the reverie.changes consumer and the rebuild after every partition assignment.

    Returns what the ingest agent calls after each batch: ``applied(topic, [(partition,
    offset), ...])`` records that those messages' effects are indexed.
    """
    sync = IndexSync(app, reverie, guard)
    reverie.ownership.settled = sync.not_rebalancing
    app.on_partitions_assigned.connect(sync.on_assigned)
    guard.lane(TOPIC_CHANGES, sync.apply)
    app.agent(changes_topic, name="reverie.index-sync")(sync.index_sync)
    return sync.applied


class IndexSync:
    """This worker's index follows its partitions: rebuilt on assignment, kept current by
    reverie.changes, its marks saved beside it."""

    def __init__(self, app: faust.App, reverie: Reverie, guard: GapGuard) -> None:
        assert reverie.bus is not None
        self.app = app
        self.reverie = reverie
        self.bus = reverie.bus
        self.settings = reverie.settings
        self.handlers = reverie.index_handlers
        self.ownership = reverie.ownership
        self.guard = guard
        self.running: set[asyncio.Task[None]] = set()
        self.saved_marks: IndexMarks | None = None

    async def not_rebalancing(self) -> None:
        """Return once Faust is not rebalancing."""
        # A rebuild blocks the loop (the embedded Qdrant is synchronous): kept out of Faust's
        # recovery, where a slow loop widens a race that drops fetched messages
        # (docs/reliability.md, "Faust rebalance race").
        while self.app.rebalancing:  # noqa: ASYNC110 (Faust offers a flag, not an event)
            await asyncio.sleep(0.2)

    async def applied(self, topic: str, offsets: list[tuple[int, int]]) -> None:
        """Record that these messages' effects are indexed, and save the marks beside it."""
        for partition, offset in offsets:
            self.ownership.record_applied(topic, partition, offset)
        if self.ownership.unverified_copy:  # the marks of an earlier life are not read yet
            return
        marks = self.ownership.marks()
        if marks != self.saved_marks:
            await self.reverie.index_marks.save(marks)
            self.saved_marks = marks

    async def with_committed(self, plan: Plan) -> Plan:
        """Attach the group's committed offsets of the gained partitions (none if unreadable)."""
        if not plan.gained:
            return plan
        try:
            committed = await committed_offsets(
                self.settings, self.settings.app_id,
                [(t, p) for t in (TOPIC_NOTES, TOPIC_CHANGES) for p in sorted(plan.gained)])
        except BrokerUnavailable as exc:
            log.warning("index.offsets_unread", reason=str(exc),
                        consequence="this rebuild cannot be resumed after a restart")
            return plan
        return replace(plan, committed=committed)

    async def resume(self, plan: Plan) -> Plan:
        """Keep the partitions the index on disk still holds in full (after a plain restart)."""
        marks = await self.reverie.index_marks.load()
        kept = (self.ownership.resumable(plan, marks, dict(plan.committed))
                if plan.committed else set())
        if marks is not None:
            log.info("index.resumed", kept=sorted(kept), rebuild=sorted(set(plan.gained) - kept),
                     marks=marks.to_json(), committed={f"{t}:{p}": o for (t, p), o
                                                       in sorted(plan.committed.items())})
        return self.ownership.resume(plan, kept, marks)

    async def rebuild(self, plan: Plan) -> None:
        """Rebuild the gained partitions (after resuming what the index on disk holds)."""
        started = time.perf_counter()
        plan = await self.with_committed(plan)
        if self.ownership.unverified_copy:
            plan = await self.resume(plan)
            await self.applied(TOPIC_NOTES, [])  # saves this life's first marks
        try:
            report = await self.bus.with_retries(partial(self.handlers["rebuild"], plan))
        except Exception:  # partitions stay "not rebuilt": the next assignment tries again
            log.exception("index.rebuild_failed", generation=plan.generation)
            return
        log.info("index.rebuilt", generation=plan.generation, gained=sorted(plan.gained),
                 lost=sorted(plan.lost), agents=report.rebuilt_agents, notes=report.notes,
                 dropped_agents=report.dropped_agents, superseded=report.superseded,
                 seconds=round(time.perf_counter() - started, 2))

    def on_assigned(self, sender: Any, /, *args: Any, signal: Any, **kwargs: Any) -> None:
        """Plan the new ownership and start its rebuild in the background."""
        (assigned,) = args  # every partition now assigned to this worker (not only new ones)
        consumer = self.app.consumer
        owned = {tp.partition for tp in assigned if tp.topic == TOPIC_NOTES}
        total = consumer.topic_partitions(TOPIC_NOTES) or self.settings.kafka_topic_partitions
        changes = consumer.topic_partitions(TOPIC_CHANGES)
        if changes is not None and changes != total:  # then changes reach other workers
            log.error("index.partitions_differ", notes=total, changes=changes,
                      fix=f"give {TOPIC_CHANGES} and {TOPIC_NOTES} the same partition count")
        plan = self.ownership.assign(owned, total)
        log.info("index.assigned", partitions=sorted(owned), total=total,
                 gained=sorted(plan.gained), lost=sorted(plan.lost))
        task = asyncio.ensure_future(self.rebuild(plan))  # not awaited: the stream goes on
        self.running.add(task)
        task.add_done_callback(self.running.discard)

    async def index_sync(self, stream: faust.StreamT[bytes]) -> None:
        """Hand each batch of reverie.changes to :meth:`apply` through the gap guard."""
        batches = stream.take_events(  # type: ignore[attr-defined]
            self.settings.batch_size, within=self.settings.batch_within_s)
        async for events in batches:
            await self.guard.deliver(raw_messages(events))

    async def apply(self, messages: list[RawMessage]) -> None:
        """Apply a batch of reverie.changes to the index, then record it applied."""
        offsets = [(m.partition, m.offset) for m in messages]
        # JSON and pydantic for a batch of up to 200 changes: in a thread, so a deletion
        # arriving behind the previous fan-out's changes is not held by it (issue #12)
        changes = await asyncio.to_thread(decode_changes, [m.value for m in messages])
        try:
            if changes:
                await self.bus.with_retries(partial(self.handlers["changes"], changes))
        except Exception:  # rebuilt at the next assignment; the stream goes on
            self.ownership.invalidate(p for p, _ in offsets)
            log.exception("index_sync.failed", changes=len(changes),
                          consequence="these partitions are rebuilt at the next rebalance")
            return
        await self.applied(TOPIC_CHANGES, offsets)
