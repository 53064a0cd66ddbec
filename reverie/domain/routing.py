"""Which partition a Kafka key lands on: the Kafka default partitioner (murmur2).

Reverie's inputs are keyed by agent id (entities by entity id) and its own outputs
(``reverie.changes``) are keyed by agent id and sent through aiokafka's default
partitioner, which is the Java client's: ``(murmur2(key) & 0x7fffffff) % partitions``.
A worker therefore knows the agents of a partition it is assigned without any extra
record, provided upstream producers use the same default partitioner (the Java
client, aiokafka, kafka-python and Faust do; librdkafka needs
``partitioner=murmur2_random``). A producer that picks partitions otherwise would also
send an agent's notes and its changes to different workers, which no record of
"agents seen per partition" could fix; the ingest agent logs such messages
(``ingest.misrouted``).
"""

from __future__ import annotations

_SEED = 0x9747B28C
_M = 0x5BD1E995
_MASK = 0xFFFFFFFF


def murmur2(data: bytes) -> int:
    """Return the 32-bit MurmurHash2 of ``data`` as Kafka's Java client computes it."""
    length = len(data)
    h = (_SEED ^ length) & _MASK
    for i in range(0, length - length % 4, 4):
        k = int.from_bytes(data[i:i + 4], "little")
        k = (k * _M) & _MASK
        k ^= k >> 24
        k = (k * _M) & _MASK
        h = ((h * _M) & _MASK) ^ k
    tail = length % 4
    base = length - tail
    if tail >= 3:
        h ^= data[base + 2] << 16
    if tail >= 2:
        h ^= data[base + 1] << 8
    if tail >= 1:
        h ^= data[base]
        h = (h * _M) & _MASK
    h ^= h >> 13
    h = (h * _M) & _MASK
    h ^= h >> 15
    return h


def partition_for(key: str | bytes, partitions: int) -> int:
    """Return the partition the default partitioner picks for ``key`` among ``partitions``."""
    raw = key.encode("utf-8") if isinstance(key, str) else key
    return (murmur2(raw) & 0x7FFFFFFF) % partitions
