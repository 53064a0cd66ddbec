"""Ingest through the real Kafka into FerretDB and the embedded Qdrant."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reverie.bootstrap import bootstrap
from reverie.clock import FixedClock
from reverie.config import Settings
from reverie.domain.events import TOPIC_DLQ, TOPIC_NOTES, TOPIC_OF, message_key, parse_event
from reverie.replay import export_state, isolated, read_lines, replay_into
from reverie.storage.memory import MemoryVectorIndex
from reverie.storage.mongo import stored_vector
from tests.builders import uid
from tests.fakes import envelope, note_data
from tests.integration.harness import wait_for

pytestmark = pytest.mark.integration
SAMPLE = Path(__file__).resolve().parents[2] / "reverie/samples/sample-events.jsonl"


async def test_published_note_is_stored_in_mongo_and_searchable_in_qdrant(
        ready_worker, kafka, mongo):
    agent, note_id = f"a-{uid()}", f"n-{uid()}"
    db = mongo[ready_worker.database]
    await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
        note_id, "Customer uses metric units for every quote.", agent_id=agent,
        company_id="co-1")), agent)
    doc = await wait_for(lambda: db.notes.find_one({"_id": note_id}), what="note in MongoDB")
    assert doc["status"] == "Active" and len(stored_vector(doc["embedding"]) or []) == 384
    hits = ready_worker.get(f"/api/search?agent_id={agent}&company_id=co-1&q=metric+units")
    assert [h["note_id"] for h in hits["hits"]] == [note_id]
    other = ready_worker.get(f"/api/search?agent_id={agent}&company_id=co-2&q=metric+units")
    assert other["hits"] == []


async def test_same_event_delivered_twice_is_stored_once(ready_worker, kafka, mongo):
    agent, note_id = f"a-{uid()}", f"n-{uid()}"
    db = mongo[ready_worker.database]
    created = envelope("note.created", note_data(note_id, agent_id=agent))
    accessed = envelope("note.accessed", {"note_id": note_id, "agent_id": agent, "count": 3})
    for value in (created, created, accessed, accessed):
        await kafka.send(TOPIC_NOTES, value, agent)
    marker = f"n-{uid()}"
    await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(marker, agent_id=agent)),
                     agent)
    await wait_for(lambda: db.notes.find_one({"_id": marker}), what="marker note")
    assert await db.notes.count_documents({"_id": note_id}) == 1
    doc = await db.notes.find_one({"_id": note_id})
    assert doc["access_count"] == 3


@pytest.mark.parametrize("bad,reason", [
    (b"{this is not json", "message is not JSON"),
    (json.dumps(envelope("note.vanished", {"agent_id": "x"})).encode(),
     "unknown event_type 'note.vanished'"),
    ("missing-text", "required field 'data.text' is missing"),
    ("wrong-type", "field 'data.access_count'"),
])
async def test_malformed_message_goes_to_dlq_and_next_message_is_processed(
        ready_worker, kafka, mongo, bad, reason):
    agent = f"a-{uid()}"
    db = mongo[ready_worker.database]
    if bad == "missing-text":
        env = envelope("note.created", note_data(f"n-{uid()}", agent_id=agent))
        del env["data"]["text"]
        bad = json.dumps(env).encode()
    elif bad == "wrong-type":
        bad = json.dumps(envelope("note.created", note_data(
            f"n-{uid()}", agent_id=agent, access_count="seven"))).encode()
    since = await kafka.end_offsets(TOPIC_DLQ)
    await kafka.send(TOPIC_NOTES, bad, agent)
    good = f"n-{uid()}"
    await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(good, agent_id=agent)), agent)

    def mine(records):
        return [r for r in records if r.key == agent.encode()]

    records = await kafka.read(TOPIC_DLQ, since, lambda rs: bool(mine(rs)))
    assert mine(records), "no DLQ record for the bad message"
    dead = json.loads(mine(records)[0].value)
    assert reason in dead["reason"]
    assert dead["topic"] == TOPIC_NOTES and isinstance(dead["offset"], int)
    assert dead["original_base64"]
    await wait_for(lambda: db.notes.find_one({"_id": good}), what="good note after bad one")


async def test_replay_and_kafka_path_store_the_same_state_for_the_sample(
        ready_worker, kafka, mongo, services, tmp_path):
    """Same stored state for the sample's ingest and pruning (its dreams run at wall-clock
    time on the Kafka path but at the stamped time in a replay, so they are left out)."""
    db = mongo[ready_worker.database]
    lines = [json.loads(raw) for _, raw in read_lines(SAMPLE)]
    lines = [e for e in lines if e["event_type"] != "dream.requested"]
    sample = tmp_path / "sample-without-dreams.jsonl"
    sample.write_text("".join(json.dumps(e) + "\n" for e in lines))
    for env in lines:
        event = parse_event(json.dumps(env))
        await kafka.send(TOPIC_OF[event.event_type], env, message_key(event))
    ids = [e["event_id"] for e in lines]
    await wait_for(lambda: _all_seen(db, ids), timeout=60, what="every sample event handled")

    settings = Settings.load(mongo_database=ready_worker.database, vector_backend="memory")
    kafka_app = bootstrap(settings, index=MemoryVectorIndex())
    kafka_rows = [r for r in await export_state(kafka_app) if r["agent_id"] in _agents(lines)]
    await kafka_app.close()
    # a scheduled dream of the session worker (its window and gate run at wall-clock time) may
    # have reached these agents meanwhile: what any dream run changed is left out on both sides
    dreamt = {c["record_id"] async for c in db.changes.find(
        {"agent_id": {"$in": sorted(_agents(lines))}, "run_id": {"$ne": None}},
        {"record_id": 1})}
    kafka_rows = [r for r in kafka_rows if r["id"] not in dreamt]

    clock = FixedClock()
    replay_settings = Settings.load(vector_backend="memory")
    async with isolated(replay_settings, clock=clock) as app:
        await replay_into(app, read_lines(sample), clock)
        replay_rows = [r for r in await export_state(app) if r["id"] not in dreamt]
    assert _comparable(kafka_rows) == _comparable(replay_rows)
    assert any(r["status"] == "Archived" for r in replay_rows)


async def _all_seen(db, ids) -> bool:
    return await db.events_seen.count_documents({"_id": {"$in": ids}}) == len(ids)


def _agents(lines) -> set[str]:
    return {e["data"]["agent_id"] for e in lines if "agent_id" in e["data"]}


def _comparable(rows):
    return sorted((r["kind"], r["id"], r["status"], r["text"], r["comments"], r["access_count"],
                   r["consolidated_into"]) for r in rows)


async def test_a_skipped_range_is_read_again_from_the_broker(services, kafka):
    """read_range returns exactly the messages of [start, end) of one partition, in order."""
    from reverie.brokers import read_range

    agent = f"a-{uid()}"
    before = await kafka.end_offsets(TOPIC_NOTES)
    for i in range(6):
        await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
            f"{agent}-{i}", agent_id=agent)), agent)
    after = await kafka.end_offsets(TOPIC_NOTES)
    (tp,) = [tp for tp in after if after[tp] > before.get(tp, 0)]
    start = before.get(tp, 0)
    settings = Settings(kafka_broker=services["REVERIE_KAFKA_BROKER"])
    got = await read_range(settings, TOPIC_NOTES, tp.partition, start + 1, start + 4)
    assert [o for o, _, _ in got] == [start + 1, start + 2, start + 3]
    ids = [json.loads(v or b"{}").get("data", {}).get("note_id") for _, _, v in got]
    assert ids == [f"{agent}-1", f"{agent}-2", f"{agent}-3"]
