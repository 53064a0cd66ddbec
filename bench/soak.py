"""Soak run (``make soak``): a fixed number of events at a fixed rate through a real worker.

    python -m bench.soak --rate 500 --duration 300      # the default: 150,000 events
    python -m bench.soak --rate 200 --duration 60       # a short run

Bounded by construction: publishes ``rate * duration`` ``note.created`` events (with
precomputed MiniLM-sized vectors unless ``--embed``), then waits at most ``--drain``
seconds for the worker to catch up, then stops the worker it started. Loopback only:
it refuses a broker or database that is not on 127.0.0.1/localhost. Every
``--sample`` seconds it records the worker's RSS, the consumer lag of the worker's group
on reverie.notes (end offsets minus committed offsets) and the notes stored so far.
The summary is printed, saved to bench/results/soak.json and written into the
"Soak" section of docs/reliability.md (between the soak markers).

Uses the services of ``deploy/local/up`` (``REVERIE_STATE_DIR`` honoured); the worker
gets its own consumer group and database, so it does not disturb other users.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "reliability.md"
BEGIN, END = "<!-- soak:begin -->", "<!-- soak:end -->"


def _loopback(url: str) -> bool:
    host = url.split("://", 1)[-1].split("@")[-1].split("/")[0].split(";")[0]
    return host.rsplit(":", 1)[0] in ("127.0.0.1", "localhost")


async def _lag(servers: str, group: str, topic: str) -> int | None:
    from aiokafka import AIOKafkaConsumer, TopicPartition

    consumer = AIOKafkaConsumer(bootstrap_servers=servers, group_id=group,
                                enable_auto_commit=False)
    await consumer.start()
    try:
        parts = consumer.partitions_for_topic(topic) or set()
        if not parts:
            await consumer._client.force_metadata_update()
            parts = consumer.partitions_for_topic(topic) or set()
        tps = [TopicPartition(topic, p) for p in sorted(parts)]
        ends = await consumer.end_offsets(tps)
        total = 0
        for tp in tps:
            committed = await consumer.committed(tp)
            total += max(0, ends[tp] - (committed or 0))
        return total
    except Exception:
        return None
    finally:
        await consumer.stop()


async def soak(rate: int, duration: float, drain: float, sample_s: float, embed: bool
               ) -> dict[str, Any]:
    from pymongo import AsyncMongoClient

    from reverie.domain.events import TOPIC_NOTES
    from tests.integration.harness import Worker, bootstrap_servers, state_env
    from tests.reliability.harness import (
        Publisher,
        create_topics,
        note_envelope,
        prime,
        rss_mb,
        uid,
        unit_vectors,
    )

    env = state_env()
    if not (_loopback(env["REVERIE_KAFKA_BROKER"]) and _loopback(env["REVERIE_MONGO_URL"])):
        raise SystemExit("soak: refusing non-loopback services (run deploy/local/up)")
    await create_topics(env)
    tmp = ROOT / ".reverie" / "soak"
    tmp.mkdir(parents=True, exist_ok=True)
    worker = Worker(env, tmp=tmp, extra={"REVERIE_LOG_LEVEL": "WARNING"}).start()
    client: AsyncMongoClient[Any] = AsyncMongoClient(env["REVERIE_MONGO_URL"], tz_aware=True)
    db = client[worker.database]
    pub = await Publisher(env).start()
    servers = bootstrap_servers(env)
    total = int(rate * duration)
    run = uid()
    agents = [f"soak-{run}-{i}" for i in range(32)]
    vectors = None if embed else unit_vectors(min(total, 20_000), seed=3)
    samples: list[dict[str, Any]] = []
    published = 0
    try:
        await worker.ready()
        assert worker.proc is not None
        await prime(pub, db)
        # handled events, not notes: counting notes on FerretDB v1 reads every note with
        # its embedding into Go, which loaded the server as much as the worker did
        baseline = await db.events_seen.count_documents({})
        t0 = time.monotonic()

        async def sample() -> None:
            assert worker.proc is not None
            samples.append({
                "t": round(time.monotonic() - t0, 1), "published": published,
                "stored": await db.events_seen.count_documents({}) - baseline,
                "lag": await _lag(servers, worker.app_id, TOPIC_NOTES),
                "rss_mb": round(rss_mb(worker.proc.pid), 1),
            })
            s = samples[-1]
            print(f"  t={s['t']:>6}s published={s['published']:>7} stored={s['stored']:>7} "
                  f"lag={s['lag']} rss={s['rss_mb']} MiB", flush=True)

        async def sampler() -> None:  # in the background: the publisher keeps its pace
            while True:
                await sample()
                await asyncio.sleep(sample_s)

        sampling = asyncio.create_task(sampler())
        tick = 0.1
        per_tick = rate * tick
        pending: list[Any] = []
        owed = 0.0
        while published < total:
            started = time.monotonic()
            owed += per_tick
            n = min(int(owed), total - published)
            owed -= n
            records = []
            for i in range(published, published + n):
                vec = None if vectors is None else vectors[i % len(vectors)]
                env_ = note_envelope(f"soak-{run}-{i:07d}", agents[i % len(agents)], vec,
                                     text=f"Soak fact {i}: customer {i % 977} prefers plan "
                                          f"{i % 13}.")
                records.append((TOPIC_NOTES, agents[i % len(agents)].encode(),
                                json.dumps(env_).encode()))
            assert pub.producer is not None
            for topic, key, value in records:  # acks are collected at the end
                pending.append(await pub.producer.send(topic, value, key=key))
            published += len(records)
            await asyncio.sleep(max(0.0, tick - (time.monotonic() - started)))
        failed = [r for r in await asyncio.gather(*pending, return_exceptions=True)
                  if isinstance(r, BaseException)]
        if failed:
            raise SystemExit(f"soak: {len(failed)} events not accepted by Kafka: {failed[:3]}")
        publish_s = time.monotonic() - t0
        sampling.cancel()
        deadline = time.monotonic() + drain
        while time.monotonic() < deadline:
            await sample()
            if samples[-1]["stored"] >= total:
                break
            await asyncio.sleep(sample_s)
        elapsed = time.monotonic() - t0
        stored = samples[-1]["stored"]
        lags = [s["lag"] for s in samples if s["lag"] is not None]
        rss = [s["rss_mb"] for s in samples]
        return {
            "at": datetime.now(UTC).isoformat(timespec="seconds"),
            "rate_target": rate, "duration_target_s": duration, "events": total,
            "embed": embed, "published": published,
            "publish_s": round(publish_s, 1),
            "rate_achieved": round(published / publish_s, 1) if publish_s else None,
            "stored": stored, "not_stored_at_end": total - stored,
            "drained": stored >= total, "elapsed_s": round(elapsed, 1),
            "throughput_per_s": round(stored / elapsed, 1) if elapsed else None,
            "lag_max": max(lags) if lags else None,
            "lag_p50": statistics.median(lags) if lags else None,
            "lag_end": lags[-1] if lags else None,
            "rss_start_mb": rss[0] if rss else None, "rss_max_mb": max(rss) if rss else None,
            "rss_end_mb": rss[-1] if rss else None,
            "worker_alive": worker.proc.poll() is None,
            "samples": samples,
        }
    finally:
        await pub.stop()
        worker.stop()
        await client.close()


def write_doc(result: dict[str, Any], note: str) -> None:
    r = result
    body = "\n".join([
        BEGIN,
        f"Last run: {r['at']}, {note}",
        "",
        "| target | published | stored | not stored at the end | throughput "
        "| consumer lag (p50 / max / end) "
        "| worker RSS (start / max / end) |",
        "|---|---|---|---|---|---|---|",
        f"| {r['rate_target']}/s × {r['duration_target_s']:g} s = {r['events']} events"
        f"{' (embedded by the worker)' if r['embed'] else ' (precomputed vectors)'} "
        f"| {r['published']} at {r['rate_achieved']}/s | {r['stored']} in {r['elapsed_s']} s "
        f"| {r['not_stored_at_end']}{'' if r['drained'] else ' (still queued: lag, not loss)'} "
        f"| {r['throughput_per_s']}/s | {r['lag_p50']} / {r['lag_max']} / {r['lag_end']} "
        f"| {r['rss_start_mb']} / {r['rss_max_mb']} / {r['rss_end_mb']} MiB |",
        "",
        "Samples (t s: published, stored, lag, RSS MiB): " + "; ".join(
            f"{s['t']}: {s['published']}, {s['stored']}, {s['lag']}, {s['rss_mb']}"
            for s in r["samples"][:: max(1, len(r["samples"]) // 12)]),
        END,
    ])
    text = DOC.read_text() if DOC.exists() else "# Reliability\n\n## Soak\n\n"
    if BEGIN in text and END in text:
        text = text[: text.index(BEGIN)] + body + text[text.index(END) + len(END):]
    else:
        text = text.rstrip() + "\n\n" + body + "\n"
    DOC.write_text(text)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.soak", description=__doc__.split("\n")[0])
    p.add_argument("--rate", type=int, default=500, help="events per second (default 500)")
    p.add_argument("--duration", type=float, default=300, help="seconds of publishing (300)")
    p.add_argument("--drain", type=float, default=300, help="max seconds to catch up (300)")
    p.add_argument("--sample", type=float, default=5, help="seconds between samples (5)")
    p.add_argument("--embed", action="store_true",
                   help="send text only: the worker embeds every note (much slower)")
    p.add_argument("--note", default="", help="a remark for the docs table (e.g. 'short run')")
    p.add_argument("--no-doc", action="store_true", help="do not update docs/reliability.md")
    args = p.parse_args(argv)
    if args.rate <= 0 or args.duration <= 0 or args.rate * args.duration > 2_000_000:
        p.error("need 0 < rate × duration ≤ 2,000,000 events")
    print(f"soak: {args.rate}/s for {args.duration:g} s "
          f"({int(args.rate * args.duration)} events), drain ≤ {args.drain:g} s", flush=True)
    result = asyncio.run(soak(args.rate, args.duration, args.drain, args.sample, args.embed))
    out = ROOT / "bench" / "results" / "soak.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")
    summary = {k: v for k, v in result.items() if k != "samples"}
    print(json.dumps(summary, indent=2))
    if not args.no_doc:
        load = ", ".join(f"{x:.1f}" for x in __import__("os").getloadavg())
        write_doc(result, (args.note or "run") + f"; load average at the end {load} on "
                  f"{__import__('os').cpu_count()} CPUs")
    return 0 if result["drained"] and result["worker_alive"] else 1


if __name__ == "__main__":
    sys.exit(main())
