"""The dream's in-process neighbour table against the vector index it replaces."""

from __future__ import annotations

from datetime import timedelta

import numpy as np
import pytest

from reverie.domain.model import Note, vector_payload
from reverie.handlers.dream import knn
from reverie.handlers.dream.clustering import group, neighbours
from reverie.handlers.dream.knn import NeighbourTable
from reverie.handlers.ports import SearchScope, VectorPoint
from reverie.storage.fastindex import BlockedNumpyIndex
from reverie.storage.memory import MemoryVectorIndex
from tests.fakes import T0

FLOOR = 0.6
K = 10


def clustered(n: int, seed: int, dim: int = 32, users: tuple[str | None, ...] = (None,),
              auto: bool = True, prefix: str = "n") -> list[Note]:
    """Notes in tight groups of 1-5 around random centres, spread over user scopes."""
    rng = np.random.default_rng(seed)
    out: list[Note] = []
    while len(out) < n:
        centre = rng.normal(size=dim)
        user = users[int(rng.integers(len(users)))]
        for _ in range(int(rng.integers(1, 6))):
            vec = centre + rng.normal(scale=0.45, size=dim)
            out.append(Note(
                note_id=f"{prefix}{len(out):05d}", text=f"note {len(out)}",
                note_type="Context", agent_id="a-1", company_id="co-1", user_id=user,
                is_auto_generated=auto, created_at=T0 + timedelta(minutes=len(out)),
                embedding=vec.astype(np.float32).tolist(),
            ))
    return out[:n]


def dense(n: int, seed: int, dim: int = 32, prefix: str = "d") -> list[Note]:
    """``n`` company-wide notes all near one centre: every list is longer than ``k``."""
    rng = np.random.default_rng(seed)
    centre = rng.normal(size=dim)
    return [Note(note_id=f"{prefix}{i:05d}", text=f"dense {i}", note_type="Context",
                 agent_id="a-1", company_id="co-1", is_auto_generated=True, created_at=T0,
                 embedding=(centre + rng.normal(scale=0.2, size=dim)).tolist())
            for i in range(n)]


async def index_of(notes: list[Note], index: MemoryVectorIndex | BlockedNumpyIndex
                   ) -> MemoryVectorIndex | BlockedNumpyIndex:
    await index.upsert([VectorPoint(n.note_id, n.embedding or [], vector_payload(n))
                        for n in notes])
    return index


async def index_hits(notes: list[Note], index: MemoryVectorIndex | BlockedNumpyIndex,
                     auto_only: bool, floor: float = FLOOR) -> dict[str, list[tuple[str, float]]]:
    """The old path: each scope's notes searched in the index, hits below the floor dropped."""
    out: dict[str, list[tuple[str, float]]] = {}
    for user in sorted({n.user_id or "" for n in notes}):
        members = [n for n in notes if (n.user_id or "") == user]
        scope = SearchScope("a-1", "co-1", user or None, auto_only=auto_only)
        found = await neighbours(members, index, scope, K)
        for note, hits in zip(members, found, strict=True):
            out[note.note_id] = [(h.note_id, h.score) for h in hits if h.score >= floor]
    return out


def table_hits(notes: list[Note], table: NeighbourTable) -> dict[str, list[tuple[str, float]]]:
    return {n.note_id: [(h.note_id, h.score) for h in table.hits(n)] for n in notes}


def assert_same(got: dict[str, list[tuple[str, float]]],
                want: dict[str, list[tuple[str, float]]]) -> None:
    assert got.keys() == want.keys()
    for nid in want:
        assert [i for i, _ in got[nid]] == [i for i, _ in want[nid]], nid
        assert [s for _, s in got[nid]] == pytest.approx([s for _, s in want[nid]], abs=1e-5)


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of 37 rows so every test crosses block borders (and the diagonal)."""
    monkeypatch.setattr(knn, "BLOCK", 37)


@pytest.mark.parametrize("make_index", [MemoryVectorIndex, BlockedNumpyIndex])
async def test_table_equals_the_index_search_per_scope(small_blocks: None, make_index: type
                                                       ) -> None:
    notes = clustered(300, seed=1, users=(None, None, "u-1", "u-2"))
    want = await index_hits(notes, await index_of(notes, make_index()), auto_only=True)
    got = table_hits(notes, NeighbourTable.build(notes, K, FLOOR))
    assert_same(got, want)
    assert any(len(v) >= 2 for v in want.values())  # the data has real neighbours


async def test_no_neighbour_crosses_a_user_scope(small_blocks: None) -> None:
    notes = clustered(120, seed=2, users=(None, "u-1", "u-2"))
    # the same vectors in another user's scope: nearest by far, but invisible
    twins = [n.model_copy(update={"note_id": "t" + n.note_id, "user_id": "u-9"})
             for n in notes]
    table = NeighbourTable.build(notes + twins, K, FLOOR)
    scope_of = {n.note_id: n.user_id for n in notes + twins}
    for note in notes + twins:
        assert all(scope_of[h.note_id] == note.user_id for h in table.hits(note))
    assert table.hits(twins[0])[0].note_id != notes[0].note_id


async def test_clusters_are_identical_to_the_index_based_path(small_blocks: None) -> None:
    notes = clustered(400, seed=3)
    index = await index_of(notes, MemoryVectorIndex())
    old = await neighbours(notes, index, SearchScope("a-1", "co-1", None, auto_only=True), K)
    table = NeighbourTable.build(notes, K, FLOOR)
    new = [table.hits(n) for n in notes]
    assert [c.ids for c in group(notes, new, 0.62)] == [c.ids for c in group(notes, old, 0.62)]


@pytest.mark.parametrize("spare", [0, 3, 10])
async def test_refresh_equals_a_fresh_search_after_notes_leave_and_arrive(
        small_blocks: None, spare: int) -> None:
    before = clustered(300, seed=4, users=(None, "u-1")) + dense(40, seed=11)
    rng = np.random.default_rng(5)
    leaving = {before[i].note_id for i in rng.choice(len(before), 90, replace=False)}
    leaving |= {f"d{i:05d}" for i in range(0, 40, 3)}
    arriving = clustered(40, seed=6, users=(None, "u-1"), prefix="m")
    # human notes: not in consolidation's table, but contradiction sees them
    human = clustered(20, seed=7, users=(None, "u-1"), auto=False, prefix="h")
    moved = before[7].model_copy(update={"embedding": arriving[0].embedding})
    after = [moved] + [n for n in before if n.note_id not in leaving | {moved.note_id}] \
        + arriving + human
    table = NeighbourTable.build(before, K, FLOOR, spare=spare).refresh(after)
    want = await index_hits(after, await index_of(after, BlockedNumpyIndex()), auto_only=False)
    assert_same(table_hits(after, table), want)
    if spare == 0:
        assert table.recomputed > 0  # lists that lost a neighbour were recomputed


async def test_refresh_of_an_unchanged_state_computes_nothing(small_blocks: None) -> None:
    notes = clustered(200, seed=8)
    table = NeighbourTable.build(notes, K, FLOOR)
    again = table.refresh(list(reversed(notes)))
    assert again.recomputed == 0
    assert table_hits(notes, again) == table_hits(notes, table)


async def test_many_identical_notes_keep_only_the_best_lists(
        small_blocks: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(knn, "_COMPACT_AT", 500)  # force the cut-down while gathering
    notes = clustered(150, seed=9)
    same = [notes[0].model_copy(update={"note_id": f"d{i:03d}"}) for i in range(60)]
    table = NeighbourTable.build(notes + same, K, FLOOR)
    want = await index_hits(notes + same, await index_of(notes + same, MemoryVectorIndex()),
                            auto_only=True)
    got = table_hits(notes + same, table)
    for nid, hits in want.items():
        assert len(got[nid]) == len(hits)
        assert [s for _, s in got[nid]] == pytest.approx([s for _, s in hits], abs=1e-5)
    assert all(len(got[n.note_id]) == K for n in same)


def test_notes_without_embedding_have_no_neighbours() -> None:
    notes = clustered(20, seed=10)
    bare = notes[0].model_copy(update={"note_id": "bare", "embedding": None})
    table = NeighbourTable.build([*notes, bare], K, FLOOR)
    assert table.hits(bare) == []
    assert all(h.note_id != "bare" for n in notes for h in table.hits(n))



@pytest.mark.parametrize(("workers", "compact_at"), [(2, 4_000_000), (3, 4_000_000), (2, 500)])
def test_lists_do_not_depend_on_the_threads(small_blocks: None, monkeypatch: pytest.MonkeyPatch,
                                            workers: int, compact_at: int) -> None:
    notes = clustered(400, seed=9)
    monkeypatch.setattr(knn, "WORKERS", 1)
    want = NeighbourTable.build(notes, K, FLOOR).scopes[("co-1", None)]
    monkeypatch.setattr(knn, "WORKERS", workers)
    monkeypatch.setattr(knn, "_COMPACT_AT", compact_at)
    got = NeighbourTable.build(notes, K, FLOOR).scopes[("co-1", None)]
    assert np.array_equal(got.cols, want.cols)
    assert np.array_equal(got.vals, want.vals)
    assert np.array_equal(got.bound, want.bound)
    assert (got.cols[:, 0] >= 0).sum() > 100  # the data has real neighbours
