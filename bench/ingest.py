"""Ingest throughput through the real local Kafka into FerretDB and the embedded Qdrant.

    python -m bench.ingest [--precomputed 2000] [--embedded 600]

Starts a real ``reverie worker`` subprocess (tests/integration/harness.py: its own
database, consumer group, Qdrant path), publishes ``note.created`` events as fast
as the producer acknowledges them, and polls MongoDB until every note is stored.
Two runs, each with a fresh worker: notes carrying a precomputed all-MiniLM-L6-v2
embedding (384-d, so the worker only stores) and notes the worker embeds with the
local model. The worker's memory is sampled from /proc/PID/status (VmRSS while
running, VmHWM at the end). Prints one JSON line.

The topics are shared with any other worker running on the machine (other
tests): those workers consume the same burst, which costs CPU on a shared box.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
import uuid
from datetime import UTC
from pathlib import Path
from typing import Any
from urllib.parse import quote

import numpy as np
from pymongo import AsyncMongoClient

from bench.common import load, mib, proc_status
from bench.synth import MODEL, generate
from reverie.domain.events import TOPIC_NOTES
from reverie.storage.mongo import connect, stored_vector
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
        body["created_at"] = iso(s.created_at.replace(tzinfo=UTC))
        out.append((agent, json.dumps(envelope("note.created", body)).encode()))
    return out


async def one_run(env: dict[str, str], n: int, precomputed: bool, tmp: Path) -> dict[str, Any]:
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

        async def stored() -> int:
            return await db.notes.count_documents({"agent_id": {"$in": agents}})

        t0 = time.perf_counter()
        futures = [await kafka.producer.send(TOPIC_NOTES, value, key=key.encode())
                   for key, value in msgs]
        await asyncio.gather(*futures)
        produced_s = time.perf_counter() - t0

        async def done() -> bool:
            count = await stored()
            timeline.append((time.perf_counter() - t0, count))
            if (kib := proc_status(pid).get("VmRSS")) is not None:
                rss.append(kib)
            return count >= n

        await wait_for(done, timeout=max(120.0, n / 5), every=0.1, what=f"{n} notes stored")
        total_s = timeline[-1][0]
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
        }
    finally:
        worker.stop()
        await kafka.stop()
        await mongo.drop_database(worker.database)
        await mongo.close()


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    env = state_env()
    tmp = Path(tempfile.mkdtemp(prefix="reverie-bench-ingest-"))
    runs = []
    if args.precomputed:
        runs.append(await one_run(env, args.precomputed, True, tmp))
    if args.embedded:
        runs.append(await one_run(env, args.embedded, False, tmp))
    return {"runs": runs, "kafka": env.get("REVERIE_KAFKA_VERSION"),
            "ferretdb": env.get("REVERIE_FERRETDB_VERSION")}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--precomputed", type=int, default=2000)
    p.add_argument("--embedded", type=int, default=600)
    print(json.dumps(asyncio.run(main_async(p.parse_args())), default=str))


if __name__ == "__main__":
    main()
