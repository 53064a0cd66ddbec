"""Skipped offsets are noticed per partition and read again before the batch that shows them."""

from __future__ import annotations

from reverie.streams.deadletter import RawMessage
from reverie.streams.gaps import GapGuard, Hole, OffsetTracker

NOTES = "reverie.notes"


def msg(partition: int, offset: int, topic: str = NOTES) -> RawMessage:
    return RawMessage(topic, partition, offset, b"k", f"{partition}:{offset}".encode())


def test_a_jump_in_a_partitions_offsets_is_a_hole_and_duplicates_are_not():
    tracker = OffsetTracker()
    assert tracker.holes([msg(0, 5), msg(0, 6), msg(1, 3)]) == []
    found = tracker.holes([msg(0, 5), msg(0, 7), msg(0, 13), msg(1, 4)])
    assert found == [(2, Hole(NOTES, 0, 8, 13))]
    assert tracker.expected == {(NOTES, 0): 14, (NOTES, 1): 5}


def test_the_committed_offset_is_expected_until_a_message_comes_first():
    tracker = OffsetTracker()
    tracker.holes([msg(1, 40)])
    tracker.start_at({(NOTES, 0): 10, (NOTES, 1): 35, (NOTES, 2): None})
    found = tracker.holes([msg(0, 12), msg(1, 41), msg(2, 0)])
    assert [h for _, h in found] == [Hole(NOTES, 0, 10, 12)]


def test_partitions_given_away_are_forgotten():
    tracker = OffsetTracker()
    tracker.holes([msg(0, 5), msg(1, 5)])
    tracker.keep_only([(NOTES, 1)])
    assert tracker.holes([msg(0, 50)]) == []
    assert tracker.expected == {(NOTES, 0): 51, (NOTES, 1): 6}


async def test_the_guard_puts_the_skipped_messages_right_before_the_one_after_them():
    reads: list[tuple[str, int, int, int]] = []

    async def read(topic: str, partition: int, start: int, end: int):
        reads.append((topic, partition, start, end))
        return [(o, b"k", f"{partition}:{o}".encode()) for o in range(start, end)]

    guard = GapGuard(read)
    await guard.complete([msg(0, 1), msg(1, 1)])
    out = await guard.complete([msg(1, 2), msg(0, 4), msg(0, 5)])
    assert [(m.partition, m.offset) for m in out] == [(1, 2), (0, 2), (0, 3), (0, 4), (0, 5)]
    assert reads == [(NOTES, 0, 2, 4)]
    assert [m.value for m in out][1] == b"0:2"
