"""Crash safety of the dream: killed at any fault point, the next run repairs the state.

A fault hook on the dream context raises :class:`Killed` (a ``BaseException``, as a
SIGKILL ends the process: no phase may catch it) at the Nth call of one named point;
a fresh dream over the same in-memory stores — a restarted worker — must then leave
the export in the state an uninterrupted dream leaves, with every invariant held.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from typing import Any

import pytest

from reverie.bootstrap import Reverie
from reverie.handlers.dream.context import FAULT_POINTS
from reverie.handlers.dream.runner import dream
from reverie.replay import export_state
from tests.dreamkit import (
    CONCISE,
    KillAt,
    Killed,
    add_work_for_every_phase,
    dream_app,
    note,
    run_dream,
    statuses,
)

TIMEZONE = [
    "The user writes their code in Python.",
    "User writes code in Python.",
    "The user writes all their code in Python.",
]
CLUSTERS = {"concise": [f"c{i}" for i in range(len(CONCISE))],
            "timezone": [f"t{i}" for i in range(len(TIMEZONE))]}


async def seed() -> Reverie:
    app = dream_app()
    await add_work_for_every_phase(app, *[note(f"t{i}", t, day=i)
                                          for i, t in enumerate(TIMEZONE)])
    return app


async def uninterrupted() -> tuple[dict[str, str], KillAt]:
    app = await seed()
    counter = KillAt()
    await run_dream(app, fault=counter)
    return await statuses(app), counter


async def test_the_seeded_agent_reaches_every_fault_point():
    final, counter = await uninterrupted()
    assert set(counter.seen) == set(FAULT_POINTS), counter.seen
    assert counter.seen["consolidation:merged"] >= 2  # two clusters merged
    assert final["old"] == "Revoked" and final["new"] == "Active"
    assert final["stale"] == "Archived" and final["expired"] == "Archived"


CRASHES = [(p, 1) for p in FAULT_POINTS] + [
    ("consolidation:merged", 2), ("consolidation:revoked", 2)]


def check_invariants(rows: list[dict[str, Any]], changes: list[Any]) -> None:
    by_id = {r["id"]: r for r in rows if r["kind"] == "note"}
    active = {i for i, r in by_id.items() if r["status"] == "Active"}
    for name, members in CLUSTERS.items():
        stated = active & set(members) or {
            i for i in active if set(by_id[i].get("source_note_ids") or ()) & set(members)}
        assert stated, f"no Active note states the {name} fact"
    for r in by_id.values():
        if r["status"] == "Revoked":
            assert r["consolidated_into"] in active, f"{r['id']} revoked without Active target"
    merged = [r for r in by_id.values() if r.get("source_note_ids")]
    sources = Counter(s for r in merged if r["status"] == "Active"
                      for s in r["source_note_ids"])
    assert all(n == 1 for n in sources.values()), f"a source in two merged notes: {sources}"
    moves = Counter((c.record_id, c.to_status) for c in changes)
    assert all(n == 1 for n in moves.values()), f"a change recorded twice: {moves}"
    for r in by_id.values():
        if r["status"] != "Active" or r.get("source_note_ids"):
            assert any(c.record_id == r["id"] for c in changes), f"{r['id']}: no change"
    assert by_id["old"]["status"] == "Revoked" and by_id["new"]["status"] == "Active"


@pytest.mark.parametrize("later", [0, 5], ids=["same run id", "new run id"])
@pytest.mark.parametrize(("point", "nth"), CRASHES, ids=[f"{p}#{n}" for p, n in CRASHES])
async def test_a_dream_killed_at_a_fault_point_is_repaired_by_the_next_run(point, nth, later):
    expected, _ = await uninterrupted()
    app = await seed()
    hook = KillAt(point, nth)
    with pytest.raises(Killed):
        await run_dream(app, fault=hook)
    assert hook.killed
    # a restarted worker: a fresh dream over the same stores, either for the redelivered
    # request (same run id: derived from the event) or a new one a few minutes later
    app.clock.set(app.clock.now() + timedelta(minutes=later))
    await run_dream(app)
    rows = await export_state(app)
    changes = list(app.changes.changes.values())  # type: ignore[attr-defined]
    check_invariants(rows, changes)
    assert await statuses(app) == expected


async def test_a_killed_dreams_lease_holds_off_other_dreams_until_it_expires():
    expected, _ = await uninterrupted()
    app = await seed()
    with pytest.raises(Killed):
        await run_dream(app, fault=KillAt("consolidation:merged"))
    # SIGKILL releases nothing: the dead worker's lease stays until it expires
    await app.leases.acquire("a-1", "dead-worker:1", app.clock.now(), 900)
    app.clock.set(app.clock.now() + timedelta(minutes=5))
    assert await dream("a-1", trigger="test", dry_run=False, reason=None, stores=app.stores,
                       embedder=app.embedder, judge=app.judge, clock=app.clock,
                       dream_settings=app.dream_settings) is None
    app.clock.set(app.clock.now() + timedelta(minutes=11))
    await run_dream(app)
    check_invariants(await export_state(app),
                     list(app.changes.changes.values()))  # type: ignore[attr-defined]
    assert await statuses(app) == expected
