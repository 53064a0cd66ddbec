"""Helpers for the reliability tests: a private service instance, bulk publishing, checks.

Tests that restart Kafka or FerretDB never touch the shared services of
``deploy/local/.state``: :class:`PrivateServices` starts a separate instance with
``REVERIE_STATE_DIR=<tmp> deploy/local/up`` (free ports, its own data) and stops it
with ``deploy/local/down --purge``.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from aiokafka import AIOKafkaProducer

from reverie.domain.events import TOPIC_COMMANDS, TOPIC_ENTITIES, TOPIC_NOTES, TOPICS
from reverie.domain.routing import partition_for
from tests.builders import uid
from tests.fakes import T0, iso
from tests.integration.harness import ROOT, bootstrap_servers

LOCAL = ROOT / "deploy" / "local"
MODEL = "all-MiniLM-L6-v2"
DIM = 384


def agent_on(partition: int, prefix: str, partitions: int = 4) -> str:
    """The first id ``<prefix><n>`` the Kafka default partitioner puts on ``partition``."""
    return next(a for a in (f"{prefix}{n}" for n in range(10_000))
                if partition_for(a, partitions) == partition)


@dataclass
class PrivateServices:
    """Kafka + FerretDB of our own, started by deploy/local/up in ``state_dir``."""

    state_dir: Path

    def _run(self, script: str, *args: str, timeout: float = 240) -> str:
        env = {**os.environ, "REVERIE_STATE_DIR": str(self.state_dir)}
        for key in ("REVERIE_KAFKA_PORT", "REVERIE_MONGO_PORT", "REVERIE_KAFKA_CONTROLLER_PORT"):
            env.pop(key, None)
        done = subprocess.run([str(LOCAL / script), *args], env=env, capture_output=True,
                              text=True, timeout=timeout, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"deploy/local/{script} failed ({done.returncode}):\n"
                               f"{done.stdout}\n{done.stderr}")
        return done.stdout

    def up(self) -> dict[str, str]:
        for attempt in range(3):
            try:
                self._run("up")
                break
            except RuntimeError as exc:
                # lib.sh formats Kafka with a random base64url cluster id; one starting
                # with "-" is read as an option (1 start in 64): purge and try again
                if "storage format failed" not in str(exc) or attempt == 2:
                    raise
                self._run("down", "--purge")
        return self.env()

    def env(self) -> dict[str, str]:
        pairs: dict[str, str] = {}
        for line in (self.state_dir / "env").read_text().splitlines():
            if "=" in line and not line.startswith("#"):
                key, value = line.split("=", 1)
                pairs[key.strip()] = value.strip()
        return pairs

    def restart_kafka(self, down_s: float = 0) -> float:
        """Restart the broker (same port and data); return the seconds it took."""
        t0 = time.monotonic()
        self._run("restart-kafka", "--down-seconds", str(down_s))
        return time.monotonic() - t0

    def restart_mongo(self, down_s: float = 0) -> float:
        """Restart FerretDB (same port and data); return the seconds it took."""
        t0 = time.monotonic()
        self._run("restart-mongo", "--down-seconds", str(down_s))
        return time.monotonic() - t0

    def down(self) -> None:
        self._run("down", "--purge")




async def create_topics(env: dict[str, str], partitions: int = 4) -> None:
    """Create Reverie's topics up front, as production provisioning would.

    A worker whose input topics do not exist yet subscribes to nothing and only notices
    them at its next metadata refresh (aiokafka ``metadata_max_age_ms``: 5 minutes).
    """
    from aiokafka.admin import AIOKafkaAdminClient, NewTopic
    from aiokafka.errors import TopicAlreadyExistsError

    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap_servers(env))
    await admin.start()
    try:
        existing = set(await admin.list_topics())
        new = [NewTopic(t, partitions, 1) for t in TOPICS if t not in existing]
        if new:
            try:
                await admin.create_topics(new)
            except TopicAlreadyExistsError:
                pass
    finally:
        await admin.close()


def unit_vectors(n: int, seed: int = 7) -> np.ndarray:
    """``n`` random unit vectors of the MiniLM dimension (rounded: small messages)."""
    rng = np.random.default_rng(seed)
    v = rng.standard_normal((n, DIM)).astype(np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    return np.round(v, 5)


def note_envelope(note_id: str, agent: str, vector: Sequence[float] | None = None,
                  text: str | None = None, event_id: str | None = None,
                  **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "note_id": note_id, "text": text or f"Fact {note_id} about the customer.",
        "note_type": "Context", "agent_id": agent, "created_at": iso(T0),
    }
    if vector is not None:
        data["embedding"] = [float(x) for x in vector]
        data["embedding_model"] = MODEL
    data.update(extra)
    return {"event_id": event_id or f"ev-{note_id}", "event_type": "note.created",
            "occurred_at": iso(T0), "schema_version": 1, "data": data}


def deletion_envelope(entity_type: str, entity_id: str) -> dict[str, Any]:
    return {"event_id": f"del-{entity_type}-{entity_id}", "event_type": "entity.deleted",
            "occurred_at": iso(T0), "schema_version": 1,
            "data": {"entity_type": entity_type, "entity_id": entity_id}}


Record = tuple[str, bytes | None, bytes]
"""(topic, key, value)"""


def as_record(env: dict[str, Any]) -> Record:
    if env["event_type"].startswith("entity."):
        return TOPIC_ENTITIES, env["data"]["entity_id"].encode(), json.dumps(env).encode()
    return TOPIC_NOTES, env["data"]["agent_id"].encode(), json.dumps(env).encode()


class Publisher:
    """A producer that keeps publishing through broker restarts (resending what failed).

    A resend may duplicate a message; the worker must treat the copy as a no-op.
    """

    def __init__(self, env: dict[str, str], max_request_size: int = 1_048_576) -> None:
        self.servers = bootstrap_servers(env)
        self.max_request_size = max_request_size
        self.producer: AIOKafkaProducer | None = None
        self.resent = 0
        self.errors: list[str] = []

    async def start(self) -> Publisher:
        self.producer = AIOKafkaProducer(
            bootstrap_servers=self.servers, acks="all", linger_ms=5,
            max_request_size=self.max_request_size, request_timeout_ms=10_000,
            retry_backoff_ms=200,
        )
        await self.producer.start()
        return self

    async def stop(self) -> None:
        if self.producer is not None:
            await self.producer.stop()

    async def send_all(self, records: Iterable[Record], chunk: int = 500,
                       deadline_s: float = 300) -> None:
        """Send every record, retrying failed ones until the broker took each of them."""
        assert self.producer is not None
        todo = list(records)
        deadline = time.monotonic() + deadline_s
        while todo:
            failed: list[Record] = []
            for start in range(0, len(todo), chunk):
                part = todo[start:start + chunk]
                futures = []
                for topic, key, value in part:
                    try:
                        futures.append(await self.producer.send(topic, value, key=key))
                    except Exception as exc:  # buffer full, broker gone: retry later
                        self.errors.append(type(exc).__name__)
                        futures.append(None)
                results = await asyncio.gather(*(f for f in futures if f is not None),
                                               return_exceptions=True)
                it = iter(results)
                for rec, fut in zip(part, futures, strict=True):
                    res = next(it) if fut is not None else RuntimeError("not sent")
                    if isinstance(res, BaseException):
                        self.errors.append(type(res).__name__)
                        failed.append(rec)
            if failed:
                self.resent += len(failed)
                if time.monotonic() > deadline:
                    raise AssertionError(f"{len(failed)} records not accepted by the broker: "
                                         f"{self.errors[-5:]}")
                await asyncio.sleep(1.0)
            todo = failed


async def prime(pub: Publisher, db: Any, partitions: int = 4, timeout: float = 60,
                commands: bool = False) -> None:
    """Make sure a freshly started worker consumes every input partition.

    A new consumer group starting at "latest" only fixes its position on its first
    fetch; anything published before that is skipped. A probe per partition of
    reverie.notes and reverie.entities, re-sent until it is handled, closes that gap.
    """
    assert pub.producer is not None
    probe = uid()
    pending = {(TOPIC_NOTES, p) for p in range(partitions)} | {
        (TOPIC_ENTITIES, p) for p in range(partitions)}
    if commands:  # a dry-run dream of a probe agent per partition
        pending |= {(TOPIC_COMMANDS, p) for p in range(partitions)}
    deadline = time.monotonic() + timeout
    while pending:
        for topic, p in pending:
            if topic == TOPIC_NOTES:
                env = note_envelope(f"probe-{probe}-{p}", "probe", event_id=f"probe-{probe}-{p}")
            elif topic == TOPIC_COMMANDS:
                env = {"event_id": f"probe-{probe}-c{p}", "event_type": "dream.requested",
                       "occurred_at": iso(T0), "schema_version": 1,
                       "data": {"agent_id": f"probe-{probe}-c{p}", "dry_run": True}}
            else:
                env = {**deletion_envelope("conversation", f"probe-{probe}-{p}"),
                       "event_type": "entity.disabled", "event_id": f"probe-{probe}-e{p}"}
            await pub.producer.send_and_wait(topic, json.dumps(env).encode(), key=b"probe",
                                             partition=p)
        await asyncio.sleep(1.0)
        done = set()
        for topic, p in pending:
            if topic == TOPIC_COMMANDS:
                found = await db.runs.find_one({"agent_id": f"probe-{probe}-c{p}"})
            elif topic == TOPIC_NOTES:
                found = await db.notes.find_one({"_id": f"probe-{probe}-{p}"})
            else:
                found = await db.tombstones.find_one({"_id": f"conversation:probe-{probe}-{p}"})
            if found is not None:
                done.add((topic, p))
        pending -= done
        if time.monotonic() > deadline:
            raise AssertionError(f"worker does not consume {sorted(pending)}")


def qdrant_points(path: Path, collection: str = "reverie_notes") -> dict[str, dict[str, Any]]:
    """Read an embedded Qdrant directory (its worker must be stopped): note id → payload."""
    from qdrant_client import QdrantClient

    client = QdrantClient(path=str(path))
    try:
        if not client.collection_exists(collection):
            return {}
        out: dict[str, dict[str, Any]] = {}
        offset = None
        while True:
            points, offset = client.scroll(collection, limit=2000, offset=offset,
                                           with_payload=True, with_vectors=False)
            for p in points:
                payload = dict(p.payload or {})
                out[str(payload["note_id"])] = payload
            if offset is None:
                return out
    finally:
        client.close()


def rss_mb(pid: int) -> float:
    """Resident set size of a process in MiB (Linux /proc)."""
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0
