"""Reading notes ahead: a chunk at a time, once, before the chunk's first judgment, and the
next chunk while it is judged."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import UTC, datetime

import pytest

from reverie.handlers.dream.judging import JudgedNote
from reverie.handlers.dream.readahead import ReadAhead
from tests.builders import judged

NOW = datetime(2026, 3, 1, tzinfo=UTC)


def note(i: int) -> JudgedNote:
    return judged(f"n{i}", f"note {i}", days_old=0, access=0, note_type="Fact")


class Reader:
    """A judge that records what it was asked to read."""

    def __init__(self) -> None:
        self.read: list[list[str]] = []

    def prepare(self, notes: Sequence[JudgedNote]) -> None:
        self.read.append([n.note_id for n in notes])


ITEMS = [[note(0), note(1)], [note(2), note(3), note(4)], [note(5)], [note(6), note(7)]]


def ahead(judge: object, chunk_notes: int = 4) -> ReadAhead[list[JudgedNote]]:
    return ReadAhead(judge, ITEMS, notes=lambda item: item, size=len, chunk_notes=chunk_notes)


async def test_each_chunk_is_read_once_before_its_first_item_is_judged() -> None:
    reader = Reader()
    plan = ahead(reader)
    assert reader.read == []
    await plan.ready(ITEMS[0])
    assert reader.read[0] == ["n0", "n1", "n2", "n3", "n4"]  # chunks fill to 4 notes or more
    await plan.ready(ITEMS[1])
    await plan.ready(ITEMS[2])
    await plan.ready(ITEMS[3])
    await plan.close()
    assert reader.read == [["n0", "n1", "n2", "n3", "n4"], ["n5", "n6", "n7"]]


async def test_the_next_chunk_is_read_while_this_one_is_judged() -> None:
    reader = Reader()
    plan = ahead(reader)
    await plan.ready(ITEMS[0])
    await plan.close()  # what was started in the background is done
    assert reader.read[1:] == [["n5", "n6", "n7"]]
    await plan.ready(ITEMS[2])  # already read: not again
    assert len(reader.read) == 2


class Failing(Reader):
    """A judge whose first reading fails."""

    def prepare(self, notes: Sequence[JudgedNote]) -> None:
        super().prepare(notes)
        if len(self.read) == 1:
            raise RuntimeError("parser gone")


async def test_a_failed_reading_is_tried_again_by_the_chunks_next_judgment() -> None:
    reader = Failing()
    plan = ahead(reader, chunk_notes=100)
    with pytest.raises(RuntimeError, match="parser gone"):
        await plan.ready(ITEMS[0])
    await plan.ready(ITEMS[1])
    assert len(reader.read) == 2


async def test_concurrent_judgments_of_one_chunk_read_it_once() -> None:
    reader = Reader()
    plan = ahead(reader, chunk_notes=100)
    await asyncio.gather(*(plan.ready(item) for item in ITEMS))
    assert reader.read == [[f"n{i}" for i in range(8)]]


async def test_a_judge_that_cannot_read_ahead_is_left_alone() -> None:
    plan = ahead(object())
    await plan.ready(ITEMS[0])  # nothing to call, nothing raised
