"""Session fixtures: the local services, a shared worker, a producer and a MongoDB handle."""

from __future__ import annotations

import subprocess
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
from pymongo import AsyncMongoClient

from reverie.domain.events import TOPIC_NOTES
from tests.fakes import envelope, note_data
from tests.integration.harness import Kafka, Worker, state_env, wait_for

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
