"""Fixtures of the reliability suite: the shared services (as in tests/integration) plus a
private Kafka + FerretDB instance for tests that restart a broker or the database.

``@pytest.mark.slow`` tests are skipped unless ``REVERIE_SLOW=1`` is set or ``-m slow``
is given (``make reliability-slow`` does it).
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator

import pytest
from pymongo import AsyncMongoClient

from tests.integration.conftest import kafka, mongo, services  # noqa: F401  (fixtures)
from tests.reliability.harness import PrivateServices, create_topics


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: long reliability runs (skipped unless REVERIE_SLOW=1 or -m slow)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    wanted = os.environ.get("REVERIE_SLOW") == "1" or "slow" in (config.option.markexpr or "")
    if wanted:
        return
    skip = pytest.mark.skip(reason="slow: set REVERIE_SLOW=1 or run 'make reliability-slow'")
    for item in items:
        if "slow" in item.keywords and "tests/reliability" in str(item.fspath):
            item.add_marker(skip)


@pytest.fixture(scope="module")
def private_services(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PrivateServices]:
    """A Kafka + FerretDB of this module's own (restarted by its tests), torn down after."""
    svc = PrivateServices(tmp_path_factory.mktemp("private-services"))
    svc.up()
    env = svc.env()
    print(f"\nprivate services: Kafka at {env['REVERIE_KAFKA_BROKER']}, "
          f"FerretDB at {env['REVERIE_MONGO_URL']} (state {svc.state_dir})")
    try:
        yield svc
    finally:
        svc.down()


@pytest.fixture(scope="module")
async def private_env(private_services: PrivateServices) -> dict[str, str]:
    """The private instance's URLs, with Reverie's topics created (4 partitions)."""
    env = private_services.env()
    await create_topics(env)
    return env


@pytest.fixture(scope="module")
async def private_mongo(private_services: PrivateServices) -> AsyncIterator[AsyncMongoClient]:
    client: AsyncMongoClient = AsyncMongoClient(
        private_services.env()["REVERIE_MONGO_URL"], tz_aware=True,
        serverSelectionTimeoutMS=60_000)
    yield client
    await client.close()
