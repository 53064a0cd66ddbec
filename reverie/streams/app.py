"""The Faust app: topics, agents and timers. Thin: decode, validate, dispatch, dead-letter.

Messages are consumed as raw bytes so that anything the contract rejects can be
sent to ``reverie.dlq`` byte for byte. An agent moves to the next batch (and so
lets Faust acknowledge this one) only after :func:`reverie.streams.pipeline.process`
returned, i.e. after every effect is stored and every dead letter is written.
"""

from __future__ import annotations

import asyncio
import ssl
import time
from collections.abc import Sequence
from functools import partial
from typing import Any

import faust
import structlog
from faust.types import EventT

from reverie.bootstrap import Reverie
from reverie.brokers import committed_offsets, read_range
from reverie.client import encode_envelope
from reverie.config import Settings, redact
from reverie.domain.events import (
    TOPIC_CHANGES,
    TOPIC_COMMANDS,
    TOPIC_DLQ,
    TOPIC_ENTITIES,
    TOPIC_NOTES,
    TOPIC_RUN_STEPS,
    Envelope,
    NoteCreated,
    SessionEnded,
    parse_event,
)
from reverie.errors import BrokerUnavailable, RetryableError
from reverie.handlers.dream.gate import check_gate
from reverie.handlers.dream.runner import recover_orphaned_requests
from reverie.metrics import metrics_for
from reverie.streams import deadletter, pipeline
from reverie.streams.dashboard import register_dashboard
from reverie.streams.deadletter import RawMessage
from reverie.streams.gaps import GapGuard
from reverie.streams.indexsync import misrouted, register_index_sync
from reverie.streams.mcpweb import register_mcp
from reverie.streams.web import register_api

log = structlog.get_logger(__name__)
OUTBOX_PAGE = 500
INPUT_TOPICS = (TOPIC_NOTES, TOPIC_ENTITIES, TOPIC_COMMANDS, TOPIC_CHANGES)
"""Topics whose skipped offsets the worker reads again (reverie.changes: per-worker index)."""


def broker_credentials(settings: Settings) -> Any:
    """Return Faust credentials for SASL/TLS, or None for PLAINTEXT."""
    proto = settings.kafka_security_protocol
    if proto == "PLAINTEXT":
        return None
    context = (ssl.create_default_context(cafile=settings.kafka_ssl_cafile)
               if "SSL" in proto else None)
    if proto.startswith("SASL"):
        password = settings.kafka_sasl_password.get_secret_value() if (
            settings.kafka_sasl_password) else ""
        return faust.SASLCredentials(
            username=settings.kafka_sasl_username or "", password=password,
            mechanism=settings.kafka_sasl_mechanism, ssl_context=context,
        )
    return faust.SSLCredentials(context)


def create_app(settings: Settings, reverie: Reverie) -> faust.App:
    """Build the Faust app around a bootstrapped :class:`Reverie`."""
    app = faust.App(
        settings.app_id,
        broker=settings.kafka_broker,
        broker_credentials=broker_credentials(settings),
        store="memory://",
        topic_partitions=settings.kafka_topic_partitions,
        topic_allow_declare=True,
        consumer_auto_offset_reset=settings.kafka_offset_reset,
        web_enabled=True,
        web_host=settings.web_host,
        web_port=settings.web_port,
        web_bind=settings.web_host,
        datadir=str(settings.data_dir / "faust"),
        producer_acks=-1,
        broker_commit_every=100,
        broker_commit_interval=1.0,
        table_cleanup_interval=settings.table_cleanup_s,
    )
    def raw(name: str) -> faust.TopicT:
        return app.topic(name, key_type=bytes, value_type=bytes, key_serializer="raw",
                         value_serializer="raw")

    notes_topic = raw(TOPIC_NOTES)
    entities_topic = raw(TOPIC_ENTITIES)
    commands_topic = raw(TOPIC_COMMANDS)
    dlq_topic = raw(TOPIC_DLQ)
    changes_topic = raw(TOPIC_CHANGES)
    steps_topic = raw(TOPIC_RUN_STEPS)
    assert reverie.bus is not None
    bus = reverie.bus
    per_worker_index = settings.qdrant_url is None
    async def read_again(topic: str, partition: int, start: int, end: int
                         ) -> list[tuple[int, bytes | None, bytes | None]]:
        return await bus.with_retries(partial(read_range, settings, topic, partition,
                                              start, end))

    guard = GapGuard(read_again)

    async def start_positions(tps: list[tuple[str, int]]) -> None:
        try:
            guard.tracker.start_at(await committed_offsets(settings, settings.app_id, tps))
        except BrokerUnavailable as exc:  # then holes are noticed from the first message on
            log.warning("stream.positions_unread", reason=str(exc))

    @app.on_partitions_assigned.connect
    def track_offsets(sender: Any, /, *args: Any, signal: Any, **kwargs: Any) -> None:
        (assigned,) = args
        inputs = [(tp.topic, tp.partition) for tp in assigned if tp.topic in INPUT_TOPICS]
        guard.tracker.keep_only(inputs)
        new = [tp for tp in inputs if tp not in guard.tracker.expected]
        if new:
            guard.loading = asyncio.ensure_future(start_positions(new))

    indexed = None
    if per_worker_index:  # each worker's index follows the partitions it owns
        indexed = register_index_sync(app, reverie, changes_topic, guard)
    metrics = metrics_for(reverie)
    metrics.instrument(bus, reverie.runs)

    async def request_dream_if_due(agent_id: str, why: str) -> None:
        decision = await check_gate(
            agent_id, agents=reverie.agents, sessions=reverie.sessions, clock=reverie.clock,
            min_interval_s=settings.dream_min_interval_s, min_sessions=settings.dream_min_sessions,
        )
        if not decision.due:
            log.info("dream.not_due", agent_id=agent_id, trigger=why, reason=decision.reason)
            return
        window = int(reverie.clock.now().timestamp() // settings.dream_window_s)
        log.info("dream.scheduled", agent_id=agent_id, trigger=why, reason=decision.reason)
        await send_dream_request(agent_id, f"schedule:{agent_id}:{window}", "schedule")

    async def send_dream_request(agent_id: str, event_id: str, reason: str) -> None:
        """Produce a ``dream.requested`` keyed by agent and wait for the broker's ack."""
        value = encode_envelope("dream.requested", {"agent_id": agent_id, "dry_run": False,
                                                    "reason": reason},
                                event_id=event_id, occurred_at=reverie.clock.now())
        fut = await commands_topic.send(key=agent_id.encode(), value=value, force=True)
        await fut

    async def request_orphaned_dream(agent_id: str) -> None:
        at = reverie.clock.now().strftime("%Y%m%dT%H%M%S")
        await send_dream_request(agent_id, f"recovered:{agent_id}:{at}",
                                 "requested while a worker that stopped held the dream lease")

    @app.timer(interval=settings.dream_orphan_check_s, on_leader=False)
    async def recover_orphaned_dreams() -> None:
        """Re-request dreams coalesced onto the lease of a worker that died (any worker may)."""
        try:
            await recover_orphaned_requests(leases=reverie.leases, clock=reverie.clock,
                                            request=request_orphaned_dream)
        except RetryableError as exc:
            log.warning("dream.orphan_check_retry", reason=str(exc))

    async def on_window_close(key: Any, value: Any) -> None:
        agent_id, (start, end) = key
        await request_dream_if_due(agent_id, f"window {start:.0f}-{end:.0f} closed ({value})")

    activity = app.Table(
        "reverie-activity", default=int, key_type=str, value_type=int,
        partitions=settings.kafka_topic_partitions, on_window_close=on_window_close,
        # Compacted only: Faust would also delete changelog records after `expires` (60 s).
        # A standby (or a worker getting a partition back) whose changelog offset fell
        # behind the deleted records then hangs in recovery ("offset out of range"),
        # and the partitions it was handed are never consumed.
        extra_topic_configs={"cleanup.policy": "compact"},
    ).tumbling(settings.dream_window_s, expires=settings.dream_window_expires_s)

    async def handle(events: Sequence[EventT]) -> list[Envelope]:
        messages = await guard.complete([
            RawMessage(e.message.topic, e.message.partition, e.message.offset,
                       e.message.key, e.message.value)
            for e in events
        ])
        structlog.contextvars.clear_contextvars()
        if per_worker_index:
            total = app.consumer.topic_partitions(TOPIC_NOTES) or settings.kafka_topic_partitions
            for m in misrouted([m for m in messages if m.topic == TOPIC_NOTES], total):
                log.warning("ingest.misrouted", partition=m.partition, offset=m.offset,
                            key=m.key[:80] if m.key else None, partitions=total)
        handled: list[Envelope] = []
        for dead in await pipeline.process(messages, bus, reverie.clock, handled):
            metrics.observe_dead(dead.record)
            # which deployment refused it: every consumer group of a topic dead-letters
            # its invalid messages, each once
            record = {**dead.record, "consumer_group": settings.app_id}
            fut = await dlq_topic.send(
                key=dead.raw.key, value=deadletter.encode(record), force=True,
                headers={"reverie-reason": str(dead.record["reason"])[:500].encode()},
            )
            await fut
        if indexed is not None:  # every effect of these messages reached the index
            await indexed(TOPIC_NOTES, [(m.partition, m.offset) for m in messages
                                        if m.topic == TOPIC_NOTES])
        return handled

    @app.agent(notes_topic, name="reverie.ingest")
    async def ingest(stream: faust.StreamT[bytes]) -> None:
        batches = stream.take_events(  # type: ignore[attr-defined]
            settings.batch_size, within=settings.batch_within_s)
        async for batch in batches:
            await handle(batch)

    @app.agent(notes_topic, name="reverie.activity")
    async def count_activity(stream: faust.StreamT[bytes]) -> None:
        """Count sessions and new notes per agent in the tumbling window (the dream trigger)."""
        async for value in stream:
            try:
                event = parse_event(value)
            except Exception:  # InvalidEvent, or a null (tombstone) value: ingest dead-letters it
                continue
            if isinstance(event, SessionEnded | NoteCreated):
                activity[event.data.agent_id] += 1

    @app.agent(entities_topic, name="reverie.entities")
    async def entities(stream: faust.StreamT[bytes]) -> None:
        async for event in stream.events():
            await handle([event])

    @app.agent(commands_topic, name="reverie.commands")
    async def commands(stream: faust.StreamT[bytes]) -> None:
        async for event in stream.events():
            await handle([event])

    polled = {"handled": -1, "at": 0.0}

    def outbox_may_have_news() -> bool:
        """Poll the outboxes after new work, and every 30 s (web actions, restarts)."""
        now = time.monotonic()
        if bus.handled_total != polled["handled"] or now - polled["at"] > 30:
            polled["handled"], polled["at"] = bus.handled_total, now
            return True
        return False

    @app.timer(interval=1.0, on_leader=False)
    async def publish_outboxes() -> None:
        """Relay changes and run steps to Kafka (a failed tick retries next time)."""
        if not outbox_may_have_news():
            return
        try:
            await relay_changes()
            await relay_steps()
        except RetryableError as exc:
            polled["handled"] = -1
            log.warning("outbox.retry", reason=str(exc))

    async def send_all(topic: faust.TopicT, records: list[tuple[str, dict[str, Any]]]) -> None:
        """Send records and wait until the broker has every one."""
        futures = [await topic.send(key=key.encode(), value=_json(value), force=True)
                   for key, value in records]
        await asyncio.gather(*futures)

    async def relay_changes() -> None:
        pending = await reverie.changes.unpublished(limit=OUTBOX_PAGE)
        if pending:
            await send_all(changes_topic, [(c.agent_id, c.as_event()) for c in pending])
            await reverie.changes.mark_published([c.change_id for c in pending])
        if len(pending) == OUTBOX_PAGE:
            polled["handled"] = -1  # more to relay on the next tick

    async def relay_steps() -> None:
        pending = await reverie.runs.unpublished_steps(limit=OUTBOX_PAGE)
        if pending:
            await send_all(steps_topic, [(s.run_id, s.as_event()) for s in pending])
            await reverie.runs.mark_steps_published([s.step_id for s in pending])
        if len(pending) == OUTBOX_PAGE:
            polled["handled"] = -1

    async def catch_up() -> None:
        """Evaluate the gate for every agent: covers windows closed while no worker ran."""
        for agent_id in await reverie.notes.agent_ids():
            await request_dream_if_due(agent_id, "catch-up")

    @app.timer(interval=settings.dream_window_s, on_leader=True)
    async def periodic_catch_up() -> None:
        try:
            await catch_up()
        except RetryableError as exc:
            log.warning("dream.catch_up_retry", reason=str(exc))

    register_api(app, reverie)
    register_dashboard(app, reverie)
    register_mcp(app, reverie)  # only with REVERIE_MCP_ENABLED

    @app.task
    async def on_start() -> None:
        from reverie.bootstrap import prepare

        pause = settings.retry_initial_s
        while True:
            try:
                await prepare(reverie)
                break
            except RetryableError as exc:
                log.warning("worker.waiting_for_storage", reason=str(exc), pause_s=pause)
                await asyncio.sleep(pause)
                pause = min(settings.retry_max_s, pause * 2)
        log.info("worker.ready", broker=redact(settings.kafka_broker), storage=settings.storage)
        await asyncio.sleep(min(30.0, settings.dream_window_s))
        await periodic_catch_up()

    return app


def _json(obj: Any) -> bytes:
    import json

    return json.dumps(obj, ensure_ascii=False, default=str).encode("utf-8")
