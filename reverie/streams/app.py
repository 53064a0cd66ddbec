"""The Faust app: topics, agents and timers. Thin: decode, validate, dispatch, dead-letter.

Messages are consumed as raw bytes so that anything the contract rejects can be
sent to ``reverie.dlq`` byte for byte. An agent moves to the next batch (and so
lets Faust acknowledge this one) only after :func:`reverie.streams.pipeline.process`
returned, i.e. after every effect is stored and every dead letter is written.

:func:`create_app` wires the consuming agents and dead-lettering here and hands the
rest to registrars: the per-worker index (:mod:`reverie.streams.indexsync`), dream
scheduling (:mod:`reverie.streams.scheduling`), the outbox relay
(:mod:`reverie.streams.outbox`), the web surfaces, and the start-up task.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import faust
import structlog
from faust.types import TP, Message

from reverie.bootstrap import Reverie, prepare, warm_judge
from reverie.brokers import committed_offsets, kafka_errors, read_range
from reverie.bus import MessageBus
from reverie.config import Settings, redact
from reverie.domain.events import (
    TOPIC_CHANGES,
    TOPIC_COMMANDS,
    TOPIC_DLQ,
    TOPIC_ENTITIES,
    TOPIC_NOTES,
    TOPIC_RUN_STEPS,
)
from reverie.errors import BrokerUnavailable, ConfigurationError
from reverie.metrics import metrics_for
from reverie.streams import deadletter, pipeline
from reverie.streams.api import register_api
from reverie.streams.dashboard import register_dashboard
from reverie.streams.deadletter import RawMessage, raw_messages
from reverie.streams.gaps import GapGuard, Hole
from reverie.streams.indexsync import Applied, misrouted, register_index_sync
from reverie.streams.mcpweb import register_mcp
from reverie.streams.outbox import register_outbox_relay
from reverie.streams.scheduling import register_dream_scheduling

log = structlog.get_logger(__name__)
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


def _faust_app(settings: Settings) -> faust.App:
    """Return the Faust app of ``settings``: acks from every replica, in-memory tables."""
    return faust.App(
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


def _gap_guard(app: faust.App, settings: Settings, bus: MessageBus) -> GapGuard:
    """Return the guard that reads skipped offsets again, told of each partition assignment
    (it starts from the group's committed offsets)."""
    async def read_again(topic: str, partition: int, start: int, end: int
                         ) -> list[tuple[int, bytes | None, bytes | None]]:
        return await bus.with_retries(partial(read_range, settings, topic, partition,
                                              start, end))

    guard = GapGuard(read_again, acknowledge=partial(acknowledge_tail, app))

    async def start_positions(tps: list[tuple[str, int]]) -> None:
        try:
            guard.tracker.start_at(await committed_offsets(settings, settings.app_id, tps))
        except BrokerUnavailable as exc:  # then holes are noticed from the first message on
            log.warning("stream.positions_unread", reason=str(exc))

    @app.on_partitions_assigned.connect
    def track_offsets(sender: Any, /, *args: Any, signal: Any, **kwargs: Any) -> None:
        (assigned,) = args
        inputs = [(tp.topic, tp.partition) for tp in assigned if tp.topic in INPUT_TOPICS]
        guard.keep_only(inputs)
        new = [tp for tp in inputs if tp not in guard.tracker.expected]
        if new:
            guard.loading = asyncio.ensure_future(start_positions(new))

    return guard


def acknowledge_tail(app: faust.App, hole: Hole) -> None:
    """Acknowledge a handled range's offsets to Faust, so its next commit moves past them.

    Faust commits what its stream acknowledged, and only up to the first offset it was
    not told of; a range the guard read again (a swept tail, or a hole before a batch)
    never went through the stream. Every offset of the range is acknowledged,
    transaction markers included.
    """
    tp = TP(hole.topic, hole.partition)
    for offset in range(hole.start, hole.end):
        app.consumer.ack(Message(hole.topic, hole.partition, offset, 0.0, 0, None, None,
                                 None, None, tp=tp))


def register_tail_sweep(app: faust.App, settings: Settings, guard: GapGuard) -> None:
    """Add the timer that reads again what the stream stopped short of at a partition's end
    (:meth:`GapGuard.repair_tails`; the broker's end offsets, one request per look)."""
    async def sweep_tails() -> None:
        if app.rebalancing or not guard.tracker.expected:
            return
        tps = [TP(topic, partition) for topic, partition in guard.tracker.expected]
        try:
            with kafka_errors("read the end offsets of the assigned partitions"):
                ends = await app.consumer.highwaters(*tps)
        except BrokerUnavailable as exc:  # the next look asks again
            log.info("stream.tail_unread", reason=str(exc))
            return
        await guard.repair_tails({(tp.topic, tp.partition): end for tp, end in ends.items()})

    app.timer(interval=settings.tail_sweep_s, on_leader=False)(sweep_tails)


def _batch_handler(app: faust.App, reverie: Reverie, dlq_topic: faust.TopicT,
                   indexed: Applied | None) -> Callable[[list[RawMessage]], Awaitable[None]]:
    """Return what each agent does with a batch (gaps filled by the guard): dispatch
    through the bus, dead-letter what it refused, then tell the per-worker index."""
    settings = reverie.settings
    assert reverie.bus is not None
    bus = reverie.bus
    metrics = metrics_for(reverie)
    metrics.instrument(bus, reverie.runs)

    async def handle(messages: list[RawMessage]) -> None:
        structlog.contextvars.clear_contextvars()
        if indexed is not None:  # a per-worker index
            total = app.consumer.topic_partitions(TOPIC_NOTES) or settings.kafka_topic_partitions
            for m in misrouted([m for m in messages if m.topic == TOPIC_NOTES], total):
                log.warning("ingest.misrouted", partition=m.partition, offset=m.offset,
                            key=m.key[:80] if m.key else None, partitions=total)
        for dead in await pipeline.process(messages, bus, reverie.clock):
            metrics.observe_dead(dead.record)
            # which deployment refused it: every consumer group of a topic dead-letters
            # its invalid messages, each once
            record = {**dead.record, "consumer_group": settings.app_id}
            fut = await dlq_topic.send(
                key=dead.raw.key, value=deadletter.encode(record), force=True,
                headers={"reverie-reason": str(dead.record["reason"])[:500].encode(),
                         "reverie-reason-kind": str(dead.record["reason_kind"]).encode()},
            )
            await fut
        if indexed is not None:  # every effect of these messages reached the index
            await indexed(TOPIC_NOTES, [(m.partition, m.offset) for m in messages
                                        if m.topic == TOPIC_NOTES])

    return handle


def create_app(settings: Settings, reverie: Reverie) -> faust.App:
    """Build the Faust app around a bootstrapped :class:`Reverie`."""
    app = _faust_app(settings)

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
    guard = _gap_guard(app, settings, reverie.bus)
    indexed = None
    if settings.qdrant_url is None:  # each worker's index follows the partitions it owns
        indexed = register_index_sync(app, reverie, changes_topic, guard)
    handle = _batch_handler(app, reverie, dlq_topic, indexed)
    for topic in (TOPIC_NOTES, TOPIC_ENTITIES, TOPIC_COMMANDS):
        guard.lane(topic, handle)
    register_tail_sweep(app, settings, guard)

    @app.agent(notes_topic, name="reverie.ingest")
    async def ingest(stream: faust.StreamT[bytes]) -> None:
        batches = stream.take_events(  # type: ignore[attr-defined]
            settings.batch_size, within=settings.batch_within_s)
        async for batch in batches:
            await guard.deliver(raw_messages(batch))

    catch_up = register_dream_scheduling(app, reverie, notes_topic, commands_topic)

    @app.agent(entities_topic, name="reverie.entities")
    async def entities(stream: faust.StreamT[bytes]) -> None:
        async for event in stream.events():
            await guard.deliver(raw_messages([event]))

    @app.agent(commands_topic, name="reverie.commands")
    async def commands(stream: faust.StreamT[bytes]) -> None:
        async for event in stream.events():
            await guard.deliver(raw_messages([event]))

    register_outbox_relay(app, reverie, changes_topic, steps_topic)
    register_api(app, reverie)
    register_dashboard(app, reverie)
    register_mcp(app, reverie)  # only with REVERIE_MCP_ENABLED

    register_start_up(app, reverie, catch_up)
    return app


def register_start_up(app: faust.App, reverie: Reverie,
                      catch_up: Callable[[], Awaitable[None]]) -> None:
    """Add the start-up tasks: create indexes (retried with the bus's backoff), then run
    ``catch_up`` once on the leader (the timer does it every dream window after that); and
    load the judge's models in a thread meanwhile (:func:`~reverie.bootstrap.warm_judge`)."""
    assert reverie.bus is not None
    bus = reverie.bus
    settings = reverie.settings

    async def on_start() -> None:
        await bus.with_retries(partial(prepare, reverie))
        log.info("worker.ready", broker=redact(settings.kafka_broker), storage=settings.storage)
        await asyncio.sleep(min(30.0, settings.dream_window_s))
        if app.is_leader():
            await catch_up()

    async def warm() -> None:
        try:
            took = await warm_judge(reverie)
        except ConfigurationError as exc:  # a model not installed: the dream says it again
            log.warning("judge.warm_failed", judge=reverie.judge.name, error=str(exc))
            return
        if took is not None:
            log.info("judge.warm", judge=reverie.judge.name, seconds=dict(took))

    app.task(on_start)
    app.task(warm)
