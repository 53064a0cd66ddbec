"""The dream trigger through the real Kafka: tumbling window, dual gate, catch-up at start."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from reverie.domain.events import TOPIC_NOTES
from tests.fakes import envelope, note_data
from tests.integration.harness import Worker, wait_for

pytestmark = pytest.mark.integration

FAST_WINDOW = {
    "REVERIE_DREAM_WINDOW_S": "3",
    "REVERIE_DREAM_WINDOW_EXPIRES_S": "1",
    "REVERIE_TABLE_CLEANUP_S": "1",
    "REVERIE_DREAM_MIN_SESSIONS": "2",
    "REVERIE_DREAM_MIN_INTERVAL_S": "0",
}


async def activity(kafka, agent: str, sessions: int) -> None:
    for i in range(3):
        await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
            f"{agent}-n{i}", f"Customer {agent} fact number {i}.", agent_id=agent)), agent)
    for _ in range(sessions):
        await kafka.send(TOPIC_NOTES, envelope("session.ended", {"agent_id": agent}), agent)


async def test_a_closing_window_with_enough_sessions_requests_a_dream(
        services, kafka, mongo, tmp_path):
    worker = Worker(services, tmp=tmp_path, extra=FAST_WINDOW).start()
    try:
        await worker.ready()
        db = mongo[worker.database]
        busy, quiet = f"a-{uuid.uuid4().hex[:6]}", f"a-{uuid.uuid4().hex[:6]}"
        await activity(kafka, busy, sessions=3)
        await activity(kafka, quiet, sessions=1)
        run = await wait_for(lambda: db.runs.find_one({"agent_id": busy}), 60, 0.5,
                             "a scheduled dream")
        assert run["trigger"] == "schedule"
        await wait_for(lambda: db.runs.find_one({"agent_id": busy, "finished_at": {"$ne": None}}),
                       60, 0.5, "the run to finish")
        # the quiet agent's window may close a little later than the busy one's
        gated = "only 1 sessions since the last dream (needs 2)"

        async def quiet_gated() -> bool:
            return any(gated in line and f'"{quiet}"' in line
                       for line in worker.tail(5000).splitlines())

        await wait_for(quiet_gated, 30, 0.5, "the quiet agent's window to close, gated")
        assert await db.runs.find_one({"agent_id": quiet}) is None
    finally:
        worker.stop()


async def test_a_worker_that_was_down_when_the_window_closed_catches_up(
        services, kafka, mongo, tmp_path):
    # a window long enough that the first worker is killed before it closes
    worker = Worker(services, tmp=tmp_path, extra={**FAST_WINDOW, "REVERIE_DREAM_WINDOW_S": "20"})
    worker.start()
    try:
        await worker.ready()
        db = mongo[worker.database]
        agent = f"a-{uuid.uuid4().hex[:6]}"
        await activity(kafka, agent, sessions=3)

        async def sessions_stored() -> bool:
            return await db.sessions.count_documents({"agent_id": agent}) == 3

        await wait_for(sessions_stored, 60, 0.3, "sessions stored")
        worker.kill()  # down before its window closes
        assert await db.runs.find_one({"agent_id": agent}) is None
        worker.start()
        await worker.ready()
        run = await wait_for(lambda: db.runs.find_one({"agent_id": agent}), 90, 0.5,
                             "a catch-up dream after restart")
        assert run["trigger"] == "schedule"
    finally:
        worker.stop()


async def test_a_request_coalesced_onto_a_dead_workers_lease_runs_after_it_expires(
        services, kafka, mongo, tmp_path):
    worker = Worker(services, tmp=tmp_path, extra={"REVERIE_DREAM_ORPHAN_CHECK_S": "1"}).start()
    try:
        await worker.ready()
        db = mongo[worker.database]
        agent = f"a-{uuid.uuid4().hex[:6]}"
        await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
            f"{agent}-n0", "The customer uses metric units.", agent_id=agent)), agent)
        await wait_for(lambda: db.notes.find_one({"agent_id": agent}), 60, 0.3, "note stored")
        # a worker took the lease, a request was coalesced onto it, and the worker died
        await db.leases.insert_one({"_id": agent, "owner": "dead-worker:1", "pending": True,
                                    "expires_at": datetime.now(UTC) + timedelta(seconds=3)})
        run = await wait_for(lambda: db.runs.find_one({"agent_id": agent}), 60, 0.5,
                             "the coalesced dream, re-requested after the lease expired")
        assert "stopped held the dream lease" in run["reason"]
        assert "dream.orphan_recovered" in worker.tail(5000)
    finally:
        worker.stop()
