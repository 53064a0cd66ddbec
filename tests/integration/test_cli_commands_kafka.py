"""``reverie dream --wait`` and ``reverie rollback`` through the real Kafka and the session worker."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import uuid

import pytest

from reverie.client import ReverieClient
from reverie.config import Settings
from tests.integration.harness import ROOT, wait_for

pytestmark = pytest.mark.integration


def reverie(worker, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "reverie.cli.main", *args],
                          env=worker.process_env(), cwd=ROOT, capture_output=True, text=True,
                          timeout=180, check=False)


async def test_dream_waits_for_its_run_and_rollback_undoes_it(ready_worker, mongo, services):
    db = mongo[ready_worker.database]
    agent = f"cli-{uuid.uuid4().hex[:6]}"
    settings = Settings.load(kafka_broker=services["REVERIE_KAFKA_BROKER"])
    async with ReverieClient(settings) as client:
        await client.note_created(note_id=f"{agent}-1", agent_id=agent, text="Ships on Fridays.")
    await wait_for(lambda: db.notes.find_one({"_id": f"{agent}-1"}), 60, 0.3, "note stored")

    done = await asyncio.to_thread(reverie, ready_worker, "dream", "--agent", agent, "--wait",
                                   "--timeout", "120", "--json")
    assert done.returncode == 0, done.stderr
    run = json.loads(done.stdout)
    assert run["agent_id"] == agent and run["status"] in ("completed", "partial")
    assert run["trigger"] == "manual" or run["reason"] == "reverie dream"

    back = await asyncio.to_thread(reverie, ready_worker, "rollback", run["run_id"])
    assert back.returncode == 0, back.stderr
    await wait_for(lambda: db.runs.find_one({"_id": run["run_id"], "status": "rolled_back"}),
                   60, 0.3, "the run rolled back")
