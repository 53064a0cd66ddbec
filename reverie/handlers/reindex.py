"""Rebuilding the vector index from the embeddings kept with each note in the document store."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from reverie.domain.model import Note, vector_payload
from reverie.handlers.ports import Embedder, NoteRepository, VectorPoint


class Upserts(Protocol):
    """The part of :class:`~reverie.handlers.ports.VectorIndex` a rebuild writes through."""

    async def upsert(self, points: Sequence[VectorPoint]) -> None: ...


async def index_notes(page: Sequence[Note], *, index: Upserts, embedder: Embedder) -> None:
    """Upsert the notes' vectors and payloads, embedding the ones without a usable vector."""
    stale = [n for n in page if n.embedding is None
             or n.embedding_model != embedder.model_name
             or len(n.embedding) != embedder.dimension]
    if stale:
        vectors = await embedder.embed([n.text for n in stale])
        for note, vector in zip(stale, vectors, strict=True):
            note.embedding = vector
    await index.upsert([VectorPoint(n.note_id, n.embedding or [], vector_payload(n))
                        for n in page])


async def reindex(
    *,
    notes: NoteRepository,
    index: Upserts,
    embedder: Embedder,
    agent_id: str | None = None,
    batch_size: int = 500,
) -> int:
    """Upsert every note's vector and payload (embedding the ones without a usable vector)."""
    done = 0
    page: list[Note] = []
    async for note in notes.iter_records(agent_id=agent_id, batch_size=batch_size):
        page.append(note)
        if len(page) >= batch_size:
            await index_notes(page, index=index, embedder=embedder)
            done += len(page)
            page = []
    if page:
        await index_notes(page, index=index, embedder=embedder)
        done += len(page)
    return done
