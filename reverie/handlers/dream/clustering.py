"""Finding clusters of redundant notes from nearest-neighbour lists, without chaining.

Grouping costs about N·k: it only looks at each candidate's ``k`` nearest
neighbours inside its own scope (agent, tenant, user). The dream takes those
lists from :class:`~reverie.handlers.dream.knn.NeighbourTable` (computed once per
dream in-process); :func:`neighbours` asks a vector index instead (benchmarks).

**Anti-chaining rule.** Clusters grow greedily from the best-connected seed. A
neighbour joins only if (1) its cosine similarity to the cluster's centroid is at
least ``threshold`` and (2) its similarity to *every* current member is at least
``threshold - slack`` (default slack 0.10). So A~B~C~D where A and D are unrelated
cannot end in one cluster: D fails rule (2) against A.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from reverie.domain.model import Note
from reverie.handlers.ports import Hit, SearchScope, VectorIndex

DEFAULT_THRESHOLDS: dict[str, tuple[float, float]] = {
    # model name -> (cluster similarity, contradiction similarity); see docs/calibration.md
    "all-MiniLM-L6-v2": (0.62, 0.50),
}
SPEC_THRESHOLDS = (0.60, 0.70)
"""The spec's values, set for its own embedding model; used for unknown models."""


def thresholds_for(model: str, cluster: float | None, contradiction: float | None
                   ) -> tuple[float, float]:
    """Return (cluster, contradiction) similarity thresholds: settings, else per-model default."""
    default = DEFAULT_THRESHOLDS.get(model, SPEC_THRESHOLDS)
    return (cluster if cluster is not None else default[0],
            contradiction if contradiction is not None else default[1])


@dataclass(frozen=True)
class Cluster:
    """Notes judged together; ``similarity`` is the mean pairwise cosine."""

    notes: tuple[Note, ...]
    similarity: float

    @property
    def ids(self) -> list[str]:
        return [n.note_id for n in self.notes]


def unit_matrix(notes: Sequence[Note]) -> np.ndarray:
    """Return the notes' embeddings as unit rows (float32)."""
    mat = np.asarray([n.embedding for n in notes], dtype=np.float32)
    if mat.size == 0:
        return mat.reshape(0, 0)
    norms = np.linalg.norm(mat, axis=1, keepdims=True).clip(min=1e-12)
    return np.asarray(mat / norms, dtype=np.float32)


async def neighbours(
    notes: Sequence[Note], index: VectorIndex, scope: SearchScope, k: int, batch: int = 256
) -> list[list[Hit]]:
    """Return each note's ``k`` nearest neighbours inside ``scope`` (self excluded)."""
    out: list[list[Hit]] = []
    for start in range(0, len(notes), batch):
        chunk = notes[start : start + batch]
        found = await index.search_many([n.embedding or [] for n in chunk], scope, k + 1)
        for note, hits in zip(chunk, found, strict=True):
            out.append([h for h in hits if h.note_id != note.note_id][:k])
    return out


def group(
    notes: Sequence[Note],
    hits: Sequence[Sequence[Hit]],
    threshold: float,
    slack: float = 0.10,
    mat: np.ndarray | None = None,
) -> list[Cluster]:
    """Partition ``notes`` into clusters (singletons included) by the anti-chaining rule.

    ``mat``: ``unit_matrix(notes)`` when the caller has it already (the dream's neighbour
    table holds each scope's, computed the same way)."""
    if not notes:
        return []
    pos = {n.note_id: i for i, n in enumerate(notes)}
    if mat is None or len(mat) != len(notes):
        mat = unit_matrix(notes)
    adjacency: list[list[int]] = []
    for row in hits:
        near = [pos[h.note_id] for h in row if h.score >= threshold and h.note_id in pos]
        adjacency.append(near)
    order = sorted(range(len(notes)),
                   key=lambda i: (-len(adjacency[i]), notes[i].note_id))
    assigned = [False] * len(notes)
    clusters: list[Cluster] = []
    for seed in order:
        if assigned[seed]:
            continue
        members = [seed]
        assigned[seed] = True
        candidates = sorted(
            {j for m in [seed] for j in adjacency[m] if not assigned[j]},
            key=lambda j: (-float(mat[seed] @ mat[j]), notes[j].note_id),
        )
        frontier = list(candidates)
        while frontier:
            j = frontier.pop(0)
            if assigned[j]:
                continue
            sims = mat[members] @ mat[j]
            centroid = mat[members].mean(axis=0)
            centroid /= max(float(np.linalg.norm(centroid)), 1e-12)
            if float(centroid @ mat[j]) >= threshold and float(sims.min()) >= threshold - slack:
                members.append(j)
                assigned[j] = True
                for extra in adjacency[j]:
                    if not assigned[extra] and extra not in frontier:
                        frontier.append(extra)
        clusters.append(Cluster(tuple(notes[i] for i in members), _mean_pairwise(mat[members])))
    return clusters


def _mean_pairwise(rows: np.ndarray) -> float:
    n = len(rows)
    if n < 2:
        return 1.0
    sims = rows @ rows.T
    return float((sims.sum() - n) / (n * (n - 1)))


def centroid_similarity(a: Sequence[Note], b: Sequence[Note]) -> float:
    """Return the cosine similarity of two groups' centroids."""
    ca, cb = unit_matrix(a).mean(axis=0), unit_matrix(b).mean(axis=0)
    denom = float(np.linalg.norm(ca) * np.linalg.norm(cb)) or 1.0
    return float(ca @ cb) / denom


def centroid_rows(clusters: Sequence[Cluster]) -> np.ndarray:
    """Return the clusters' centroids (mean of unit rows) scaled to unit length, one row each."""
    if not clusters:
        return np.zeros((0, 0), np.float32)
    mat = unit_matrix([n for c in clusters for n in c.notes])
    sizes = np.asarray([len(c.notes) for c in clusters])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    cents = np.add.reduceat(mat, starts, axis=0) / sizes[:, None]
    norms = np.linalg.norm(cents, axis=1, keepdims=True).clip(min=1e-12)
    return np.asarray(cents / norms, dtype=np.float32)


def similar_groups(a: Sequence[Cluster], b: Sequence[Cluster], threshold: float,
                   block: int = 1024, margin: float = 1e-3) -> Iterator[tuple[int, list[int]]]:
    """Yield (i, [j, ...]): the groups of ``b`` whose centroid may reach ``threshold`` with a[i].

    One matrix product per block of ``a``; ``j`` ascending. A candidate is any pair
    within ``margin`` below the threshold: callers confirm with
    :func:`centroid_similarity`, so decisions are exactly those of comparing every pair.
    """
    if not a or not b:
        return
    ca, cb = centroid_rows(a), centroid_rows(b)
    for start in range(0, len(ca), block):
        scores = ca[start:start + block] @ cb.T
        rows, cols = np.nonzero(scores >= threshold - margin)
        if len(rows) == 0:
            continue
        bounds = np.searchsorted(rows, np.arange(scores.shape[0] + 1))
        for r in np.unique(rows).tolist():
            yield start + r, cols[bounds[r]:bounds[r + 1]].tolist()
