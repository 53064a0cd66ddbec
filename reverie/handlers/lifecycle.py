"""Moving notes and examples between states, with an audit change for every move."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from reverie.domain.model import Change, ChangeType, Kind, Status
from reverie.handlers.ports import (
    ChangeLog,
    ExampleRepository,
    NoteRepository,
    Transition,
    VectorIndex,
)

_CHANGE_TYPE: dict[tuple[Kind, Status], ChangeType] = {
    ("note", Status.ARCHIVED): "note.archived",
    ("note", Status.REVOKED): "note.revoked",
    ("note", Status.ACTIVE): "note.restored",
    ("example", Status.ARCHIVED): "example.archived",
    ("example", Status.REVOKED): "example.revoked",
    ("example", Status.ACTIVE): "example.restored",
}


def change_id(record_id: str, to: Status, cause: str) -> str:
    """Return a deterministic change id, so a repeated cause records one change."""
    return f"{record_id}>{to.value}@{cause}"


@dataclass(frozen=True)
class Audit:
    """What every audit change of one move shares: whose records, why (the cause that fixes
    the change ids), when, and the dream run if one made it."""

    agent_id: str
    cause: str
    at: datetime
    run_id: str | None = None

    def change(self, kind: Kind, t: Transition) -> Change:
        """Return the audit change of one transition (its id fixed by record, target and cause)."""
        return Change(
            change_id=change_id(t.record_id, t.to, self.cause),
            change_type=_CHANGE_TYPE[(kind, t.to)],
            kind=kind,
            record_id=t.record_id,
            agent_id=self.agent_id,
            from_status=t.expect,
            to_status=t.to,
            reason=t.comments,
            at=self.at,
            run_id=self.run_id,
            consolidated_into_note_id=t.consolidated_into_note_id,
        )


async def move_notes(
    transitions: Sequence[Transition],
    audit: Audit,
    *,
    notes: NoteRepository,
    index: VectorIndex,
    changes: ChangeLog,
    effects_first: bool = False,
) -> list[str]:
    """Apply note transitions, sync the vector payloads and record one change per move.

    ``effects_first``: for callers that find their work by status and retry with a stable
    ``cause`` (reactive pruning re-queries the Active notes on redelivery): index status
    and audit change are written before the status itself, so a crash in between leaves
    the note Active and the retry redoes everything instead of skipping it.
    """
    if not transitions:
        return []
    if effects_first:
        return await _move_notes_effects_first(
            transitions, audit, notes=notes, index=index, changes=changes)
    moved = await notes.transition(transitions, audit.at)
    by_id = {t.record_id: t for t in transitions}
    # Index and audit also cover transitions applied by an earlier, interrupted attempt.
    current = {n.note_id: n for n in await notes.get_many(list(by_id))}
    settled = [rid for rid, t in by_id.items() if (n := current.get(rid)) and n.status == t.to]
    for status in {by_id[r].to for r in settled}:
        await index.set_status([r for r in settled if by_id[r].to == status], status)
    await changes.record([audit.change("note", by_id[rid]) for rid in settled])
    return moved


async def _move_notes_effects_first(
    transitions: Sequence[Transition], audit: Audit, *,
    notes: NoteRepository, index: VectorIndex, changes: ChangeLog,
) -> list[str]:
    by_id = {t.record_id: t for t in transitions}
    current = {n.note_id: n for n in await notes.get_many(list(by_id))}
    due = [t for rid, t in by_id.items()
           if (n := current.get(rid)) is not None and n.status in (t.expect, t.to)]
    for status in {t.to for t in due}:
        await index.set_status([t.record_id for t in due if t.to == status], status)
    await changes.record([audit.change("note", t) for t in due])
    moved = await notes.transition(due, audit.at)
    lost = [t.record_id for t in due
            if t.record_id not in moved and current[t.record_id].status == t.expect]
    if lost:  # another writer moved these in between: index back to their real status
        for n in await notes.get_many(lost):
            if n.status != by_id[n.note_id].to:
                await index.set_status([n.note_id], n.status)
    return moved


async def move_examples(
    transitions: Sequence[Transition],
    audit: Audit,
    *,
    examples: ExampleRepository,
    changes: ChangeLog,
    effects_first: bool = False,
) -> list[str]:
    """Apply example transitions and record one change per move (see :func:`move_notes`)."""
    if not transitions:
        return []
    if effects_first:
        due = []
        for t in transitions:
            current = await examples.get(t.record_id)
            if current is not None and current.status in (t.expect, t.to):
                due.append(t)
        await changes.record([audit.change("example", t) for t in due])
        return await examples.transition(due, audit.at)
    moved = await examples.transition(transitions, audit.at)
    settled = []
    for t in transitions:
        current = await examples.get(t.record_id)
        if current is not None and current.status == t.to:
            settled.append(audit.change("example", t))
    await changes.record(settled)
    return moved


async def restore_note(
    note_id: str,
    *,
    notes: NoteRepository,
    index: VectorIndex,
    changes: ChangeLog,
    at: datetime,
    reason: str = "Restored by hand",
) -> bool:
    """Put an Archived or Revoked note back to Active and into search; False if already Active."""
    note = await notes.get(note_id)
    if note is None:
        from reverie.errors import UnknownEntity

        raise UnknownEntity(f"note '{note_id}' does not exist")
    if note.status == Status.ACTIVE:
        return False
    moved = await move_notes(
        [Transition(note_id, note.status, Status.ACTIVE, reason)],
        Audit(note.agent_id, f"restore@{at.isoformat()}", at),
        notes=notes, index=index, changes=changes,
    )
    return bool(moved)
