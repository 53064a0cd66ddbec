"""run.step events on Kafka match what the store (and so the dashboard) shows for a run."""

from __future__ import annotations

import asyncio
import json
import uuid

import pytest

from reverie.domain.events import TOPIC_COMMANDS, TOPIC_NOTES, TOPIC_RUN_STEPS
from tests.fakes import envelope, note_data
from tests.integration.harness import wait_for

pytestmark = pytest.mark.integration

CONCISE = ["The user prefers concise answers.", "Keep answers concise for this user.",
           "User prefers concise, to-the-point answers."]


async def test_run_steps_on_kafka_match_the_dashboard(ready_worker, kafka, mongo):
    db = mongo[ready_worker.database]
    agent = f"a-{uuid.uuid4().hex[:8]}"
    since = await kafka.end_offsets(TOPIC_RUN_STEPS)
    for i, text in enumerate(CONCISE):
        await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
            f"{agent}-{i}", text, agent_id=agent)), agent)
    await wait_for(lambda: db.notes.find_one({"_id": f"{agent}-2"}), 60, 0.3, "notes stored")
    await kafka.send(TOPIC_COMMANDS, envelope("dream.requested", {"agent_id": agent}), agent)
    run = await wait_for(
        lambda: db.runs.find_one({"agent_id": agent, "finished_at": {"$ne": None}}),
        120, 0.5, "the dream to finish")
    stored = {d["_id"]: d async for d in db.run_steps.find({"run_id": run["_id"]})}
    assert {d["phase"] for d in stored.values()} >= {"dream", "consolidation", "contradiction",
                                                     "stale_pruning", "retention"}

    def mine(records):
        return [json.loads(r.value) for r in records if r.key == run["_id"].encode()]

    records = await kafka.read(TOPIC_RUN_STEPS, since, lambda rs: len(mine(rs)) >= len(stored),
                               timeout=90)
    published = {e["data"]["step_id"]: e["data"] for e in mine(records)}
    assert set(published) == set(stored)
    for step_id, data in published.items():
        assert data["status"] == stored[step_id]["status"]
        assert data["parent_step_id"] == stored[step_id]["parent_step_id"]
    html = await asyncio.to_thread(ready_worker.read, f"/runs/{run['_id']}")
    merged = [d for d in published.values() if d["name"] == "cluster"]
    assert merged, "expected the three notes to form a cluster"
    for note in merged[0]["input"]["notes"]:
        assert note["text"] in html
