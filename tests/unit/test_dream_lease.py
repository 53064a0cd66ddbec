"""The dream lease: renewed while a dream runs; a dead holder's coalesced requests come back.

The lease store contract itself is checked on both adapters
(tests/contracts.py) runs here on the in-memory store and in
tests/integration/test_mongo_adapter.py on FerretDB.
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta

import pytest

from reverie.handlers.dream.runner import OWNER, dream, recover_orphaned_requests
from reverie.storage.memory import MemoryLeases, MemoryLedger
from tests.contracts import check_lease_contract, check_ledger_contract
from tests.dreamkit import add_notes, dream_app, note, run_dream
from tests.fakes import T0


async def test_the_memory_lease_store_keeps_the_contract():
    await check_lease_contract(MemoryLeases(), "a-1", T0)


async def test_the_memory_ledger_keeps_the_contract():
    await check_ledger_contract(MemoryLedger(), T0)


class CountingLeases(MemoryLeases):
    """Leases that count renewals."""

    renewals: int = 0

    async def renew(self, agent_id: str, owner: str, now: datetime, ttl_s: float) -> bool:
        self.renewals += 1
        return await super().renew(agent_id, owner, now, ttl_s)


async def test_a_running_dream_renews_its_lease_and_stops_renewing_after():
    app = dream_app(dream_lease_s=0.15)
    leases = CountingLeases()
    app.leases = leases
    await add_notes(app, note("n1", "The user prefers concise answers."))

    async def slow(point: str) -> None:  # a dream that takes a while (a slow LLM)
        await asyncio.sleep(0.2)

    await run_dream(app, fault=slow)
    assert leases.renewals >= 2
    after = leases.renewals
    await asyncio.sleep(0.2)
    assert leases.renewals == after, "the lease was renewed after the dream ended"
    assert leases.leases == {}, "the lease was not released"


async def test_a_request_coalesced_onto_a_dead_workers_lease_is_requested_again():
    app = dream_app()
    await add_notes(app, note("n1", "The user prefers concise answers."))
    await app.leases.acquire("a-1", "dead-worker:1", app.clock.now(), 120)  # then SIGKILL
    assert await dream("a-1", trigger="test", dry_run=False, reason=None, stores=app.stores,
                       embedder=app.embedder, judge=app.judge, clock=app.clock,
                       dream_settings=app.dream_settings) is None  # coalesced
    requested: list[str] = []

    async def request(agent_id: str) -> None:
        requested.append(agent_id)

    assert await recover_orphaned_requests(leases=app.leases, clock=app.clock,
                                           request=request) == []  # holder may be alive
    app.clock.set(app.clock.now() + timedelta(seconds=121))
    assert await recover_orphaned_requests(leases=app.leases, clock=app.clock,
                                           request=request) == ["a-1"]
    assert await recover_orphaned_requests(leases=app.leases, clock=app.clock,
                                           request=request) == []
    assert requested == ["a-1"]
    run = await run_dream(app)  # what the re-request does on the agent's worker
    assert run.agent_id == "a-1" and OWNER not in app.leases.leases  # type: ignore[attr-defined]


async def test_a_re_request_that_cannot_be_sent_is_claimed_again_next_time():
    leases = MemoryLeases()
    await leases.acquire("a-1", "dead-worker:1", T0, 120)
    await leases.mark_pending("a-1")
    app = dream_app()

    async def broker_down(agent_id: str) -> None:
        raise ConnectionError("broker down")

    app.clock.set(T0 + timedelta(seconds=200))
    with pytest.raises(ConnectionError):
        await recover_orphaned_requests(leases=leases, clock=app.clock, request=broker_down)
    sent: list[str] = []

    async def request(agent_id: str) -> None:
        sent.append(agent_id)

    assert await recover_orphaned_requests(leases=leases, clock=app.clock,
                                           request=request) == ["a-1"]
    assert sent == ["a-1"]
