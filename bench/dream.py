"""Dream scaling: one full dream of one agent over synthetic notes, measured in this process.

    python -m bench.dream --notes 10000 --judge offline --backend fast

Storage is Reverie's in-memory adapter (so the figure is the dream's own cost,
not FerretDB's); vectors are the precomputed, clustered ones of
:mod:`bench.synth` (no embedder runs). ``--backend`` picks the vector index:
``fast`` (:class:`~reverie.storage.fastindex.BlockedNumpyIndex`), ``memory``
(:class:`~reverie.storage.memory.MemoryVectorIndex`) or ``qdrant`` (embedded
local mode, a temporary path). ``--judge stub`` is a fake LLM judge answering
after a fixed 300 ms sleep (it merges every cluster into its most-used note's
text and never sees a contradiction; like the LLM judge it can judge several small
clusters in one call, ``consolidation_batch_notes``, and several contradiction
candidate pairs in one call, ``contradiction_batch_pairs``, unless ``--no-batch``);
``--concurrency N`` sets Reverie's ``judge_concurrency`` (judgments in flight at
once, default 4).

The offline judge's models (spaCy, WordNet, MiniLM, the NLI heads) are loaded before the
notes are built and the clock starts, as a worker loads them at start-up before it holds
any note (``warm_judge``, reverie/bootstrap.py), and
the load is reported apart (``judge_load_s``, ``judge_load_rss_mib``); ``--cold`` leaves
them to the dream's first judgments instead, as before.

Prints one JSON line: wall time, CPU time (all threads: on a shared machine it moves less
than the wall time), per-phase durations, judge calls, peak RSS (VmHWM, reset after
set-up so it is the dream's peak), load average.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from bench.common import hot_spots, load, mib, proc_status, reset_peak_rss
from bench.synth import MODEL, BenchEmbedder, Dataset, generate
from reverie.bootstrap import Reverie, bootstrap
from reverie.clock import FixedClock
from reverie.config import Settings
from reverie.domain.model import Note, vector_payload
from reverie.handlers.dream.judging import (
    ConsolidationVerdict,
    ContradictionVerdict,
    CoverageVerdict,
    JudgedNote,
    MergedNote,
    Usage,
    Warming,
)
from reverie.handlers.dream.knn import NeighbourTable
from reverie.handlers.dream.runner import dream
from reverie.handlers.ports import VectorIndex, VectorPoint

NOW = datetime.fromisoformat("2026-03-31T12:00:00+00:00")
BACKENDS = {
    "fast": "BlockedNumpyIndex (reverie/storage/fastindex.py)",
    "memory": "MemoryVectorIndex (reverie/storage/memory.py)",
    "qdrant": "QdrantIndex, embedded local mode (reverie/storage/vectors.py)",
}


class StubLLMJudge:
    """A stand-in for an LLM judge: a fixed latency per call, plausible answers."""

    name = "stub-llm"

    def __init__(self, latency_s: float = 0.3) -> None:
        self.latency_s = latency_s

    @staticmethod
    def _usage(*notes: JudgedNote) -> Usage:
        return Usage(calls=1, prompt_tokens=400 + sum(len(n.text) // 4 + 20 for n in notes),
                     completion_tokens=60)

    async def consolidate(self, notes: Sequence[JudgedNote], now: datetime
                          ) -> tuple[ConsolidationVerdict, Usage]:
        await asyncio.sleep(self.latency_s)
        best = max(notes, key=lambda n: (n.access_count, n.created_at))
        verdict = ConsolidationVerdict(
            consolidate=True, reason="the notes state the same fact",
            merged=[MergedNote(text=best.text, source_ids=[n.note_id for n in notes],
                               note_type=best.note_type)])
        return verdict, self._usage(*notes)

    async def consolidate_many(self, clusters: Sequence[Sequence[JudgedNote]], now: datetime
                               ) -> tuple[list[ConsolidationVerdict], Usage]:
        await asyncio.sleep(self.latency_s)
        verdicts = []
        for notes in clusters:
            best = max(notes, key=lambda n: (n.access_count, n.created_at))
            verdicts.append(ConsolidationVerdict(
                consolidate=True, reason="the notes state the same fact",
                merged=[MergedNote(text=best.text, source_ids=[n.note_id for n in notes],
                                   note_type=best.note_type)]))
        return verdicts, self._usage(*[n for notes in clusters for n in notes])

    async def contradicts(self, a: JudgedNote, b: JudgedNote
                          ) -> tuple[ContradictionVerdict, Usage]:
        await asyncio.sleep(self.latency_s)
        return ContradictionVerdict(contradicts=False, reason="compatible"), self._usage(a, b)

    async def contradicts_many(self, pairs: Sequence[tuple[JudgedNote, JudgedNote]]
                               ) -> tuple[list[ContradictionVerdict], Usage]:
        await asyncio.sleep(self.latency_s)
        return ([ContradictionVerdict(contradicts=False, reason="compatible") for _ in pairs],
                self._usage(*[n for pair in pairs for n in pair]))

    async def covers(self, general: Sequence[JudgedNote], specific: JudgedNote
                     ) -> tuple[CoverageVerdict, Usage]:
        await asyncio.sleep(self.latency_s)
        return CoverageVerdict(adds_nothing=False, reason="user-specific"), self._usage(
            *general, specific)


class CountingJudge:
    """Wraps a judge; counts calls by kind and the wall time spent waiting on it."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name
        self.calls: Counter[str] = Counter()
        self.busy_s = 0.0
        self.prepared = 0
        if callable(getattr(inner, "consolidate_many", None)):
            self.consolidate_many = self._consolidate_many
        if callable(getattr(inner, "contradicts_many", None)):
            self.contradicts_many = self._contradicts_many
        if callable(getattr(inner, "prepare", None)):  # the offline judge's read-ahead
            self.prepare = self._prepare
        if callable(getattr(inner, "prepare_pairs", None)):  # and its model's, per pair
            self.prepare_pairs = self._prepare_pairs

    async def _timed(self, kind: str, coro: Any) -> Any:
        self.calls[kind] += 1
        t0 = time.perf_counter()
        try:
            return await coro
        finally:
            self.busy_s += time.perf_counter() - t0

    async def consolidate(self, notes: Sequence[JudgedNote], now: datetime) -> Any:
        return await self._timed("consolidate", self.inner.consolidate(notes, now))

    async def _consolidate_many(self, clusters: Sequence[Sequence[JudgedNote]],
                                now: datetime) -> Any:
        return await self._timed("consolidate_many", self.inner.consolidate_many(clusters, now))

    def _prepare(self, notes: Sequence[JudgedNote]) -> None:
        self.prepared += len(notes)  # a read-ahead, not a judgment: not in ``calls``
        t0 = time.perf_counter()
        try:
            self.inner.prepare(notes)
        finally:
            self.busy_s += time.perf_counter() - t0

    def _prepare_pairs(self, pairs: Sequence[tuple[JudgedNote, JudgedNote]]) -> None:
        t0 = time.perf_counter()  # a read-ahead too
        try:
            self.inner.prepare_pairs(pairs)
        finally:
            self.busy_s += time.perf_counter() - t0

    async def contradicts(self, a: JudgedNote, b: JudgedNote) -> Any:
        return await self._timed("contradicts", self.inner.contradicts(a, b))

    async def _contradicts_many(self, pairs: Sequence[tuple[JudgedNote, JudgedNote]]) -> Any:
        return await self._timed("contradicts_many", self.inner.contradicts_many(pairs))

    async def covers(self, general: Sequence[JudgedNote], specific: JudgedNote) -> Any:
        return await self._timed("covers", self.inner.covers(general, specific))


class TimedIndex:
    """Wraps a vector index; sums the wall time of its calls (k-NN searches apart)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.search_s = 0.0
        self.write_s = 0.0
        self.searches = 0

    async def search_many(self, vectors: Any, scope: Any, k: int) -> Any:
        t0 = time.perf_counter()
        try:
            return await self.inner.search_many(vectors, scope, k)
        finally:
            self.search_s += time.perf_counter() - t0
            self.searches += len(vectors)

    async def search(self, vector: Any, scope: Any, k: int) -> Any:
        return (await self.search_many([vector], scope, k))[0]

    async def upsert(self, points: Any) -> None:
        t0 = time.perf_counter()
        await self.inner.upsert(points)
        self.write_s += time.perf_counter() - t0

    async def set_status(self, note_ids: Any, status: Any) -> None:
        t0 = time.perf_counter()
        await self.inner.set_status(note_ids, status)
        self.write_s += time.perf_counter() - t0

    async def count(self, agent_id: str | None = None) -> int:
        return int(await self.inner.count(agent_id))

    async def drop_agent(self, agent_id: str) -> None:
        await self.inner.drop_agent(agent_id)

    async def close(self) -> None:
        if hasattr(self.inner, "close"):
            await self.inner.close()


class TimedNeighbours:
    """Times the dream's in-process neighbour table (build and refresh) in this process."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.recomputed = 0
        self.build = NeighbourTable.build
        self.refresh = NeighbourTable.refresh

    def install(self) -> None:
        timer = self
        build, refresh = self.build, self.refresh

        def timed_build(notes: Any, k: int, floor: float, spare: int | None = None
                        ) -> NeighbourTable:
            t0 = time.perf_counter()
            try:
                return build(notes, k, floor, spare)
            finally:
                timer.seconds += time.perf_counter() - t0

        def timed_refresh(table: NeighbourTable, notes: Any) -> NeighbourTable:
            t0 = time.perf_counter()
            try:
                out = refresh(table, notes)
                timer.recomputed += out.recomputed
                return out
            finally:
                timer.seconds += time.perf_counter() - t0

        NeighbourTable.build = staticmethod(timed_build)  # type: ignore[method-assign]
        NeighbourTable.refresh = timed_refresh  # type: ignore[method-assign,assignment]


def make_index(backend: str, tmp: Path) -> VectorIndex:
    if backend == "fast":
        from reverie.storage.fastindex import BlockedNumpyIndex

        return BlockedNumpyIndex()
    if backend == "memory":
        from reverie.storage.memory import MemoryVectorIndex

        return MemoryVectorIndex()
    from reverie.storage.vectors import QdrantIndex

    return QdrantIndex(path=tmp / "qdrant", collection="bench", dimension=384)


def dataset(notes: int, scopes: str, seed: int) -> Dataset:
    if scopes == "mixed":
        users = [f"u-{i:02d}" for i in range(10)]
        return generate(notes, seed=seed, users=users, user_share=0.2, now=NOW)
    return generate(notes, seed=seed, now=NOW)


def to_note(s: Any, agent: str) -> Note:
    return Note(note_id=s.note_id, text=s.text, note_type=s.note_type, agent_id=agent,
                company_id="co-1", user_id=s.user_id, is_auto_generated=True,
                created_at=s.created_at.replace(tzinfo=NOW.tzinfo), access_count=s.access_count,
                embedding=s.vector.tolist(), embedding_model=MODEL)


async def build(data: Dataset, judge: Any, index: VectorIndex, agent: str,
                concurrency: int = 4, batch_notes: int = 24, batch_pairs: int = 8) -> Reverie:
    cfg = Settings(storage="memory", vector_backend="memory", retry_initial_s=0.001,
                   judge_concurrency=concurrency, consolidation_batch_notes=batch_notes,
                   contradiction_batch_pairs=batch_pairs,
                   _env_file=None)  # type: ignore[call-arg]
    app = bootstrap(cfg, clock=FixedClock(NOW + timedelta(hours=1)),
                    embedder=BenchEmbedder(data.notes), index=index, judge=judge)
    batch: list[VectorPoint] = []
    for s in data.notes:
        note = to_note(s, agent)
        await app.notes.add(note)
        batch.append(VectorPoint(note.note_id, note.embedding or [], vector_payload(note)))
        if len(batch) >= 1000:
            await index.upsert(batch)
            batch = []
    await index.upsert(batch)
    return app


async def run(args: argparse.Namespace) -> dict[str, Any]:
    inner = StubLLMJudge(args.latency) if args.judge == "stub" else None
    if inner is None:
        from reverie.judges.offline import OfflineJudge

        inner = OfflineJudge(nli=not args.no_nli)
    load_s = load_rss = None
    load_by_model: dict[str, float] = {}
    # as a worker does at start-up, before it holds any note (the notes live in this
    # process only because the store is in memory: loading beside 100,000 of them costs
    # the collector's passes over them, not the models)
    if not args.cold and isinstance(inner, Warming):
        rss0, t_load = proc_status().get("VmRSS"), time.perf_counter()
        load_by_model = dict(await asyncio.to_thread(inner.warm))
        load_s = round(time.perf_counter() - t_load, 3)
        load_rss = mib((proc_status().get("VmRSS") or 0) - (rss0 or 0))
    t_setup = time.perf_counter()
    data = dataset(args.notes, args.scopes, args.seed)
    judge = CountingJudge(inner)
    tmp = Path(tempfile.mkdtemp(prefix="reverie-bench-"))
    index = TimedIndex(make_index(args.backend, tmp))
    agent = "a-bench"
    app = await build(data, judge, index, agent, args.concurrency,
                      0 if args.no_batch else 24, 0 if args.no_batch else 8)
    setup_s = time.perf_counter() - t_setup
    profiler = None
    if args.profile:
        from pyinstrument import Profiler

        profiler = Profiler(interval=0.005, async_mode="enabled")
    index.search_s = index.write_s = 0.0
    index.searches = 0
    knn = TimedNeighbours()
    knn.install()
    reset_peak_rss()
    rss_before = proc_status().get("VmRSS")
    load_before = load()
    if profiler:
        profiler.start()
    t0, cpu0 = time.perf_counter(), time.process_time()
    result = await dream(
        agent, trigger="bench", dry_run=False, reason=None, stores=app.stores,
        embedder=app.embedder, judge=app.judge, clock=app.clock,
        dream_settings=app.dream_settings,
    )
    wall = time.perf_counter() - t0
    cpu = time.process_time() - cpu0  # every thread of this process (the judge's too)
    if profiler:
        profiler.stop()
    status = proc_status()
    assert result is not None
    steps = await app.runs.steps(result.run_id)
    phase_s = {s.name: round(s.duration_ms / 1000, 3) for s in steps
               if s.name == s.phase and s.name != "dream"}
    phases = {p: {k: v for k, v in out.items() if k not in ("archived_ids",)}
              for p, out in result.phases.items()}
    counts = await app.notes.count_by_status(agent)
    out: dict[str, Any] = {
        "notes": args.notes, "judge": args.judge if args.judge == "offline"
        else f"stub-llm-{int(args.latency * 1000)}ms", "backend": args.backend,
        "backend_class": BACKENDS[args.backend], "scopes": args.scopes,
        "judge_concurrency": args.concurrency,
        "consolidation_batch_notes": 0 if args.no_batch else 24,
        "contradiction_batch_pairs": 0 if args.no_batch else 8, "storage": "memory",
        "wall_s": round(wall, 3), "cpu_s": round(cpu, 3), "setup_s": round(setup_s, 2),
        "judge_nli": args.judge == "offline" and not args.no_nli,
        "judge_warm": load_s is not None, "judge_load_s": load_s,
        "judge_load_rss_mib": load_rss, "judge_load_by_model_s": load_by_model,
        "status": result.status,
        "phase_s": phase_s, "phases": phases,
        "judge_calls": dict(judge.calls), "judge_calls_total": sum(judge.calls.values()),
        "judge_busy_s": round(judge.busy_s, 3), "judge_notes_read_ahead": judge.prepared,
        "knn_s": round(knn.seconds, 3), "knn_rows_recomputed": knn.recomputed,
        "knn_search_s": round(index.search_s, 3), "knn_queries": index.searches,
        "index_writes_s": round(index.write_s, 3),
        "notes_by_status_after": counts,
        "dataset": {"base_facts": data.n_base, "variants": data.n_variants, **data.extra},
        "rss_before_mib": mib(rss_before), "peak_rss_mib": mib(status.get("VmHWM")),
        "peak_over_start_mib": mib((status.get("VmHWM") or 0) - (rss_before or 0)),
        "load_before": load_before, "load_after": load(),
    }
    if profiler:
        text = profiler.output_text(unicode=False, color=False)
        await asyncio.to_thread(Path(args.profile).write_text, text)
        out["profile"] = str(args.profile)
        out["hot_spots"] = hot_spots(profiler)
    await app.close()
    return out


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--notes", type=int, default=1000)
    p.add_argument("--judge", choices=("offline", "stub"), default="offline")
    p.add_argument("--latency", type=float, default=0.3, help="stub judge seconds per call")
    p.add_argument("--backend", choices=tuple(BACKENDS), default="fast")
    p.add_argument("--scopes", choices=("single", "mixed"), default="single",
                   help="single: all notes company-wide; mixed: 20%% over 10 users")
    p.add_argument("--concurrency", type=int, default=4,
                   help="judge_concurrency: judgments in flight at once (1: one at a time)")
    p.add_argument("--no-batch", action="store_true",
                   help="one cluster or pair per judge call (consolidation_batch_notes=0, "
                   "contradiction_batch_pairs=0)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--no-nli", action="store_true",
                   help="the offline judge without its learned NLI scorer (to measure its cost)")
    p.add_argument("--cold", action="store_true",
                   help="load the judge's models in the dream (default: before it, as a "
                   "worker does at start-up, reported as judge_load_s)")
    p.add_argument("--profile", type=Path, default=None, help="pyinstrument text output")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    print(json.dumps(asyncio.run(run(parse(argv))), default=str))


if __name__ == "__main__":
    main()
