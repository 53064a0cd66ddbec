"""The typed producer client through the real Kafka into the session's worker and FerretDB."""

from __future__ import annotations

import json

import pytest

from reverie.client import ReverieClient
from reverie.config import Settings
from reverie.domain.events import TOPIC_CHANGES
from reverie.handlers.dream.runner import new_run_id
from reverie.storage.mongo import stored_vector
from tests.builders import uid
from tests.integration.harness import wait_for

pytestmark = pytest.mark.integration


async def test_every_event_type_round_trips_through_kafka_into_the_worker(
        ready_worker, kafka, mongo, services):
    """Each of the ten input event types, sent by the client, lands as the contract says."""
    db = mongo[ready_worker.database]
    agent, user, n1, n2, x1 = f"a-{uid()}", f"u-{uid()}", f"n-{uid()}", f"n-{uid()}", f"x-{uid()}"
    since = await kafka.end_offsets(TOPIC_CHANGES)
    settings = Settings.load(kafka_broker=services["REVERIE_KAFKA_BROKER"])

    async def found(collection: str, query: dict, what: str) -> dict:
        return await wait_for(lambda: db[collection].find_one(query), 60, 0.2, what)

    async with ReverieClient(settings) as client:
        await client.agent_configured(agent_id=agent, note_retention_days=30,
                                      auto_archive_enabled=False)
        await client.note_created(note_id=n1, agent_id=agent, user_id=user,
                                  note_type="Preference", text="Prefers metric units.")
        await client.note_created(note_id=n2, agent_id=agent, text="Ships from Rotterdam.")
        await client.note_accessed(note_id=n1, agent_id=agent, count=3)
        await client.example_created(example_id=x1, agent_id=agent, user_id=user,
                                     input="Quote 3 kg", output="3 kg: 12 EUR",
                                     success_score=80)
        await client.example_accessed(example_id=x1, agent_id=agent, count=2)
        session = await client.session_ended(agent_id=agent, user_id=user)

        config = await found("agents", {"_id": agent, "note_retention_days": 30},
                             "agent.configured stored")
        assert config["auto_archive_enabled"] is False
        note = await found("notes", {"_id": n1, "access_count": 3}, "note.created + accessed")
        assert (note["status"], note["note_type"], note["user_id"]) == (
            "Active", "Preference", user)
        assert len(stored_vector(note["embedding"]) or []) == 384
        example = await found("examples", {"_id": x1, "access_count": 2},
                              "example.created + accessed")
        assert example["status"] == "Active" and example["success_score"] == 80
        stored = await found("sessions", {"_id": session.event_id}, "session.ended recorded")
        assert stored["agent_id"] == agent
        await found("notes", {"_id": n2}, "second note stored")

        requested = await client.dream_requested(agent_id=agent, reason="client test")
        run_id = new_run_id(agent, requested.occurred_at, requested.event_id)
        run = await found("runs", {"_id": run_id, "finished_at": {"$ne": None}},
                          "dream.requested ran a dream")
        assert run["agent_id"] == agent and run["status"] in ("completed", "partial")
        await client.dream_rollback(agent_id=agent, run_id=run_id)
        await found("runs", {"_id": run_id, "status": "rolled_back"}, "dream.rollback applied")

        await client.entity_deleted(entity_type="user", entity_id=user)
        archived = await found("notes", {"_id": n1, "status": "Archived"}, "user deletion")
        assert archived["comments"].startswith(f"Stale reference: user {user} deleted")
        await found("examples", {"_id": x1, "status": "Archived"}, "example of deleted user")
        await client.entity_disabled(entity_type="agent", entity_id=agent)
        await found("notes", {"_id": n2, "status": "Archived"}, "agent disabled")

    def archived_changes(records: list) -> list[dict]:
        return [json.loads(r.value) for r in records if r.key == agent.encode()
                and json.loads(r.value)["event_type"] == "note.archived"]

    records = await kafka.read(TOPIC_CHANGES, since, lambda rs: len(archived_changes(rs)) >= 2,
                               timeout=60)
    assert {c["data"]["note_id"] for c in archived_changes(records)} == {n1, n2}
