"""Retention archival (formerly the cleanup agent): expiry and disuse, per agent settings.

Only auto-generated records are ever archived here; a person's notes stay until a
person or a deletion event says otherwise. ``auto_archive_enabled = false`` turns
the pass off for that agent.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import timedelta

from reverie.clock import Clock
from reverie.domain.model import Status
from reverie.handlers.lifecycle import Audit, move_examples, move_notes
from reverie.handlers.ports import (
    Stores,
    Transition,
)

LOW_SCORE = 50


@dataclass
class RetentionCounts:
    """What one retention pass did."""

    notes_checked: int = 0
    notes_expired: int = 0
    notes_stale: int = 0
    examples_checked: int = 0
    examples_expired: int = 0
    examples_stale: int = 0
    skipped_reason: str | None = None
    archived_ids: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, int]:
        """Return the counters for run steps and logs."""
        return {k: v for k, v in self.__dict__.items() if isinstance(v, int)}


async def archive_by_retention(
    agent_id: str,
    *,
    stores: Stores,
    clock: Clock,
    run_id: str | None = None,
    dry_run: bool = False,
    fault: Callable[[str], Awaitable[None]] | None = None,
) -> RetentionCounts:
    """Archive the agent's expired and long-unused auto-generated notes and examples."""
    notes, examples, index, changes = stores.notes, stores.examples, stores.index, stores.changes
    counts = RetentionCounts()
    settings = await stores.agents.get(agent_id)
    if not settings.auto_archive_enabled:
        counts.skipped_reason = f"auto_archive_enabled is false for agent {agent_id}"
        return counts
    now = clock.now()
    cause = run_id or f"retention@{now.isoformat()}"
    audit = Audit(agent_id, cause, now, run_id)
    note_cutoff = now - timedelta(days=settings.note_retention_days)
    note_moves: list[Transition] = []
    async for note in notes.iter_records(agent_id=agent_id, status=Status.ACTIVE, auto_only=True,
                                         vectors=False):
        counts.notes_checked += 1
        if note.expires_at is not None and note.expires_at <= now:
            counts.notes_expired += 1
            reason = f"Expired on {note.expires_at.date().isoformat()}"
        elif note.last_access() < note_cutoff:
            counts.notes_stale += 1
            reason = (
                f"Not accessed since {note.last_access().date().isoformat()} "
                f"(retention {settings.note_retention_days} days)"
            )
        else:
            continue
        note_moves.append(Transition(note.note_id, Status.ACTIVE, Status.ARCHIVED, reason))
    example_cutoff = now - timedelta(days=settings.example_retention_days)
    example_moves: list[Transition] = []
    async for ex in examples.iter_records(
        agent_id=agent_id, status=Status.ACTIVE, auto_only=True, vectors=False
    ):
        counts.examples_checked += 1
        if ex.expires_at is not None and ex.expires_at <= now:
            counts.examples_expired += 1
            reason = f"Expired on {ex.expires_at.date().isoformat()}"
        elif ex.success_score < LOW_SCORE and ex.last_access() < example_cutoff:
            counts.examples_stale += 1
            reason = (
                f"Success score {ex.success_score:g} < {LOW_SCORE} and not accessed since "
                f"{ex.last_access().date().isoformat()} "
                f"(retention {settings.example_retention_days} days)"
            )
        else:
            continue
        example_moves.append(Transition(ex.example_id, Status.ACTIVE, Status.ARCHIVED, reason))
    counts.archived_ids = [t.record_id for t in note_moves + example_moves]
    if dry_run:
        return counts
    for start in range(0, len(note_moves), 500):
        await move_notes(
            note_moves[start : start + 500], audit,
            notes=notes, index=index, changes=changes,
        )
        if fault is not None:
            await fault("retention:notes_archived")
    for start in range(0, len(example_moves), 500):
        await move_examples(
            example_moves[start : start + 500], audit,
            examples=examples, changes=changes,
        )
    return counts
