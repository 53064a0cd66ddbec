"""Reading the notes of upcoming judgments ahead, a chunk at a time, for a judge that can.

A judge with the :class:`~reverie.handlers.dream.judging.Preparing` capability (the
offline judge) parses and embeds statements several times faster in one batch than a
cluster at a time (spaCy's ``nlp.pipe`` and the encoder's matrix products both work
per batch). :class:`ReadAhead` splits a phase's items (clusters or pairs, in the order
they are judged) into chunks of about ``chunk_notes`` notes and, when the first item of
a chunk is about to be judged, has the judge read every note of that chunk first, then
starts reading the next chunk in the background while this one is judged: the encoder
works on one CPU while the parse and the judgments share the other. Two chunks, not the
whole phase, bound what is read and held at once. Judgments are the same either way: the
parse of a statement does not depend on the batch, and its vector only in the last bits
on CPUs where OpenBLAS's kernel treats a product's rows by their place (within 1e-6;
tests/unit/test_local_embedder.py): a decision moves only where a cosine lies that close
to a threshold.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from reverie.handlers.dream.judging import JudgedNote, Preparing

__all__ = ["CHUNK_NOTES", "ReadAhead"]

T = TypeVar("T")

# Small enough that the first judgments start soon and the next chunk's reading overlaps
# them, large enough for the batches to pay (docs/benchmarks.md: 2,000 before session 22)
CHUNK_NOTES = 500


class ReadAhead(Generic[T]):
    """Has ``judge`` read each chunk of ``items``' notes before the chunk's first judgment,
    and the next chunk while it is judged."""

    def __init__(
        self,
        judge: object,
        items: Sequence[T],
        notes: Callable[[T], Sequence[JudgedNote]],
        size: Callable[[T], int],
        chunk_notes: int = CHUNK_NOTES,
    ) -> None:
        """Plan chunks of about ``chunk_notes`` notes (an item has ``size(item)``); nothing
        is read before :meth:`ready`, which reads a chunk's items with ``notes``."""
        self._prepare = judge.prepare if isinstance(judge, Preparing) else None
        self._notes = notes
        self._chunk_of: dict[int, int] = {}
        self._chunks: list[list[T]] = []
        self._reading: dict[int, asyncio.Task[None]] = {}
        if self._prepare is None:
            return
        filled = chunk_notes
        for item in items:
            if filled >= chunk_notes:
                self._chunks.append([])
                filled = 0
            self._chunk_of[id(item)] = len(self._chunks) - 1
            self._chunks[-1].append(item)
            filled += size(item)

    async def ready(self, item: T) -> None:
        """Return once the chunk holding ``item`` has been read (reading it if nobody has),
        the next chunk's reading started."""
        chunk = self._chunk_of.get(id(item))
        if self._prepare is None or chunk is None:
            return
        task = self._read(chunk)
        try:
            await asyncio.shield(task)  # a judgment cancelled leaves the reading to the others
        except Exception:
            if self._reading.get(chunk) is task:  # the next judgment of the chunk tries again
                del self._reading[chunk]
            raise
        if chunk + 1 < len(self._chunks):
            self._read(chunk + 1)

    async def close(self) -> None:
        """Wait for the chunks still being read (a chunk no judgment asked for: its errors
        are nobody's); call it when the phase's judgments are over."""
        if self._reading:
            await asyncio.gather(*self._reading.values(), return_exceptions=True)

    def _read(self, chunk: int) -> asyncio.Task[None]:
        """The task that reads ``chunk``, started on the first call."""
        task = self._reading.get(chunk)
        if task is None:
            assert self._prepare is not None
            notes = [n for i in self._chunks[chunk] for n in self._notes(i)]
            task = asyncio.ensure_future(asyncio.to_thread(self._prepare, notes))
            self._reading[chunk] = task
        return task
