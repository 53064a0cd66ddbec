"""Scale-out on the shared Kafka: workers in one consumer group, one database.

* Work is shared: each worker's /metrics shows note.created events it handled.
* A dream for one agent never runs on two workers at once: dream.requested for the same
  agent is published to every partition (two producers that disagree on the key), so
  the requests reach different workers; the lease in MongoDB must serialise the runs.
* SIGKILL of one worker mid-stream: its partitions move to the others (after the group's
  session timeout, set to 10 s here through Faust's BROKER_SESSION_TIMEOUT) and every
  note is stored exactly once.

Known design gap, measured here and in test_search_after_a_cross_worker_deletion: with
the embedded Qdrant every worker only holds the vectors of the partitions it consumed
(see docs/reliability.md, "Scale-out").
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from typing import Any

import pytest
from pymongo import AsyncMongoClient

from reverie.domain.events import TOPIC_COMMANDS, TOPIC_ENTITIES, TOPIC_NOTES
from tests.fakes import T0, iso
from tests.integration.harness import Worker, wait_for
from tests.llm_stub import LLMStub, Reply
from tests.reliability.harness import (
    Publisher,
    as_record,
    deletion_envelope,
    note_envelope,
    prime,
    uid,
    unit_vectors,
)

pytestmark = pytest.mark.integration
FAST_FAILOVER = {"BROKER_SESSION_TIMEOUT": "10", "BROKER_HEARTBEAT_INTERVAL": "1"}
CONCISE = ["The user prefers concise answers.",
           "The user prefers concise answers, no long explanations.",
           "User prefers concise, to-the-point answers.",
           "Keep answers concise for this user."]


def handled(worker: Worker) -> int:
    """note.created events this worker handled (its /metrics)."""
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{worker.port}/metrics", timeout=10) as r:
            text = r.read().decode()
    except OSError:
        return -1
    m = re.search(r'reverie_events_consumed_total\{event_type="note.created"\} ([0-9.e+]+)', text)
    return int(float(m.group(1))) if m else 0


def progress(what: str) -> None:
    print(f"  [{time.strftime('%X')}] {what}", flush=True)


@pytest.fixture
def scale_env(services: dict[str, str], private_services: Any) -> dict[str, str]:
    """The shared Kafka, and a FerretDB of this module's own (3 workers load it hard)."""
    return {**services, "REVERIE_MONGO_URL": private_services.env()["REVERIE_MONGO_URL"]}


def mongo_client(env: dict[str, str]) -> AsyncMongoClient:
    return AsyncMongoClient(env["REVERIE_MONGO_URL"], tz_aware=True, socketTimeoutMS=60_000,
                            serverSelectionTimeoutMS=60_000)


async def _group(services: dict[str, str], tmp: Any, n: int, extra: dict[str, str]
                 ) -> tuple[list[Worker], str, str]:
    run = uid()
    group, database = f"reverie-scale-{run}", f"scale_{run}"
    workers = [Worker(services, tmp=tmp, app_id=group, database=database,
                      extra={**FAST_FAILOVER, **extra}).start() for _ in range(n)]
    await asyncio.gather(*(w.ready() for w in workers))
    return workers, run, database


async def _stored(db: Any, ids: list[str], timeout: float, what: str) -> None:
    async def check() -> bool:
        return bool(await db.notes.count_documents({"_id": {"$in": ids}}) == len(ids))

    await wait_for(check, timeout, 0.5, what)


async def test_two_workers_share_the_work_serialise_dreams_and_survive_a_kill(
        scale_env, tmp_path):
    services = scale_env
    with LLMStub() as stub:
        stub.default = Reply(delay=0.3)  # smart answers, slowly: dreams last a few seconds
        llm = {"REVERIE_JUDGE": "llm", "REVERIE_LLM_BASE_URL": stub.base_url,
               "REVERIE_LLM_TIMEOUT_S": "10"}
        workers, run, database = await _group(services, tmp_path, 2, llm)
        pub = await Publisher(services).start()
        client = mongo_client(services)
        db = client[database]
        try:
            await prime(pub, db)
            agents = [f"s-{run}-{i}" for i in range(16)]
            vectors = unit_vectors(600, seed=5)

            def batch(lo: int, hi: int) -> list[dict[str, Any]]:
                return [note_envelope(f"s-{run}-{i:05d}", agents[i % 16], vectors[i])
                        for i in range(lo, hi)]

            # 1) two workers share the stream (a third joining a busy pair gets no partition
            #    from Faust's sticky assignor with 4 partitions: docs/reliability.md)
            first = batch(0, 300)
            await pub.send_all([as_record(e) for e in first])
            await _stored(db, [e["data"]["note_id"] for e in first], 300, "300 notes")
            counts_2 = [await asyncio.to_thread(handled, w) for w in workers]
            progress(f"two workers stored 300 notes: {counts_2}")
            assert all(c > 0 for c in counts_2), f"a worker handled nothing: {counts_2}"

            # 3) dreams for one agent requested on every partition: never two at once
            dreamer = f"d-{run}"
            await pub.send_all([as_record(note_envelope(f"d-{run}-{i}", dreamer, text=t))
                                for i, t in enumerate(CONCISE)])
            await _stored(db, [f"d-{run}-{i}" for i in range(len(CONCISE))], 60, "dream notes")
            assert pub.producer is not None
            for p in range(4):
                request = {"event_id": f"dream-{run}-{p}", "event_type": "dream.requested",
                           "occurred_at": iso(T0), "schema_version": 1,
                           "data": {"agent_id": dreamer, "reason": f"producer {p}"}}
                await pub.producer.send(TOPIC_COMMANDS, json.dumps(request).encode(),
                                        key=f"producer-{p}".encode(), partition=p)
            await pub.producer.flush()

            async def dreams_done() -> list[dict[str, Any]]:
                handled_ids = await db.events_seen.count_documents(
                    {"_id": {"$in": [f"dream-{run}-{p}" for p in range(4)]}})
                runs = [r async for r in db.runs.find({"agent_id": dreamer})]
                done = handled_ids == 4 and runs and all(r.get("finished_at") for r in runs)
                return runs if done else []

            progress("dream notes stored; four dream requests published")
            runs = await wait_for(dreams_done, 240, 1.0, "the four dream requests handled")
            progress(f"{len(runs)} dream runs finished")
            spans = sorted((r["started_at"], r["finished_at"]) for r in runs)
            for (_, end), (start, _) in itertools.pairwise(spans):
                assert start >= end, f"two dreams of {dreamer} overlapped: {spans}"
            runs_per_worker = [sum(1 for line in w.log_path.read_text(errors="replace")
                                   .splitlines() if "dream.finished" in line and dreamer in line)
                               for w in workers]
            coalesced = sum(w.log_path.read_text(errors="replace").count("dream.coalesced")
                            for w in workers)

            # 4) SIGKILL one worker mid-stream: the others take over, nothing lost or doubled
            third = batch(300, 600)
            sending = asyncio.create_task(pub.send_all([as_record(e) for e in third]))

            async def some_of_third() -> bool:
                n = await db.notes.count_documents(
                    {"_id": {"$in": [e["data"]["note_id"] for e in third]}})
                return bool(n >= 50)

            await wait_for(some_of_third, 120, 0.2, "the third batch under way")
            workers_killed_index = 0
            victim = workers.pop(workers_killed_index)
            t_kill = time.monotonic()
            victim.kill()
            progress(f"killed worker {victim.name}")
            await sending
            await _stored(db, [e["data"]["note_id"] for e in third], 300, "all 600 notes")
            failover_s = time.monotonic() - t_kill
            ids = [f"s-{run}-{i:05d}" for i in range(600)]
            assert await db.notes.count_documents({"agent_id": {"$in": agents}}) == 600
            seen = await db.events_seen.count_documents(
                {"_id": {"$in": [f"ev-{i}" for i in ids]}})
            assert seen == 600
            counts_after = [await asyncio.to_thread(handled, w) for w in workers]
            assert counts_after[0] > counts_2[1 - workers_killed_index], counts_after
            print(f"\nscale-out: note.created handled per worker: {counts_2}; after killing "
                  f"the first, the survivor handled {counts_after}; {len(runs)} dream "
                  f"runs of one agent, none overlapping ({coalesced} requests coalesced, "
                  f"runs per worker {runs_per_worker}); failover + rest of the stream "
                  f"{failover_s:.0f}s")
        finally:
            await pub.stop()
            for w in workers:
                w.stop()
            await client.close()


class StaleVector(AssertionError):
    """The archived note is still found through the other worker's index."""


@pytest.mark.xfail(strict=True, raises=StaleVector, reason=(
    "known gap (docs/reliability.md, Scale-out): with the embedded Qdrant, a deletion "
    "handled by the worker that owns the entity's partition updates only its own index; "
    "the worker that holds the agent's vectors keeps them Active and still finds them"))
async def test_search_after_a_cross_worker_deletion_hides_the_archived_note(scale_env, tmp_path):
    services = scale_env
    workers, run, database = await _group(services, tmp_path, 2, {})
    pub = await Publisher(services).start()
    client = mongo_client(services)
    db = client[database]
    try:
        await prime(pub, db)
        assert pub.producer is not None
        # which worker owns which partition: a note per partition, found by one worker only
        owner: dict[int, int] = {}
        for p in range(4):
            env = note_envelope(f"own-{run}-{p}", f"own-{run}-{p}", text="Ownership probe.")
            await pub.producer.send_and_wait(TOPIC_NOTES, json.dumps(env).encode(),
                                             key=b"x", partition=p)
        await _stored(db, [f"own-{run}-{p}" for p in range(4)], 60, "ownership probes")
        for p in range(4):
            for i, w in enumerate(workers):
                if w.get(f"/api/search?agent_id=own-{run}-{p}&q=ownership")["hits"]:
                    owner[p] = i
        assert len(set(owner.values())) == 2, owner
        note_p = 0
        entity_p = next(p for p in range(4) if owner[p] != owner[note_p])
        agent, user = f"x-{run}", f"u-{run}"
        env = note_envelope(f"x-{run}-1", agent, text="Customer prefers invoices in euros.",
                            user_id=user)
        await pub.producer.send_and_wait(TOPIC_NOTES, json.dumps(env).encode(),
                                         key=agent.encode(), partition=note_p)
        await _stored(db, [f"x-{run}-1"], 60, "the note")
        search = f"/api/search?agent_id={agent}&user_id={user}&q=invoice+currency"
        holder = workers[owner[note_p]]
        assert [h["note_id"] for h in holder.get(search)["hits"]] == [f"x-{run}-1"]
        await pub.producer.send_and_wait(TOPIC_ENTITIES, json.dumps(
            deletion_envelope("user", user)).encode(), key=user.encode(), partition=entity_p)

        async def archived() -> bool:
            doc = await db.notes.find_one({"_id": f"x-{run}-1"})
            return bool(doc and doc["status"] == "Archived")

        await wait_for(archived, 60, 0.5, "the note archived")
        if holder.get(search)["hits"]:
            raise StaleVector(f"{f'x-{run}-1'} archived in MongoDB but found by {holder.name}")
    finally:
        await pub.stop()
        for w in workers:
            w.stop()
        await client.close()
