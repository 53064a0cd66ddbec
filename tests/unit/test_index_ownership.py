"""A worker's own vector index follows its partitions: rebuild on assignment, reverie.changes."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from datetime import timedelta

from aiokafka.partitioner import DefaultPartitioner

from reverie.domain.model import Change, Status
from reverie.domain.routing import partition_for
from reverie.handlers.ownership import (
    IndexOwnership,
    JournaledIndex,
    apply_changes,
    rebuild_partitions,
)
from reverie.handlers.ports import SearchScope, Transition
from reverie.storage.indexmarks import NoMarks
from reverie.storage.memory import MemoryVectorIndex
from tests.fakes import T0, event, memory_app, note_data

PARTS = 4


def agent_on(partition: int, tag: str = "") -> str:
    """The first agent id ``agent-<tag><n>`` that the default partitioner puts on ``partition``."""
    return next(a for a in (f"agent-{tag}{n}" for n in range(1000))
                if partition_for(a, PARTS) == partition)


async def stored(app, *notes):
    failures = await app.bus.handle([event("note.created", note_data(n, f"Fact {n} here.",
                                                                      agent_id=a))
                                     for n, a in notes])
    assert not failures, failures


def change(note_id: str, agent: str, to: Status, kind: str = "note.archived",
           **extra) -> Change:
    return Change(change_id=f"c-{note_id}-{to}", change_type=kind, kind="note",
                  record_id=note_id, agent_id=agent, from_status=Status.ACTIVE, to_status=to,
                  reason="test", at=T0, **extra)


async def statuses(index: MemoryVectorIndex) -> dict[str, str]:
    return {p["note_id"]: p["status"] for p in index.payloads}


def test_partition_for_matches_the_kafka_default_partitioner():
    """Agent ids land where aiokafka's (the Java client's) default partitioner puts them."""
    rng = random.Random(3)
    keys = [f"agent-{rng.random()}"[: rng.randrange(1, 30)] for _ in range(500)] + ["", "é-ü"]
    for key in keys:
        raw = key.encode()
        assert partition_for(key, PARTS) == DefaultPartitioner()(raw, list(range(PARTS)), [])


def test_change_read_back_from_its_event_is_the_same_change():
    """Change.from_event inverts as_event (the reverie.changes envelope)."""
    original = change("n1", "a-1", Status.REVOKED, "note.revoked", run_id="r-1",
                      consolidated_into_note_id="m-1")
    assert Change.from_event(original.as_event()) == original


def test_first_assignment_gains_its_partitions_and_drops_the_rest():
    """A fresh worker rebuilds what it owns and drops whatever its index kept from before."""
    own = IndexOwnership()
    plan = own.assign({0, 2}, PARTS)
    assert (plan.gained, plan.lost) == ({0, 2}, {1, 3})


def test_reassignment_rebuilds_only_partitions_not_already_rebuilt():
    """Partitions already rebuilt are kept; partitions given away are dropped."""
    own = IndexOwnership()
    own.assign({0, 2}, PARTS)
    own.ready |= {0, 2}
    own.stale.clear()
    plan = own.assign({2, 3}, PARTS)
    assert (plan.gained, plan.lost) == ({3}, {0})


async def test_rebuild_indexes_the_agents_of_gained_partitions_with_their_status():
    """Rebuild on assignment: notes of the gained partition's agents, status from MongoDB."""
    app = memory_app()
    mine, other = agent_on(1), agent_on(2)
    await stored(app, ("n1", mine), ("n2", mine), ("n3", other))
    await app.notes.transition([Transition("n2", Status.ACTIVE, Status.ARCHIVED, "gone")], T0)
    fresh, own = MemoryVectorIndex(), IndexOwnership()
    report = await rebuild_partitions(own.assign({1}, PARTS), notes=app.notes, index=fresh,
                                      embedder=app.embedder, ownership=own, index_marks=NoMarks())
    assert (report.rebuilt_agents, report.notes, report.superseded) == (1, 2, False)
    assert await statuses(fresh) == {"n1": "Active", "n2": "Archived"}
    assert own.ready == {1}


async def test_rebuild_drops_the_agents_of_partitions_given_away():
    """Agents of a lost partition leave the index: no stale answers from a non-owner."""
    app = memory_app()
    kept, gone = agent_on(1), agent_on(2)
    await stored(app, ("n1", kept), ("n2", gone))
    own = IndexOwnership()
    own.assign({1, 2}, PARTS)
    own.ready |= {1, 2}
    own.stale.clear()
    report = await rebuild_partitions(own.assign({1}, PARTS), notes=app.notes,
                                      index=app.index, embedder=app.embedder, ownership=own, index_marks=NoMarks())
    assert report.dropped_agents == 1
    assert set(await statuses(app.index)) == {"n1"}


async def test_a_superseded_rebuild_writes_nothing():
    """Partitions moved again before the rebuild ran: the old plan stops before writing."""
    app = memory_app()
    await stored(app, ("n1", agent_on(1)))
    fresh, own = MemoryVectorIndex(), IndexOwnership()
    old = own.assign({1}, PARTS)
    own.assign({3}, PARTS)
    report = await rebuild_partitions(old, notes=app.notes, index=fresh,
                                      embedder=app.embedder, ownership=own, index_marks=NoMarks())
    assert report.superseded
    assert await statuses(fresh) == {}
    assert own.ready == set()


async def test_cross_worker_change_hides_the_note_in_the_owners_index():
    """A status change made elsewhere (reverie.changes) reaches this worker's index."""
    app = memory_app()
    agent = agent_on(0)
    await stored(app, ("n1", agent), ("n2", agent))
    done = await app.index_handlers["changes"]([change("n1", agent, Status.ARCHIVED)])
    assert done == 1
    scope = SearchScope(agent_id=agent, status=Status.ACTIVE)
    [vector] = await app.embedder.embed(["Fact n1 here."])
    assert [h.note_id for h in await app.index.search(vector, scope, 5)] == ["n2"]


async def test_changes_apply_in_order_and_again_without_effect():
    """The last status per note wins; a redelivered batch changes nothing more."""
    app = memory_app()
    agent = agent_on(0)
    await stored(app, ("n1", agent))
    batch = [change("n1", agent, Status.ARCHIVED),
             change("n1", agent, Status.ACTIVE, "note.restored")]
    for _ in range(2):
        await app.index_handlers["changes"](batch)
        assert await statuses(app.index) == {"n1": "Active"}


async def test_a_change_older_than_the_stores_last_move_takes_the_stores_status():
    """An archival relayed after the note was restored by hand does not archive it again."""
    app = memory_app()
    agent = agent_on(0)
    await stored(app, ("n1", agent))
    archived = change("n1", agent, Status.ARCHIVED)  # at T0
    await app.notes.transition([Transition("n1", Status.ACTIVE, Status.ARCHIVED, "gone")], T0)
    await app.notes.transition([Transition("n1", Status.ARCHIVED, Status.ACTIVE, "restored")],
                               T0 + timedelta(seconds=1))
    await app.index.set_status(["n1"], Status.ACTIVE)  # what the restore wrote
    await app.index_handlers["changes"]([archived])
    assert await statuses(app.index) == {"n1": "Active"}


class MovedWhileWritten:
    """An index whose first status write lets another writer restore the note in the store
    and in the index (between the handler's read of the store and its own write)."""

    def __init__(self, inner: MemoryVectorIndex, notes) -> None:
        self.inner = inner
        self.notes = notes
        self.writes: list[tuple[list[str], Status]] = []

    async def set_status(self, note_ids, status) -> None:
        if not self.writes:
            await self.notes.transition(
                [Transition("n1", Status.ARCHIVED, Status.ACTIVE, "restored")],
                T0 + timedelta(seconds=1))
            await self.inner.set_status(["n1"], Status.ACTIVE)
        self.writes.append((list(note_ids), status))
        await self.inner.set_status(note_ids, status)


async def test_a_move_stored_while_the_statuses_are_written_is_applied_too():
    """The restore read too late by the first pass is put back by the second."""
    app = memory_app()
    agent = agent_on(0)
    await stored(app, ("n1", agent))
    await app.notes.transition([Transition("n1", Status.ACTIVE, Status.ARCHIVED, "gone")], T0)
    index = MovedWhileWritten(app.index, app.notes)
    await apply_changes([change("n1", agent, Status.ARCHIVED)], notes=app.notes,
                        index=index, embedder=app.embedder)  # type: ignore[arg-type]
    assert index.writes == [(["n1"], Status.ARCHIVED), (["n1"], Status.ACTIVE)]
    assert await statuses(app.index) == {"n1": "Active"}


async def test_merged_note_made_by_another_worker_is_indexed_from_the_store():
    """note.consolidated of a note this index lacks: fetched from MongoDB and indexed."""
    app = memory_app()
    agent = agent_on(0)
    await stored(app, ("m1", agent))
    mine = MemoryVectorIndex()
    await apply_changes([change("m1", agent, Status.ACTIVE, "note.consolidated")],
                        notes=app.notes, index=mine, embedder=app.embedder)
    assert await statuses(mine) == {"m1": "Active"}


async def test_example_changes_leave_the_index_alone():
    """Examples have no vectors: their changes are skipped."""
    app = memory_app()
    example = change("e1", "a-1", Status.ARCHIVED, "example.archived").model_copy(
        update={"kind": "example"})
    assert await app.index_handlers["changes"]([example]) == 0


class ChangingUnderfoot:
    """Notes whose reading is interrupted by a change applied on the same worker."""

    def __init__(self, notes, on_first) -> None:
        self.notes = notes
        self.on_first = on_first

    async def agent_ids(self) -> list[str]:
        return await self.notes.agent_ids()

    async def get_many(self, note_ids):
        return await self.notes.get_many(note_ids)

    async def iter_records(self, agent_id=None, batch_size=500, **kw) -> AsyncIterator:
        first = True
        async for note in self.notes.iter_records(agent_id=agent_id, batch_size=batch_size):
            yield note
            if first:
                first = False
                await self.on_first()


async def test_a_change_during_the_rebuild_is_not_undone_by_the_page_read_before_it():
    """The rebuild writes the journaled status of a note changed after its page was read."""
    app = memory_app()
    agent = agent_on(1)
    await stored(app, ("n1", agent), ("n2", agent))
    fresh, own = MemoryVectorIndex(), IndexOwnership()
    index = JournaledIndex(fresh, own)

    async def archive_n1() -> None:
        await apply_changes([change("n1", agent, Status.ARCHIVED)], notes=app.notes,
                            index=index, embedder=app.embedder)

    notes = ChangingUnderfoot(app.notes, archive_n1)
    await rebuild_partitions(own.assign({1}, PARTS), notes=notes,  # type: ignore[arg-type]
                             index=index, embedder=app.embedder, ownership=own, index_marks=NoMarks())
    assert await statuses(fresh) == {"n1": "Archived", "n2": "Active"}
    assert own.journal is None


async def test_a_deletion_on_this_worker_during_the_rebuild_is_not_undone():
    """Any status write through the worker's index (e.g. pruning) is journaled, not only changes."""
    app = memory_app()
    agent = agent_on(1)
    await stored(app, ("n1", agent))
    fresh, own = MemoryVectorIndex(), IndexOwnership()
    index = JournaledIndex(fresh, own)

    async def prune_n1() -> None:
        await index.set_status(["n1"], Status.ARCHIVED)

    notes = ChangingUnderfoot(app.notes, prune_n1)
    await rebuild_partitions(own.assign({1}, PARTS), notes=notes,  # type: ignore[arg-type]
                             index=index, embedder=app.embedder, ownership=own, index_marks=NoMarks())
    assert await statuses(fresh) == {"n1": "Archived"}


def test_only_a_per_worker_index_is_journaled():
    """With a Qdrant server every worker shares one collection: no wrapper, no rebuild."""
    assert isinstance(memory_app().index, JournaledIndex)
    shared = memory_app(qdrant_url="http://qdrant:6333")
    assert not isinstance(shared.index, JournaledIndex)


async def test_rebuild_reembeds_notes_stored_without_a_vector():
    """Reuses reindex: a note without a usable embedding is embedded again."""
    app = memory_app()
    agent = agent_on(2)
    await stored(app, ("n1", agent))
    await app.notes.update_text("n1", "Fact n1 here.", None)
    before = len(app.embedder.calls)
    fresh, own = MemoryVectorIndex(), IndexOwnership()
    await rebuild_partitions(own.assign({2}, PARTS), notes=app.notes, index=fresh,
                             embedder=app.embedder, ownership=own, index_marks=NoMarks())
    assert (await fresh.count(agent), len(app.embedder.calls)) == (1, before + 1)


def test_changes_topic_values_decode_and_junk_is_skipped():
    """The reverie.changes consumer reads our envelopes and skips anything else."""
    from reverie.streams.indexsync import decode_changes

    good = change("n1", "a-1", Status.ARCHIVED)
    raw = json.dumps(good.as_event(), default=str).encode()
    assert decode_changes([raw, b"not json", b"{}", None]) == [good]


def test_notes_off_their_keys_partition_are_reported():
    """A note whose key hashes to another partition is reported as misrouted."""
    from reverie.streams.deadletter import RawMessage
    from reverie.streams.indexsync import misrouted

    agent = agent_on(2)
    right = RawMessage("reverie.notes", 2, 0, agent.encode(), b"{}")
    wrong = RawMessage("reverie.notes", 3, 1, agent.encode(), b"{}")
    unkeyed = RawMessage("reverie.notes", 1, 2, None, b"{}")
    assert misrouted([right, wrong, unkeyed], PARTS) == [wrong]


async def test_rebuild_writes_wait_until_the_rebalance_settled():
    """No rebuild write while Faust recovers: each page waits for ``settled``."""
    app = memory_app()
    await stored(app, ("n1", agent_on(1)))
    fresh, own = MemoryVectorIndex(), IndexOwnership()
    calls: list[int] = []

    async def settled() -> None:
        calls.append(len(fresh.ids))  # nothing written before the first wait returns

    own.settled = settled
    await rebuild_partitions(own.assign({1}, PARTS), notes=app.notes, index=fresh,
                             embedder=app.embedder, ownership=own, index_marks=NoMarks())
    assert calls and calls[0] == 0
    assert await statuses(fresh) == {"n1": "Active"}
