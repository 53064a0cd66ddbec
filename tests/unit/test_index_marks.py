"""A restarted worker keeps its own index when no other worker touched its partitions.

The index's marks (partitions held in full, offsets indexed through) are saved beside it; at
the first assignment after a start they are compared with the group's committed
offsets. Only partitions no other worker handled since are kept; the rest are rebuilt.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from reverie.domain.routing import IndexMarks
from reverie.handlers.ownership import IndexOwnership, rebuild_partitions
from reverie.storage.indexmarks import FileMarks, NoMarks
from reverie.storage.memory import MemoryVectorIndex
from tests.fakes import event, memory_app, note_data

NOTES, CHANGES = "reverie.notes", "reverie.changes"
PARTS = 4


def marks(ready: set[int], notes: dict[int, int], changes: dict[int, int] | None = None,
          group: str = "g") -> IndexMarks:
    through = {NOTES: notes, CHANGES: changes or {}}
    return IndexMarks(group, PARTS, frozenset(ready), {t: a for t, a in through.items() if a})


def committed(notes: dict[int, int | None], changes: dict[int, int | None] | None = None
              ) -> dict[tuple[str, int], int | None]:
    out: dict[tuple[str, int], int | None] = {(NOTES, p): o for p, o in notes.items()}
    out.update({(CHANGES, p): o for p, o in (changes or dict.fromkeys(notes)).items()})
    return out


class RecordingMarks:
    """A MarkStore that keeps every save, to check when the rebuild saves."""

    def __init__(self) -> None:
        self.saved: list[IndexMarks] = []

    async def load(self) -> IndexMarks | None:
        return self.saved[-1] if self.saved else None

    async def save(self, marks: IndexMarks) -> None:
        self.saved.append(marks)


def test_marks_read_back_from_json_are_the_same_marks():
    """IndexMarks.from_json inverts to_json."""
    m = marks({0, 2}, {0: 41, 2: 7}, {0: 3})
    assert IndexMarks.from_json(m.to_json()) == m


def test_a_partition_is_current_only_if_nobody_committed_past_what_the_index_holds():
    """A resume offset at most ``through`` (or never committed) keeps it; anything else not."""
    m = marks({0, 1, 2, 3}, {0: 100, 1: 100, 2: 100}, {0: 6, 1: 6, 2: 6})
    found = m.current("g", PARTS, {0, 1, 2, 3}, committed(
        {0: 100, 1: 150, 2: 90, 3: None}, {0: 6, 1: 6, 2: 9, 3: None}))
    assert found == {0, 3}  # 1: notes handled elsewhere; 2: changes handled elsewhere
    assert m.current("g", PARTS, {3}, committed({3: 0}, {3: 1})) == set()  # nothing held


def test_marks_of_another_group_or_partition_count_keep_nothing():
    m = marks({0}, {0: 10})
    assert m.current("other", PARTS, {0}, committed({0: 11})) == set()
    assert m.current("g", PARTS + 1, {0}, committed({0: 11})) == set()
    assert m.current("g", PARTS, {1}, committed({1: None})) == set()  # 1 was never ready


def test_this_lifes_own_commits_do_not_make_the_copy_look_stale():
    """Where this life already handled a partition, the offset it started from counts."""
    own = IndexOwnership(group="g")
    plan = own.assign({0, 1}, PARTS)
    own.record_applied(NOTES, 0, 100)  # resumed where the earlier life stopped
    own.record_applied(NOTES, 0, 180)
    own.record_applied(NOTES, 1, 150)  # another worker handled 100..149 meanwhile
    kept = own.resumable(plan, marks({0, 1}, {0: 100, 1: 100}), committed({0: 181, 1: 151}))
    assert kept == {0}


def test_a_partition_given_away_in_this_life_is_not_resumed():
    own = IndexOwnership(group="g")
    own.assign({0, 1}, PARTS)
    plan = own.assign({1}, PARTS)
    plan = own.assign({0, 1}, PARTS)
    assert own.resumable(plan, marks({0, 1}, {0: 10, 1: 10}), committed({0: 10, 1: 10})) == {1}


def test_resume_marks_kept_partitions_ready_and_carries_their_offsets_over():
    own = IndexOwnership(group="g")
    plan = own.assign({0, 1, 2}, PARTS)
    rest = own.resume(plan, {0, 1}, marks({0, 1, 3}, {0: 50, 1: 60, 3: 70}))
    assert (set(rest.gained), own.ready, own.unverified_copy) == ({2}, {0, 1}, False)
    assert own.marks() == marks({0, 1}, {0: 50, 1: 60})


def test_marks_never_claim_a_partition_that_is_not_ready():
    own = IndexOwnership(group="g")
    own.assign({0, 1}, PARTS)
    own.ready.add(0)
    own.record_applied(NOTES, 0, 5)
    own.record_applied(NOTES, 1, 5)  # consumed while 1 is still being rebuilt
    assert own.marks() == marks({0}, {0: 6})


async def test_a_rebuilt_partition_is_held_through_the_offsets_committed_before_it():
    """Everything before the committed offsets read ahead of a rebuild is in the store."""
    app = memory_app()
    own = IndexOwnership(group="g")
    plan = own.assign({1}, PARTS)
    plan = replace(plan, committed=committed({1: 40}, {1: 7}))
    await rebuild_partitions(plan, notes=app.notes, index=MemoryVectorIndex(),
                             embedder=app.embedder, ownership=own, index_marks=NoMarks())
    assert own.marks() == marks({1}, {1: 40}, {1: 7})


async def test_a_rebuild_saves_the_marks_before_dropping_and_after_each_partition():
    app = memory_app()
    await app.bus.handle([event("note.created", note_data(f"n{i}", f"Fact {i} here.",
                                                          agent_id=f"agent-{i}"))
                          for i in range(8)])
    own = IndexOwnership(group="g")
    index = MemoryVectorIndex()
    store = RecordingMarks()
    own.assign({0, 1, 2, 3}, PARTS)
    own.ready |= {0, 1, 2, 3}
    plan = own.assign({0, 1}, PARTS)  # 2 and 3 given away
    await rebuild_partitions(plan, notes=app.notes, index=index, embedder=app.embedder,
                             ownership=own, index_marks=store)
    assert store.saved[0].ready == {0, 1}, "saved after dropping, or not at all"
    gained = own.assign({0, 1, 2}, PARTS)
    await rebuild_partitions(gained, notes=app.notes, index=index, embedder=app.embedder,
                             ownership=own, index_marks=store)
    assert store.saved[-1].ready == {0, 1, 2}


async def test_file_marks_survive_a_restart_and_unreadable_ones_mean_rebuild(tmp_path: Path):
    store = FileMarks(tmp_path / "qdrant")
    assert await store.load() is None
    m = marks({0, 1}, {0: 3, 1: 4}, {0: 1})
    await store.save(m)
    assert await FileMarks(tmp_path / "qdrant").load() == m
    store.path.write_text("{not json")
    assert await store.load() is None
    assert await NoMarks().load() is None


async def test_a_restart_with_nothing_handled_elsewhere_rebuilds_nothing(tmp_path: Path):
    """The whole cycle: first life rebuilds and saves; the second keeps every partition."""
    app = memory_app()
    await app.bus.handle([event("note.created", note_data(f"n{i}", f"Fact {i} here.",
                                                          agent_id=f"agent-{i}"))
                          for i in range(8)])
    index, store = MemoryVectorIndex(), FileMarks(tmp_path)
    first = IndexOwnership(group="g")
    plan = first.resume(first.assign({0, 1, 2, 3}, PARTS), set())
    report = await rebuild_partitions(plan, notes=app.notes, index=index,
                                      embedder=app.embedder, ownership=first, index_marks=store)
    assert report.rebuilt_agents == 8
    for p in range(PARTS):
        first.record_applied(NOTES, p, 20 + p)
        first.advance(CHANGES, p, 3)
    await store.save(first.marks())

    second = IndexOwnership(group="g")  # the same index on disk, a new process
    plan = second.assign({0, 1, 2, 3}, PARTS)
    kept = second.resumable(plan, await store.load(),
                            committed({p: 21 + p for p in range(PARTS)}, dict.fromkeys(range(4), 3)))
    rest = second.resume(plan, kept, await store.load())
    report = await rebuild_partitions(rest, notes=app.notes, index=index,
                                      embedder=app.embedder, ownership=second,
                                      index_marks=store)
    assert (kept, report.rebuilt_agents, second.ready) == ({0, 1, 2, 3}, 0, {0, 1, 2, 3})
