"""Replay a file of events through the same handlers, without Kafka, and export the state.

``replay`` (contract, last section) starts from an empty state of its own — a
fresh database and vector index, removed afterwards unless ``keep`` — sets the
clock to each event's ``occurred_at``, runs the dreams the file requests (and no
scheduled ones), and returns the final state as export rows.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import uuid
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from reverie.bootstrap import Reverie, bootstrap, prepare
from reverie.clock import FixedClock
from reverie.config import Settings
from reverie.domain.events import Envelope, NoteCreated, parse_event
from reverie.domain.model import Example, Note
from reverie.errors import InvalidEvent
from reverie.handlers.ports import Embedder
from reverie.text.utc import as_utc


@dataclass
class ReplayReport:
    """What a replay did."""

    events: int = 0
    invalid: list[tuple[int, str]] = field(default_factory=list)
    failed: list[tuple[int, str]] = field(default_factory=list)
    rows: list[dict[str, Any]] = field(default_factory=list)


def export_note(note: Note) -> dict[str, Any]:
    """Return a note's export row (contract format plus a few optional fields)."""
    return {
        "kind": "note", "id": note.note_id, "status": note.status.value, "text": note.text,
        "agent_id": note.agent_id, "user_id": note.user_id, "company_id": note.company_id,
        "consolidated_into": note.consolidated_into_note_id, "comments": note.comments,
        "access_count": note.access_count, "note_type": note.note_type,
        "conversation_id": note.conversation_id, "is_auto_generated": note.is_auto_generated,
        "created_at": note.created_at.isoformat(), "source_note_ids": note.source_note_ids,
    }


def export_example(ex: Example) -> dict[str, Any]:
    """Return an example's export row."""
    return {
        "kind": "example", "id": ex.example_id, "status": ex.status.value,
        "text": f"{ex.input}\n---\n{ex.output}", "agent_id": ex.agent_id,
        "user_id": ex.user_id, "company_id": ex.company_id, "consolidated_into": None,
        "comments": ex.comments, "access_count": ex.access_count,
        "success_score": ex.success_score, "is_auto_generated": ex.is_auto_generated,
    }


async def export_state(app: Reverie) -> list[dict[str, Any]]:
    """Return every note and example as export rows, sorted by kind and id."""
    rows = [export_note(n) async for n in app.notes.iter_records()]
    rows += [export_example(e) async for e in app.examples.iter_records()]
    return sorted(rows, key=lambda r: (r["kind"], r["id"]))


@asynccontextmanager
async def isolated(
    settings: Settings, *, keep: bool = False, embedder: Embedder | None = None,
    clock: FixedClock | None = None,
) -> AsyncIterator[Reverie]:
    """Yield a Reverie on a fresh database and vector index of its own, removed afterwards."""
    tmp = Path(tempfile.mkdtemp(prefix="reverie-replay-"))
    db_name = f"reverie_replay_{uuid.uuid4().hex[:12]}"
    own = settings.model_copy(update={
        "mongo_database": db_name, "qdrant_path": tmp / "qdrant", "qdrant_url": None,
        "qdrant_collection": f"replay_{uuid.uuid4().hex[:8]}", "data_dir": tmp,
    })
    try:
        async with bootstrap(own, clock=clock or FixedClock(), embedder=embedder) as app:
            await prepare(app)
            try:
                yield app
            finally:
                db = app.db
                if db is not None and not keep:
                    await db.client.drop_database(db_name)
    finally:
        if not keep:
            shutil.rmtree(tmp, ignore_errors=True)


def read_lines(path: Path) -> Iterable[tuple[int, bytes]]:
    """Yield (line number, bytes) of each non-blank line."""
    with path.open("rb") as fh:
        for number, line in enumerate(fh, 1):
            if line.strip():
                yield number, line.rstrip(b"\r\n")


async def replay_into(
    app: Reverie,
    lines: Iterable[tuple[int, bytes]],
    clock: FixedClock,
    progress: Callable[[int], None] | None = None,
) -> ReplayReport:
    """Feed ``lines`` through the bus in file order with the clock at each event's time."""
    assert app.bus is not None
    report = ReplayReport()
    group: list[Envelope] = []
    where: dict[str, int] = {}

    async def flush() -> None:
        if not group:
            return
        clock.set(group[-1].occurred_at)
        for failure in await app.bus.handle(group):  # type: ignore[union-attr]
            report.failed.append((where[failure.event.event_id], failure.reason))
        group.clear()

    for number, raw in lines:
        report.events += 1
        if progress:
            progress(number)
        try:
            event = parse_event(raw)
        except InvalidEvent as exc:
            report.invalid.append((number, exc.reason))
            continue
        where[event.event_id] = number
        if group and not (isinstance(event, NoteCreated) and len(group) < 256):
            await flush()
        group.append(event)
        if not isinstance(event, NoteCreated):
            await flush()
    await flush()
    return report


def write_export(rows: list[dict[str, Any]], out: Path) -> None:
    """Write export rows as JSON lines."""
    with out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")


def parse_now(value: str) -> datetime:
    """Parse ``--now`` (RFC 3339; naive means UTC)."""
    return as_utc(datetime.fromisoformat(value.replace("Z", "+00:00")))
