"""Undoing a dream run, and resolving review pairs by hand.

Rollback reverses every change the run recorded, newest first, each as a
compare-and-set (so it is idempotent): merged notes become Revoked ("rolled
back"), their sources Active again, contradiction losers and archivals restored.
Chained merges roll back one run at a time: a run whose merged note a later run
merged again is refused until the later run is rolled back.
"""

from __future__ import annotations

from typing import Any

from reverie.clock import Clock
from reverie.domain.events import DreamRollback
from reverie.domain.model import Status
from reverie.errors import InvalidState, UnknownEntity
from reverie.handlers.lifecycle import Audit, move_examples, move_notes
from reverie.handlers.ports import (
    ChangeLog,
    NoteRepository,
    ReviewQueue,
    Stores,
    Transition,
    VectorIndex,
)


async def rollback(run_id: str, *, stores: Stores, clock: Clock) -> dict[str, Any]:
    """Undo one run; return what was restored. Raises for unknown, dry or chained runs."""
    notes, changes, runs = stores.notes, stores.changes, stores.runs
    run = await runs.get_run(run_id)
    if run is None:
        raise UnknownEntity(f"run '{run_id}' does not exist (see 'reverie runs')")
    if run.dry_run:
        raise InvalidState(f"run '{run_id}' was a dry run: it changed nothing")
    made = await changes.for_run(run_id)
    for change in made:
        if change.change_type != "note.consolidated":
            continue
        merged = await notes.get(change.record_id)
        if merged is not None and merged.status == Status.REVOKED:
            later = [c.run_id for c in await changes.for_record(merged.note_id)
                     if c.to_status == Status.REVOKED and c.run_id and c.run_id != run_id]
            if later:
                raise InvalidState(
                    f"note {merged.note_id} of run {run_id} was merged again by run "
                    f"{later[-1]}: roll that run back first")
    cause = f"rollback:{run_id}"
    at = clock.now()
    note_moves: list[Transition] = []
    example_moves: list[Transition] = []
    for change in reversed(made):
        if change.change_type == "note.consolidated":
            note_moves.append(Transition(change.record_id, Status.ACTIVE, Status.REVOKED,
                                         f"Rolled back run {run_id}"))
        elif change.from_status is not None:
            target = note_moves if change.kind == "note" else example_moves
            target.append(Transition(change.record_id, change.to_status, change.from_status,
                                     f"Restored by rollback of run {run_id}"))
    audit = Audit(run.agent_id, cause, at)
    restored = await move_notes(note_moves, audit, notes=notes, index=stores.index,
                                changes=changes)
    restored += await move_examples(example_moves, audit, examples=stores.examples,
                                    changes=changes)
    if run.status != "rolled_back":
        run.status = "rolled_back"
        run.rolled_back_at = at
        await runs.save_run(run)
    return {"run_id": run_id, "changed": len(restored), "records": restored}


async def rollback_requested(
    event: DreamRollback, *, stores: Stores, clock: Clock
) -> dict[str, Any]:
    """Handle ``dream.rollback`` (the run must belong to the event's agent)."""
    run = await stores.runs.get_run(event.data.run_id)
    if run is not None and run.agent_id != event.data.agent_id:
        raise InvalidState(
            f"run '{run.run_id}' belongs to agent {run.agent_id}, not {event.data.agent_id}")
    return await rollback(event.data.run_id, stores=stores, clock=clock)


async def resolve_review(
    pair_id: str,
    keep: str,
    *,
    notes: NoteRepository,
    index: VectorIndex,
    changes: ChangeLog,
    reviews: ReviewQueue,
    clock: Clock,
) -> str:
    """Keep one note of a review pair and revoke the other; return the revoked note's id."""
    pair = await reviews.get(pair_id)
    if pair is None:
        raise UnknownEntity(f"review pair '{pair_id}' does not exist (see 'reverie review')")
    if pair.status != "open":
        raise InvalidState(f"review pair '{pair_id}' is already resolved "
                           f"(kept {pair.kept_note_id})")
    if keep not in pair.note_ids:
        raise InvalidState(f"note '{keep}' is not part of pair {pair_id}: choose one of "
                           f"{', '.join(pair.note_ids)}")
    other = pair.note_ids[1] if keep == pair.note_ids[0] else pair.note_ids[0]
    at = clock.now()
    await move_notes(
        [Transition(other, Status.ACTIVE, Status.REVOKED,
                    f"Contradicted by {keep}: resolved by a person ({pair.reason})", keep)],
        Audit(pair.agent_id, f"review:{pair_id}", at), notes=notes, index=index,
        changes=changes,
    )
    await reviews.resolve(pair_id, keep, at)
    return other
