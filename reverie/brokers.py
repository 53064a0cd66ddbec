"""Plain aiokafka clients configured like the worker's Faust app (CLI producer, offset reads).

The worker itself talks to Kafka through Faust; these helpers serve the few places
that need a client of their own: ``reverie publish`` / ``reverie dream`` produce, a
worker reads its consumer group's committed offsets when it starts
(:func:`committed_offsets`), and ``reverie dlq`` and the dashboard read ``reverie.dlq``
and put originals back (:class:`KafkaDeadLetters`).
"""

from __future__ import annotations

import hashlib
import ssl
import time
from collections.abc import AsyncIterator, Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from reverie.config import Settings
from reverie.deadletters import DeadLetterEntry, parse_entry
from reverie.errors import BrokerUnavailable, ConfigurationError


def bootstrap_servers(settings: Settings) -> str:
    """Return ``host:port`` list from the Faust-style broker URL(s)."""
    return ",".join(
        part.split("://", 1)[-1] for part in settings.kafka_broker.replace(";", ",").split(",")
    )


@contextmanager
def kafka_errors(what: str) -> Iterator[None]:
    """Turn aiokafka's exceptions while doing ``what`` into Reverie's.

    Refused credentials or missing ACLs → ``ConfigurationError`` naming the settings;
    any other Kafka or socket error (unreachable, timed out, TLS) → ``BrokerUnavailable``.
    """
    from aiokafka import errors

    refused = (errors.SaslAuthenticationFailed, errors.AuthenticationFailedError,
               errors.AuthenticationMethodNotSupported, errors.UnsupportedSaslMechanismError,
               errors.IllegalSaslStateError, errors.ClusterAuthorizationFailedError,
               errors.GroupAuthorizationFailedError, errors.TopicAuthorizationFailedError)
    try:
        yield
    except refused as exc:
        raise ConfigurationError(
            f"Kafka refused {what} ({type(exc).__name__}): check REVERIE_KAFKA_SECURITY_PROTOCOL,"
            " the REVERIE_KAFKA_SASL_* settings and the principal's ACLs") from exc
    except (errors.KafkaError, OSError) as exc:
        raise BrokerUnavailable(f"cannot {what}: {type(exc).__name__} (is Kafka at "
                                "REVERIE_KAFKA_BROKER up and reachable?)") from exc


def client_options(settings: Settings) -> dict[str, Any]:
    """Return aiokafka keyword arguments for the configured security protocol."""
    proto = settings.kafka_security_protocol
    opts: dict[str, Any] = {"bootstrap_servers": bootstrap_servers(settings)}
    if proto == "PLAINTEXT":
        return opts
    opts["security_protocol"] = proto
    if "SSL" in proto:
        opts["ssl_context"] = ssl.create_default_context(cafile=settings.kafka_ssl_cafile)
    if proto.startswith("SASL"):
        opts["sasl_mechanism"] = settings.kafka_sasl_mechanism
        opts["sasl_plain_username"] = settings.kafka_sasl_username
        opts["sasl_plain_password"] = (
            settings.kafka_sasl_password.get_secret_value()
            if settings.kafka_sasl_password else None)
    return opts


async def committed_offsets(
    settings: Settings, group: str, partitions: Iterable[tuple[str, int]]
) -> dict[tuple[str, int], int | None]:
    """Return the group's committed offset of each (topic, partition); None if never committed."""
    from aiokafka.admin import AIOKafkaAdminClient
    from aiokafka.structs import TopicPartition

    wanted = [TopicPartition(t, p) for t, p in partitions]
    admin = AIOKafkaAdminClient(**client_options(settings), request_timeout_ms=10_000)
    try:
        with kafka_errors(f"read the committed offsets of {group}"):
            await admin.start()
            found = await admin.list_consumer_group_offsets(group, partitions=wanted)
    finally:
        await admin.close()
    out: dict[tuple[str, int], int | None] = {}
    for tp in wanted:
        meta = found.get(tp)
        offset = meta.offset if meta is not None else -1
        out[(tp.topic, tp.partition)] = offset if offset >= 0 else None
    return out


async def read_range(
    settings: Settings, topic: str, partition: int, start: int, end: int
) -> list[tuple[int, bytes | None, bytes | None]]:
    """Return (offset, key, value) of the messages in ``[start, end)`` of one partition.

    A consumer outside every group (nothing committed); stops at ``end`` or when the
    broker has nothing more in the range (offsets of transaction markers hold no message).
    """
    from aiokafka import AIOKafkaConsumer
    from aiokafka.structs import TopicPartition

    tp = TopicPartition(topic, partition)
    consumer = AIOKafkaConsumer(**client_options(settings), group_id=None,
                                enable_auto_commit=False, request_timeout_ms=10_000)
    out: list[tuple[int, bytes | None, bytes | None]] = []
    try:
        with kafka_errors(f"read {topic}[{partition}] {start}..{end - 1}"):
            await consumer.start()
            consumer.assign([tp])
            consumer.seek(tp, start)
            empty = 0
            while empty < 3:
                batch = await consumer.getmany(tp, timeout_ms=1000, max_records=500)
                records = batch.get(tp, [])
                empty = 0 if records else empty + 1
                out += [(r.offset, r.key, r.value) for r in records if r.offset < end]
                if records and records[-1].offset >= end - 1:
                    break
    finally:
        await consumer.stop()
    return out


class Stall:
    """Raise ``BrokerUnavailable`` when reading made no progress for ``limit_s`` seconds: a
    reader that knows where a partition ends reads on until it gets there (a slow broker
    or a loaded machine may answer a poll with nothing), and never returns part of it."""

    def __init__(self, what: str, limit_s: float = 60.0) -> None:
        self.what = what
        self.limit_s = limit_s
        self._last = time.monotonic()

    def check(self, progressed: bool) -> None:
        """Note a poll; raise if none progressed within the limit."""
        now = time.monotonic()
        if progressed:
            self._last = now
        elif now - self._last > self.limit_s:
            raise BrokerUnavailable(f"cannot {self.what}: no progress for {self.limit_s:.0f} s "
                                    "(is Kafka at REVERIE_KAFKA_BROKER up and reachable?)")


class KafkaDeadLetters:
    """``reverie.dlq`` through aiokafka (:class:`reverie.deadletters.DeadLetterQueue`):
    consumers outside every group read it; a producer, started on first use and stopped by
    :meth:`close`, puts originals back."""

    def __init__(self, settings: Settings, topic: str | None = None) -> None:
        from reverie.domain.events import TOPIC_DLQ

        self.settings = settings
        self.topic = topic or TOPIC_DLQ
        self._producer: Any = None

    def _consumer(self) -> Any:
        from aiokafka import AIOKafkaConsumer

        return AIOKafkaConsumer(**client_options(self.settings), group_id=None,
                                enable_auto_commit=False, request_timeout_ms=10_000,
                                auto_offset_reset="earliest")

    async def _extent(self, consumer: Any) -> tuple[dict[Any, int], dict[Any, int]]:
        """Start ``consumer``; return the first and the next offset of every partition."""
        from aiokafka.structs import TopicPartition

        await consumer.start()
        # the consumer's own metadata covers only what it subscribed to: ask the cluster
        metadata = await consumer._client.fetch_all_metadata()
        parts = metadata.partitions_for_topic(self.topic) or set()
        tps = [TopicPartition(self.topic, p) for p in sorted(parts)]
        if not tps:
            return {}, {}
        return (dict(await consumer.beginning_offsets(tps)),
                dict(await consumer.end_offsets(tps)))

    async def scan(self, since: datetime | None = None, newest: int | None = None
                   ) -> AsyncIterator[DeadLetterEntry]:
        """Yield the dead letters written since ``since`` (at most ``newest`` per partition)."""
        consumer = self._consumer()
        try:
            with kafka_errors(f"read {self.topic}"):
                begins, ends = await self._extent(consumer)
                starts = dict(begins)
                if since is not None and begins:
                    ms = int(since.timestamp() * 1000)
                    found = await consumer.offsets_for_times({tp: ms for tp in begins})
                    for tp, at in found.items():
                        starts[tp] = max(starts[tp], at.offset if at is not None else ends[tp])
                if newest is not None:
                    starts = {tp: max(o, ends[tp] - newest) for tp, o in starts.items()}
                pending = {tp for tp, o in starts.items() if o < ends[tp]}
                consumer.assign(sorted(pending, key=lambda tp: tp.partition))
                for tp in pending:
                    consumer.seek(tp, starts[tp])
            stall = Stall(f"read {self.topic}")
            while pending:
                with kafka_errors(f"read {self.topic}"):
                    batch = await consumer.getmany(*pending, timeout_ms=1000, max_records=500)
                    done = {tp for tp in pending if await consumer.position(tp) >= ends[tp]}
                stall.check(bool(batch or done))
                for tp, records in batch.items():
                    for r in records:
                        entry = parse_entry(tp.partition, r.offset, r.value)
                        if r.offset < ends[tp] and entry is not None:
                            yield entry
                pending -= done
        finally:
            await consumer.stop()

    async def at(self, offset: int, partition: int | None = None) -> list[DeadLetterEntry]:
        """Return the dead letter at ``offset`` of ``partition``, or of every partition."""
        consumer = self._consumer()
        found: list[DeadLetterEntry] = []
        try:
            with kafka_errors(f"read {self.topic}"):
                begins, ends = await self._extent(consumer)
                pending = {tp for tp in begins if begins[tp] <= offset < ends[tp]
                           and partition in (None, tp.partition)}
                consumer.assign(sorted(pending, key=lambda tp: tp.partition))
                for tp in pending:
                    consumer.seek(tp, offset)
                stall = Stall(f"read {self.topic}")
                while pending:
                    batch = await consumer.getmany(*pending, timeout_ms=1000, max_records=1)
                    for tp, records in batch.items():
                        found += [e for r in records if r.offset == offset
                                  and (e := parse_entry(tp.partition, r.offset, r.value))]
                    done = {tp for tp in pending if await consumer.position(tp) > offset}
                    stall.check(bool(batch or done))
                    pending -= done
        finally:
            await consumer.stop()
        return sorted(found, key=lambda e: e.partition)

    async def original(self, entry: DeadLetterEntry) -> bytes | None:
        """The original bytes: the record's, or a truncated one's read from its origin."""
        if not entry.truncated:
            return entry.kept
        start = entry.origin_offset
        found = await read_range(self.settings, entry.topic, entry.origin_partition, start,
                                 start + 1)
        value = found[0][2] if found and found[0][0] == start else None
        if value is None or hashlib.sha256(value).hexdigest() != entry.record.get(
                "original_sha256"):
            return None
        return value

    async def put_back(self, entry: DeadLetterEntry, value: bytes) -> str:
        """Send ``value`` to the entry's original topic and partition, with its key."""
        with kafka_errors(f"send to {entry.topic}"):
            if self._producer is None:
                from aiokafka import AIOKafkaProducer

                producer = AIOKafkaProducer(**client_options(self.settings), acks="all",
                                            enable_idempotence=True)
                await producer.start()
                self._producer = producer
            parts = await self._producer.partitions_for(entry.topic)
            partition = entry.origin_partition if entry.origin_partition in parts else None
            sent = await self._producer.send_and_wait(
                entry.topic, value, key=entry.key, partition=partition,
                headers=[("reverie-redrive-of", entry.ledger_id.encode())])
        return f"{entry.topic}:{sent.partition}:{sent.offset}"

    async def close(self) -> None:
        """Stop the producer, if one was started."""
        if self._producer is not None:
            producer, self._producer = self._producer, None
            await producer.stop()
