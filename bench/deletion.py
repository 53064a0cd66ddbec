"""Deletion reaction: ``entity.deleted`` produced → effective, and → fully archived.

    python -m bench.deletion [--sizes 10,1000,10000] [--repeats 5,5,3] [--profile FILE]

**Effective** (issue #12): from the produce call to the timestamp of the worker's
``entity.hidden`` log line, written once the tombstone is stored in ``pending_deletions``:
from then on every read path of the worker (search, digest, dashboard lists, the dream's
candidates) leaves the user's notes out (the worker's own reads already a moment
earlier, when the handler puts it in its in-process copy), and other processes do within
``MAX_AGE_S`` (50 ms). Each repeat also checks it over
HTTP: as soon as the line is seen, the worker's search, the user's digest and the
agent's dashboard page are read, and the run records whether they were free of the
user's notes (``clean``), how long after the produce call the last of them returned, and
whether the fan-out was still running then.

One real ``reverie worker`` (own database and consumer group). For each size and
repeat, a fresh user's notes are inserted straight into MongoDB (as
tests/integration/test_pruning_kafka.py does: documents only, no vectors), then
``entity.deleted`` for the user is produced. The clock starts just before the
produce call and stops at the timestamp of the worker's ``entity.pruned`` log
line (written when every referencing note is archived and its change recorded);
the bench reads the worker's log instead of polling FerretDB, so it does not slow
the worker down. Also reported: when the handler started (the ``event.handled``
line minus its duration: Kafka hand-off) and the archive rate.

``--ops`` also times each storage call of one 2,000-note pruning page on the same
FerretDB (Reverie's own adapters), which is what bounds the reaction time.
``--profile`` runs the pruning handler in this process (no Kafka) on 1,000
preloaded notes under pyinstrument. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pymongo import AsyncMongoClient

from bench.common import hot_spots, load, pct
from reverie.domain.events import TOPIC_ENTITIES
from reverie.domain.model import Note
from reverie.storage.migrations import versioned
from reverie.storage.mongo import connect, ensure_indexes
from tests.fakes import envelope
from tests.integration.harness import Kafka, Worker, state_env

TARGET_S = 1.0  # 1,000 notes fully archived, p95
EFFECTIVE_TARGET_S = 0.1  # 1,000 and 10,000 notes: deletion effective, p95


def uid() -> str:
    return uuid.uuid4().hex[:8]


async def preload(db: Any, agent: str, user: str, n: int) -> None:
    now = datetime.now(UTC)
    notes = [Note(note_id=f"{user}-{i:05d}", text=f"Fact number {i} about {user}.",
                  agent_id=agent, user_id=user, created_at=now) for i in range(n)]
    for start in range(0, n, 1000):
        await db.notes.insert_many([versioned({**x.model_dump(mode="python"), "_id": x.note_id,
                                               "status": "Active"})
                                    for x in notes[start:start + 1000]])


class LogTail:
    """Reads the JSON lines a worker appends to its log."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = path.stat().st_size if path.exists() else 0

    def new_lines(self) -> list[dict[str, Any]]:
        try:
            with self.path.open("rb") as f:
                f.seek(self.offset)
                data = f.read()
        except OSError:
            return []
        cut = data.rfind(b"\n") + 1
        self.offset += cut
        out = []
        for line in data[:cut].decode(errors="replace").splitlines():
            start = line.find("{")
            if start >= 0:
                try:
                    out.append(json.loads(line[start:]))
                except json.JSONDecodeError:
                    continue
        return out


def _ts(record: dict[str, Any]) -> float:
    return datetime.fromisoformat(str(record["timestamp"]).replace("Z", "+00:00")).timestamp()


def read_paths(worker: Worker, agent: str, user: str, t0: float) -> dict[str, Any]:
    """Read search, the user's digest and the agent's dashboard page; say what they showed."""
    paths = [f"/api/search?agent_id={agent}&user_id={user}&q=fact",
             f"/agents/{agent}/digest?user_id={user}", f"/agents/{agent}"]
    shown = 0
    for path in paths:
        body = worker.read(path, timeout=300)  # with the worker's token (issue #15)
        shown += body.count(f"{user}-")
    done = time.time()
    return {"clean": shown == 0, "notes_shown": shown, "last_read_done_s": round(done - t0, 3),
            "done_at": done}


async def settle(db: Any, cap_s: float = 120.0) -> float:
    """Wait until the worker has relayed every change (its outbox is empty); return the wait."""
    t0 = time.monotonic()
    for _ in range(int(cap_s / 0.2)):
        if await db.changes.count_documents({"published": False}) == 0:
            break
        await asyncio.sleep(0.2)
    await asyncio.sleep(0.5)  # and the worker's index has applied them
    return round(time.monotonic() - t0, 2)


async def measure(db: Any, kafka: Kafka, log: LogTail, size: int, cap_s: float,
                  worker: Worker, quiet: bool = False) -> dict[str, Any]:
    """Time one deletion from the produce call to the worker's ``entity.pruned`` log line.

    The end is the timestamp the worker wrote when the handler returned (every note
    archived, every change recorded); nothing polls FerretDB meanwhile, so the
    measurement does not compete with the worker for it.
    """
    agent, user = f"a-del-{uid()}", f"u-del-{uid()}"
    await preload(db, agent, user, size)
    assert await db.notes.count_documents({"user_id": user, "status": "Active"}) == size
    event = envelope("entity.deleted", {"entity_type": "user", "entity_id": user})
    settled = await settle(db) if quiet else None
    log.new_lines()
    t0 = time.time()
    await kafka.send(TOPIC_ENTITIES, event, user)
    acked = time.time() - t0
    deadline = time.monotonic() + cap_s
    pruned = handled = hidden = None
    check: dict[str, Any] = {}
    while pruned is None or handled is None:
        for rec in log.new_lines():
            if rec.get("event") == "entity.pruned" and user in str(rec.get("entity")):
                pruned = rec
            elif (rec.get("event") == "entity.hidden" and user in str(rec.get("entity"))
                  and hidden is None):
                hidden = rec
            elif rec.get("event") == "event.handled" and rec.get("event_id") == event["event_id"]:
                handled = rec
        if hidden is not None and not check:
            check = await asyncio.to_thread(read_paths, worker, agent, user, t0)
        if time.monotonic() > deadline:
            left = await db.notes.count_documents({"user_id": user, "status": "Active"})
            return {"total_s": None, "timed_out_after_s": cap_s,
                    "archived_when_stopped": size - left}
        await asyncio.sleep(0.05 if hidden is None or check else 0.005)
    total = _ts(pruned) - t0
    effective = _ts(hidden) - t0 if hidden is not None else None
    if check:
        check["fan_out_running"] = check.pop("done_at") < _ts(pruned)
    started = _ts(handled) - float(handled.get("ms", 0)) / 1000 - t0
    archived = await db.notes.count_documents({"user_id": user, "status": "Archived"})
    assert archived == size, (archived, size)
    assert pruned.get("notes_archived") == size, pruned
    return {"total_s": round(total, 3),
            "effective_s": round(effective, 4) if effective is not None else None,
            "read_check": check, "handler_started_s": round(started, 3),
            "handler_s": round(total - started, 3), "produce_ack_s": round(acked, 4),
            "archive_rate_per_s": round(size / (total - started), 1) if total > started else None,
            "notes_in_collection": await db.notes.estimated_document_count(),
            **({"settled_s": settled} if settled is not None else {})}


async def profile_in_process(env: dict[str, str], n: int, out: Path | None) -> dict[str, Any]:
    """Run prune_entity on ``n`` preloaded notes in this process under pyinstrument."""
    from pyinstrument import Profiler

    from reverie.bootstrap import bootstrap
    from reverie.config import Settings
    from reverie.handlers.pruning import prune_entity
    from reverie.storage.memory import MemoryVectorIndex
    from tests.fakes import event

    database = f"bench_prune_{uid()}"
    cfg = Settings(storage="mongo", mongo_url=env["REVERIE_MONGO_URL"], mongo_database=database,
                   vector_backend="memory", _env_file=None)  # type: ignore[call-arg]
    app = bootstrap(cfg, index=MemoryVectorIndex())
    db = app.db
    try:
        await ensure_indexes(db)
        agent, user = f"a-prof-{uid()}", f"u-prof-{uid()}"
        await preload(db, agent, user, n)
        deleted = event("entity.deleted", {"entity_type": "user", "entity_id": user})
        profiler = Profiler(interval=0.002, async_mode="enabled")
        profiler.start()
        t0 = time.perf_counter()
        counts = await prune_entity(deleted, stores=app.stores, clock=app.clock)
        wall = time.perf_counter() - t0
        profiler.stop()
        if out is not None:
            text = profiler.output_text(unicode=False, color=False)
            await asyncio.to_thread(out.write_text, text)
        return {"notes": n, "archived": counts.notes_archived, "wall_s": round(wall, 3),
                "per_note_ms": round(wall / n * 1000, 2), "profile": str(out) if out else None,
                "hot_spots": hot_spots(profiler)}
    finally:
        await db.client.drop_database(database)
        await app.close()


async def ferret_ops(env: dict[str, str], batch: int = 2000) -> dict[str, Any]:
    """Time, on FerretDB, each storage call one pruning page of ``batch`` notes makes.

    Calls Reverie's own adapters (whatever they currently send): the page of Active
    referencing notes, the change log's record (audit before status) and the page's bulk
    status write (``transition_referencing``: one ``update_many``).
    """
    from reverie.domain.model import Change, Status
    from reverie.handlers.lifecycle import change_id
    from reverie.handlers.ports import Transition
    from reverie.storage.mongo import MongoChangeLog, MongoNotes

    database = f"bench_ops_{uid()}"
    client: AsyncMongoClient[Any] = connect(env["REVERIE_MONGO_URL"])
    db = client[database]
    try:
        await ensure_indexes(db)
        notes, changes = MongoNotes(db), MongoChangeLog(db)
        agent, user = f"a-ops-{uid()}", f"u-ops-{uid()}"
        await preload(db, agent, user, batch)
        at = datetime.now(UTC)
        ms: dict[str, float] = {}

        async def timed(name: str, coro: Any) -> Any:
            t0 = time.perf_counter()
            result = await asyncio.wait_for(coro, 120)
            ms[name] = round((time.perf_counter() - t0) * 1000, 1)
            return result

        page = await timed("notes.find_active_referencing (page)",
                           notes.find_active_referencing("user", user, batch))
        ids = [n.note_id for n in page]
        comment = f"Stale reference: user {user} deleted"
        await timed("changes.record", changes.record([Change(
            change_id=change_id(i, Status.ARCHIVED, "bench"), change_type="note.archived",
            kind="note", record_id=i, agent_id=agent, from_status=Status.ACTIVE,
            to_status=Status.ARCHIVED, reason=comment, at=at) for i in ids]))
        await timed("notes.transition_referencing (update_many)", notes.transition_referencing(
            "user", user, [Transition(i, Status.ACTIVE, Status.ARCHIVED, comment) for i in ids],
            at))
        return {"batch": len(ids), "ms": ms, "ms_per_batch": round(sum(ms.values()), 1),
                "ms_per_note": round(sum(ms.values()) / max(1, len(ids)), 2)}
    finally:
        await asyncio.wait_for(client.drop_database(database), 60)
        await client.close()


def partial(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The results so far (printed after every size, so a timeout keeps them)."""
    return {"sizes": results, "target": "1,000 notes fully archived in < 1 s p95",
            "effective_target": "1,000 and 10,000 notes: deletion effective in < 100 ms p95"}


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    env = state_env()
    sizes = [int(x) for x in args.sizes.split(",")]
    repeats = [int(x) for x in args.repeats.split(",")]
    tmp = Path(tempfile.mkdtemp(prefix="reverie-bench-deletion-"))
    worker = Worker(env, tmp=tmp, extra={"REVERIE_LOG_LEVEL": "INFO"})
    mongo: AsyncMongoClient[Any] = connect(env["REVERIE_MONGO_URL"])
    db = mongo[worker.database]
    await ensure_indexes(db)
    kafka = Kafka(env)
    await kafka.start()
    worker.start()
    results: list[dict[str, Any]] = []
    try:
        await worker.ready(timeout=180)
        log = LogTail(worker.log_path)
        for size, reps in zip(sizes, repeats, strict=True):
            runs = []
            load_before = load()
            for _ in range(reps):
                runs.append(await measure(db, kafka, log, size, args.cap, worker, args.quiet))
                if runs[-1]["total_s"] is None:
                    break  # the worker is still busy with this one: stop here
            done = [r for r in runs if r["total_s"] is not None]
            if not done:
                r = runs[-1]
                results.append({"notes": size, "repeats": 0, "timed_out_after_s": args.cap,
                                "archived_when_stopped": r["archived_when_stopped"],
                                "runs": runs, "load_before": load_before,
                                "load_after": load()})
                print(json.dumps(partial(results)), flush=True)
                break
            totals = [r["total_s"] for r in done]
            eff = [r["effective_s"] for r in done if r.get("effective_s") is not None]
            checks = [r["read_check"] for r in done if r.get("read_check")]
            results.append({
                "notes": size, "repeats": len(done),
                "p50_s": round(statistics.median(totals), 3), "p95_s": round(pct(totals, 0.95), 3),
                "max_s": max(totals),
                "effective_p50_s": round(statistics.median(eff), 4) if eff else None,
                "effective_p95_s": round(pct(eff, 0.95), 4) if eff else None,
                "read_checks_clean": sum(c["clean"] for c in checks),
                "read_checks": len(checks),
                "read_checks_during_fan_out": sum(c["fan_out_running"] for c in checks),
                "clean_read_done_p50_s": round(statistics.median(
                    c["last_read_done_s"] for c in checks), 3) if checks else None,
                "handler_started_p50_s": round(
                    statistics.median(r["handler_started_s"] for r in done), 3),
                "handler_p50_s": round(statistics.median(r["handler_s"] for r in done), 3),
                "archive_rate_per_s_p50": statistics.median(
                    r["archive_rate_per_s"] or 0 for r in done),
                "runs": runs, "load_before": load_before, "load_after": load(),
            })
            print(json.dumps(partial(results)), flush=True)
    finally:
        worker.stop()
        await kafka.stop()
        await mongo.drop_database(worker.database)
        await mongo.close()
    out: dict[str, Any] = {"sizes": results, "target": "1,000 notes fully archived in < 1 s p95",
                           "effective_target": "1,000 and 10,000 notes: deletion effective "
                                               "(read paths exclude the notes) in < 100 ms p95",
                           "vector_backend": "Qdrant embedded local mode (preloaded notes have "
                                             "no vectors, so its payload updates touch nothing)"}
    thousand = next((r for r in results if r["notes"] == 1000), None)
    if thousand is not None:
        out["target_pass"] = thousand.get("p95_s", float("inf")) < TARGET_S
    for r in results:
        if r["notes"] in (1000, 10000) and r.get("effective_p95_s") is not None:
            out[f"effective_{r['notes']}_pass"] = r["effective_p95_s"] < EFFECTIVE_TARGET_S
    if args.ops:
        out["ferretdb_ops"] = await ferret_ops(env)
    if args.profile:
        out["in_process_profile"] = await profile_in_process(env, 1000, args.profile)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="10,1000,10000")
    p.add_argument("--repeats", default="5,5,3")
    p.add_argument("--cap", type=float, default=300.0,
                   help="seconds to wait for one deletion before giving up on that size")
    p.add_argument("--quiet", action="store_true",
                   help="before each deletion wait until the worker has relayed the previous "
                        "one's changes (no outbox or index work running when it arrives)")
    p.add_argument("--ops", action="store_true",
                   help="also time each FerretDB call of one 2,000-note pruning page")
    p.add_argument("--profile", type=Path, default=None,
                   help="also profile the pruning handler in-process (pyinstrument)")
    print(json.dumps(asyncio.run(main_async(p.parse_args())), default=str))


if __name__ == "__main__":
    main()
