"""Plain aiokafka clients configured like the worker's Faust app (CLI producer, offset reads).

The worker itself talks to Kafka through Faust; these helpers serve the few places
that need a client of their own: ``reverie publish`` / ``reverie dream`` produce, and a
worker reads its consumer group's committed offsets when it starts
(:func:`committed_offsets`).
"""

from __future__ import annotations

import ssl
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from reverie.config import Settings
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
