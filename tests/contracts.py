"""Behaviour every adapter of a port must show, run on each adapter by its own test module."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime, timedelta

import pytest

from reverie.domain.qualification import Qualification
from reverie.handlers.ports import EventLedger, LeaseStore, QualificationStore


async def check_lease_contract(leases: LeaseStore, agent: str, now: datetime) -> None:
    """What every LeaseStore does: exclusive, renewable, orphaned flags claimed once."""
    assert await leases.acquire(agent, "w1", now, 60)
    assert not await leases.acquire(agent, "w2", now, 60)
    assert not await leases.renew(agent, "w2", now, 60), "renewed someone else's lease"
    assert await leases.renew(agent, "w1", now + timedelta(seconds=50), 60)
    later = now + timedelta(seconds=70)  # past the first expiry, before the renewed one
    assert not await leases.acquire(agent, "w2", later, 60), "a renewed lease was taken"
    await leases.mark_pending(agent)
    assert await leases.claim_orphaned(later) == [], "claimed a live holder's request"
    dead = now + timedelta(seconds=111)  # w1 died: no renewal since +50 s
    assert await leases.claim_orphaned(dead) == [agent]
    assert await leases.claim_orphaned(dead) == [], "an orphaned request claimed twice"
    assert not await leases.renew(agent, "w2", dead, 60)
    assert await leases.acquire(agent, "w2", dead, 60)
    assert not await leases.release(agent, "w2"), "the claimed flag came back"


async def check_ledger_contract(ledger: EventLedger, at: datetime) -> None:
    """What every EventLedger does: marks are idempotent, unseen ids are exactly the rest."""
    ids = [f"ev-{i}" for i in range(40)]
    assert await ledger.unseen(ids) == set(ids)
    await ledger.mark_all([(i, "note.created") for i in ids[:25]], at)
    await ledger.mark_all([(i, "note.created") for i in ids[20:30]], at)  # 5 again
    await ledger.mark_all([], at)
    assert await ledger.unseen([*ids, "ev-1"]) == set(ids[30:])


async def check_qualification_contract(store: QualificationStore, at: datetime) -> None:
    """What every QualificationStore does: one record per key, replaced, newest first."""
    def record(key: str, minutes: int, recall: float) -> Qualification:
        return Qualification(key=key, identity={"judge": "llm", "model": key},
                             set_version="qset-1", scores={"contradiction_recall": recall},
                             failures=[{"id": "x", "label": "paraphrase", "got": "contradiction"}],
                             checked_at=at + timedelta(minutes=minutes), llm_calls=3, tokens=900)
    assert await store.get("q-a") is None
    await store.put(record("q-a", 0, 0.5))
    await store.put(record("q-b", 5, 0.75))
    await store.put(record("q-a", 10, 1.0))  # checked again: replaces the older record
    found = await store.get("q-a")
    assert found is not None and found.scores == {"contradiction_recall": 1.0}
    assert found.failures[0]["got"] == "contradiction" and found.tokens == 900
    assert found.checked_at == at + timedelta(minutes=10)
    assert [q.key for q in await store.latest()] == ["q-a", "q-b"]
    assert [q.key for q in await store.latest(limit=1)] == ["q-a"]


def check_translation(
    translate: Callable[[], AbstractContextManager[object]], raised: Exception,
    expected: type[Exception], words: str,
) -> None:
    """What every adapter's error translation does: ``raised`` inside it comes out as
    ``expected`` (one of the tree in reverie/errors.py) naming ``words``, chained to it."""
    with pytest.raises(expected, match=words) as info, translate():
        raise raised
    assert info.value.__cause__ is raised
