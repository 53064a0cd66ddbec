"""Offsets the Faust consumer skipped, noticed at the edge and read again from Kafka.

Right after a (re)start with table recovery, Faust can hand a stream the first
messages of a partition, skip the next few and go on after them, and commit past the
skipped ones (seen in the 10,000-event SIGKILL test: six messages per partition at the
same distance from the committed offset; docs/reliability.md, "Faust rebalance race").
Nothing redelivers them. Every batch an agent handles carries its messages' offsets,
so :class:`OffsetTracker` notices a partition's offset jumping forward, and
:class:`GapGuard` reads the missing range from the broker and hands it to the caller
before the batch that revealed it (order per partition is kept). Offsets that hold no
message (transaction markers) cost one empty read. Once the batch is handled, the
hole is acknowledged like a swept tail (below): Faust commits only up to its first
unacknowledged offset, so an unacknowledged hole would hold the partition's commit
there for good.

A range skipped at the end of a partition's traffic has no later message to reveal it:
:meth:`GapGuard.stalled` compares each partition's expected offset with the broker's end
offset, and a partition that stayed short of its end over two looks while its handler
was idle is read again by :meth:`GapGuard.sweep` (``stream.tail_repaired``). Once the
swept messages are handled, :attr:`GapGuard.acknowledge` tells the consumer, whose
commits would otherwise stop short of them for good.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import structlog

from reverie.streams.deadletter import RawMessage

log = structlog.get_logger(__name__)
TP = tuple[str, int]
ReadRange = Callable[[str, int, int, int], Awaitable[list[tuple[int, bytes | None, bytes | None]]]]
Handle = Callable[[list[RawMessage]], Awaitable[None]]


@dataclass
class Lane:
    """One topic's handler: it takes one batch at a time, the stream's or a sweep's."""

    handle: Handle
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


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
    short: dict[TP, int] = field(default_factory=dict)
    """The offset each partition was expected at when last seen short of its end."""
    swept: dict[TP, list[tuple[int, int]]] = field(default_factory=dict)
    """Ranges :meth:`sweep` handed over: the stream's late copies of them are dropped."""
    lanes: dict[str, Lane] = field(default_factory=dict)
    acknowledge: Callable[[Hole], None] | None = None
    """Told of each range read again (a swept tail, or a hole before a batch) once it is
    handled, so the consumer commits past it: the stream never delivered those messages,
    so it never acknowledges them itself."""

    def lane(self, topic: str, handle: Handle) -> None:
        """Hand ``topic``'s messages (the stream's, completed, and swept tails) to ``handle``."""
        self.lanes[topic] = Lane(handle)

    async def deliver(self, messages: Sequence[RawMessage]) -> None:
        """Complete a batch the stream delivered (one topic) and hand it to its handler."""
        if not messages:
            return
        lane = self.lanes[messages[0].topic]
        async with lane.lock:
            completed, holes = await self._fill(messages)
            if completed:
                await lane.handle(completed)
            if self.acknowledge is not None:
                for hole in holes:
                    self.acknowledge(hole)

    async def repair_tails(self, ends: Mapping[TP, int]) -> int:
        """Read and handle the tails the stream stopped short of; return how many messages."""
        busy = {topic for topic, lane in self.lanes.items() if lane.lock.locked()}
        repaired = 0
        for hole in self.stalled(ends, busy):
            lane = self.lanes.get(hole.topic)
            if lane is None:
                continue
            async with lane.lock:
                messages = await self.sweep(hole)
                if not messages:
                    continue
                try:
                    await lane.handle(messages)
                except BaseException:  # not handled: the next look reads them again
                    self._unsweep(hole)
                    raise
                if self.acknowledge is not None:
                    self.acknowledge(hole)
            repaired += len(messages)
        return repaired

    def keep_only(self, assigned: Iterable[TP]) -> None:
        """Forget partitions no longer assigned (another worker goes on with them)."""
        keep = set(assigned)
        self.tracker.keep_only(keep)
        for seen in (self.short, self.swept):
            for tp in [tp for tp in seen if tp not in keep]:
                del seen[tp]

    async def complete(self, messages: Sequence[RawMessage]) -> list[RawMessage]:
        """Return ``messages`` preceded by any skipped messages of their partitions, less
        those a sweep already handed over."""
        completed, _ = await self._fill(messages)
        return completed

    async def _fill(self, messages: Sequence[RawMessage]
                    ) -> tuple[list[RawMessage], list[Hole]]:
        """Return :meth:`complete`'s messages and the holes read again to complete them."""
        if self.loading is not None and not self.loading.done():
            await asyncio.wait({self.loading}, timeout=15)
        if self.swept:
            messages = [m for m in messages if not self._was_swept(m)]
        holes = self.tracker.holes(messages)
        if not holes:
            return list(messages), []
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
        return out, [hole for _, hole in holes]

    def _was_swept(self, m: RawMessage) -> bool:
        """Whether a sweep handed ``m`` over already (ranges the stream passed are forgotten)."""
        tp = (m.topic, m.partition)
        ranges = self.swept.get(tp)
        if not ranges:
            return False
        if m.offset >= ranges[-1][1]:  # the stream is past every swept range: forget them
            del self.swept[tp]
            return False
        return any(start <= m.offset < end for start, end in ranges)

    def stalled(self, ends: Mapping[TP, int], busy: Container[str]) -> list[Hole]:
        """Return the tail of each partition that stayed short of its end over two looks.

        ``ends`` are the broker's end offsets; a partition of a topic in ``busy`` (its
        handler is at work) is not judged, since its stream may be about to deliver.
        """
        found: list[Hole] = []
        for tp, want in list(self.tracker.expected.items()):
            end = ends.get(tp)
            if tp[0] in busy or end is None or end <= want:
                self.short.pop(tp, None)
            elif self.short.get(tp) == want:
                found.append(Hole(tp[0], tp[1], want, end))
                del self.short[tp]
            else:
                self.short[tp] = want
        return found

    async def sweep(self, hole: Hole) -> list[RawMessage]:
        """Read a stalled tail again and hand it over; empty if the stream moved meanwhile."""
        tp = (hole.topic, hole.partition)
        if self.tracker.expected.get(tp) != hole.start:
            return []
        read = await self.read_range(hole.topic, hole.partition, hole.start, hole.end)
        if self.tracker.expected.get(tp) != hole.start:  # delivered while we read
            return []
        self.tracker.expected[tp] = hole.end
        self.swept.setdefault(tp, []).append((hole.start, hole.end))
        log.warning("stream.tail_repaired", topic=hole.topic, partition=hole.partition,
                    first=hole.start, last=hole.end - 1, messages=len(read),
                    why="the consumer stopped short of these offsets; read again from the broker")
        return [RawMessage(hole.topic, hole.partition, o, k, v) for o, k, v in read]

    def _unsweep(self, hole: Hole) -> None:
        tp = (hole.topic, hole.partition)
        if self.tracker.expected.get(tp) == hole.end:
            self.tracker.expected[tp] = hole.start
        ranges = [r for r in self.swept.get(tp, []) if r != (hole.start, hole.end)]
        if ranges:
            self.swept[tp] = ranges
        else:
            self.swept.pop(tp, None)
