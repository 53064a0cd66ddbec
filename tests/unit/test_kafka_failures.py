"""Kafka clients of our own (offset reads, range reads) translate aiokafka's errors in one place."""

from __future__ import annotations

import pytest
from aiokafka import errors

from reverie.brokers import committed_offsets, kafka_errors, read_range
from reverie.config import Settings
from reverie.errors import BrokerUnavailable, ConfigurationError
from tests.netfaults import DroppingServer, dead_port


def _settings(port: int) -> Settings:
    return Settings(storage="memory", kafka_broker=f"kafka://127.0.0.1:{port}")


async def test_an_unreachable_broker_is_retryable() -> None:
    """A dead port and a socket that drops connections: BrokerUnavailable naming the setting."""
    with DroppingServer() as dropping:
        for port in (dead_port(), dropping.port):
            with pytest.raises(BrokerUnavailable, match="REVERIE_KAFKA_BROKER"):
                await committed_offsets(_settings(port), "reverie", [("reverie.notes", 0)])
            with pytest.raises(BrokerUnavailable, match=r"reverie.notes\[0\] 0..9"):
                await read_range(_settings(port), "reverie.notes", 0, 0, 10)


@pytest.mark.parametrize(
    ("raised", "expected", "words"),
    [
        (errors.KafkaConnectionError("refused"), BrokerUnavailable, "KafkaConnectionError"),
        (errors.KafkaTimeoutError(), BrokerUnavailable, "REVERIE_KAFKA_BROKER"),
        (ConnectionResetError("reset"), BrokerUnavailable, "ConnectionResetError"),
        (errors.SaslAuthenticationFailed(), ConfigurationError, "REVERIE_KAFKA_SASL"),
        (errors.GroupAuthorizationFailedError(), ConfigurationError, "ACLs"),
    ],
)
def test_kafka_errors_maps_each_client_error(
    raised: Exception, expected: type[Exception], words: str
) -> None:
    """Unreachable or timed out → retryable; refused credentials or ACLs → configuration."""
    with pytest.raises(expected, match=words) as info, kafka_errors("do it"):
        raise raised
    assert info.value.__cause__ is raised
