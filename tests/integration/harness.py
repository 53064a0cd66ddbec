"""Helpers for integration tests against the real local Kafka, FerretDB and embedded Qdrant.

The services are started once per session by ``deploy/local/up`` (``make test`` does
it); tests read the URLs it wrote. Workers run as real ``reverie worker``
subprocesses, each with its own database, Qdrant path and consumer group.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.errors import KafkaError
from aiokafka.structs import OffsetAndMetadata

INPUT_TOPICS = ("reverie.notes", "reverie.entities", "reverie.commands", "reverie.changes")

ROOT = Path(__file__).resolve().parents[2]
TEST_TOKEN = "it-dashboard-token"
"""REVERIE_DASHBOARD_TOKEN of every test worker unless its ``extra`` sets another (issue #15:
every content route needs a credential)."""


def state_env() -> dict[str, str]:
    """Return the KEY=value pairs ``deploy/local/up`` wrote."""
    state = Path(os.environ.get("REVERIE_STATE_DIR", ROOT / "deploy/local/.state"))
    path = state / "env"
    if not path.is_file():
        raise RuntimeError(f"{path} not found: start the services with deploy/local/up")
    pairs = {}
    for line in path.read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            pairs[key.strip()] = value.strip()
    return pairs


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def bootstrap_servers(env: dict[str, str]) -> str:
    return env["REVERIE_KAFKA_BROKER"].split("://", 1)[-1]


async def wait_for(
    check: Callable[[], Awaitable[Any]], timeout: float = 30.0, every: float = 0.1,
    what: str = "condition",
) -> Any:
    """Poll ``check`` until it returns something truthy; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        last = await check()
        if last:
            return last
        await asyncio.sleep(every)
    raise AssertionError(f"timed out after {timeout}s waiting for {what} (last: {last!r})")


@dataclass
class Worker:
    """A ``reverie worker`` subprocess with its own database, index and consumer group."""

    env: dict[str, str]
    name: str = field(default_factory=lambda: uuid.uuid4().hex[:8])
    tmp: Path = field(default_factory=lambda: Path("/tmp"))
    database: str = ""
    app_id: str = ""
    port: int = 0
    proc: subprocess.Popen[bytes] | None = None
    extra: dict[str, str] = field(default_factory=dict)
    module: str = "reverie.cli.main"
    """What ``python -m`` runs with the argument ``worker`` (another release, in a test)."""

    def __post_init__(self) -> None:
        self.database = self.database or f"it_{self.name}"
        self.app_id = self.app_id or f"reverie-it-{self.name}"
        self.port = self.port or free_port()
        self.log_path = self.tmp / f"worker-{self.name}.log"

    def process_env(self) -> dict[str, str]:
        env = {**os.environ, **self.env}
        env.update({
            "REVERIE_MONGO_DATABASE": self.database,
            "REVERIE_QDRANT_PATH": str(self.tmp / f"qdrant-{self.name}"),
            "REVERIE_DATA_DIR": str(self.tmp / f"data-{self.name}"),
            "REVERIE_APP_ID": self.app_id,
            "REVERIE_WEB_PORT": str(self.port),
            "REVERIE_KAFKA_OFFSET_RESET": "latest",
            "REVERIE_LOG_FORMAT": "json",
            "REVERIE_RETRY_MAX_S": "1",
            "REVERIE_DASHBOARD_TOKEN": TEST_TOKEN,
            **self.extra,
        })
        return env

    def start(self) -> Worker:
        if self.proc is None:  # a new group: start it at the end of every input topic
            with concurrent.futures.ThreadPoolExecutor(1) as pool:
                pool.submit(asyncio.run, start_group_at_end(
                    bootstrap_servers(self.env), self.app_id)).result()
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", self.module, "worker"],
            env=self.process_env(), stdout=log, stderr=subprocess.STDOUT, cwd=ROOT,
        )
        return self

    def health(self) -> dict[str, Any] | None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=1) as r:
                return dict(json.load(r))
        except OSError:
            return None

    async def ready(self, timeout: float = 240.0) -> None:
        """Wait until the web server answers and partitions are assigned."""
        async def check() -> bool:
            if self.proc is not None and self.proc.poll() is not None:
                raise AssertionError(f"worker exited: {self.tail()}")
            h = await asyncio.to_thread(self.health)
            return bool(h and h.get("assigned_partitions", 0) > 0)

        try:
            await wait_for(check, timeout, 0.5, f"worker {self.name} ready")
        except AssertionError as exc:  # say what the worker was doing, not only that it was late
            raise AssertionError(f"{exc}; health {self.health()!r}; log: {self.tail()}") from None

    @property
    def token(self) -> str:
        """The worker's all-scopes access token."""
        return self.extra.get("REVERIE_DASHBOARD_TOKEN", TEST_TOKEN)

    def read(self, path: str, timeout: float = 10) -> str:
        """GET ``path`` with the worker's token; return the body."""
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}",
                                         headers={"Authorization": f"Bearer {self.token}"})
        with urllib.request.urlopen(request, timeout=timeout) as r:
            return str(r.read().decode("utf-8", "replace"))

    def get(self, path: str) -> Any:
        url = f"http://127.0.0.1:{self.port}{path}"
        request = urllib.request.Request(url, headers={"Authorization": f"Bearer {self.token}"})
        try:
            with urllib.request.urlopen(request, timeout=5) as r:
                return json.load(r)
        except urllib.error.HTTPError as exc:
            return {"status": exc.code, **json.loads(exc.read() or b"{}")}

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()

    def tail(self, n: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return ""


async def sign_in(page: Any, base: str, token: str, then: str = "/") -> None:
    """Sign a Playwright page in through the dashboard's form, then open ``then``."""
    await page.goto(f"{base}/signin?next={then}")
    await page.fill("input[name=token]", token)
    async with page.expect_navigation():
        await page.click("form.signin button")


async def partitions(consumer: AIOKafkaConsumer, topic: str) -> set[int]:
    """Return the topic's partitions from fresh cluster metadata (empty if it does not exist)."""
    metadata = await consumer._client.fetch_all_metadata()
    return set(metadata.partitions_for_topic(topic) or ())


async def start_group_at_end(servers: str, group: str) -> None:
    """Commit ``group``'s offsets at the end of the input topics.

    A worker of a new group with offset reset ``latest`` picks its start position only
    after its partitions are assigned and its streams seek: an event sent between the
    assignment (what ``ready()`` sees) and that seek was skipped. Committed offsets make
    the start position the moment of this call instead.
    """
    consumer = AIOKafkaConsumer(bootstrap_servers=servers, group_id=group,
                                enable_auto_commit=False)
    await consumer.start()
    try:
        tps = [TopicPartition(t, p) for t in INPUT_TOPICS for p in await partitions(consumer, t)]
        if tps:
            consumer.assign(tps)
            ends = await consumer.end_offsets(tps)
            try:
                await consumer.commit({tp: OffsetAndMetadata(o, "") for tp, o in ends.items()})
            except KafkaError:  # the group already has live members: they hold positions
                pass
    finally:
        await consumer.stop()


class Kafka:
    """A producer plus DLQ reading for tests."""

    def __init__(self, env: dict[str, str]) -> None:
        self.servers = bootstrap_servers(env)
        self.producer: AIOKafkaProducer | None = None

    async def start(self) -> None:
        """Start the producer (only :meth:`send` needs it; reads open consumers of their own)."""
        self.producer = AIOKafkaProducer(bootstrap_servers=self.servers, acks="all")
        await self.producer.start()

    async def stop(self) -> None:
        if self.producer is not None:
            await self.producer.stop()
            self.producer = None

    async def send(self, topic: str, value: bytes | dict[str, Any], key: str | None) -> None:
        assert self.producer is not None, "Kafka.start() first"
        raw = value if isinstance(value, bytes) else json.dumps(value).encode()
        await self.producer.send_and_wait(topic, raw, key=key.encode() if key else None)

    async def end_offsets(self, topic: str) -> dict[TopicPartition, int]:
        consumer = AIOKafkaConsumer(bootstrap_servers=self.servers, enable_auto_commit=False)
        await consumer.start()
        try:
            parts = await partitions(consumer, topic)
            tps = [TopicPartition(topic, p) for p in parts]
            return dict(await consumer.end_offsets(tps)) if tps else {}
        finally:
            await consumer.stop()

    async def read(self, topic: str, since: dict[TopicPartition, int],
                   until: Callable[[list[Any]], bool], timeout: float = 30.0) -> list[Any]:
        """Read records of ``topic`` after ``since`` until ``until(records)`` holds."""
        consumer = AIOKafkaConsumer(bootstrap_servers=self.servers, enable_auto_commit=False,
                                    auto_offset_reset="earliest")
        await consumer.start()
        records: list[Any] = []
        try:
            deadline = time.monotonic() + timeout
            parts: set[int] = set()
            while not parts and time.monotonic() < deadline:
                parts = await partitions(consumer, topic)
                if not parts:
                    await asyncio.sleep(0.3)
            tps = [TopicPartition(topic, p) for p in parts]
            consumer.assign(tps)
            for tp in tps:
                consumer.seek(tp, since.get(tp, 0))
            while time.monotonic() < deadline and not until(records):
                batch = await consumer.getmany(timeout_ms=300)
                for msgs in batch.values():
                    records.extend(msgs)
            return records
        finally:
            await consumer.stop()
