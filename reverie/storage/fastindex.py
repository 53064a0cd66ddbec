"""An exact in-process vector index for large scopes: per-scope cached matrices, blocked top-k.

:class:`BlockedNumpyIndex` implements the :class:`~reverie.handlers.ports.VectorIndex`
port with the same results as :class:`~reverie.storage.memory.MemoryVectorIndex`
(exact cosine, same scope rules), but is built for the dream's access pattern:
``search_many`` with the same scope over and over, one call per batch of notes.

* Vectors live in one growable float32 matrix (unit rows); the payload fields
  scopes filter on are kept as integer codes, so a scope's mask is a handful of
  vectorised comparisons instead of a Python call per point.
* The rows of a scope are gathered once into a contiguous matrix and cached
  until a write touches the scope's agent, so every ``search_many`` for that
  scope is one matrix multiply per block of queries.
* Top-k per query uses a lower bound instead of a full ``argpartition`` of every
  score row: the k-th largest of the per-chunk maxima (chunks of 64 scores) is at
  most the k-th largest score, so only the few scores at or above it are sorted.
  Exact, and about ten times cheaper than ``argpartition`` on 100,000 scores.

Memory: one float32 copy of the vectors (1.5 KiB per 384-d point) plus one
cached copy per scope searched since the last write. Not persistent: like the
in-memory index it is rebuilt from the notes at start (or used for replay and
benchmarks). Wire it with ``BlockedNumpyIndex()`` wherever a
``MemoryVectorIndex`` is accepted, e.g. ``bootstrap(settings, index=BlockedNumpyIndex())``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from reverie.domain.model import Status
from reverie.handlers.ports import Hit, SearchScope, VectorPoint

_CHUNK = 64
"""Scores per chunk for the top-k lower bound."""


@dataclass
class _ScopeCache:
    version: int
    rows: np.ndarray  # positions in the main matrix, ascending
    matrix: np.ndarray  # contiguous unit rows of those positions


class _Codes:
    """Interns payload values (``None`` included) as small integers."""

    def __init__(self) -> None:
        self._codes: dict[Any, int] = {}

    def code(self, value: Any) -> int:
        found = self._codes.get(value)
        if found is None:
            found = self._codes[value] = len(self._codes)
        return found

    def lookup(self, value: Any) -> int:
        """Return the value's code, or -1 if no point ever had it."""
        return self._codes.get(value, -1)


class BlockedNumpyIndex:
    """Exact cosine k-NN over NumPy, fast for repeated searches of large scopes.

    ``block`` is how many queries are scored per matrix multiply (memory:
    ``block x scope size x 4`` bytes of scores at a time).
    """

    def __init__(self, *, block: int = 512, initial_capacity: int = 1024) -> None:
        if block < 1 or initial_capacity < 1:
            raise ValueError("block and initial_capacity must be >= 1")
        self.block = block
        self.ids: list[str] = []
        self.pos: dict[str, int] = {}
        self.payloads: list[dict[str, Any]] = []
        self._matrix: np.ndarray | None = None
        self._dim = 0
        self._capacity = initial_capacity
        self._codes = _Codes()
        n = initial_capacity
        self._agent = np.empty(n, np.int32)
        self._status = np.empty(n, np.int32)
        self._company = np.empty(n, np.int32)
        self._user = np.empty(n, np.int32)
        self._auto = np.empty(n, bool)
        self._versions: dict[str, int] = {}
        self._cache: dict[tuple[Any, ...], _ScopeCache] = {}

    # -- writes -----------------------------------------------------------------

    def _grow(self, needed: int, dim: int) -> None:
        if self._matrix is None:
            self._dim = dim
            self._matrix = np.zeros((self._capacity, dim), np.float32)
        if dim != self._dim:
            raise ValueError(f"vector has {dim} dimensions, the index holds {self._dim}")
        if needed <= self._capacity:
            return
        cap = self._capacity
        while cap < needed:
            cap *= 2
        matrix = np.zeros((cap, self._dim), np.float32)
        matrix[: len(self.ids)] = self._matrix[: len(self.ids)]
        self._matrix = matrix
        for name in ("_agent", "_status", "_company", "_user", "_auto"):
            old = getattr(self, name)
            new = np.empty(cap, old.dtype)
            new[: len(self.ids)] = old[: len(self.ids)]
            setattr(self, name, new)
        self._capacity = cap

    def _bump(self, agent_id: Any) -> None:
        self._versions[agent_id] = self._versions.get(agent_id, 0) + 1

    def _set_codes(self, i: int, payload: dict[str, Any]) -> None:
        self._agent[i] = self._codes.code(payload.get("agent_id"))
        self._status[i] = self._codes.code(payload.get("status"))
        self._company[i] = self._codes.code(payload.get("company_id"))
        self._user[i] = self._codes.code(payload.get("user_id"))
        self._auto[i] = bool(payload.get("is_auto_generated", True))

    async def upsert(self, points: Sequence[VectorPoint]) -> None:
        for p in points:
            vec = np.asarray(p.vector, dtype=np.float32)
            norm = float(np.linalg.norm(vec)) or 1.0
            payload = {**p.payload, "note_id": p.note_id}
            i = self.pos.get(p.note_id)
            if i is None:
                self._grow(len(self.ids) + 1, len(vec))
                i = len(self.ids)
                self.pos[p.note_id] = i
                self.ids.append(p.note_id)
                self.payloads.append(payload)
            else:
                self._grow(len(self.ids), len(vec))
                self._bump(self.payloads[i].get("agent_id"))
                self.payloads[i] = payload
            assert self._matrix is not None
            self._matrix[i] = vec / norm
            self._set_codes(i, payload)
            self._bump(payload.get("agent_id"))

    async def set_status(self, note_ids: Sequence[str], status: Status) -> None:
        code = self._codes.code(status.value)
        for nid in note_ids:
            i = self.pos.get(nid)
            if i is not None:
                self.payloads[i]["status"] = status.value
                self._status[i] = code
                self._bump(self.payloads[i].get("agent_id"))

    async def drop_agent(self, agent_id: str) -> None:
        keep = [i for i, p in enumerate(self.payloads) if p.get("agent_id") != agent_id]
        n = len(keep)
        if n == len(self.ids):
            return
        idx = np.asarray(keep, dtype=np.int64)
        if self._matrix is not None:
            self._matrix[:n] = self._matrix[idx]
        for name in ("_agent", "_status", "_company", "_user", "_auto"):
            arr = getattr(self, name)
            arr[:n] = arr[idx]
        self.ids = [self.ids[i] for i in keep]
        self.payloads = [self.payloads[i] for i in keep]
        self.pos = {nid: i for i, nid in enumerate(self.ids)}
        self._cache.clear()  # positions moved for every agent
        self._versions.clear()

    # -- reads ------------------------------------------------------------------

    async def count(self, agent_id: str | None = None) -> int:
        if agent_id is None:
            return len(self.ids)
        code = self._codes.lookup(agent_id)
        return int(np.count_nonzero(self._agent[: len(self.ids)] == code)) if code >= 0 else 0

    def _mask(self, scope: SearchScope) -> np.ndarray:
        n = len(self.ids)
        agent = self._codes.lookup(scope.agent_id)
        if agent < 0 or n == 0:
            return np.zeros(n, bool)
        mask: np.ndarray = self._agent[:n] == agent
        if scope.status is not None:
            mask &= self._status[:n] == self._codes.lookup(scope.status.value)
        if scope.auto_only:
            mask &= self._auto[:n]
        if scope.exact_scope and not scope.any_company:
            mask &= self._company[:n] == self._codes.lookup(scope.company_id)
        if scope.exact_scope:
            mask &= self._user[:n] == self._codes.lookup(scope.user_id)
        return mask

    def _scope(self, scope: SearchScope) -> tuple[np.ndarray, np.ndarray]:
        """Return (positions, contiguous unit rows) of the points ``scope`` may see."""
        key = (scope.agent_id, scope.company_id, scope.user_id, scope.exact_scope,
               scope.any_company, scope.status, scope.auto_only)
        version = self._versions.get(scope.agent_id, 0)
        cached = self._cache.get(key)
        if cached is None or cached.version != version:
            rows = np.flatnonzero(self._mask(scope))
            assert self._matrix is not None or len(rows) == 0
            matrix = (self._matrix[rows] if self._matrix is not None and len(rows)
                      else np.zeros((0, max(self._dim, 1)), np.float32))
            cached = _ScopeCache(version, rows, np.ascontiguousarray(matrix))
            stale = [k for k, c in self._cache.items() if k[0] == scope.agent_id
                     and c.version != version]
            for k in stale:
                del self._cache[k]
            self._cache[key] = cached
        rows, matrix = cached.rows, cached.matrix
        if scope.exclude_ids:
            drop = {self.pos[i] for i in scope.exclude_ids if i in self.pos}
            if drop:
                keep = ~np.isin(rows, np.fromiter(drop, np.int64, len(drop)))
                rows, matrix = rows[keep], matrix[keep]
        return rows, matrix

    async def search(self, vector: Sequence[float], scope: SearchScope, k: int) -> list[Hit]:
        return (await self.search_many([vector], scope, k))[0]

    async def search_many(
        self, vectors: Sequence[Sequence[float]], scope: SearchScope, k: int
    ) -> list[list[Hit]]:
        if len(vectors) == 0:
            return []
        rows, matrix = self._scope(scope)
        if len(rows) == 0 or k <= 0:
            return [[] for _ in vectors]
        q = np.asarray(vectors, dtype=np.float32)
        q = q / np.linalg.norm(q, axis=1, keepdims=True).clip(min=1e-12)
        kk = min(k, len(rows))
        out: list[list[Hit]] = []
        ids = self.ids
        for start in range(0, len(q), self.block):
            scores = q[start : start + self.block] @ matrix.T
            cols, vals = top_k(scores, kk)
            for crow, vrow in zip(cols.tolist(), vals.tolist(), strict=True):
                out.append([Hit(ids[rows[c]], v) for c, v in zip(crow, vrow, strict=True)])
        return out


def top_k(scores: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Return (columns, scores) of each row's ``k`` largest scores, best first.

    Equal scores are listed lower column first; which of several scores tied at the
    k-th place are returned is unspecified (as with ``argpartition``).
    ``1 <= k <= scores.shape[1]``.
    """
    b, m = scores.shape
    nchunks = m // _CHUNK
    if nchunks < 4 * k or m <= 4096:
        return _top_k_partition(scores, k)
    # Lower bound per row: the k-th largest of the chunk maxima (every one of the k
    # chunks holding them has a score >= it, so the k best scores are all >= it).
    head = scores[:, : nchunks * _CHUNK].reshape(b, nchunks, _CHUNK).max(axis=2)
    if m > nchunks * _CHUNK:
        head = np.concatenate([head, scores[:, nchunks * _CHUNK :].max(axis=1, keepdims=True)],
                              axis=1)
    bound = np.partition(head, head.shape[1] - k, axis=1)[:, head.shape[1] - k]
    r, c = np.nonzero(scores >= bound[:, None])
    if len(r) > 64 * b * k:  # many ties at the bound (duplicate vectors): not worth it
        return _top_k_partition(scores, k)
    v = scores[r, c]
    order = np.lexsort((c, -v, r))
    r, c, v = r[order], c[order], v[order]
    starts = np.searchsorted(r, np.arange(b))
    take = (starts[:, None] + np.arange(k)[None, :]).ravel()
    return c[take].reshape(b, k), v[take].reshape(b, k)


def _top_k_partition(scores: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    m = scores.shape[1]
    if k < m:
        part = np.argpartition(scores, m - k, axis=1)[:, m - k :]
    else:
        part = np.broadcast_to(np.arange(m), scores.shape).copy()
    vals = np.take_along_axis(scores, part, axis=1)
    order = _row_order(part, vals)
    cols = np.take_along_axis(part, order, axis=1)
    return cols, np.take_along_axis(vals, order, axis=1)


def _row_order(cols: np.ndarray, vals: np.ndarray) -> np.ndarray:
    """Per row: indices sorting by score descending, then column ascending."""
    by_col = np.argsort(cols, axis=1, kind="stable")
    vals_sorted = np.take_along_axis(vals, by_col, axis=1)
    by_val = np.argsort(-vals_sorted, axis=1, kind="stable")
    return np.take_along_axis(by_col, by_val, axis=1)
