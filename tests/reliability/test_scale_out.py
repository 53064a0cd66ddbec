"""Scale-out on the shared Kafka: workers in one consumer group, one database.

* Work is shared: each worker's /metrics shows note.created events it handled.
* A dream for one agent never runs on two workers at once: dream.requested for the same
  agent is published to every partition (two producers that disagree on the key), so
  the requests reach different workers; the lease in MongoDB must serialise the runs.
* SIGKILL of one worker mid-stream: its partitions move to the others (after the group's
  session timeout, set to 10 s here through Faust's BROKER_SESSION_TIMEOUT) and every
  note is stored exactly once.

* With the embedded Qdrant every worker keeps the vectors of the agents it owns: a
  deletion handled by another worker reaches the owner's index through reverie.changes,
  and a survivor rebuilds a dead worker's agents from MongoDB (docs/reliability.md,
  "Scale-out").
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from pymongo import AsyncMongoClient

from reverie.domain.events import TOPIC_COMMANDS
from tests.fakes import T0, iso
from tests.integration.harness import Worker, wait_for
from tests.llm_stub import LLMStub, Reply
from tests.reliability.harness import (
    Publisher,
    agent_on,
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


@contextlib.asynccontextmanager
async def _scale_group(env: dict[str, str], tmp: Any, n: int, extra: dict[str, str] | None = None
                       ) -> AsyncIterator[tuple[list[Worker], str, Any, Publisher]]:
    """``n`` ready workers of one new group, a primed publisher and their database; all
    stopped after (a worker removed from the list, e.g. SIGKILLed, is the test's)."""
    workers, run, database = await _group(env, tmp, n, extra or {})
    pub = await Publisher(env).start()
    client = mongo_client(env)
    try:
        db = client[database]
        await prime(pub, db)
        yield workers, run, db, pub
    finally:
        await pub.stop()
        for w in workers:
            w.stop()
        await client.close()


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
        async with _scale_group(services, tmp_path, 2, llm) as (workers, run, db, pub):
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

            async def all_seen() -> bool:
                # an event is marked seen after its note is stored: wait for the last ones
                seen = await db.events_seen.count_documents(
                    {"_id": {"$in": [f"ev-{i}" for i in ids]}})
                return bool(seen == 600)

            await wait_for(all_seen, 120, 0.5, "all 600 events marked handled")
            counts_after = [await asyncio.to_thread(handled, w) for w in workers]
            assert counts_after[0] > counts_2[1 - workers_killed_index], counts_after
            print(f"\nscale-out: note.created handled per worker: {counts_2}; after killing "
                  f"the first, the survivor handled {counts_after}; {len(runs)} dream "
                  f"runs of one agent, none overlapping ({coalesced} requests coalesced, "
                  f"runs per worker {runs_per_worker}); failover + rest of the stream "
                  f"{failover_s:.0f}s")


async def owners(workers: list[Worker], pub: Publisher, db: Any, run: str) -> dict[int, int]:
    """Which worker owns which partition: a probe note per partition, found by one worker."""
    probes = {p: agent_on(p, f"own-{run}-") for p in range(4)}
    await pub.send_all([as_record(note_envelope(f"own-{run}-{p}", a, text="Ownership probe."))
                        for p, a in probes.items()])
    await _stored(db, [f"own-{run}-{p}" for p in range(4)], 60, "ownership probes")
    owner: dict[int, int] = {}
    for p, a in probes.items():
        for i, w in enumerate(workers):
            if w.get(f"/api/search?agent_id={a}&q=ownership")["hits"]:
                owner[p] = i
    assert len(owner) == 4 and len(set(owner.values())) == 2, owner
    return owner


def rebuilds(worker: Worker) -> list[dict[str, Any]]:
    """The worker's index.rebuilt records (its JSON log)."""
    out = []
    for line in worker.log_path.read_text(errors="replace").splitlines():
        if "index.rebuilt" in line and "{" in line:
            try:
                record = json.loads(line[line.index("{"):])
            except ValueError:
                continue
            if record.get("event") == "index.rebuilt":
                out.append({k: record.get(k) for k in (
                    "gained", "lost", "agents", "notes", "dropped_agents", "superseded",
                    "seconds")})
    return out


async def test_search_after_a_cross_worker_deletion_hides_the_archived_note(scale_env, tmp_path):
    """A user deletion handled by one worker reaches the index of the worker owning the agent."""
    services = scale_env
    async with _scale_group(services, tmp_path, 2) as (workers, run, db, pub):
        owner = await owners(workers, pub, db, run)
        note_p = 0
        entity_p = next(p for p in range(4) if owner[p] != owner[note_p])
        agent, user = agent_on(note_p, f"x-{run}-"), agent_on(entity_p, f"u-{run}-")
        await pub.send_all([as_record(note_envelope(
            f"x-{run}-1", agent, text="Customer prefers invoices in euros.", user_id=user))])
        await _stored(db, [f"x-{run}-1"], 60, "the note")
        search = f"/api/search?agent_id={agent}&user_id={user}&q=invoice+currency"
        holder = workers[owner[note_p]]
        assert [h["note_id"] for h in holder.get(search)["hits"]] == [f"x-{run}-1"]
        await pub.send_all([as_record(deletion_envelope("user", user))])

        async def archived() -> bool:
            doc = await db.notes.find_one({"_id": f"x-{run}-1"})
            return bool(doc and doc["status"] == "Archived")

        await wait_for(archived, 60, 0.2, "the note archived")
        t_archived = time.monotonic()

        async def hidden() -> bool:
            return not holder.get(search)["hits"]

        await wait_for(hidden, 60, 0.2, f"the archived note gone from {holder.name}'s search")
        print(f"\ncross-worker deletion: archived in MongoDB by the entity's worker, hidden "
              f"from the owner's search {time.monotonic() - t_archived:.1f}s later")


async def test_after_a_worker_is_killed_the_survivor_finds_its_agents_notes(scale_env, tmp_path):
    """Rebuild on assignment: the survivor's index gets the dead worker's agents from MongoDB."""
    services = scale_env
    async with _scale_group(services, tmp_path, 2) as (workers, run, db, pub):
        owner = await owners(workers, pub, db, run)
        victim_i = owner[0]
        survivor = workers[1 - victim_i]
        parts = [p for p in range(4) if owner[p] == victim_i]
        agents = [agent_on(p, f"k-{run}-") for p in parts]
        user = agent_on(parts[0], f"ku-{run}-")  # handled by the victim too
        vectors = unit_vectors(400, seed=11)
        bulk = [note_envelope(f"k-{run}-{i:04d}", agents[i % len(agents)], vectors[i])
                for i in range(400)]
        probes = [note_envelope(f"k-{run}-euro-{a}", a, text="Customer prefers invoices in "
                                "euros.") for a in agents]
        stale = note_envelope(f"k-{run}-gone", agents[0], user_id=user,
                              text="Customer prefers invoices in dollars.")
        await pub.send_all([as_record(e) for e in [*bulk, *probes, stale]])
        await _stored(db, [e["data"]["note_id"] for e in [*bulk, *probes, stale]], 180,
                      "the victim's notes")
        await pub.send_all([as_record(deletion_envelope("user", user))])

        async def archived() -> bool:
            doc = await db.notes.find_one({"_id": f"k-{run}-gone"})
            return bool(doc and doc["status"] == "Archived")

        await wait_for(archived, 60, 0.2, "the stale note archived")

        def found(w: Worker, agent: str, user_id: str = "") -> list[str]:
            path = f"/api/search?agent_id={agent}&q=invoice+currency&exact=0"
            if user_id:
                path = f"/api/search?agent_id={agent}&user_id={user_id}&q=invoice+currency"
            return [h["note_id"] for h in w.get(path)["hits"]]

        victim = workers[victim_i]
        assert all(f"k-{run}-euro-{a}" in found(victim, a) for a in agents)
        assert not any(found(survivor, a) for a in agents), "a non-owner answered"
        before = len(rebuilds(survivor))
        t_kill = time.monotonic()
        victim.kill()
        workers.remove(victim)
        progress(f"killed {victim.name}, owner of partitions {parts}")

        async def taken_over() -> bool:
            return all(f"k-{run}-euro-{a}" in found(survivor, a) for a in agents)

        await wait_for(taken_over, 180, 0.5, "the survivor finding the dead worker's agents")
        takeover_s = time.monotonic() - t_kill

        async def reported() -> bool:
            return set(parts) <= set(survivor.get("/health")["index"]["rebuilt"])

        await wait_for(reported, 60, 0.5, "/health reporting the partitions rebuilt")
        assert not found(survivor, agents[0], user), "archived note found after the rebuild"
        counts = [await asyncio.to_thread(lambda a=a: survivor.get(
            f"/api/search?agent_id={a}&q=fact+customer&exact=0&k=100")) for a in agents]
        done = rebuilds(survivor)[before:]
        print(f"\nrebuild on assignment: {len(bulk) + len(probes) + 1} notes of "
              f"{len(agents)} agents on partitions {parts}; the survivor found them "
              f"{takeover_s:.1f}s after the SIGKILL; its rebuilds: {done}; "
              f"hits per agent {[len(c['hits']) for c in counts]}")
        assert any(r["gained"] and r["notes"] for r in done), done


async def test_three_workers_share_the_stream_and_survive_a_kill(scale_env, tmp_path):
    """Three workers started together split the partitions; one SIGKILLed loses nothing."""
    async with _scale_group(scale_env, tmp_path, 3) as (workers, run, db, pub):
        agents = [f"t-{run}-{i}" for i in range(16)]
        vectors = unit_vectors(600, seed=9)
        envs = [note_envelope(f"t-{run}-{i:05d}", agents[i % 16], vectors[i])
                for i in range(600)]
        await pub.send_all([as_record(e) for e in envs[:300]])
        await _stored(db, [e["data"]["note_id"] for e in envs[:300]], 300, "300 notes")
        counts = [await asyncio.to_thread(handled, w) for w in workers]
        progress(f"three workers stored 300 notes: {counts}")
        assert sum(1 for c in counts if c > 0) == 3, f"a worker handled nothing: {counts}"
        victim = workers.pop(0)
        sending = asyncio.create_task(pub.send_all([as_record(e) for e in envs[300:]]))
        await asyncio.sleep(1.0)
        victim.kill()
        await sending
        ids = [e["data"]["note_id"] for e in envs]
        await _stored(db, ids, 300, "all 600 notes after the kill")

        async def all_seen() -> bool:
            seen = await db.events_seen.count_documents({"_id": {"$in": [e["event_id"]
                                                                         for e in envs]}})
            return bool(seen == 600)

        await wait_for(all_seen, 120, 0.5, "all 600 events marked handled")
        assert await db.notes.count_documents({"agent_id": {"$in": agents}}) == 600
        after = [await asyncio.to_thread(handled, w) for w in workers]
        print(f"\nthree workers: {counts} of the first 300; survivors after the kill {after}")
