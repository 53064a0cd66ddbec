"""A Qdrant server outage (REVERIE_QDRANT_URL) dead-letters nothing and loses no vector.

No Qdrant server is installed here, so the server is :class:`tests.qdrant_facade.QdrantFacade`
(Qdrant's REST API over embedded Qdrant) behind :class:`tests.qdrant_facade.Outage`, a TCP
proxy that forwards, drops every connection, or refuses them. Reverie itself is real from
the settings on: ``bootstrap`` builds the Qdrant adapter from ``qdrant_url`` and the real
qdrant-client talks HTTP to the proxy; the message bus and the ingest handlers run as in
a worker (the Kafka entry point dead-letters exactly what ``MessageBus.handle`` returns).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from reverie.bootstrap import Reverie, bootstrap
from reverie.clock import FixedClock
from reverie.config import Settings
from tests.fakes import T0, WordEmbedder, event, note_data
from tests.qdrant_facade import Outage, QdrantFacade

COLLECTION = "reverie_outage"


@pytest.fixture
async def server() -> AsyncIterator[tuple[QdrantFacade, Outage]]:
    """A Qdrant REST server and the proxy in front of it (forwarding)."""
    facade = QdrantFacade()
    await facade.start()
    proxy = Outage(facade.port)
    await proxy.start()
    yield facade, proxy
    await proxy.stop()
    await facade.stop()


@pytest.fixture
async def worker(server: tuple[QdrantFacade, Outage]) -> AsyncIterator[Reverie]:
    """Reverie configured with REVERIE_QDRANT_URL pointing at the proxy, fast retries."""
    settings = Settings(
        storage="memory",
        qdrant_url=server[1].url,
        qdrant_collection=COLLECTION,
        embeddings_dimension=WordEmbedder.dimension,
        retry_initial_s=0.05,
        retry_max_s=0.25,
    )
    app = bootstrap(settings, clock=FixedClock(T0), embedder=WordEmbedder())
    yield app
    await app.close()


def created(start: int, count: int) -> list:  # type: ignore[type-arg]
    return [
        event(
            "note.created",
            note_data(f"n-{i:03d}", f"Fact {i} about the user's tea.", agent_id="a-1"),
            event_id=f"ev-{i:03d}",
        )
        for i in range(start, start + count)
    ]


async def test_an_outage_retries_until_the_server_is_back_and_stores_everything(
    server: tuple[QdrantFacade, Outage],
    worker: Reverie,
) -> None:
    """Dropped, then refused connections: nothing dead-lettered, every note and vector stored."""
    facade, proxy = server
    assert worker.bus is not None
    assert await worker.bus.handle(created(0, 10)) == []
    assert (await facade.store.count(COLLECTION)).count == 10

    await proxy.set("drop")
    during = asyncio.create_task(worker.bus.handle(created(10, 20)))
    await asyncio.sleep(1.5)
    assert not during.done(), "the bus gave up (or dead-lettered) during the outage"
    await proxy.set("refuse")
    await asyncio.sleep(1.5)
    assert not during.done()
    await proxy.set("forward")
    failures = await asyncio.wait_for(during, 30)

    assert failures == [], [f.reason for f in failures]
    assert proxy.dropped > 0
    assert (await facade.store.count(COLLECTION)).count == 30
    assert len(await worker.notes.get_many([f"n-{i:03d}" for i in range(30)])) == 30
    assert await worker.ledger.unseen([f"ev-{i:03d}" for i in range(30)]) == set()
    assert await worker.bus.handle(created(25, 10)) == []  # redeliveries and new ones
    assert (await facade.store.count(COLLECTION)).count == 35
