"""Exact nearest neighbours of a dream's notes, computed once per dream from their own embeddings.

The dream needs, for every note, its ``k`` nearest neighbours inside its own
search scope (same company, same user: the rule ``SearchScope(exact_scope=True)``
applies in the vector index), and it only ever uses neighbours at or above a
floor (the lower of the cluster and contradiction thresholds). A
:class:`NeighbourTable` computes them in-process, exactly: one blocked pass of
float32 matrix products per scope, each pair of blocks once (cosine is
symmetric), keeping up to ``k + spare`` neighbours per note; the rows of blocks are
shared out among ``WORKERS`` threads, each running its own single-threaded products, so
no thread waits for another's share (unlike OpenBLAS's own threads, which wait for each
other at every product: see :mod:`reverie.embeddings.blas`). The lists do not depend on
the threads: each row's entries are ordered by score, then column.
:meth:`NeighbourTable.refresh` brings the lists to a later state of the notes
(revoked or archived notes drop out, merged or new notes come in) by scoring only
the new notes against the scope and recomputing the rare note whose list lost
more than ``spare`` entries, instead of a second full pass.

CPU-bound: callers run :meth:`NeighbourTable.build` and :meth:`NeighbourTable.refresh`
in a worker thread (NumPy releases the GIL in the products).
"""

from __future__ import annotations

import os
from collections import defaultdict, deque
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from reverie.domain.model import Note
from reverie.embeddings.blas import single_threaded
from reverie.handlers.ports import Hit

ScopeKey = tuple[str | None, str | None]
"""(company_id, user_id): notes see only neighbours with the same pair."""

BLOCK = 2048
"""Rows (and columns) per matrix product: 2048 x 2048 float32 scores are 16 MiB."""

_COMPACT_AT = 4_000_000
"""Candidate entries gathered before they are cut down to each row's best."""

WORKERS = min(2, os.cpu_count() or 1)
"""Threads sharing a scope's symmetric pass (rows of blocks); 1 runs it in the caller."""


def scope_of(note: Note) -> ScopeKey:
    """Return the search scope a note belongs to."""
    return (note.company_id, note.user_id)


def unit_rows(notes: Sequence[Note]) -> np.ndarray:
    """Return the notes' embeddings as unit float32 rows (zero vectors stay zero)."""
    if not notes:
        return np.zeros((0, 0), np.float32)
    mat = np.asarray([n.embedding for n in notes], dtype=np.float32)
    norms = np.linalg.norm(mat, axis=1, keepdims=True).clip(min=1e-12)
    return np.asarray(mat / norms, dtype=np.float32)


@dataclass
class _Entries:
    """Candidate neighbours as parallel arrays (row, column, score)."""

    rows: np.ndarray
    cols: np.ndarray
    vals: np.ndarray

    @staticmethod
    def empty() -> _Entries:
        return _Entries(np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.float32))

    @staticmethod
    def join(parts: Sequence[_Entries]) -> _Entries:
        if not parts:
            return _Entries.empty()
        return _Entries(np.concatenate([p.rows for p in parts]),
                        np.concatenate([p.cols for p in parts]),
                        np.concatenate([p.vals for p in parts]))


def _select(entries: _Entries, n: int, width: int
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return each row's best ``width`` entries (score desc, column asc) and its bound.

    The bound is the best score left out (-inf when nothing was left out).
    """
    cols = np.full((n, width), -1, np.int64)
    vals = np.full((n, width), -np.inf, np.float32)
    bound = np.full(n, -np.inf, np.float32)
    if len(entries.rows) == 0:
        return cols, vals, bound
    order = np.lexsort((entries.cols, -entries.vals, entries.rows))
    r, c, v = entries.rows[order], entries.cols[order], entries.vals[order]
    starts = np.searchsorted(r, np.arange(n))
    rank = np.arange(len(r)) - starts[r]
    keep = rank < width
    cols[r[keep], rank[keep]] = c[keep]
    vals[r[keep], rank[keep]] = v[keep]
    first_out = rank == width
    bound[r[first_out]] = v[first_out]
    return cols, vals, bound


def _above(queries: np.ndarray, q_ids: np.ndarray, matrix: np.ndarray, floor: float,
           mirror: np.ndarray | None = None) -> Iterator[_Entries]:
    """Yield (query's row, matrix row, score) for every score >= floor, self excluded.

    ``q_ids`` are the queries' own rows in ``matrix``. With ``mirror`` (a flag per
    matrix row), entries whose matrix row is flagged are also yielded the other
    way round (matrix row, query's row).
    """
    for start in range(0, len(queries), BLOCK):
        q = queries[start:start + BLOCK]
        own = q_ids[start:start + BLOCK]
        for cstart in range(0, len(matrix), BLOCK):
            scores = q @ matrix[cstart:cstart + BLOCK].T
            hit = (own >= cstart) & (own < cstart + BLOCK)
            scores[np.flatnonzero(hit), own[hit] - cstart] = -np.inf
            r, c = np.nonzero(scores >= floor)
            if len(r) == 0:
                continue
            v = scores[r, c]
            rows, cols = own[r], c + cstart
            yield _Entries(rows, cols, v)
            if mirror is not None:
                back = mirror[cols]
                yield _Entries(cols[back], rows[back], v[back])


def _symmetric_above(matrix: np.ndarray, floor: float) -> Iterator[_Entries]:
    """Yield every (row, column, score >= floor) of ``matrix @ matrix.T``, diagonal excluded.

    Each pair of blocks is multiplied once and its entries yielded both ways; the rows of
    blocks are computed by ``WORKERS`` threads (at most two rows ahead of the caller).
    """
    starts = range(0, len(matrix), BLOCK)
    if WORKERS < 2 or len(starts) < 2:
        for start in starts:
            yield from _block_row(matrix, start, floor)
        return
    with ThreadPoolExecutor(WORKERS, thread_name_prefix="knn") as pool, single_threaded():
        ahead = WORKERS + 1  # bounds the rows held: each row's entries wait to be gathered
        pending = deque(pool.submit(_block_row, matrix, s, floor) for s in starts[:ahead])
        for later in starts[ahead:]:
            parts = pending.popleft().result()
            pending.append(pool.submit(_block_row, matrix, later, floor))
            yield from parts
        while pending:
            yield from pending.popleft().result()


def _block_row(matrix: np.ndarray, start: int, floor: float) -> list[_Entries]:
    """The entries of one row of blocks (``start``) against it and every block after it."""
    n = len(matrix)
    out: list[_Entries] = []
    a = matrix[start:start + BLOCK]
    for cstart in range(start, n, BLOCK):
        scores = a @ matrix[cstart:cstart + BLOCK].T
        if cstart == start:
            np.fill_diagonal(scores, -np.inf)
        r, c = np.nonzero(scores >= floor)
        if len(r) == 0:
            continue
        v = scores[r, c]
        out.append(_Entries(r + start, c + cstart, v))
        if cstart != start:
            out.append(_Entries(c + cstart, r + start, v))
    return out


def _gather(parts: Iterator[_Entries], n: int, width: int) -> _Entries:
    """Collect entries, cutting them down to each row's best ``width`` when they pile up;
    the products behind ``parts`` run with OpenBLAS on one thread (on the shared bench
    machine, load 6.6: a 20,000-note pass took 2.2-3.0 s against 3.9-4.8 s on two)."""
    kept: list[_Entries] = []
    size = 0
    with single_threaded():
        for part in parts:
            kept.append(part)
            size += len(part.rows)
            if size > _COMPACT_AT:
                kept = [_compact(_Entries.join(kept), n, width)]
                size = len(kept[0].rows)
    return _Entries.join(kept)


def _compact(entries: _Entries, n: int, width: int) -> _Entries:
    """Keep each row's best ``width + 1`` entries (one more, so the bound survives)."""
    cols, vals, _ = _select(entries, n, width + 1)
    r, j = np.nonzero(cols >= 0)
    return _Entries(r.astype(np.int64), cols[r, j], vals[r, j])


@dataclass
class _ScopeLists:
    """One scope's notes and their neighbour lists (row positions into ``ids``)."""

    ids: list[str]
    pos: dict[str, int]
    matrix: np.ndarray
    cols: np.ndarray  # (n, width) positions, -1 = empty
    vals: np.ndarray  # (n, width) scores, -inf = empty
    bound: np.ndarray  # (n,) every member not listed scores <= bound or < floor


class NeighbourTable:
    """Each note's ``k`` nearest neighbours at or above ``floor`` in its own scope, exact."""

    def __init__(self, k: int, floor: float, spare: int | None = None) -> None:
        if k < 1:
            raise ValueError("k must be >= 1")
        self.k = k
        self.floor = floor
        self.width = k + (k if spare is None else spare)
        self.scopes: dict[ScopeKey, _ScopeLists] = {}
        self.recomputed = 0
        """Rows recomputed by the last :meth:`refresh` (their lists ran short)."""

    @classmethod
    def build(cls, notes: Sequence[Note], k: int, floor: float, spare: int | None = None
              ) -> NeighbourTable:
        """Return the table of ``notes`` (notes without an embedding are left out)."""
        table = cls(k, floor, spare)
        for key, members in _by_scope(notes).items():
            matrix = unit_rows(members)
            n = len(members)
            entries = _gather(_symmetric_above(matrix, floor), n, table.width)
            cols, vals, bound = _select(entries, n, table.width)
            ids = [m.note_id for m in members]
            table.scopes[key] = _ScopeLists(ids, {nid: i for i, nid in enumerate(ids)},
                                            matrix, cols, vals, bound)
        return table

    def hits(self, note: Note) -> list[Hit]:
        """Return the note's nearest neighbours at or above the floor, best first, self excluded."""
        lists = self.scopes.get(scope_of(note))
        row = lists.pos.get(note.note_id) if lists is not None else None
        if lists is None or row is None:
            return []
        out = []
        for c, v in zip(lists.cols[row, : self.k].tolist(), lists.vals[row, : self.k].tolist(),
                        strict=True):
            if c < 0:
                break
            out.append(Hit(lists.ids[c], float(v)))
        return out

    def refresh(self, notes: Sequence[Note]) -> NeighbourTable:
        """Return the table of ``notes`` (a later state), scoring only what changed.

        A note whose embedding changed counts as removed and added again.
        """
        table = NeighbourTable(self.k, self.floor, self.width - self.k)
        for key, members in _by_scope(notes).items():
            old = self.scopes.get(key)
            matrix = unit_rows(members)
            if old is None:
                sub = NeighbourTable.build(members, self.k, self.floor, self.width - self.k)
                table.scopes[key] = sub.scopes[key]
                continue
            lists, recomputed = _refresh_scope(old, members, matrix, self.floor,
                                               self.k, self.width)
            table.scopes[key] = lists
            table.recomputed += recomputed
        return table


def _by_scope(notes: Sequence[Note]) -> dict[ScopeKey, list[Note]]:
    out: dict[ScopeKey, list[Note]] = defaultdict(list)
    for note in notes:
        if note.embedding is not None:
            out[scope_of(note)].append(note)
    return out


def _refresh_scope(old: _ScopeLists, members: Sequence[Note], matrix: np.ndarray,
                   floor: float, k: int, width: int) -> tuple[_ScopeLists, int]:
    n = len(members)
    ids = [m.note_id for m in members]
    old_at = np.asarray([old.pos.get(nid, -1) for nid in ids], np.int64)
    kept = old_at >= 0
    if kept.any() and old.matrix.shape[1] == matrix.shape[1]:
        same = np.all(old.matrix[old_at[kept]] == matrix[kept], axis=1)
        kept[np.flatnonzero(kept)[~same]] = False
    else:
        kept[:] = False
    # old position -> new position, -1 for notes that left (or changed)
    new_at = np.full(len(old.ids), -1, np.int64)
    new_at[old_at[kept]] = np.flatnonzero(kept)
    # lists of kept notes, re-pointed; entries of notes that left are dropped
    prior_rows = np.flatnonzero(kept)
    prev_cols = old.cols[old_at[kept]]
    prev_vals = old.vals[old_at[kept]]
    mapped = np.where(prev_cols >= 0, new_at[np.maximum(prev_cols, 0)], -1)
    r, j = np.nonzero(mapped >= 0)
    parts = [_Entries(prior_rows[r], mapped[r, j], prev_vals[r, j])]
    bound = np.full(n, -np.inf, np.float32)
    bound[prior_rows] = old.bound[old_at[kept]]
    # new notes: scored against the whole scope, and into the kept notes' lists
    added = np.flatnonzero(~kept)
    if len(added):
        parts.append(_gather(_above(matrix[added], added, matrix, floor, mirror=kept),
                             n, width))
    cols, vals, dropped = _select(_Entries.join(parts), n, width)
    bound = np.maximum(bound, dropped)
    # a list is exact down to its k-th entry unless something unlisted may score higher
    kth = vals[:, k - 1] if width >= k else np.full(n, -np.inf, np.float32)
    short = np.flatnonzero(kth < bound)
    if len(short):
        redo = _gather(_above(matrix[short], short, matrix, floor), n, width)
        rcols, rvals, rbound = _select(redo, n, width)
        cols[short], vals[short], bound[short] = rcols[short], rvals[short], rbound[short]
    return _ScopeLists(ids, {nid: i for i, nid in enumerate(ids)}, matrix, cols, vals,
                       bound), len(short)
