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

from dataclasses import dataclass, field
from typing import Any

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


@dataclass(frozen=True)
class IndexMarks:
    """What a worker's own vector index holds, kept beside it so a restart can trust it.

    ``ready`` are the partitions (of ``reverie.notes``) whose agents the index holds in
    full; ``through[topic][p]`` is an offset of that input partition (``reverie.notes``,
    ``reverie.changes``) such that the effects of every message before it are in the
    index. Saved only after the index writes they describe, so they never claim more
    than the index holds.
    """

    group: str
    partitions: int
    ready: frozenset[int]
    through: dict[str, dict[int, int]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-ready dict (partition numbers as string keys)."""
        return {"group": self.group, "partitions": self.partitions,
                "ready": sorted(self.ready),
                "through": {t: {str(p): o for p, o in sorted(by_p.items())}
                            for t, by_p in self.through.items()}}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> IndexMarks:
        """Read what :meth:`to_json` wrote (raises KeyError/ValueError/TypeError if it is not)."""
        return cls(group=str(obj["group"]), partitions=int(obj["partitions"]),
                   ready=frozenset(int(p) for p in obj["ready"]),
                   through={str(t): {int(p): int(o) for p, o in by_p.items()}
                            for t, by_p in obj["through"].items()})

    def current(self, group: str, partitions: int, owned: set[int],
                starts: dict[tuple[str, int], int | None]) -> set[int]:
        """Return the owned partitions this index still holds in full.

        ``starts`` gives, per (topic, partition), the offset the group resumes from (its
        committed offset; None if it never committed). A ready partition is current if
        no start is past ``through``: nothing between what the index holds and where
        consumption resumes was handled by another worker (what comes after is handled
        here again).
        """
        if group != self.group or partitions != self.partitions:
            return set()
        keep = set()
        for p in owned & self.ready:
            mine = [(t, off) for (t, q), off in starts.items() if q == p]
            if all(off is None or off <= self.through.get(t, {}).get(p, 0) for t, off in mine):
                keep.add(p)
        return keep
