"""Offsets the Faust consumer skipped, noticed at the edge and read again from Kafka.

Right after a (re)start with table recovery, Faust can hand a stream the first
messages of a partition, skip the next few and go on after them, and commit past the
skipped ones (seen in the 10,000-event SIGKILL test: six messages per partition at the
same distance from the committed offset; docs/reliability.md, "Faust rebalance race").
Nothing redelivers them. Every batch an agent handles carries its messages' offsets,
so :class:`OffsetTracker` notices a partition's offset jumping forward, and
:class:`GapGuard` reads the missing range from the broker and hands it to the caller
before the batch that revealed it (order per partition is kept). Offsets that hold no
message (transaction markers) cost one empty read.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import structlog

from reverie.streams.deadletter import RawMessage

log = structlog.get_logger(__name__)
TP = tuple[str, int]
ReadRange = Callable[[str, int, int, int], Awaitable[list[tuple[int, bytes | None, bytes | None]]]]


@dataclass(frozen=True)
class Hole:
    """Offsets ``[start, end)`` of one partition that were never delivered."""

    topic: str
    partition: int
    start: int
    end: int


@dataclass
class OffsetTracker:
    """The next offset expected per partition, from the messages delivered so far."""

    expected: dict[TP, int] = field(default_factory=dict)

    def keep_only(self, assigned: Iterable[TP]) -> None:
        """Forget partitions no longer assigned (another worker goes on with them)."""
        keep = set(assigned)
        for tp in [tp for tp in self.expected if tp not in keep]:
            del self.expected[tp]

    def start_at(self, positions: Mapping[TP, int | None]) -> None:
        """Expect each partition at its committed offset, unless a message came first."""
        for tp, offset in positions.items():
            if offset is not None and tp not in self.expected:
                self.expected[tp] = offset

    def holes(self, messages: Sequence[RawMessage]) -> list[tuple[int, Hole]]:
        """Return each range skipped before ``messages[i]`` as ``(i, hole)``; move on past them."""
        found: list[tuple[int, Hole]] = []
        for i, m in enumerate(messages):
            tp = (m.topic, m.partition)
            want = self.expected.get(tp)
            if want is not None and m.offset > want:
                found.append((i, Hole(m.topic, m.partition, want, m.offset)))
            if want is None or m.offset >= want:
                self.expected[tp] = m.offset + 1
        return found


@dataclass
class GapGuard:
    """Repairs skipped offsets: read them again and hand them over first."""

    read_range: ReadRange
    tracker: OffsetTracker = field(default_factory=OffsetTracker)
    loading: asyncio.Task[None] | None = None

    async def complete(self, messages: Sequence[RawMessage]) -> list[RawMessage]:
        """Return ``messages`` preceded by any skipped messages of their partitions."""
        if self.loading is not None and not self.loading.done():
            await asyncio.wait({self.loading}, timeout=15)
        holes = self.tracker.holes(messages)
        if not holes:
            return list(messages)
        before: dict[int, list[RawMessage]] = {}
        for i, hole in holes:
            read = await self.read_range(hole.topic, hole.partition, hole.start, hole.end)
            log.warning("stream.gap_repaired", topic=hole.topic, partition=hole.partition,
                        first=hole.start, last=hole.end - 1, messages=len(read),
                        why="the consumer skipped these offsets; read again from the broker")
            before.setdefault(i, []).extend(
                RawMessage(hole.topic, hole.partition, o, k, v) for o, k, v in read)
        out: list[RawMessage] = []
        for i, m in enumerate(messages):
            out += before.get(i, [])
            out.append(m)
        return out
