"""Junk through the real Kafka: every invalid message lands in reverie.dlq with a reason
naming the field or problem, every valid one is stored exactly as sent, the worker never
stops.

1,200 hypothesis-generated cases (tests/reliability/junk.py) are published at once to
reverie.notes, plus hand-written ones: invalid UTF-8, deeply nested JSON, wrong types,
schema_version 2, a missing field, text of exactly 8000 (valid) and 8001 characters, a
tombstone (null value), an empty message, a 600 KB and a ~1 MB message (refused by
Reverie; their dead letters carry a truncated original) and a 2 MB one, which Kafka
itself refuses (producer max_request_size, then the broker's message.max.bytes).
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiokafka import AIOKafkaProducer
from aiokafka.errors import MessageSizeTooLargeError

from reverie.domain.events import TOPIC_DLQ, TOPIC_NOTES
from tests.integration.harness import Kafka, Worker, bootstrap_servers, wait_for
from tests.reliability.harness import Publisher, note_envelope, prime, uid
from tests.reliability.junk import generate

pytestmark = pytest.mark.integration
GENERATED = 1200
BROKER_LIMIT = 1_048_588  # Kafka 4.0 default message.max.bytes (deploy/local/lib.sh sets none)


@pytest.fixture(scope="module")
async def junk_worker(services, tmp_path_factory) -> AsyncIterator[tuple[Worker, Any, Publisher]]:
    from pymongo import AsyncMongoClient

    worker = Worker(services, tmp=tmp_path_factory.mktemp("junk")).start()
    pub = await Publisher(services, max_request_size=3_000_000).start()
    client: AsyncMongoClient = AsyncMongoClient(services["REVERIE_MONGO_URL"], tz_aware=True)
    try:
        await worker.ready()
        db = client[worker.database]
        await prime(pub, db)
        yield worker, db, pub
    finally:
        await pub.stop()
        worker.stop()
        await client.close()


def hand_written(run: str) -> list[tuple[str, bytes | None, str | None]]:
    """(name, value, expected reason substring or None for valid)."""
    def env(i: str, **data: Any) -> dict[str, Any]:
        return note_envelope(f"hw-{run}-{i}", f"hw-{run}", **data)

    missing = env("missing")
    del missing["data"]["text"]
    nested = json.dumps(env("nested")).replace('"note_type": "Context"',
                                               '"note_type": ' + "[" * 50_000 + "]" * 50_000)
    return [
        ("invalid utf-8", b'{"event_id": "\xff\xfe\xfd", "event_type": "note.created"}',
         "not valid UTF-8"),
        ("deeply nested", nested.encode(), "nested too deeply"),
        ("wrong type", json.dumps(env("type", access_count="seven")).encode(),
         "field 'data.access_count'"),
        ("schema_version 2", json.dumps({**env("v2"), "schema_version": 2}).encode(),
         "schema_version 2 is newer"),
        ("missing text", json.dumps(missing).encode(), "required field 'data.text' is missing"),
        ("text 8000", json.dumps(env("t8000", text="é" * 8000)).encode(), None),
        ("text 8001", json.dumps(env("t8001", text="é" * 8001)).encode(),
         "field 'data.text': String should have at most 8000 characters"),
        ("tombstone", None, "no value"),
        ("empty", b"", "message is not JSON"),
        ("600 KB", json.dumps(env("600k", text="x" * 600_000)).encode(), "field 'data.text'"),
        ("~1 MB", json.dumps(env("1m", text="y" * 1_040_000)).encode(),
         "bytes; the limit is 1000000"),
    ]


async def test_junk_goes_to_the_dlq_with_a_reason_and_valid_notes_are_stored(junk_worker):
    worker, db, pub = junk_worker
    run = uid()
    t0 = time.monotonic()
    cases = generate(GENERATED)
    assert len(cases) >= 1000, f"hypothesis generated only {len(cases)} cases"
    generated_s = time.monotonic() - t0
    expected: dict[str, tuple[str, str | None]] = {}  # key -> (kind, reason substring)
    stored: dict[str, str] = {}  # note id -> text
    records: list[tuple[str, bytes | None, bytes | None]] = []
    for i, c in enumerate(cases):
        key = f"fz-{run}-{i}"
        if c.expect is None:
            assert isinstance(c.body, dict)
            c.body["data"]["note_id"] = f"fz-{run}-{i}"
            c.body["event_id"] = f"fz-ev-{run}-{i}"
            stored[c.body["data"]["note_id"]] = c.body["data"]["text"]
        expected[key] = (c.kind, c.expect)
        records.append((TOPIC_NOTES, key.encode(), c.value()))
    for name, value, reason in hand_written(run):
        key = f"fz-{run}-hw-{name}"
        expected[key] = (name, reason)
        if reason is None and value is not None:
            body = json.loads(value)
            stored[body["data"]["note_id"]] = body["data"]["text"]
        records.append((TOPIC_NOTES, key.encode(), value))
    invalid = {k for k, (_, r) in expected.items() if r is not None}

    kafka = Kafka(worker.env)
    since = await kafka.end_offsets(TOPIC_DLQ)
    await pub.send_all(records)
    published_s = time.monotonic() - t0

    def mine(rs: list[Any]) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {}
        for r in rs:
            key = r.key.decode() if r.key else ""
            if key not in expected:
                continue
            record = json.loads(r.value)
            # other tests' workers (other consumer groups) dead-letter the same junk
            if record.get("consumer_group") == worker.app_id:
                out.setdefault(key, []).append(record)
        return out

    dead_records = await kafka.read(TOPIC_DLQ, since, lambda rs: len(mine(rs)) >= len(invalid),
                                    timeout=300)
    dead = mine(dead_records)
    missing = sorted(invalid - set(dead))
    assert not missing, f"{len(missing)} invalid messages not dead-lettered: {missing[:5]}"
    assert not set(dead) - invalid, f"valid messages dead-lettered: {sorted(set(dead) - invalid)[:5]}"
    wrong = []
    for key, recs in dead.items():
        assert len(recs) == 1, f"{key} dead-lettered {len(recs)} times"
        kind, reason = expected[key]
        got = recs[0]["reason"]
        if reason not in got or got.startswith("internal error"):
            wrong.append((kind, reason, got[:160]))
        assert recs[0]["topic"] == TOPIC_NOTES and isinstance(recs[0]["offset"], int)
    assert not wrong, f"{len(wrong)} reasons do not name the problem: {wrong[:5]}"
    big = [r[0] for k, r in dead.items() if expected[k][0] in ("600 KB", "~1 MB")]
    assert all(r["original_truncated"] and r["original_size"] > 500_000 for r in big)

    async def all_stored() -> bool:
        n = await db.notes.count_documents({"_id": {"$in": list(stored)}})
        return bool(n == len(stored))

    await wait_for(all_stored, 300, 1.0, f"{len(stored)} valid notes stored")
    docs = {d["_id"]: d["text"] async for d in db.notes.find({"_id": {"$in": list(stored)}},
                                                           {"text": 1})}
    changed = [k for k, text in stored.items() if docs[k] != text]
    assert not changed, f"texts changed in storage: {changed[:5]}"

    # the worker is alive and still consumes after all of it
    good = f"after-{run}"
    await pub.send_all([(TOPIC_NOTES, b"after", json.dumps(note_envelope(good, "after")).encode())])
    await wait_for(lambda: db.notes.find_one({"_id": good}), 60, what="a good note afterwards")
    assert worker.proc is not None and worker.proc.poll() is None
    log = worker.log_path.read_text(errors="replace")
    assert "Crashed reason" not in log and "handler.crashed" not in log
    print(f"\njunk: {len(cases)} generated in {generated_s:.1f}s + {len(expected) - len(cases)} "
          f"hand-written; {len(invalid)} dead-lettered, {len(stored)} stored; published after "
          f"{published_s:.0f}s, all verified after {time.monotonic() - t0:.0f}s")


async def test_a_2mb_message_is_refused_by_kafka_before_reverie_sees_it(services):
    value = json.dumps(note_envelope(f"two-mb-{uid()}", "a", text="z" * 2_000_000)).encode()
    for max_request_size in (1_048_576, 3_000_000):  # aiokafka's default, then raised
        producer = AIOKafkaProducer(bootstrap_servers=bootstrap_servers(services),
                                    max_request_size=max_request_size)
        await producer.start()
        try:
            with pytest.raises(MessageSizeTooLargeError):
                await producer.send_and_wait(TOPIC_NOTES, value, key=b"a")
        finally:
            await producer.stop()
    assert len(value) > BROKER_LIMIT
