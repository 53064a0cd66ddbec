"""The dream finds neighbours in-process once, and contradiction sees the state after merges."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from reverie.domain.model import Status
from reverie.handlers.dream.judging import (
    ConsolidationVerdict,
    ContradictionVerdict,
    JudgedNote,
    MergedNote,
    Usage,
)
from reverie.handlers.ports import Hit, SearchScope
from reverie.judges.offline import OfflineJudge
from reverie.storage.memory import MemoryVectorIndex
from tests.builders import KeepingJudge
from tests.dreamkit import CONCISE, SpyJudge, add_notes, dream_app, note, run_dream


class NoSearchIndex(MemoryVectorIndex):
    """A vector index that stays in sync but refuses to search (the dream must not ask)."""

    async def search_many(self, vectors: Sequence[Sequence[float]], scope: SearchScope,
                          k: int) -> list[list[Hit]]:
        raise AssertionError("the dream searched the vector index")


class MergeAllJudge(KeepingJudge):
    """Merges every cluster into one note of all its texts (the merge guard lets it through);
    sees no contradiction."""

    name = "merge-all"

    async def consolidate(self, notes: Sequence[JudgedNote], now: datetime
                          ) -> tuple[ConsolidationVerdict, Usage]:
        return ConsolidationVerdict(consolidate=True, reason="same fact", merged=[MergedNote(
            text=" ".join(n.text for n in notes), source_ids=[n.note_id for n in notes])]), Usage()

    async def contradicts(self, a: JudgedNote, b: JudgedNote
                          ) -> tuple[ContradictionVerdict, Usage]:
        return ContradictionVerdict(contradicts=False, reason="compatible"), Usage()


async def test_the_dream_merges_without_searching_the_vector_index():
    index = NoSearchIndex()
    app = dream_app(index=index)
    await add_notes(app, *[note(f"c{i}", t, day=i) for i, t in enumerate(CONCISE)])
    run = await run_dream(app)
    assert run.phases["consolidation"]["status"] == "completed"
    assert run.phases["contradiction"]["status"] in ("completed", "skipped")
    assert run.phases["consolidation"]["merged_notes"] >= 1
    # the index is still kept in sync for online search
    revoked = [n async for n in app.notes.iter_records(agent_id="a-1", status=Status.REVOKED)]
    assert revoked and all(index.payloads[index.pos[n.note_id]]["status"] == "Revoked"
                           for n in revoked)


async def test_contradiction_pairs_never_name_merged_away_notes_and_include_merged_ones():
    spy = SpyJudge(MergeAllJudge())
    # trusted: the spy itself must judge the pairs (an untrusted judge is not asked)
    app = dream_app(judge=spy, judge_trust="always")
    await add_notes(app, *[note(f"c{i}", t, day=i) for i, t in enumerate(CONCISE)],
                    note("human", "The user prefers concise answers in English.", day=21,
                         is_auto_generated=False))
    await run_dream(app)
    revoked_by_merge = {n.note_id async for n in app.notes.iter_records(
        agent_id="a-1", status=Status.REVOKED) if (n.consolidated_into_note_id or "")
        .startswith("m-")}
    merged = {n.note_id async for n in app.notes.iter_records(agent_id="a-1")
              if n.note_id.startswith("m-")}
    assert revoked_by_merge and merged
    judged = {i for pair in spy.pairs for i in pair}
    assert not judged & revoked_by_merge
    assert judged & merged  # the merged note was a neighbour of the others
    assert "human" in judged  # a person's note is not in consolidation, but is searched here


async def test_a_dry_run_plans_the_same_contradiction_pairs_as_the_original_state():
    spy = SpyJudge(OfflineJudge())
    app = dream_app(judge=spy)
    await add_notes(app, *[note(f"c{i}", t, day=i) for i, t in enumerate(CONCISE)],
                    note("long", "The user prefers long, detailed answers.", day=20))
    await run_dream(app, dry_run=True)
    judged = {i for pair in spy.pairs for i in pair}
    assert judged and all(not i.startswith("m-") for i in judged)
