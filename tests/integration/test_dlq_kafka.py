"""Dead letters an operator can act on (issue #22), on the real Kafka and FerretDB: junk and a
``schema_version`` 2 event are dead-lettered, listed and grouped (command, page, metrics);
once the worker supports version 2 the event is redriven and applied exactly once; a
second redrive skips it, and a redrive of the applied event (``--again``) changes nothing."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from typing import Any

import pytest

from reverie.brokers import KafkaDeadLetters
from reverie.config import Settings
from reverie.deadletters import DeadLetterEntry
from reverie.domain.events import TOPIC_NOTES
from tests.fakes import envelope, note_data
from tests.integration.harness import ROOT, Worker, wait_for

pytestmark = pytest.mark.integration


def reverie(worker: Worker, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``reverie ARGS`` configured like ``worker`` (its consumer group and database)."""
    return subprocess.run([sys.executable, "-m", "reverie.cli.main", *args],
                          env=worker.process_env(), cwd=ROOT, capture_output=True, text=True,
                          timeout=180, check=False)


async def cli(worker: Worker, *args: str) -> subprocess.CompletedProcess[str]:
    done = await asyncio.to_thread(reverie, worker, *args)
    assert done.returncode == 0, done.stderr
    return done


async def cli_json(worker: Worker, *args: str) -> Any:
    return json.loads((await cli(worker, *args, "--json")).stdout)


def dlq_samples(metrics: str) -> dict[str, float]:
    return {k: float(v) for k, v in re.findall(
        r'^reverie_dlq_total\{reason_kind="([^"]+)"\} (\S+)$', metrics, re.M)}


async def test_dead_letters_are_listed_redriven_once_fixed_and_applied_exactly_once(
        services, kafka, mongo, tmp_path):
    worker = Worker(services, tmp=tmp_path)
    upgraded: Worker | None = None
    agent = f"dlq-{worker.name}"
    db = mongo[worker.database]
    queue = KafkaDeadLetters(Settings.load(kafka_broker=services["REVERIE_KAFKA_BROKER"]))
    v2 = {**envelope("note.created", note_data(f"{agent}-v2", "Invoices go out on Fridays.",
                                              agent_id=agent)), "schema_version": 2}

    async def mine() -> list[DeadLetterEntry]:
        return [e async for e in queue.scan() if e.consumer_group == worker.app_id]

    try:
        worker.start()
        await worker.ready()
        await kafka.send(TOPIC_NOTES, b"{not json", agent)
        await kafka.send(TOPIC_NOTES, b'{"note_id": }', agent)  # another parser position
        await kafka.send(TOPIC_NOTES, v2, agent)
        await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
            f"{agent}-ok", agent_id=agent)), agent)
        await wait_for(lambda: db.notes.find_one({"_id": f"{agent}-ok"}), 240, 0.5,
                       "the valid note behind the refused ones")
        dead = await wait_for(lambda: _at_least(mine, 3), 120, 1.0, "three dead letters")
        assert len(dead) == 3

        # listed and grouped: by the command, its filters, the page and the metrics
        listed = await cli_json(worker, "dlq", "list")
        assert listed["total"] == 3 and listed["consumer_group"] == worker.app_id
        groups = {g["reason_kind"]: g for g in listed["groups"]}
        assert {k: g["count"] for k, g in groups.items()} == {
            "invalid_json": 2, "unsupported_version": 1}
        junk = groups["invalid_json"]
        assert junk["first_seen"] <= junk["last_seen"] and junk["redriven"] == 0
        assert junk["topics"] == {TOPIC_NOTES: 2}
        newer = await cli_json(worker, "dlq", "list", "--reason", "newer than", "--since", "1h")
        assert [g["reason_kind"] for g in newer["groups"]] == ["unsupported_version"]
        assert (await cli_json(worker, "dlq", "list", "--topic", "reverie.entities"))[
            "total"] == 0
        position = groups["unsupported_version"]["latest"]
        shown = (await cli(worker, "dlq", "show", position)).stdout
        assert "unsupported_version" in shown and "Invoices go out on Fridays." in shown

        page = await asyncio.to_thread(worker.read, "/dlq", 120)
        assert f"3 dead letters of consumer group {worker.app_id} in 2 groups" in page
        with pytest.raises(urllib.error.HTTPError) as refused:
            await asyncio.to_thread(urllib.request.urlopen,
                                    f"http://127.0.0.1:{worker.port}/dlq", None, 60)
        assert refused.value.code == 401
        metrics = await asyncio.to_thread(worker.read, "/metrics", 60)
        counted = dlq_samples(metrics)
        assert counted["invalid_json"] == 2 and counted["unsupported_version"] == 1
        assert agent not in "\n".join(line for line in metrics.splitlines()
                                      if line.startswith("reverie_dlq"))

        dry = await cli(worker, "dlq", "redrive", "--reason", "unsupported_version",
                        "--dry-run")
        assert "would send back 1 of 1" in dry.stdout
        assert await db.dlq_redrives.count_documents({}) == 0

        # the cause fixed: the same deployment, upgraded to support schema_version 2
        worker.stop()
        upgraded = Worker(services, name=worker.name, tmp=tmp_path,
                          module="tests.integration.upgraded")
        upgraded.start()
        await upgraded.ready()
        assert await db.notes.find_one({"_id": f"{agent}-v2"}) is None

        sent = await cli(upgraded, "dlq", "redrive", "--reason", "unsupported_version")
        assert "sent back 1 of 1 dead letters" in sent.stdout
        note = await wait_for(lambda: db.notes.find_one({"_id": f"{agent}-v2"}), 120, 0.5,
                              "the redriven note")
        assert note["text"] == "Invoices go out on Fridays."
        # the ledger mark is written after the note (effects first, then the mark): poll it
        await wait_for(lambda: _marked(db, v2["event_id"]), 60, 0.5, "the redriven event marked")
        changes = await db.changes.count_documents({"record_id": f"{agent}-v2"})

        twice = await cli(upgraded, "dlq", "redrive", "--reason", "unsupported_version")
        assert "sent back 0 of 1 dead letters; 1 sent back before" in twice.stdout

        again = await cli(upgraded, "dlq", "redrive", "--reason", "unsupported_version",
                          "--again")
        assert "sent back 1 of 1 dead letters" in again.stdout
        # a later message on the same partition is handled after the redriven one
        await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
            f"{agent}-after", agent_id=agent)), agent)
        await wait_for(lambda: db.notes.find_one({"_id": f"{agent}-after"}), 120, 0.5,
                       "the note sent after the second redrive")
        assert await db.notes.find_one({"_id": f"{agent}-v2"}) == note
        assert await db.notes.count_documents({"_id": f"{agent}-v2"}) == 1
        assert await db.events_seen.count_documents({"_id": v2["event_id"]}) == 1
        assert await db.changes.count_documents({"record_id": f"{agent}-v2"}) == changes
        assert len(await mine()) == 3  # applied: not dead-lettered again
        mark = await db.dlq_redrives.find_one({})
        assert mark is not None and mark["times"] == 2 and mark["_id"].endswith(position)
        after = await cli_json(upgraded, "dlq", "list")
        assert {g["reason_kind"]: g["redriven"] for g in after["groups"]} == {
            "invalid_json": 0, "unsupported_version": 1}
    finally:
        worker.stop()
        print(f"\nworker log tail:\n{worker.tail(10)}")
        if upgraded is not None:
            upgraded.stop()
            print(f"\nupgraded worker log tail:\n{upgraded.tail(10)}")
        await queue.close()


async def _at_least(read: Any, n: int) -> list[DeadLetterEntry] | None:
    found: list[DeadLetterEntry] = await read()
    return found if len(found) >= n else None


async def _marked(db: Any, event_id: str) -> bool:
    """Whether the worker's idempotency ledger holds exactly one mark for ``event_id``."""
    return bool(await db.events_seen.count_documents({"_id": event_id}) == 1)
