"""Session fixtures: the local services, a shared worker, a producer and a MongoDB handle."""

from __future__ import annotations

import os
import subprocess
import urllib.request
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from pymongo import AsyncMongoClient

from reverie.domain.events import TOPIC_NOTES
from tests.fakes import envelope, note_data
from tests.integration.harness import ROOT, Kafka, Worker, state_env, wait_for

pytestmark = pytest.mark.integration


@pytest.fixture(scope="session")
def services() -> dict[str, str]:
    """The URLs deploy/local/up wrote; prints which servers and versions the tests use."""
    env = state_env()
    print(f"\nintegration services: Kafka {env.get('REVERIE_KAFKA_VERSION')} at "
          f"{env['REVERIE_KAFKA_BROKER']}, FerretDB {env.get('REVERIE_FERRETDB_VERSION')} at "
          f"{env['REVERIE_MONGO_URL']}, Qdrant embedded (local mode)")
    return env


@pytest.fixture(scope="session")
def worker(services: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Worker]:
    """One real worker for the session."""
    w = Worker(services, tmp=tmp_path_factory.mktemp("worker"))
    w.start()
    yield w
    w.stop()
    print(f"\nworker log tail:\n{w.tail(5)}")


@pytest.fixture(scope="session")
async def ready_worker(worker: Worker, kafka: Kafka, mongo: AsyncMongoClient) -> Worker:
    """The session worker, warmed up: it has stored one note (model loaded, topics made)."""
    await worker.ready()
    warm = f"warm-up-{uuid.uuid4().hex[:8]}"
    await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(warm, agent_id=warm)),
                     warm)
    await wait_for(lambda: mongo[worker.database].notes.find_one({"_id": warm}), 240, 0.5,
                   "the session worker's first note")
    return worker


@pytest.fixture(scope="session")
async def kafka(services: dict[str, str]) -> AsyncIterator[Kafka]:
    k = Kafka(services)
    await k.start()
    yield k
    await k.stop()


@pytest.fixture(scope="session")
async def mongo(services: dict[str, str]) -> AsyncIterator[AsyncMongoClient]:
    client: AsyncMongoClient = AsyncMongoClient(services["REVERIE_MONGO_URL"], tz_aware=True)
    info = await client.server_info()
    print(f"MongoDB wire server reports version {info.get('version')} "
          f"({'FerretDB' if 'ferretdb' in str(info).lower() else 'MongoDB'})")
    yield client
    await client.close()


@pytest.fixture(scope="session")
def kafka_version(services: dict[str, str]) -> str:
    return services.get("REVERIE_KAFKA_VERSION", "?")


def git_root() -> str:
    return subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True,
                          text=True, check=False).stdout.strip()


@dataclass(frozen=True)
class LocalLLM:
    """Where the real local model answers (OpenAI-compatible) and the name it answers to."""

    base_url: str
    model: str
    api_key: str


def _local_llm_problem() -> tuple[LocalLLM | None, str]:
    """The server deploy/local/llm wrote to llm.env if it answers /health, else why not."""
    path = Path(os.environ.get("REVERIE_STATE_DIR", ROOT / "deploy/local/.state")) / "llm.env"
    if not path.is_file():
        return None, f"{path} not found: start the local model with `make llm`"
    pairs = dict(line.split("=", 1) for line in path.read_text().splitlines()
                 if "=" in line and not line.startswith("#"))
    llm = LocalLLM(pairs["REVERIE_LLM_BASE_URL"], pairs["REVERIE_LLM_MODEL"],
                   pairs.get("REVERIE_LLM_API_KEY", "local"))
    health = llm.base_url.removesuffix("/v1") + "/health"
    try:
        with urllib.request.urlopen(health, timeout=10) as response:
            if response.status == 200:
                return llm, ""
            return None, f"{health} answered {response.status}"
    except OSError as err:
        return None, f"{health} does not answer ({err}): restart it with `make llm`"


@pytest.fixture(scope="session")
def local_llm() -> LocalLLM:
    """The real local model of ``make llm``; skipped when it is not running, except under
    CI (CI=true), where a missing model fails the test."""
    llm, problem = _local_llm_problem()
    if llm is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI needs the local LLM: {problem}")
        pytest.skip(f"no local LLM: {problem}")
    print(f"\nlocal LLM: {llm.model} at {llm.base_url}")
    return llm
