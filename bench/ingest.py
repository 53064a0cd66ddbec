"""Ingest throughput through the real local Kafka into FerretDB and the embedded Qdrant.

    python -m bench.ingest [--precomputed 2000] [--embedded 600] [--profile /tmp/ingest]

Starts a real ``reverie worker`` subprocess (tests/integration/harness.py: its own
database, consumer group, Qdrant path), publishes ``note.created`` events as fast
as the producer acknowledges them, and watches the worker's log until it has logged every
note stored (then checks MongoDB holds them all; `--progress mongo` polls MongoDB instead).
Two runs, each with a fresh worker: notes carrying a precomputed all-MiniLM-L6-v2
embedding (384-d, so the worker only stores) and notes the worker embeds with the
local model. The worker's memory is sampled from /proc/PID/status (VmRSS while
running, VmHWM at the end). Prints one JSON line.

``--batches N`` skips Kafka and the worker: it feeds N notes in Kafka-sized batches
through the worker's own decode → bus → handler path in this process (FerretDB,
embedded Qdrant in a temporary path) and times every storage call, so one batch's
time is split by stage.

``--profile PREFIX`` samples the worker with py-spy (if installed) from the first send
until the last note is stored and writes PREFIX-precomputed.txt (collapsed stacks)
and a summary of the time by stage (py-spy is not a project dependency).

The topics are shared with any other worker running on the machine (other
tests): those workers consume the same burst, which costs CPU on a shared box.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import quote

import numpy as np
from pymongo import AsyncMongoClient

from bench.common import load, mib, proc_status
from bench.deletion import LogTail, _ts
from bench.synth import MODEL, generate
from reverie.domain.events import TOPIC_NOTES
from reverie.storage.mongo import connect, stored_vector
from reverie.text.utc import as_utc
from tests.fakes import envelope, iso, note_data
from tests.integration.harness import Kafka, Worker, state_env, wait_for


def events(n: int, run: str, precomputed: bool, agents: int = 16) -> list[tuple[str, bytes]]:
    """Return (key, value) of ``n`` note.created events spread over ``agents`` agents.

    Precomputed vectors are real all-MiniLM-L6-v2 embeddings, computed here before
    the clock starts (so a search through the worker finds the notes).
    """
    data = generate(n, seed=11)
    vectors = None
    if precomputed:
        from reverie.embeddings.local import LocalMiniLMEmbedder

        vectors = LocalMiniLMEmbedder().embed_array([s.text for s in data.notes])
    out = []
    for i, s in enumerate(data.notes):
        agent = f"bench-{run}-{i % agents:02d}"
        extra: dict[str, Any] = {"access_count": s.access_count}
        if vectors is not None:
            extra["embedding"] = [round(float(x), 6) for x in vectors[i]]
            extra["embedding_model"] = MODEL
        body = note_data(f"{run}-{s.note_id}", s.text, agent_id=agent, **extra)
        body["created_at"] = iso(as_utc(s.created_at))
        out.append((agent, json.dumps(envelope("note.created", body)).encode()))
    return out


def start_profiler(pid: int, out: Path) -> subprocess.Popen[bytes] | None:
    """Start py-spy sampling ``pid`` into collapsed stacks at ``out`` (None if not installed)."""
    exe = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(exe).exists():
        print("py-spy not installed: no profile", file=sys.stderr)
        return None
    return subprocess.Popen([exe, "record", "-p", str(pid), "-o", str(out), "-f", "raw",
                             "-r", "200", "--nonblocking", "--idle"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


STAGES = (  # (label, part of a frame's file path); the frame nearest the leaf decides
    ("Qdrant embedded upsert", "qdrant_client/"),
    ("MongoDB driver (FerretDB round trips)", "pymongo/"),
    ("Kafka client (aiokafka)", "aiokafka/"),
    ("Faust table (activity window, changelog)", "faust/tables/"),
    ("pydantic validation", "pydantic"),
    ("JSON decode", "json/"),
    ("logging (structlog)", "structlog/"),
    ("Faust streams and agents", "faust/"),
    ("Reverie code", "reverie/"),
)


def summarise(text: str) -> dict[str, Any]:
    """Split the worker's main-thread samples (py-spy collapsed stacks) by stage and by task.

    A stage is the library nearest the leaf of the stack; idle is the event loop waiting
    in select(); a task is the coroutine the event loop was running (a Faust agent, a
    driver callback, a background service).
    """
    stages: dict[str, int] = {}
    tasks: dict[str, int] = {}
    total = 0
    for line in text.splitlines():
        stack, _, count_s = line.rpartition(" ")
        if not count_s.isdigit() or not stack.startswith("_run_module_as_main"):
            continue  # another thread (Faust's and the drivers' helpers sleep there)
        count = int(count_s)
        total += count
        frames = stack.split(";")
        label = "other"
        if "select" in frames[-1].split(" (")[0]:
            label = "idle (event loop waiting for I/O)"
        else:
            for frame in reversed(frames):
                where = frame.partition(" (")[2]
                hit = next((name for name, mark in STAGES if mark in where), None)
                if hit is not None:
                    label = hit
                    break
        stages[label] = stages.get(label, 0) + count
        run = next((i for i, f in enumerate(frames) if f.startswith("Handle._run")), None)
        named = [f.split(" (")[0] for f in frames[run + 1:run + 3]] if run is not None else []
        task = "event loop" if not named else (
            f"agent {named[1].rpartition('.')[2]}"
            if named[0] == "Agent._execute_actor" and len(named) > 1 else named[0])
        tasks[task] = tasks.get(task, 0) + count

    def pct(counts: dict[str, int], top: int) -> dict[str, float]:
        ranked = sorted(counts.items(), key=lambda x: -x[1])[:top]
        return {k: round(100 * v / total, 1) for k, v in ranked} if total else {}

    return {"main_thread_samples": total, "stages_pct": pct(stages, 20),
            "tasks_pct": pct(tasks, 12)}


async def one_run(env: dict[str, str], n: int, precomputed: bool, tmp: Path,
                  profile: str | None = None, progress: str = "log") -> dict[str, Any]:
    run = uuid.uuid4().hex[:6]
    msgs = events(n, run, precomputed)
    agents = sorted({k for k, _ in msgs})
    worker = Worker(env, tmp=tmp, extra={"REVERIE_LOG_LEVEL": "INFO"})
    mongo: AsyncMongoClient[Any] = connect(env["REVERIE_MONGO_URL"])
    kafka = Kafka(env)
    await kafka.start()
    t_start = time.perf_counter()
    worker.start()
    try:
        await worker.ready(timeout=180)
        ready_s = time.perf_counter() - t_start
        assert worker.proc is not None
        pid = worker.proc.pid
        db = mongo[worker.database]
        # one note first: the consumer's positions are set (offset reset "latest") before
        # the timed burst, so no note of the burst can be skipped
        warm = f"bench-{run}-warm"
        await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
            f"{run}-warm", "Warm-up note.", agent_id=warm)), warm)

        async def warmed() -> bool:
            return await db.notes.count_documents({"agent_id": warm}) > 0

        await wait_for(warmed, timeout=90, every=0.2, what="the warm-up note")
        rss: list[int] = []
        timeline: list[tuple[float, int]] = []
        load_before = load()

        tail = LogTail(worker.log_path)
        logged: dict[str, float] = {"notes": 0}
        wall0 = 0.0

        async def count() -> int:  # a scan of every note on FerretDB ($in is not pushed down)
            return await db.notes.count_documents({"agent_id": {"$in": agents}})

        async def stored() -> int:
            if progress == "mongo":
                return await count()
            new = False
            for line in tail.new_lines():  # the worker logs each batch once it is stored
                if line.get("event") == "notes.stored":
                    logged["notes"] += int(line.get("inserted", 0))
                    logged["at"] = _ts(line) - wall0
                    new = True
            logged["polls"] = logged.get("polls", 0) + 1
            # Notes other tests publish on the shared topic are logged too, and a retried batch
            # logs only what its last attempt inserted: once the log reaches n (or every 2 s),
            # MongoDB says how many of the run's notes are stored.
            if (logged["notes"] >= n and new) or logged["polls"] % 40 == 0:
                logged["counted"] = await count()
            return int(logged["notes"])  # for the 10-90 % stretch (others' notes are few)

        def elapsed() -> float:
            # log mode: when the worker logged the batch that reached the count
            return float(logged.get("at", time.perf_counter() - t0)) if progress == "log" \
                else time.perf_counter() - t0

        prof_out = Path(f"{profile}-{'precomputed' if precomputed else 'embedded'}.txt")
        profiler = start_profiler(pid, prof_out) if profile else None
        t0, wall0 = time.perf_counter(), time.time()
        futures = [await kafka.producer.send(TOPIC_NOTES, value, key=key.encode())
                   for key, value in msgs]
        await asyncio.gather(*futures)
        produced_s = time.perf_counter() - t0

        async def done() -> bool:
            so_far = await stored()
            timeline.append((elapsed(), so_far))
            if (kib := proc_status(pid).get("VmRSS")) is not None:
                rss.append(kib)
            return so_far >= n if progress == "mongo" else logged.get("counted", 0) >= n

        await wait_for(done, timeout=max(120.0, n / 5), every=0.1 if progress == "mongo" else 0.05,
                       what=f"{n} notes stored")
        total_s = timeline[-1][0]
        in_mongo = await count()
        assert in_mongo == n, f"{in_mongo} of {n} notes stored"
        profiled = None
        if profiler is not None:
            profiler.send_signal(signal.SIGINT)
            profiler.wait(30)
            stacks = await asyncio.to_thread(
                lambda: prof_out.read_text() if prof_out.exists() else "")
            profiled = {"stacks": str(prof_out), **summarise(stacks)}
        status = proc_status(pid)
        lo = next(t for t, c in timeline if c >= 0.1 * n)
        hi = next(t for t, c in timeline if c >= 0.9 * n)
        sample = msgs[-1][0]
        doc = await db.notes.find_one({"agent_id": sample}, sort=[("_id", -1)])
        assert doc is not None and len(stored_vector(doc["embedding"]) or []) == 384
        hits = await asyncio.to_thread(
            worker.get, f"/api/search?agent_id={sample}&q={quote(doc['text'][:60])}&k=3")
        searchable = any(h["note_id"] == doc["_id"] for h in hits.get("hits", []))
        return {
            "mode": "precomputed embeddings" if precomputed else "local embedder (worker embeds)",
            "notes": n, "agents": len(agents),
            "notes_per_s": round(n / total_s, 1),
            "notes_per_s_10_90": round(0.8 * n / (hi - lo), 1) if hi > lo else None,
            "first_to_last_s": round(total_s, 2), "producer_s": round(produced_s, 2),
            "worker_ready_s": round(ready_s, 1),
            "worker_peak_rss_mib": mib(status.get("VmHWM")),
            "worker_rss_max_sampled_mib": mib(max(rss) if rss else None),
            "last_note_searchable": searchable,
            "vector_backend": "Qdrant embedded local mode",
            "message_bytes_mean": int(np.mean([len(v) for _, v in msgs])),
            "load_before": load_before, "load_after": load(),
            "database": worker.database,
            "progress": "worker log (notes.stored)" if progress == "log"
            else "MongoDB count_documents every 0.1 s",
            **({"profile": profiled} if profiled else {}),
        }
    finally:
        worker.stop()
        await kafka.stop()
        await mongo.drop_database(worker.database)
        await mongo.close()


class Timed:
    """Proxy of a port that adds the wall time of each awaited method call to ``spent``."""

    def __init__(self, name: str, inner: Any, spent: dict[str, float]) -> None:
        self._name, self._inner, self._spent = name, inner, spent

    def __getattr__(self, attr: str) -> Any:
        value = getattr(self._inner, attr)
        if not callable(value) or attr.startswith("_"):
            return value
        key = f"{self._name}.{attr}"

        def call(*args: Any, **kwargs: Any) -> Any:
            result = value(*args, **kwargs)
            if not hasattr(result, "__await__"):
                return result

            async def timed() -> Any:
                t0 = time.perf_counter()
                try:
                    return await result
                finally:
                    self._spent[key] = self._spent.get(key, 0.0) + time.perf_counter() - t0
            return timed()
        return call


async def batch_profile(env: dict[str, str], n: int, batch: int) -> dict[str, Any]:
    """Time one batch's stages in-process: decode, duplicate check, each store, the marks."""
    from reverie.bootstrap import bootstrap, prepare
    from reverie.bus import MessageBus, inject
    from reverie.config import Settings
    from reverie.domain.events import parse_event
    from reverie.handlers import BATCH_HANDLERS, HANDLERS
    from reverie.streams.deadletter import RawMessage
    from reverie.streams.pipeline import decode

    run = uuid.uuid4().hex[:6]
    msgs = events(n + batch, run, True)
    raws = [RawMessage(TOPIC_NOTES, 0, i, k.encode(), v) for i, (k, v) in enumerate(msgs)]
    tmp = Path(tempfile.mkdtemp(prefix="reverie-bench-batches-"))
    database = f"bench_batches_{run}"
    cfg = Settings(storage="mongo", mongo_url=env["REVERIE_MONGO_URL"], mongo_database=database,
                   qdrant_path=tmp / "qdrant", data_dir=tmp,
                   _env_file=None)  # type: ignore[call-arg]
    app = bootstrap(cfg)
    spent: dict[str, float] = {}
    try:
        await prepare(app)
        for port in ("notes", "index", "registry", "changes", "ledger", "embedder"):
            setattr(app, port, Timed(port, getattr(app, port), spent))
        deps = app.deps()
        bus = MessageBus(handlers={t: inject(h, deps) for t, h in HANDLERS.items()},
                         batch_handlers={t: inject(h, deps) for t, h in BATCH_HANDLERS.items()},
                         ledger=app.ledger, clock=app.clock)
        stage: dict[str, float] = {"decode (JSON, contract)": 0.0, "bus.handle": 0.0,
                                   "parse again (the activity counter)": 0.0}
        walls = []
        for i in range(0, n + batch, batch):
            if i == batch:  # the first batch warms connections and Qdrant: not counted
                spent.clear()
                stage = dict.fromkeys(stage, 0.0)
                walls.clear()
            chunk = raws[i:i + batch]
            t0 = time.perf_counter()
            decoded = [decode(m) for m in chunk]
            t1 = time.perf_counter()
            await bus.handle(decoded)
            t2 = time.perf_counter()
            for m in chunk:
                assert m.value is not None
                parse_event(m.value)
            t3 = time.perf_counter()
            stage["decode (JSON, contract)"] += t1 - t0
            stage["bus.handle"] += t2 - t1
            stage["parse again (the activity counter)"] += t3 - t2
            walls.append(t2 - t0)
        batches = len(walls)
        per_batch = {k: round(v / batches * 1000, 1) for k, v in {**stage, **spent}.items()}
        stored = await app.db.notes.count_documents({})
        return {"notes": n, "batch": batch, "batches_timed": batches, "stored": stored,
                "ms_per_batch": per_batch,
                "notes_per_s_handler_path": round(n / sum(walls), 1),
                "load": load()}
    finally:
        await app.db.client.drop_database(database)
        await app.close()
        shutil.rmtree(tmp, ignore_errors=True)


def median_run(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The run with the median throughput, carrying every run's figures and loads."""
    ranked = sorted(runs, key=lambda r: r["notes_per_s"])
    mid = dict(ranked[(len(ranked) - 1) // 2])
    mid.update(repeats=len(runs),
               notes_per_s_each=[r["notes_per_s"] for r in runs],
               notes_per_s_10_90_each=[r["notes_per_s_10_90"] for r in runs],
               load_before_each=[r["load_before"] for r in runs])
    return mid


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    env = state_env()
    out: dict[str, Any] = {"kafka": env.get("REVERIE_KAFKA_VERSION"),
                           "ferretdb": env.get("REVERIE_FERRETDB_VERSION")}
    if args.batches:
        out["in_process"] = await batch_profile(env, args.batches, args.batch)
        if not args.with_worker:
            return out
    tmp = Path(tempfile.mkdtemp(prefix="reverie-bench-ingest-"))
    runs = []
    if args.precomputed:
        profiled = (await one_run(env, args.precomputed, True, tmp, args.profile, args.progress)
                    if args.profile else None)  # not in the median: py-spy slows the worker
        each = [await one_run(env, args.precomputed, True, tmp, None, args.progress)
                for _ in range(args.repeats)]
        runs.append(median_run(each))
        if profiled is not None and profiled.get("profile"):
            runs[-1]["profile"] = {**profiled["profile"],
                                   "notes_per_s_while_sampled": profiled["notes_per_s"]}
    if args.embedded:
        runs.append(await one_run(env, args.embedded, False, tmp, None, args.progress))
    out["runs"] = runs
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--precomputed", type=int, default=2000)
    p.add_argument("--embedded", type=int, default=600)
    p.add_argument("--batches", type=int, default=0, metavar="N",
                   help="time N notes' batches in-process instead (no Kafka, no worker)")
    p.add_argument("--batch", type=int, default=200, help="batch size of --batches")
    p.add_argument("--with-worker", action="store_true",
                   help="with --batches: also run the worker benchmarks")
    p.add_argument("--repeats", type=int, default=1,
                   help="precomputed runs, each with a fresh worker; the median is reported")
    p.add_argument("--progress", choices=("log", "mongo"), default="log",
                   help="how progress is watched: the worker's notes.stored log lines (default) "
                        "or counting notes in MongoDB every 0.1 s (before 2026-12-01 17:40 "
                        "UTC; on FerretDB each count scans every note and competes with ingest)")
    p.add_argument("--profile", metavar="PREFIX", help="sample the worker with py-spy")
    print(json.dumps(asyncio.run(main_async(p.parse_args())), default=str))


if __name__ == "__main__":
    main()
